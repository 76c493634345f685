"""The server with the real Underworlds ruleset (Deathgorge): create from content, play from suggestions, export/import."""
from __future__ import annotations

import itertools

from app.engine.underworlds.editions import matched_play
from tests.api.helpers import auth, filled
from tests.api.tournament_helpers import quiet_game

_ids = itertools.count(1)


def create(client):
    resp = client.post("/api/games", json={"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
                                           "seats": [{"name": "Ana", "warband": "cyrenis-razors"},
                                                     {"name": "Ben", "warband": "garreks-reavers"}]})
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    return game


def play_from_suggestions(client, game, steps: int) -> int:
    """Submit `steps` events, each built from a suggestion for a seat the game waits for."""
    played = 0
    for _ in range(steps):
        for seat in ("p1", "p2"):
            advice = client.get(f"/api/games/{game['id']}/suggestions", headers=auth(game["tokens"][seat])).get_json()
            sugg = advice["advice"]["suggestions"]
            if sugg:
                break
        else:
            return played
        ev = {**filled(sugg[0]), "id": f"uw-{next(_ids)}"}
        resp = client.post(f"/api/games/{game['id']}/events", json=ev, headers=auth(game["tokens"][ev["by"]]))
        assert resp.status_code == 201, (ev, resp.get_json())
        played += 1
    return played


def test_create_a_deathgorge_game_from_content_warbands(client):
    game = create(client)
    summary = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()
    assert summary["title"].startswith("Warhammer Underworlds")
    assert summary["view"]["advice"]["suggestions"], "the first step of the game is offered"


def test_unknown_warband_is_refused_with_its_field(client):
    resp = client.post("/api/games", json={"ruleset": "underworlds/deathgorge",
                                           "seats": [{"name": "Ana", "warband": "no-such-band"},
                                                     {"name": "Ben", "warband": "garreks-reavers"}]})
    err = resp.get_json()["error"]
    assert resp.status_code == 422 and err["code"] == "bad_setup" and any("seats" in f for f in err["fields"])


def test_play_from_suggestions_then_export_and_import(client):
    game = create(client)
    played = play_from_suggestions(client, game, 12)
    assert played >= 3
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["tokens"]["p1"])).get_json()
    resp = client.post("/api/games/import", json=exported)
    assert resp.status_code == 201, resp.get_json()
    new = resp.get_json()
    a = client.get(f"/api/games/{game['id']}/state", headers=auth(game["referee_token"])).get_json()["state"]
    b = client.get(f"/api/games/{new['id']}/state", headers=auth(new["referee_token"])).get_json()["state"]
    assert a == b


def test_each_edition_lists_its_violation_codes_with_the_rules_they_cite(client):
    listed = {rid: {v["code"]: v for v in client.get(f"/api/rulesets/{rid}/violations").get_json()["violations"]}
              for rid in ("underworlds/deathgorge", "underworlds/dreadfane")}
    deathgorge, dreadfane = listed["underworlds/deathgorge"], listed["underworlds/dreadfane"]
    assert deathgorge["glory_needed"]["rules"][0] == "Deathgorge rulebook, Surge objective cards and the surge step (pg 38)"
    assert deathgorge["glory_needed"]["overridable"] is None  # some checks let an override lift it, others not
    assert deathgorge["reaction_condition_not_met"]["cites_at_run_time"] == "the card's own reaction condition"
    assert deathgorge["unknown_fighter"]["overridable"] is False and "unknown_event" in deathgorge
    assert dreadfane == deathgorge  # one registry for the three editions: each code names every edition's rule


def test_an_illegal_underworlds_event_names_its_rule(client):
    game = create(client)
    play_from_suggestions(client, game, 12)
    # the same seat tries the same kind of event again out of turn/step: find one the engine refuses
    catalogue = client.get("/api/rulesets/underworlds/deathgorge").get_json()["catalogue"]
    refused = None
    for entry in catalogue:
        if entry["type"] in ("note", "revert") or entry.get("fields"):
            continue
        for seat in ("p1", "p2"):
            resp = client.post(f"/api/games/{game['id']}/events", headers=auth(game["tokens"][seat]),
                               json={"id": f"bad-{next(_ids)}", "type": entry["type"], "by": seat, "data": {}})
            if resp.status_code == 422:
                refused = resp.get_json()["error"]
                break
        if refused:
            break
    assert refused is not None, "some field-less event is out of step at this point"
    assert refused["rule"] and refused["message"]


def test_the_next_game_of_a_match_keeps_both_players_decks(client):
    """Shadespire, Matched play: each player uses the decks they built for the whole match and cannot switch
    between games. The next game is made from the stored game before (a phone names only that game): both
    seats play their decks from game 1, and the match so far is the server's record of it."""
    match = matched_play.game_context(matched_play.new_match(["p1", "p2"]))
    seats = [{"name": "Ana", "warband": "steelhearts-champions", "deck": "steelhearts-champions-shadespire"},
             {"name": "Ben", "warband": "garreks-reavers", "deck": "garreks-reavers-shadespire"}]
    first = client.post("/api/games", json={"ruleset": "underworlds/shadespire", "options": {"match": match},
                                            "seats": seats}).get_json()
    tokens = {s["seat"]: s["token"] for s in first["seats"]}
    quiet_game(client, first["id"], tokens, glory={"p1": 2})
    record = client.get(f"/api/games/{first['id']}", headers=auth(tokens["p1"])).get_json()["view"]["outcome"]["record"]
    nxt = client.post("/api/games", headers=auth(tokens["p1"]), json={"follows": first["id"]})
    assert nxt.status_code == 201, nxt.get_json()
    game2 = nxt.get_json()
    assert [s.get("token") is not None for s in game2["seats"]] == [True, False]   # Ana's seat only
    assert "referee_token" not in game2
    mine = client.get(f"/api/games/{game2['id']}/export", headers=auth(game2["seats"][0]["token"])).get_json()["setup"]
    assert mine["seats"][0]["deck"]["id"] == "steelhearts-champions-shadespire"
    assert mine["options"]["match"]["game"] == 2 and mine["options"]["match"]["previous"] == [record]

    # The other phone (or a second tap) asks for the same next game: the game made first, with its own seat.
    again = client.post("/api/games", headers=auth(tokens["p2"]), json={"follows": first["id"]})
    assert again.status_code == 200, again.get_json()
    ben = again.get_json()
    assert ben["id"] == game2["id"] and [s.get("token") is not None for s in ben["seats"]] == [False, True]
    view = client.get(f"/api/games/{game2['id']}", headers=auth(ben["seats"][1]["token"])).get_json()
    assert view["you"]["seat"] == "p2"
    setup = client.get(f"/api/games/{game2['id']}/export", headers=auth(ben["seats"][1]["token"])).get_json()["setup"]
    assert setup["seats"][1]["deck"]["id"] == "garreks-reavers-shadespire"


def test_a_state_read_over_rest_keeps_the_engines_order_of_fighters(client):
    """The referee's "State after this" lists a warband's fighters as the table does (the engine's order), not
    sorted by id: REST answers keep key order like the live frames."""
    game = create(client)
    summary = client.get(f"/api/games/{game['id']}", headers=auth(game["referee_token"])).get_json()
    state = client.get(f"/api/games/{game['id']}/state?seq=0", headers=auth(game["referee_token"])).get_json()["state"]
    engine_order = list(summary["view"]["state"]["fighters"])
    assert list(state["fighters"]) == engine_order
    assert engine_order != sorted(engine_order), "the sample warbands' order differs from the ids' sorted order"
