"""`python -m app` itself: it refuses a port another server already listens on."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.live import ROOT, ServerProcess

pytestmark = pytest.mark.live


def test_a_second_server_on_a_taken_port_exits_with_a_message(tmp_path):
    first = ServerProcess(f"sqlite:///{tmp_path / 'a.sqlite3'}", tmp_path)
    try:
        env = {**first.env, "DATABASE_URL": f"sqlite:///{tmp_path / 'b.sqlite3'}"}
        second = subprocess.run([sys.executable, "-m", "app"], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=60)
        assert second.returncode != 0
        assert f"cannot listen on 127.0.0.1:{first.port}" in second.stderr
        assert "Traceback" not in second.stderr
        assert first.proc.poll() is None
    finally:
        first.stop()
    assert os.path.exists(tmp_path / "a.sqlite3")
