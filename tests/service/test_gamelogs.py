"""The cached fold of a game's log: its event-id index and its records grow with each stored event instead of being
rebuilt or copied, and an undo or a late entry folds only the log's last events (from the fold's points)."""
from __future__ import annotations

import pytest

from app.engine.core import fold_log
from app.service.gamelogs import LONG_REPLAY, POINT_EVERY, POINTS_KEPT
from app.service.records import record_event
from tests.api.helpers import event, new_game, submit
from tests.support.long_games import Counting, long_game


def test_each_submit_extends_the_index_without_rebuilding_it(app, client):
    game = new_game(client)
    service = app.extensions["tablewarden"]["service"]
    seats = ["p1", "p2"] * 10
    for i, seat in enumerate(seats):
        assert submit(client, game, seat, event(seat)).status_code == 201
        folded = service.logs.cache[game["id"]]
        # kept up to date by the submit itself: no rebuild is pending for the next duplicate check
        assert len(folded._ids) == len(folded.records) == i + 1
    first = folded.records[0]
    assert folded.by_id(first["id"]) is first
    again = submit(client, game, "p1", {"id": first["id"], "type": first["type"], "by": "p1", "data": first["data"]})
    assert again.status_code == 200 and again.get_json()["duplicate"] is True


def test_an_older_fold_never_sees_a_newer_record(app, client):
    game = new_game(client)
    service = app.extensions["tablewarden"]["service"]
    submit(client, game, "p1", event("p1", eid="one"))
    old = service.logs.cache[game["id"]]
    submit(client, game, "p2", event("p2", eid="two"))
    assert old.by_id("two") is None and old.by_id("one") is not None
    assert service.logs.cache[game["id"]].by_id("two") is not None


def test_the_earliest_taken_back_event_is_carried_on_not_looked_for_in_the_whole_log(app, client):
    game = new_game(client)
    service = app.extensions["tablewarden"]["service"]
    for seat in ("p1", "p2", "p1", "p2"):
        submit(client, game, seat, event(seat))
    assert service.logs.cache[game["id"]].first_taken_back is None
    ref = {**game, "tokens": {**game["tokens"], "referee": game["referee_token"]}}
    assert submit(client, ref, "referee", event("referee", "revert", seq=3, reason="x")).status_code == 201
    assert submit(client, ref, "referee", event("referee", "revert", seq=2, reason="y")).status_code == 201
    folded = service.logs.cache[game["id"]]
    assert folded._taken_back_known and folded.first_taken_back == 2
    submit(client, game, "p2", event("p2"))
    later = service.logs.cache[game["id"]]
    assert later._taken_back_known and later.first_taken_back == 2, "carried on by the append, not searched for"
    # the same answer a fresh fold works out from the whole log
    service.logs.cache.clear()
    assert service.logs.folded(game["id"]).first_taken_back == 2


# -- a long game: appends share one list, undos and late plays fold from the fold's points -------------------------
def referee_of(game: dict) -> dict:
    return {**game, "tokens": {**game["tokens"], "referee": game["referee_token"]}}


def whole_fold(service, game_id):
    """The fold a process that never saw the game works out from the store."""
    service.logs.cache.pop(game_id, None)
    return service.logs.folded(game_id)


def test_appending_shares_the_log_and_an_older_fold_keeps_its_own_records(app, client):
    game = new_game(client)
    service = app.extensions["tablewarden"]["service"]
    submit(client, game, "p1", event("p1", eid="a"))
    first = service.logs.cache[game["id"]]
    submit(client, game, "p2", event("p2", eid="b"))
    second = service.logs.cache[game["id"]]
    assert second.records._items is first.records._items, "appended in place, not copied"
    assert [r["id"] for r in first.records] == ["a"] and [r["id"] for r in second.records] == ["a", "b"]
    assert list(reversed(second.records))[0]["id"] == "b" and second.records[-1]["id"] == "b"
    assert first.records[0:5] == [first.records[0]] and len(first.records) == 1
    with pytest.raises(IndexError):
        first.records[1]
    # extending the older fold again (a branch) copies, and the newer fold is left as it was
    branch = first.extended([{**second.records[1], "id": "c"}], second.state, {})
    assert branch.records._items is not first.records._items
    assert [r["id"] for r in branch.records] == ["a", "c"] and [r["id"] for r in second.records] == ["a", "b"]
    assert second.records.record(2)["id"] == "b" and second.records.record(3) is None
    assert [r["id"] for r in second.records.since(1)] == ["b"]


