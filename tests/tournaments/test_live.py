"""/event namespace: staff and the public hear every change of the event; staff also hear each tracked game move."""
from __future__ import annotations

import time

import pytest

from app.server import socketio
from tests.api.tournament_helpers import auth, event_with_players, post_event, quiet_game


def received(client, name, timeout=3.0):
    deadline = time.monotonic() + timeout
    got = []
    while time.monotonic() < deadline:
        got += [f for f in client.get_received("/event") if f["name"] == name]
        if got:
            return [f["args"][0] for f in got]
        time.sleep(0.02)
    return []


@pytest.fixture
def running(client):
    return event_with_players(client, format="rivals")


def test_changes_reach_the_public_and_game_moves_reach_the_staff(app, client, running):
    tid, org, tokens = running
    staff = socketio.test_client(app, namespace="/event", auth={"event": tid, "token": org})
    public = socketio.test_client(app, namespace="/event", auth={"event": tid})
    assert staff.is_connected("/event") and public.is_connected("/event")
    client.post(f"/api/events/{tid}/rounds/1/pair", headers=auth(org))
    assert received(public, "changed")[-1]["type"] == "pair"
    client.post(f"/api/events/{tid}/rounds/1/publish", headers=auth(org))
    assert received(staff, "changed")[-1]["type"] == "publish"
    seat = client.post(f"/api/events/{tid}/rounds/1/tables/1/seat", headers=auth(next(iter(tokens.values())))).get_json()
    post_event(client, seat["token"], "roll_off", seat["seat"], seat["game"], purpose="boards", first="p1")
    moves = received(staff, "table")
    assert moves and moves[-1]["round"] == 1 and moves[-1]["table"] == 1 and moves[-1]["progress"]["head"] == 1
    assert received(public, "table", timeout=0.3) == [], "game progress is for the staff's dashboard"
    assert received(public, "game_over", timeout=0.3) == [], "the game is still being played"
    staff.disconnect(namespace="/event")
    public.disconnect(namespace="/event")


def test_a_bad_link_cannot_listen(app, running):
    tid, _, _ = running
    assert not socketio.test_client(app, namespace="/event", auth={"event": tid, "token": "forged"}).is_connected("/event")
    assert not socketio.test_client(app, namespace="/event", auth={"event": "nope"}).is_connected("/event")
    assert not socketio.test_client(app, namespace="/event", auth={}).is_connected("/event")


def test_the_end_of_a_tracked_game_tells_the_whole_event(app, client, running):
    tid, org, tokens = running
    client.post(f"/api/events/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/events/{tid}/rounds/1/publish", headers=auth(org))
    seats = [client.post(f"/api/events/{tid}/rounds/1/tables/1/seat", headers=auth(t)).get_json() for t in tokens.values()]
    by_seat = {s["seat"]: s["token"] for s in seats}
    public = socketio.test_client(app, namespace="/event", auth={"event": tid})
    quiet_game(client, seats[0]["game"], by_seat)
    assert received(public, "game_over") == [{"round": 1, "table": 1}]
    public.disconnect(namespace="/event")
