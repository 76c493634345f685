"""Event store, both backends: gapless seq, duplicates, stale heads, atomic game creation, custom content."""
from __future__ import annotations

import threading
import time

import pytest

from app.store import DuplicateKey, StoreError, open_store


def make_game(store, gid="g1", code="ABC234", events=None):
    store.create_game({"id": gid, "ruleset": "test/tally", "setup": {"seats": [{"name": "A"}]},
                       "shared_device": False, "join_code": code}, [("hash-" + gid, "p1")], events)


def rec(eid, **kw):
    return {"id": eid, "type": "add", "by": "p1", "actor": "p1", "data": {"points": 1}, "override": None,
            "consequences": [], **kw}


def test_game_round_trip(store):
    make_game(store)
    game = store.get_game("g1")
    assert game["setup"] == {"seats": [{"name": "A"}]} and game["join_code"] == "ABC234"
    assert game["shared_device"] is False
    assert store.game_by_code("ABC234")["id"] == "g1" and store.get_game("nope") is None
    assert store.seat_for_token("hash-g1") == ("g1", "p1") and store.seat_for_token("x") is None
    store.add_token("g1", "spectator", "hash-2")
    assert store.seat_for_token("hash-2") == ("g1", "spectator")
    assert [g["id"] for g in store.list_games()] == ["g1"]


def test_join_code_and_id_are_unique(store):
    make_game(store)
    with pytest.raises(DuplicateKey):
        make_game(store, gid="g2", code="ABC234")
    assert store.get_game("g2") is None, "nothing of the refused game was written"


def test_append_assigns_gapless_seq_and_keeps_the_record(store):
    make_game(store)
    for i in range(3):
        res = store.append("g1", i, rec(f"e{i}", consequences=[{"type": "x", "data": {}, "rule": "r"}]))
        assert res.status == "ok" and res.record["seq"] == i + 1
    events = store.events("g1")
    assert [e["seq"] for e in events] == [1, 2, 3]
    assert events[0]["consequences"] == [{"type": "x", "data": {}, "rule": "r"}]
    assert [e["seq"] for e in store.events("g1", since=1, upto=2)] == [2]
    assert store.head("g1") == 3 and store.event_by_id("g1", "e2")["seq"] == 3


def test_an_append_is_seen_as_being_stored_until_it_returns_or_fails(store, monkeypatch):
    """appending(): true from the call until the answer (stored, refused as stale, or failed), false otherwise; with
    `besides`, only for the other games' appends."""
    make_game(store)
    seen = []
    run = store._run

    def watched(fn, *args):
        seen.append((store.appending(), store.appending(besides="g1"), store.appending(besides="g2")))
        return run(fn, *args)
    monkeypatch.setattr(store, "_run", watched)
    assert store.appending() is False
    assert store.append("g1", 0, rec("e1")).status == "ok"
    assert store.append("g1", 0, rec("e2")).status == "stale"
    # (another game's append would see this one; the game's own would not)
    assert seen == [(True, False, True)] * 2 and store.appending() is False

    def broken(*args):
        raise StoreError("disk gone")
    monkeypatch.setattr(store, "_run", broken)
    with pytest.raises(StoreError):
        store.append("g1", 1, rec("e3"))
    assert store.appending() is False


def test_duplicate_id_returns_the_original(store):
    make_game(store)
    store.append("g1", 0, rec("e1"))
    res = store.append("g1", 1, rec("e1", data={"points": 3}))
    assert res.status == "duplicate" and res.record["seq"] == 1 and res.record["data"] == {"points": 1}
    assert store.head("g1") == 1


def test_stale_head_writes_nothing(store):
    make_game(store)
    store.append("g1", 0, rec("e1"))
    res = store.append("g1", 0, rec("e2"))
    assert res.status == "stale" and res.head == 1 and store.event_by_id("g1", "e2") is None


def test_event_ids_are_unique_per_game_not_globally(store):
    make_game(store)
    make_game(store, gid="g2", code="XYZ789")
    assert store.append("g1", 0, rec("same")).status == "ok"
    assert store.append("g2", 0, rec("same")).status == "ok"


def test_import_is_all_or_nothing(store):
    events = [rec("a", seq=1), rec("b", seq=2), rec("a", seq=3)]  # repeated id: the insert fails
    with pytest.raises(DuplicateKey):
        make_game(store, events=events)
    assert store.get_game("g1") is None and store.events("g1") == []
    make_game(store, events=events[:2])
    assert store.head("g1") == 2


