"""Conquest through the server: content-filled setup and command dials kept secret in the log and broadcasts.

Rules summary, 2. Command, Step 1: each player secretly selects a planet; the dials are revealed
simultaneously. The engine hides the dial in view(); Ruleset.redact_event hides it in the log too.
"""
from __future__ import annotations

import json

from tests.api.helpers import LINE, auth, conquest_game, created, event, submit, to_command
from tests.support.sockets import frames, whole_views


def log_as(client, game, seat):
    resp = client.get(f"/api/games/{game['id']}/events?since=0", headers=auth(game["tokens"][seat]))
    return resp.get_json()["events"]


def test_setup_is_filled_from_content(client):
    """The server's content expansion gives the engine the 10 planets and Nazdreg's numbers."""
    game = conquest_game(client)
    view = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()["view"]
    assert len(view["state"]["planets"]) == 10 and view["state"]["seats"]["p1"]["resources"] == 7


def test_the_other_seat_never_sees_an_unrevealed_dial(client):
    """Step 1: neither the log, the view nor the export shows the opponent's dial before both commit."""
    game = conquest_game(client)
    to_command(client, game)
    assert submit(client, game, "p1", event("p1", "commit", planet=4)).status_code == 201
    mine = log_as(client, game, "p1")[-1]
    theirs = log_as(client, game, "p2")[-1]
    assert mine["type"] == theirs["type"] == "commit"
    assert mine["data"] == {"planet": 4} and theirs["data"] == {}
    view = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p2"])).get_json()["view"]
    assert view["state"]["step"]["dials"] == {"p1": None}
    export = client.get(f"/api/games/{game['id']}/export", headers=auth(game["tokens"]["p2"])).get_json()
    assert export["events"][-1]["data"] == {}
    assert submit(client, game, "p2", event("p2", "commit", planet=2)).status_code == 201
    assert log_as(client, game, "p2")[-2]["data"] == {"planet": 4}  # revealed now


def test_a_dial_taken_back_before_the_reveal_stays_secret_after_it(client):
    """Step 1: a dial its player took back was never revealed; after the reveal of the dials in effect, the
    opponent's log, a spectator's and an export for the opponent still do not show it."""
    game = conquest_game(client)
    to_command(client, game)
    first = submit(client, game, "p1", event("p1", "commit", planet=4)).get_json()
    taken_back = event("p1", "revert", seq=first["seq"], reason="misdial")
    assert submit(client, game, "p1", taken_back).status_code == 201
    assert submit(client, game, "p1", event("p1", "commit", planet=2)).status_code == 201
    assert submit(client, game, "p2", event("p2", "commit", planet=3)).status_code == 201
    theirs = {e["seq"]: e for e in log_as(client, game, "p2")}
    assert theirs[first["seq"]]["data"] == {} and theirs[first["seq"] + 2]["data"] == {"planet": 2}
    export = client.get(f"/api/games/{game['id']}/export", headers=auth(game["tokens"]["p2"])).get_json()
    assert [e["data"] for e in export["events"] if e["seq"] == first["seq"]] == [{}]
    assert "planet" not in json.dumps([e for e in log_as(client, game, "p2") if e["seq"] == first["seq"]])
    assert {e["seq"]: e for e in log_as(client, game, "p1")}[first["seq"]]["data"] == {"planet": 4}


def test_broadcast_of_a_dial_goes_redacted_to_the_other_seat(client, sio):
    """Step 1: the live `applied` frame and a reconnect's sync hide the dial from the opponent."""
    game = conquest_game(client)
    to_command(client, game)
    p2 = sio(game["tokens"]["p2"])
    frames(p2, "sync", until=len)
    assert submit(client, game, "p1", event("p1", "commit", planet=3)).status_code == 201
    is_commit = lambda got: any(f["args"][0]["event"]["type"] == "commit" for f in got)  # noqa: E731
    applied = [a for a in frames(p2, "applied", until=is_commit) if a["event"]["type"] == "commit"]
    assert applied and applied[0]["event"]["data"] == {}
    views = [v for v in whole_views(p2, applied[0]["seq"]) if v["state"]["step"].get("name") == "commit"]
    assert views and all(v["state"]["step"]["dials"] in ({}, {"p1": None}) for v in views)
    assert '"planet": 3' not in json.dumps(applied)
    again = sio(game["tokens"]["p2"], last_seq=0)
    sync = frames(again, "sync", until=len)[0]
    assert sync["events"][-1]["event"]["data"] == {}
    own = sio(game["tokens"]["p1"], last_seq=0)
    assert frames(own, "sync", until=len)[0]["events"][-1]["event"]["data"] == {"planet": 3}


