"""app/service/games.py: the game service's parts are built once over one GameLogs, with the hooks that tell the phones
(a stored event, a handover) and /metrics (a store failure) given when it is built."""
from __future__ import annotations

import pytest

from app.service import ApiError, GameLogs, GameService
from app.store import StoreError, open_store
from tests.api.helpers import event


@pytest.fixture
def store(tmp_path):
    opened = open_store(f"sqlite:///{tmp_path / 'games.sqlite3'}", str(tmp_path))
    yield opened
    opened.close()


def new_game(service: GameService) -> tuple[str, dict, str]:
    """A Tally game made through the service: (its id, each seat's token, its join code)."""
    made = service.creating.create_game({"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}]},
                                        "http://table.example")
    return made["id"], {s["seat"]: s["token"] for s in made["seats"]}, made["join_code"]


def test_each_stored_event_reaches_the_hook_the_service_was_built_with_and_a_refused_one_does_not(store):
    told = []
    service = GameService(GameLogs(store), on_applied=lambda applied, sid: told.append((applied.record["seq"],
                                                                                        applied.seats, sid)))
    game_id, tokens, _ = new_game(service)
    p1 = service.access.authenticate(game_id, tokens["p1"])
    assert service.submitting.submit(p1, event("p1"), skip_sid="socket-1")[0] == 201
    with pytest.raises(ApiError) as refused:
        service.submitting.submit(p1, event("p1"))   # the other seat's turn
    assert refused.value.status == 422
    assert told == [(1, ["p1", "p2"], "socket-1")]
    # Every part reads the one fold the submit left: the view, the log, the fold held in memory.
    assert service.reading.summary(p1)["head"] == 1 and service.logs.held(game_id).head == 1
    assert [e["seq"] for e in service.reading.events_since(p1, 0)["events"]] == [1]


def test_a_handover_asked_for_reaches_the_hook_the_service_was_built_with(store):
    told = []
    service = GameService(GameLogs(store), on_handover=lambda game_id, seat, frame: told.append((game_id, seat,
                                                                                               frame["status"])))
    game_id, tokens, code = new_game(service)
    service.access.hold(service.access.authenticate(game_id, tokens["p1"]))   # Ana's phone opened the table
    status, body = service.seats.join(game_id, {"code": code, "seat": "p1"}, None)
    assert status == 202 and "token" not in body
    assert told == [(game_id, "p1", "asked")]


def test_a_store_failure_is_a_503_counted_through_the_hook_the_logs_were_built_with(store, monkeypatch):
    failures = []
    service = GameService(GameLogs(store, on_store_error=lambda: failures.append("store")))
    game_id, tokens, _ = new_game(service)

    def broken(*args, **kwargs):
        raise StoreError("disk I/O error")
    monkeypatch.setattr(store, "seat_for_token", broken)
    with pytest.raises(ApiError) as err:
        service.access.authenticate(game_id, tokens["p2"])   # a token this process never answered for
    assert err.value.status == 503 and failures == ["store"]
