"""The real server for the live suite: one eventlet process on a temp SQLite file for the module."""
from __future__ import annotations

import pytest

from tests.support.live import ServerProcess


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`python -m app` (eventlet, SQLite) on a free loopback port."""
    root = tmp_path_factory.mktemp("live")
    proc = ServerProcess(f"sqlite:///{root / 'live.sqlite3'}", root)
    yield proc
    proc.stop()
