"""app/service/reading.py: the referee's rewind replays the log off the event loop; a catch-up reads only the
entries after the seq it names."""
from __future__ import annotations

from tests.support.long_games import long_game


def test_a_rewind_replays_through_the_offload_and_answers_the_state_then(app, client):
    game = long_game(client, 300)
    service = app.extensions["tablewarden"]["service"]
    service.logs.folded(game["id"])
    offloaded = []
    service.logs.offload = lambda fn, *args: offloaded.append(fn) or fn(*args)
    referee = service.access.authenticate(game["id"], game["referee_token"])
    at = service.reading.state_at(referee, 101)
    assert len(offloaded) == 1 and at["seq"] == 101 and at["head"] == 300
    assert at["state"]["seats"]["p1"]["score"] == 51 and at["state"]["seats"]["p2"]["score"] == 50
    assert at["state"]["turn"] == "p2"


def test_the_entries_after_a_seq_are_read_from_there(app, client):
    game = long_game(client, 300)
    service = app.extensions["tablewarden"]["service"]
    referee = service.access.authenticate(game["id"], game["referee_token"])
    assert [e["seq"] for e in service.reading.events_since(referee, 297)["events"]] == [298, 299, 300]
    assert service.reading.events_since(referee, 300)["events"] == [] and len(service.reading.events_since(referee, -5)["events"]) == 300
