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
