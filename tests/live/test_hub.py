"""Under eventlet, a database call that waits does not stall the server (it runs in a real thread)."""
from __future__ import annotations

import sqlite3
import threading
import time

import pytest
import requests

from tests.support.live import Phone, ServerProcess, note

pytestmark = pytest.mark.live


def test_a_blocked_write_does_not_stop_other_requests(tmp_path):
    db = tmp_path / "hub.sqlite3"
    server = ServerProcess(f"sqlite:///{db}", tmp_path)
    try:
        game = server.create_game()
        phone = Phone(server.url, game["tokens"]["p1"])
        locker = sqlite3.connect(db, isolation_level=None)
        locker.execute("BEGIN IMMEDIATE")  # another writer holds the database: the server's insert must wait
        acks = []
        sender = threading.Thread(target=lambda: acks.append(phone.submit(note("p1"), timeout=30)))
        try:
            sender.start()
            time.sleep(0.5)  # the submit is now waiting on the write lock inside the server
            assert sender.is_alive() and not acks
            for path in ("/healthz", f"/api/join/{game['join_code']}", "/api/rulesets"):
                started = time.monotonic()
                assert requests.get(server.url + path, timeout=5).status_code == 200
                assert time.monotonic() - started < 2.5, f"{path} waited for the blocked write"
        finally:
            time.sleep(0.5)
            locker.execute("COMMIT")
            locker.close()
        sender.join(30)
        assert acks and acks[0]["status"] == 201 and acks[0]["seq"] == 1
        phone.disconnect()
    finally:
        server.stop()
