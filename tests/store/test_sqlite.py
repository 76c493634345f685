"""SQLite specifics: the WAL is checkpointed in the background, never inside a commit, when the server can spawn."""
from __future__ import annotations

import threading

from app.server import create_app
from app.store import open_store
from app.store.sqlite import CHECKPOINT_EVERY_WRITES


def _append(store, game_id: str, n: int) -> None:
    for _ in range(n):
        head = store.head(game_id)
        assert store.append(game_id, head, {"id": f"{game_id}-{head}", "type": "note", "by": "p1",
                                            "data": {"text": "x" * 200}, "override": None}).status == "ok"


def _game(store, game_id: str) -> None:
    store.create_game({"id": game_id, "ruleset": "r", "setup": {}, "shared_device": False,
                       "join_code": game_id.upper()}, [])


def test_without_spawn_sqlite_checkpoints_inside_commits_as_by_default(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'd.db'}", str(tmp_path))
    assert store.pragma("wal_autocheckpoint") == 1000
    store.close()


def test_with_spawn_every_n_writes_one_checkpoint_runs_outside_the_commit(tmp_path):
    spawned = []
    store = open_store(f"sqlite:///{tmp_path / 'c.db'}", str(tmp_path), spawn=spawned.append)
    assert store.pragma("wal_autocheckpoint") == 0  # no commit waits for a checkpoint
    _game(store, "g1")
    _append(store, "g1", CHECKPOINT_EVERY_WRITES - 3)  # creating the tables and the game were writes too
    assert spawned == []
    _append(store, "g1", 1)
    assert spawned == [store.checkpoint]
    _append(store, "g1", 5)
    assert len(spawned) == 1  # one at a time: the spawned one has not run yet
    in_wal, copied = spawned[0]()
    assert in_wal > 0 and copied == in_wal
    assert [e["seq"] for e in store.events("g1")] == list(range(1, CHECKPOINT_EVERY_WRITES + 4))
    _append(store, "g1", CHECKPOINT_EVERY_WRITES)
    assert len(spawned) == 2
    store.close()


def test_checkpoints_in_real_threads_while_appends_go_on_keep_every_event(tmp_path):
    threads, results = [], []

    def spawn(fn):
        thread = threading.Thread(target=lambda: results.append(fn()))
        threads.append(thread)
        thread.start()

    store = open_store(f"sqlite:///{tmp_path / 't.db'}", str(tmp_path), spawn=spawn)
    _game(store, "g1")
    _append(store, "g1", 3 * CHECKPOINT_EVERY_WRITES)
    for thread in threads:
        thread.join()
    assert len(results) >= 2 and all(copied >= 0 for _, copied in results)
    store.close()
    reopened = open_store(f"sqlite:///{tmp_path / 't.db'}", str(tmp_path))
    assert [e["seq"] for e in reopened.events("g1")] == list(range(1, 3 * CHECKPOINT_EVERY_WRITES + 1))
    reopened.close()


def test_the_server_checkpoints_its_sqlite_store_in_the_background(tmp_path):
    app = create_app({"DATABASE_URL": f"sqlite:///{tmp_path / 'a.db'}", "SECRET_KEY": "test",
                      "INSTANCE_PATH": str(tmp_path)})
    store = app.extensions["tablewarden"]["store"]
    assert store.pragma("wal_autocheckpoint") == 0
    _game(store, "g1")
    _append(store, "g1", CHECKPOINT_EVERY_WRITES)
    store.close()