def test_conquest_content_is_served_for_the_wizard(client):
    """The setup wizard lists the warlords (facts.md) and planets from /api/content/conquest/<kind>."""
    body = client.get("/api/content/conquest/warlords").get_json()
    assert {w["slug"] for w in body["records"]} >= {"nazdreg", "captain-cato-sicarius", "torquemada-coteaz"}
    assert len(client.get("/api/content/conquest/planets").get_json()["records"]) == 10
    assert client.get("/api/content/conquest/nothing").status_code == 404


def test_unknown_warlord_and_typed_in_warlord(client):
    """Setup: a warlord from the content by slug, or typed in from the card; an unknown slug is a 422."""
    bad = client.post("/api/games", json={"ruleset": "conquest/core", "seats": [{"name": "A", "warlord": "nobody"},
                                                                               {"name": "B", "warlord": "nazdreg"}]})
    assert bad.status_code == 422 and "seats[0].warlord" in bad.get_json()["error"]["fields"]
    typed = {"name": "Custom Boss", "attack": 3, "hp": 6, "starting_hand": 6, "starting_resources": 8, "bloodied": None}
    ok = client.post("/api/games", json={"ruleset": "conquest/core", "seats": [{"name": "A", "warlord": typed},
                                                                              {"name": "B", "warlord": "nazdreg"}]})
    assert ok.status_code == 201, ok.get_json()


def test_a_starter_deck_by_name_over_the_api(client):
    """POST /api/games: "deck": "starter" plays the warlord's core set starter deck (its size from the content); the
    warlords the wizard lists carry their starter deck's lines, and a warlord without one is a 422 on its seat."""
    listed = {w["slug"]: w for w in client.get("/api/content/conquest/warlords").get_json()["records"]}
    assert sum(c["count"] for c in listed["nazdreg"]["starter_deck"]) == 35
    game = created(client, {"ruleset": "conquest/core", "seats": [{"name": "Ana", "warlord": "nazdreg", "deck": "starter"},
                                                                   {"name": "Ben", "warlord": "captain-cato-sicarius",
                                                                    "deck": "starter"}]})
    view = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()["view"]
    assert view["state"]["seats"]["p1"]["deck"] == 35 - 7
    assert view["state"]["seats"]["p1"]["starter_deck"] is True
    # Exported and imported, the game is the same: a starter deck stays one (it is not built again).
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["tokens"]["p1"])).get_json()
    again = client.post("/api/games/import", json=exported)
    assert again.status_code == 201, again.get_json()
    state = client.get(f"/api/games/{again.get_json()['id']}/state",
                       headers=auth(again.get_json()["referee_token"])).get_json()["state"]
    assert state["seats"]["p1"]["starter_deck"] is True and state["seats"]["p1"]["deck"] == 28
    bad = client.post("/api/games", json={"ruleset": "conquest/core", "seats": [
        {"name": "A", "warlord": "nazdreg"}, {"name": "B", "warlord": "torquemada-coteaz", "deck": "starter"}]})
    assert bad.status_code == 422 and "seats[1].deck" in bad.get_json()["error"]["fields"]


def test_a_dial_set_in_the_deploy_phase_stays_secret_until_the_other_dial(client):
    """1. Deploy: a player out of deployments sets his dial (his pass inferred) while the other deploys on; the
    opponent's view and log show only that it is set, until his own dial reveals both."""
    game = conquest_game(client)
    steps = [("p1", "initiative", {"seat": "p1"})] + [("p1", "reveal_planet", {"planet": n}) for n in LINE] + \
        [("p1", "mulligan", {"take": False}), ("p2", "mulligan", {"take": False})]
    for seat, type_, data in steps:
        assert submit(client, game, seat, event(seat, type_, **data)).status_code == 201
    early = submit(client, game, "p1", event("p1", "commit", planet=4))
    assert early.status_code == 201
    assert log_as(client, game, "p2")[-1]["data"] == {}
    view = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p2"])).get_json()["view"]
    assert view["state"]["step"]["name"] == "deploy" and view["state"]["step"]["dials"] == {"p1": None}
    assert "4" not in json.dumps(view["state"]["step"]["dials"])
    assert submit(client, game, "p2", event("p2", "commit", planet=2)).status_code == 201
    assert {e["seq"]: e for e in log_as(client, game, "p2")}[early.get_json()["seq"]]["data"] == {"planet": 4}