def test_a_fold_keeps_its_last_points_as_the_game_grows(app, client):
    game = long_game(client, 400)
    service = app.extensions["tablewarden"]["service"]
    folded = service.logs.folded(game["id"])
    assert len(folded.points) == POINTS_KEPT and folded.points[-1].seq > 400 - POINT_EVERY
    for i in range(POINT_EVERY + 2):
        seat = ("p1", "p2")[i % 2]
        assert submit(client, game, seat, event(seat)).status_code == 201
    grown = service.logs.cache[game["id"]]
    seqs = [p.seq for p in grown.points]
    assert len(seqs) == POINTS_KEPT and seqs[-1] > folded.points[-1].seq and all(b - a >= POINT_EVERY
                                                                                 for a, b in zip(seqs, seqs[1:]))
    for point in grown.points:   # no undo in this game: a point is the fold of the log up to it
        assert point.state == fold_log(grown.rs, grown.game["setup"], [record_event(r) for r in grown.records[:point.seq]]).state


@pytest.mark.parametrize("back", [1, 2, 60])
def test_an_undo_in_a_long_game_folds_only_the_last_events_and_ends_as_a_whole_fold_does(app, client, monkeypatch,
                                                                                        back):
    game = long_game(client, 3000)
    service = app.extensions["tablewarden"]["service"]
    folded = service.logs.folded(game["id"])
    counting = Counting(monkeypatch, folded.rs)
    undo = event("referee", "revert", seq=3000 - back + 1, reason="misread")
    assert submit(client, referee_of(game), "referee", undo).status_code == 201
    assert counting.applied <= LONG_REPLAY, counting.applied
    after = service.logs.cache[game["id"]]
    fresh = whole_fold(service, game["id"])
    assert (after.state, after.inert, after.head) == (fresh.state, fresh.inert, fresh.head)
    assert after.first_taken_back == 3000 - back + 1 and after.taken_back == {3000 - back + 1}
    # the next entries go on from the refolded points: another undo still folds only the last events
    counting.applied = 0
    nxt = after.state["turn"]
    assert submit(client, game, nxt, event(nxt)).status_code == 201
    assert submit(client, referee_of(game), "referee", event("referee", "revert", seq=2990, reason="x")).status_code == 201
    assert counting.applied <= 2 * LONG_REPLAY
    assert service.logs.cache[game["id"]].state == whole_fold(service, game["id"]).state


def test_an_undo_older_than_every_point_replays_the_whole_log_off_the_event_loop(app, client):
    game = long_game(client, 600)
    service = app.extensions["tablewarden"]["service"]
    service.logs.folded(game["id"])
    offloaded = []
    service.logs.offload = lambda fn, *args: offloaded.append(fn) or fn(*args)
    assert submit(client, referee_of(game), "referee", event("referee", "revert", seq=5, reason="x")).status_code == 201
    assert len(offloaded) == 1
    after = service.logs.cache[game["id"]]
    fresh = whole_fold(service, game["id"])
    assert (after.state, after.inert) == (fresh.state, fresh.inert) and after.inert, "later adds are refused now"
    assert len(offloaded) == 2, "loading a long game replays it off the event loop too"


def test_a_late_entry_in_a_long_game_is_searched_from_a_point(app, client, monkeypatch):
    game = long_game(client, 3000)
    service = app.extensions["tablewarden"]["service"]
    counting = Counting(monkeypatch, service.logs.folded(game["id"]).rs)
    refused = submit(client, game, "p2", event("p2"))
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "not_your_turn"
    assert 0 < counting.applied <= LONG_REPLAY


def test_an_undo_another_process_stored_is_folded_from_a_point(app, client, monkeypatch):
    game = long_game(client, 1000)
    service = app.extensions["tablewarden"]["service"]
    service.logs.folded(game["id"])
    counting = Counting(monkeypatch, service.logs.folded(game["id"]).rs)
    record = {"id": "elsewhere", "type": "revert", "by": "referee", "actor": "referee",
              "data": {"seq": 999, "reason": "x"}, "override": None, "consequences": []}
    assert service.logs.store.append(game["id"], 1000, record).status == "ok"
    after = service.logs.folded(game["id"])
    assert after.head == 1001 and after.taken_back == {999} and counting.applied <= LONG_REPLAY
    assert after.state == whole_fold(service, game["id"]).state
