"""Store failures answer 503 everywhere and quickly: custom content, a locked database, an unwritable WAL index."""
from __future__ import annotations

import sqlite3
import subprocess
import sys
import time

import pytest

from app.server import create_app
from app.store import StoreError
from tests.api.helpers import FIGHTER, event, new_game, submit
from tests.support.live import ROOT


def test_custom_content_answers_503_when_the_store_fails(app, client, monkeypatch):
    store = app.extensions["tablewarden"]["store"]

    def down(*args, **kwargs):
        raise StoreError("disk I/O error")

    for name in ("save_custom", "get_custom", "list_custom", "custom_page"):
        monkeypatch.setattr(store, name, down)
    warband = {"name": "Mine", "fighters": [FIGHTER]}
    replies = [client.post("/api/content/custom/warband", json=warband), client.get("/api/content/custom/warband"),
               client.get("/api/content/custom/warband/abc")]
    for resp in replies:
        assert resp.status_code == 503, (resp.status_code, resp.get_json())
        assert resp.get_json()["error"]["code"] == "storage_unavailable"


def test_a_locked_database_answers_503_within_a_few_seconds(tmp_path):
    db = tmp_path / "locked.db"
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{db}", "INSTANCE_PATH": str(tmp_path),
                      "RATE_LIMIT_PER_SECOND": 0})
    client = app.test_client()
    game = new_game(client)
    other = sqlite3.connect(db, isolation_level=None)  # another process holding the write lock
    other.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        resp = submit(client, game, "p1", event("p1"))
        waited = time.monotonic() - started
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert resp.status_code == 503
    assert waited < 15, f"waited {waited:.1f} s for the lock (a phone gives up long before 60 s)"
    assert submit(client, game, "p1", event("p1")).status_code == 201


@pytest.mark.live
def test_an_unusable_wal_index_stops_the_server_at_start_with_a_message(tmp_path):
    db = tmp_path / "tw.sqlite3"
    (tmp_path / "tw.sqlite3-shm").mkdir()  # stands in for an -shm file this process cannot write
    env = {"DATABASE_URL": f"sqlite:///{db}", "HOST": "127.0.0.1", "PORT": "0", "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "app"], cwd=ROOT, env={**__import__("os").environ, **env},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "tw.sqlite3-shm" in run.stderr and "cannot be written" in run.stderr
    assert "Traceback" not in run.stderr
