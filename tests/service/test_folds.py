"""The cached fold's event-id index grows with each stored event instead of being rebuilt from the log."""
from __future__ import annotations

from tests.api.helpers import event, new_game, submit


def test_each_submit_extends_the_index_without_rebuilding_it(app, client):
    game = new_game(client)
    service = app.extensions["tablewarden"]["service"]
    seats = ["p1", "p2"] * 10
    for i, seat in enumerate(seats):
        assert submit(client, game, seat, event(seat)).status_code == 201
        folded = service._cache[game["id"]]
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
    old = service._cache[game["id"]]
    submit(client, game, "p2", event("p2", eid="two"))
    assert old.by_id("two") is None and old.by_id("one") is not None
    assert service._cache[game["id"]].by_id("two") is not None


def test_the_earliest_taken_back_event_is_carried_on_not_looked_for_in_the_whole_log(app, client):
    game = new_game(client)
    service = app.extensions["tablewarden"]["service"]
    for seat in ("p1", "p2", "p1", "p2"):
        submit(client, game, seat, event(seat))
    assert service._cache[game["id"]].first_taken_back is None
    ref = {**game, "tokens": {**game["tokens"], "referee": game["referee_token"]}}
    assert submit(client, ref, "referee", event("referee", "revert", seq=3, reason="x")).status_code == 201
    assert submit(client, ref, "referee", event("referee", "revert", seq=2, reason="y")).status_code == 201
    folded = service._cache[game["id"]]
    assert folded._taken_back_known and folded.first_taken_back == 2
    submit(client, game, "p2", event("p2"))
    later = service._cache[game["id"]]
    assert later._taken_back_known and later.first_taken_back == 2, "carried on by the append, not searched for"
    # the same answer a fresh fold works out from the whole log
    service._cache.clear()
    assert service.folded(game["id"]).first_taken_back == 2
