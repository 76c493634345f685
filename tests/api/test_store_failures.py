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


def _immutable(path, on: bool) -> bool:
    """chattr +i / -i: a file even root cannot write (False where the file system has no such flag)."""
    done = subprocess.run(["chattr", "+i" if on else "-i", str(path)], capture_output=True)
    return done.returncode == 0


@pytest.mark.live
@pytest.mark.parametrize("how", ["immutable", "truncated"])
def test_a_wal_index_lost_while_serving_answers_503_and_the_process_lives(tmp_path, how):
    """`python -m app`: the -shm file turns immutable (or is cut short) under the running server. SQLite would die
    of SIGBUS on the next transaction; the store answers 503 to writes instead, the process goes on serving reads
    of the games it holds in memory, and once the file is writable again the game goes on where it was."""
    import os  # noqa: PLC0415

    import requests  # noqa: PLC0415

    from tests.support.live import ServerProcess  # noqa: PLC0415

    shm = tmp_path / "tw.sqlite3-shm"
    server = ServerProcess(f"sqlite:///{tmp_path / 'tw.sqlite3'}", tmp_path)
    locked = False
    try:
        game = server.create_game()
        url = f"{server.url}/api/games/{game['id']}"

        def add(seat: str, n: int):
            return requests.post(url + "/events", json={"id": f"shm-{n}", "type": "add", "by": seat,
                                                         "data": {"points": 1}},
                                 headers={"Authorization": f"Bearer {game['tokens'][seat]}"}, timeout=10)
        assert add("p1", 1).status_code == 201
        if how == "immutable":
            locked = _immutable(shm, True)
            if not locked:
                pytest.skip("this file system has no immutable flag")
        else:
            os.truncate(shm, 0)
        for n, seat in ((2, "p2"), (3, "p2")):
            resp = add(seat, n)
            assert resp.status_code == 503 and resp.json()["error"]["code"] == "storage_unavailable", resp.text
        # Reads go on from memory for a token the server has seen; a token it never saw waits for the store.
        read = requests.get(url, headers={"Authorization": f"Bearer {game['tokens']['p1']}"}, timeout=10)
        assert read.status_code == 200 and read.json()["head"] == 1, read.text
        log = requests.get(url + "/events?since=0", headers={"Authorization": f"Bearer {game['tokens']['p1']}"}, timeout=10)
        assert log.status_code == 200 and [e["seq"] for e in log.json()["events"]] == [1]
        unseen = requests.get(url, headers={"Authorization": f"Bearer {game['tokens']['referee']}"}, timeout=10)
        assert unseen.status_code == 503 and unseen.json()["error"]["code"] == "storage_unavailable"
        assert requests.get(server.url + "/healthz", timeout=10).status_code == 200
        assert server.proc.poll() is None, server.log()
        if how == "immutable":
            locked = not _immutable(shm, False)
            assert add("p2", 4).status_code == 201  # the same map, writable again: the game goes on
            assert server.get(f"/api/games/{game['id']}", game["tokens"]["p1"])["head"] == 2
    finally:
        if locked:
            _immutable(shm, False)
        server.stop()
    log = server.log()
    assert "shared memory is unusable" in log and "Traceback" not in log, log
    assert server.proc.returncode in (0, -15), f"the process ended with {server.proc.returncode}:\n{log}"
