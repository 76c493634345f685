"""`python -m app` serves the same way under every ASYNC_MODE (eventlet is covered by the rest of the suite)."""
from __future__ import annotations

import pytest

from tests.support.live import Phone, ServerProcess, add

pytestmark = [pytest.mark.live, pytest.mark.slow]


@pytest.mark.parametrize("mode", ["gevent", "threading"])
def test_other_async_modes_serve_a_table(tmp_path, mode):
    server = ServerProcess(f"sqlite:///{tmp_path / 'm.sqlite3'}", tmp_path, async_mode=mode)
    try:
        game = server.create_game()
        p1 = Phone(server.url, game["tokens"]["p1"])
        p2 = Phone(server.url, game["tokens"]["p2"])
        try:
            assert p1.submit(add("p1"))["status"] == 201
            assert p2.submit(add("p2"))["status"] == 201
            p1.wait_for(lambda f: any(n == "applied" for n, _ in f))
            p2.wait_for(lambda f: any(n == "applied" for n, _ in f))
            assert p1.applied_seqs() == [2] and p2.applied_seqs() == [1]
        finally:
            p1.disconnect()
            p2.disconnect()
    finally:
        server.stop()