def test_concurrent_appends_never_duplicate_or_skip_a_seq(store):
    """Many writers racing on one game: each seq is taken exactly once, no gaps."""
    make_game(store)
    results, lock = [], threading.Lock()

    def writer(w):
        for i in range(10):
            while True:
                res = store.append("g1", store.head("g1"), rec(f"w{w}-{i}"))
                if res.status == "ok":
                    with lock:
                        results.append(res.record["seq"])
                    break

    threads = [threading.Thread(target=writer, args=(w,)) for w in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == list(range(1, 41))
    assert [e["seq"] for e in store.events("g1")] == list(range(1, 41))


def test_custom_content_records(store):
    wid = store.save_custom("warband", {"name": "My Band", "fighters": [{"slug": "a"}]})
    assert store.get_custom("warband", wid) == {"name": "My Band", "fighters": [{"slug": "a"}]}
    assert store.get_custom("deck", wid) is None and store.get_custom("warband", "nope") is None
    store.save_custom("warband", {"name": "Renamed"}, id=wid)
    store.save_custom("deck", ["card-1"], id="d1")
    assert [(r["id"], r["payload"]) for r in store.list_custom("warband")] == [(wid, {"name": "Renamed"})]
    assert store.list_custom("deck")[0]["payload"] == ["card-1"]
    with pytest.raises(ValueError):
        store.save_custom("", {})
    with pytest.raises(TypeError):
        store.save_custom("warband", {"x": object()})


def test_sqlite_is_wal_with_full_sync(tmp_path):
    s = open_store("", str(tmp_path))
    assert s.path == str(tmp_path / "tablewarden.sqlite3")
    assert s.pragma("journal_mode") == "wal" and s.pragma("synchronous") == 2  # 2 = FULL


@pytest.mark.parametrize("url", ["mysql://x", "sqlite://relative"])
def test_unsupported_database_urls_are_refused(tmp_path, url):
    with pytest.raises(ValueError):
        open_store(url, str(tmp_path))


def test_offload_runs_every_database_call(tmp_path):
    """Every store call goes through the offload hook (eventlet.tpool in production)."""
    calls = []

    def offload(fn, *args):
        calls.append(fn)
        return fn(*args)

    s = open_store(f"sqlite:///{tmp_path / 'o.db'}", str(tmp_path), offload=offload)
    before = len(calls)
    make_game(s)
    s.append("g1", 0, rec("e1"))
    s.events("g1")
    assert len(calls) - before >= 3


def test_group_commit_batches_waiting_appends_into_one_transaction(tmp_path):
    """SQLite: appends that wait for the writer share its next commit, each answered correctly."""
    s = open_store(f"sqlite:///{tmp_path / 'g.db'}", str(tmp_path))
    make_game(s)
    make_game(s, gid="g2", code="XYZ789")
    batches = []
    original = s._op_append_many

    def spy(conn, items):
        batches.append(len(items))
        return original(conn, items)

    s._op_append_many = spy
    out, lock = [], threading.Lock()

    def writer(gid, n):
        for i in range(n):
            while True:
                res = s.append(gid, s.head(gid), rec(f"{gid}-{threading.get_ident()}-{i}"))
                if res.status == "ok":
                    with lock:
                        out.append((gid, res.record["seq"]))
                    break

    threads = [threading.Thread(target=writer, args=(g, 15)) for g in ("g1", "g1", "g2", "g2")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(seq for g, seq in out if g == "g1") == list(range(1, 31))
    assert sorted(seq for g, seq in out if g == "g2") == list(range(1, 31))
    assert sum(batches) >= 60 and max(batches) >= 2, batches
    # a duplicate and a stale head inside one batch answer for themselves only
    res = s._group.append("g1", 30, rec("g1-dup"))
    assert res.status == "ok" and s._group.append("g1", 31, rec("g1-dup")).status == "duplicate"
    assert s._group.append("g1", 5, rec("late")).status == "stale"
    s.close()


def test_postgres_connections_are_replaced_after_the_server_drops_them(postgres, tmp_path):
    """A dropped connection fails one call with StoreError (-> 503), then a new one is used."""
    import psycopg  # noqa: PLC0415 - the optional [postgres] extra, needed only with a PostgreSQL server

    url = postgres.new_database()
    s = open_store(url, str(tmp_path), pool_size=1)
    make_game(s)
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                      "WHERE datname = current_database() AND pid <> pg_backend_pid()")
    with pytest.raises(StoreError):
        s.get_game("g1")
    assert s.get_game("g1")["id"] == "g1"
    s.close()


def test_an_unstorable_append_fails_alone_not_its_group_commit_neighbours(store):
    """A record the database cannot take (a lone surrogate in its id) spoils no other append of its batch."""
    make_game(store)
    make_game(store, gid="g2", code="XYZ789")
    items = [("g1", 0, rec("fine-1")), ("g2", 0, rec("\ud800x")), ("g2", 0, rec("fine-2"))]
    results = store._run(store._op_append_many, items)
    assert [status for status, _ in results] == ["ok", "error", "ok"]
    assert results[0][1].status == "ok" and results[2][1].status == "ok"
    assert [r["id"] for r in store.events("g1")] == ["fine-1"]
    assert [r["id"] for r in store.events("g2")] == ["fine-2"]


def test_seats_are_held_once_and_handovers_move_only_from_their_status(store):
    make_game(store)
    assert store.seat_held("g1", "p1") is False
    assert store.hold_seat("g1", "p1") is True and store.hold_seat("g1", "p1") is False
    assert store.seat_held("g1", "p1") is True
    row = {"id": "h1", "game_id": "g1", "seat": "p1", "kind": "code", "secret_hash": "x", "status": "open",
           "attempts": 0, "expires_at": 2e9, "created_at": "2026-01-01T00:00:00Z"}
    store.put_handover(row)
    assert [r["id"] for r in store.open_handovers("g1", "p1", "code", 1e9)] == ["h1"]
    assert store.open_handovers("g1", "p1", "code", 3e9) == []  # expired by then
    assert store.move_handover("h1", "open", "used") is True and store.move_handover("h1", "open", "used") is False
    store.put_handover({**row, "id": "h2"})
    for _ in range(2):
        store.count_attempt("h2", 2)
    assert store.get_handover("h2")["status"] == "spent"


def test_a_one_phone_game_stored_before_device_tokens_keeps_its_phone(store):
    """Its first seat's token made with the game becomes the device's (every seat); a seat joined later does not."""
    store.create_game({"id": "old", "ruleset": "test/tally", "setup": {"seats": [{"name": "A"}, {"name": "B"}]},
                       "shared_device": True, "join_code": "OLD234"},
                      [("hash-p1", "p1"), ("hash-p2", "p2"), ("hash-ref", "referee")])
    time.sleep(0.01)                                        # stamps are to the millisecond: a later join is later
    store.add_token("old", "p1", "hash-joined-later")
    make_game(store, "plain", "PLN234")
    store._run(store._op_init_schema)                       # the next start runs the migrations
    assert store.seat_for_token("hash-p1") == ("old", "device")
    assert store.seat_for_token("hash-p2") == ("old", "p2")
    assert store.seat_for_token("hash-joined-later") == ("old", "p1")
    assert store.seat_for_token("hash-plain") == ("plain", "p1"), "a game of phones is left alone"
    store._run(store._op_init_schema)                       # once only: nothing changes on the next start
    assert store.seat_for_token("hash-joined-later") == ("old", "p1")


def test_custom_content_comes_a_page_at_a_time_newest_first(store):
    ids = [store.save_custom("battlelore_unit", {"name": f"U{i}"}, id=f"u{i}") for i in range(5)]
    store.save_custom("warband", {"name": "Other kind"})
    first = store.custom_page("battlelore_unit", 2, 0)
    assert first["total"] == 5 and [r["id"] for r in first["rows"]] == ids[::-1][:2]
    assert [r["payload"]["name"] for r in store.custom_page("battlelore_unit", 2, 4)["rows"]] == ["U0"]
    assert store.custom_page("battlelore_unit", 2, 10)["rows"] == []


def test_a_setup_is_replaced_only_from_what_was_read_and_before_the_first_event(store):
    """Two phones setting their seats at once: the second write, made from the setup both read, changes nothing
    (it reads again and retries); once the log has an event, the setup never changes."""
    make_game(store)
    read = store.get_game("g1")["setup"]
    mine, theirs = {"seats": [{"name": "A"}, {"name": "B"}]}, {"seats": [{"name": "A"}, {"name": "C"}]}
    assert store.replace_setup("g1", read, mine) is True
    assert store.replace_setup("g1", read, theirs) is False
    assert store.get_game("g1")["setup"] == mine
    assert store.replace_setup("nope", read, mine) is False
    store.append("g1", 0, rec("e1"))
    assert store.head("g1") == 1
    assert store.replace_setup("g1", mine, theirs) is False and store.get_game("g1")["setup"] == mine
