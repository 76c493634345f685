"""Connections that say nothing, or stall mid-request, are closed after CLIENT_TIMEOUT."""
from __future__ import annotations

import socket
import time

import pytest

from tests.support.live import Phone, ServerProcess

pytestmark = [pytest.mark.live, pytest.mark.slow]


def _closed_after(sock: socket.socket) -> float:
    start = time.monotonic()
    sock.settimeout(30)
    while sock.recv(4096):
        pass
    return time.monotonic() - start


def test_silent_and_stalled_connections_are_closed_but_a_phone_stays(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path, CLIENT_TIMEOUT=2)
    try:
        silent = socket.create_connection(("127.0.0.1", server.port))
        stalled = socket.create_connection(("127.0.0.1", server.port))
        stalled.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # headers never finished
        assert _closed_after(silent) < 10
        assert _closed_after(stalled) < 10
        game = server.create_game()
        phone = Phone(server.url, game["tokens"]["p1"])
        try:
            time.sleep(4)  # longer than the timeout: the WebSocket itself is never cut
            assert phone.client.connected
        finally:
            phone.disconnect()
    finally:
        server.stop()
