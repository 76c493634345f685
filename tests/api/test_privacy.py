"""Secrets through the server's side doors: the log, live frames, previews, exports, and the referee who sees all.

Underworlds hands are secret (Deathgorge, Set up, 4. Draw cards, pg 15); Conquest command dials are chosen
secretly and revealed together (Rules summary, 2. Command, Step 1); BattleLore scenario cards and armies are
chosen secretly and revealed together (Rules summary, Setup: Scenarios, Mustering).
"""
from __future__ import annotations

import json

from tests.api.helpers import auth, conquest_game, event, submit, to_command
from tests.support.sockets import frames


def deck(goal: str, trick: str) -> dict:
    """A complete 12 + 20 card deck with these card names (each seat its own names, so a leak shows)."""
    return {"name": f"{goal} deck",
            "objectives": [{"name": f"{goal} {i}", "type": "objective", "glory": 1, "scoring": "end",
                            "effect": "Test card."} for i in range(12)],
            "power": [{"name": f"{trick} {i}", "type": "ploy", "effect": "Test card."} for i in range(20)]}


def fighter(slug):
    return {"slug": slug, "name": slug.title(), "leader": True, "move": 3, "defence": {"dice": 1, "symbol": "block"},
            "wounds": 3, "profiles": [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 2,
                                       "keywords": []}]}


def game_with(client, ruleset: str, seats: list[dict], **options) -> dict:
    resp = client.post("/api/games", json={"ruleset": ruleset, "options": options, "seats": seats})
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    game["tokens"]["referee"] = game["referee_token"]
    game["tokens"]["spectator"] = join(client, game, "spectator")
    return game


def join(client, game, seat):
    resp = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": seat})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["token"]


def underworlds_game(client) -> dict:
    """A Deathgorge game with deck data for both seats, at the first activation."""
    seats = [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex")], "deck": deck("Goal", "Trick")},
             {"name": "Ben", "warband": "custom", "fighters": [fighter("rok")], "deck": deck("Plan", "Feint")}]
    game = game_with(client, "underworlds/deathgorge", seats, format="rivals", deck_override={"reason": "test decks"})
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}),
                            ("p1", "do_over", {"choice": "none"}), ("p2", "do_over", {"choice": "none"}),
                            ("p1", "roll_off", {"purpose": "deployment", "first": "p1"}),
                            ("p1", "deployed", {"finished_first": "p1"}),
                            ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"})]:
        assert submit(client, game, by, event(by, etype, **data)).status_code == 201
    return game


def get(client, game, seat, path):
    resp = client.get(f"/api/games/{game['id']}{path}", headers=auth(game["tokens"][seat]))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


def test_an_underworlds_hand_never_reaches_the_other_seats(client, sio):
    """The `hand` event: p2, the spectator and a reconnecting p2 socket get it without the card names (log, live
    frame, sync, export, view); p1 and the referee get the names."""
    game = underworlds_game(client)
    p2 = sio(game["tokens"]["p2"])
    frames(p2, "sync", until=len)
    hand = event("p1", "hand", objectives=["Goal 4"], power=["Trick 9", "Trick 11"])
    assert submit(client, game, "p1", hand).status_code == 201
    applied = frames(p2, "applied", until=lambda got: any(f["args"][0]["event"]["type"] == "hand" for f in got))
    sync = frames(sio(game["tokens"]["p2"], last_seq=0), "sync", until=len)
    for seat in ("p2", "spectator"):
        seen = [get(client, game, seat, "/events?since=0"), get(client, game, seat, "/export"),
                get(client, game, seat, "")]
        assert "Trick 9" not in json.dumps(seen) and "Goal 4" not in json.dumps(seen)
        assert seen[0]["events"][-1]["type"] == "hand" and seen[0]["events"][-1]["data"] == {}
    assert "Trick 9" not in json.dumps(applied) + json.dumps(sync)
    # A phone joining now gets the join answer and then the sync payload of its seat: no card names either.
    joined = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": "scorekeeper"})
    first = frames(sio(joined.get_json()["token"]), "sync", until=len)
    assert joined.status_code == 201 and "Trick 9" not in json.dumps(joined.get_json()) + json.dumps(first)
    for seat in ("p1", "referee"):
        assert get(client, game, seat, "/events?since=0")["events"][-1]["data"] == hand["data"]


def test_a_players_export_hides_the_other_deck_and_the_referees_imports(client):
    """p2's export replaces p1's deck by a face-down marker and says it is redacted (not importable); the
    referee's export has every card and imports into a new game."""
    game = underworlds_game(client)
    assert submit(client, game, "p1", event("p1", "hand", power=["Trick 2"])).status_code == 201
    mine = get(client, game, "p2", "/export")
    assert mine["redacted"] is True and mine["setup"]["seats"][0]["deck"] == {"hidden": True}
    assert "Trick 0" not in json.dumps(mine["setup"]["seats"][0])
    assert client.post("/api/games/import", json=mine).status_code == 422
    full = get(client, game, "referee", "/export")
    assert "redacted" not in full and full["events"][-1]["data"] == {"power": ["Trick 2"]}
    assert client.post("/api/games/import", json=full).status_code == 201


def test_a_preview_never_reveals_the_other_dial(client):
    """Conquest: with p1's dial committed, p2's preview of its own commit would reveal both dials; the preview
    keeps the consequences back (and says so), and the log is unchanged."""
    game = conquest_game(client)
    game["tokens"]["referee"] = game["referee_token"]
    to_command(client, game)
    assert submit(client, game, "p1", event("p1", "commit", planet=4)).status_code == 201
    resp = client.post(f"/api/games/{game['id']}/preview", headers=auth(game["tokens"]["p2"]),
                       json={"type": "commit", "by": "p2", "data": {"planet": 2}})
    body = resp.get_json()
    assert resp.status_code == 200 and body["allowed"] is True
    assert body["consequences"] == [] and body["withheld"]
    assert '"planet": 4' not in json.dumps(body) and "dials_revealed" not in json.dumps(body)
    ref = client.post(f"/api/games/{game['id']}/preview", headers=auth(game["referee_token"]),
                      json={"type": "commit", "by": "p2", "data": {"planet": 2}}).get_json()
    assert any(c["type"] == "dials_revealed" for c in ref["consequences"])  # the referee sees every secret


def test_the_referee_export_imports_while_a_dial_is_secret(client):
    """A referee sees every secret: its export with one dial committed is complete (not redacted) and imports."""
    game = conquest_game(client)
    game["tokens"]["referee"] = game["referee_token"]
    to_command(client, game)
    assert submit(client, game, "p1", event("p1", "commit", planet=3)).status_code == 201
    full = get(client, game, "referee", "/export")
    assert "redacted" not in full and full["events"][-1]["data"] == {"planet": 3}
    assert client.post("/api/games/import", json=full).status_code == 201
    view = get(client, game, "referee", "")["view"]["state"]
    assert view["step"]["dials"] == {"p1": 3}


def battlelore_game(client) -> dict:
    army = lambda tag: [{"slug": f"{tag}-foot", "name": "Foot", "health": 4, "movement": 1, "combat": 3,  # noqa: E731
                         "attack": "melee", "muster": 4}]
    return game_with(client, "battlelore/second-edition", [{"name": "Ana", "faction": "daqan", "units": army("d")},
                                                           {"name": "Ben", "faction": "uthuk", "units": army("u")}])


def test_battlelore_previews_keep_the_other_scenario_and_army_back(client):
    """Scenario cards and armies are revealed together: p2's preview of its choice, with p1's made, shows
    neither p1's scenario card nor p1's army."""
    game = battlelore_game(client)
    assert submit(client, game, "p1", event("p1", "choose_scenario", scenario="A1")).status_code == 201
    body = client.post(f"/api/games/{game['id']}/preview", headers=auth(game["tokens"]["p2"]),
                       json={"type": "choose_scenario", "by": "p2", "data": {"scenario": "B2"}}).get_json()
    assert body["allowed"] and body["consequences"] == [] and "A1" not in json.dumps(body)
    assert get(client, game, "p2", "/export")["redacted"] is True  # p1's card is still secret from p2
    full = get(client, game, "referee", "/export")
    assert "redacted" not in full and full["events"][-1]["data"] == {"scenario": "A1"}
    assert client.post("/api/games/import", json=full).status_code == 201  # the referee's export imports
    assert submit(client, game, "p2", event("p2", "choose_scenario", scenario="B2")).status_code == 201
    muster = {"army": {"d-foot": 1}, "decoys": 17}
    resp = client.post(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["p1"]),
                       json={**event("p1", "muster", **muster), "override": {"reason": "small army"}})
    assert resp.status_code == 201, resp.get_json()
    body = client.post(f"/api/games/{game['id']}/preview", headers=auth(game["tokens"]["p2"]),
                       json={"type": "muster", "by": "p2", "data": {"army": {"u-foot": 1}, "decoys": 17},
                             "override": {"reason": "small army"}}).get_json()
    assert body["consequences"] == [] and "d-foot" not in json.dumps(body)


def test_a_note_names_a_seat_of_the_game(client):
    """Every entry names a seat of this game or the referee: a referee note `by: "p9"` is refused (it would make
    the log fail to import), and the referee's export with its notes imports."""
    game = underworlds_game(client)
    bad = submit(client, game, "referee", event("p9", "note", text="who?"))
    assert bad.status_code == 422 and bad.get_json()["error"]["code"] == "unknown_seat"
    assert "by" in bad.get_json()["error"]["fields"]
    assert submit(client, game, "referee", event("p9", "revert", seq=1, reason="x")).status_code == 422
    assert submit(client, game, "referee", event("referee", "note", text="ruling: cover applies")).status_code == 201
    assert submit(client, game, "referee", event("p2", "note", text="for Ben")).status_code == 201
    assert client.post("/api/games/import", json=get(client, game, "referee", "/export")).status_code == 201


def test_the_end_phase_report_of_held_objectives_is_only_the_holders(client, sio):
    """In Ana's end phase her advice says which of her held objectives the game says are met (Soul Harvesters:
    an enemy fighter out of action, none of hers) and which not (Mind Erosion: no enemy staggered); Ben's advice,
    the spectator's, the referee's view and Ben's live frames never carry it (the names are her hand's)."""
    seats = [{"name": "Ana", "warband": "cyrenis-razors", "printing": "second-edition", "deck": "cyrenis-razors-rivals"},
             {"name": "Ben", "warband": "morgoks-krushas", "deck": "breakneck-slaughter"}]
    game = game_with(client, "underworlds/deathgorge", seats, format="rivals")
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}),
                            ("p1", "do_over", {"choice": "none"}), ("p2", "do_over", {"choice": "none"}),
                            ("p1", "roll_off", {"purpose": "deployment", "first": "p1"}),
                            ("p1", "deployed", {"finished_first": "p1"}),
                            ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}),
                            ("p1", "hand", {"objectives": ["Soul Harvesters", "Mind Erosion", "Nameless Horrors"]}),
                            ("p1", "damage", {"fighter": "p2.thugg", "amount": 3, "source": "card"}),
                            ("p1", "damage", {"fighter": "p2.thugg", "amount": 3, "source": "card"})]:
        assert submit(client, game, by, event(by, etype, **data)).status_code == 201, (etype, data)
    p2 = sio(game["tokens"]["p2"])
    frames(p2, "sync", until=len)
    for _ in range(40):  # every activation passed until Ana's end phase sequence
        st = get(client, game, "p1", "")["view"]["state"]
        if st["phase"] == "end":
            break
        seat = st["power"]["order"][st["power"]["next"]] if st["step"] == "power" else st["turn"]["seat"]
        data = {"play": "pass"} if st["step"] == "power" else {"action": "pass"}
        etype = "power" if st["step"] == "power" else "player_action"
        assert submit(client, game, seat, event(seat, etype, **data)).status_code == 201
    view = get(client, game, "p1", "")["view"]
    assert view["state"]["end"]["order"][view["state"]["end"]["i"]] == "p1"
    report = view["advice"]["step"]["objectives"]
    assert "Soul Harvesters" in report["met"] and "Mind Erosion" in report["not_met"]
    assert "Nameless Horrors" in report["met"]   # asked of the players (where the fighters stand): not refused
    ben = get(client, game, "p2", "")["view"]["advice"]
    assert "objectives" not in ben["step"] and "Soul Harvesters" not in json.dumps(ben)
    for seat in ("spectator", "referee"):
        assert "Soul Harvesters" not in json.dumps(get(client, game, seat, "")["view"]["advice"])
    assert "Mind Erosion" not in json.dumps(frames(p2, "applied", until=len))


def test_a_deck_a_phone_sets_for_its_own_seat_stays_its_own(client):
    """A seat set up on its own phone (an open seat): while the others wait, no other seat, spectator or referee, no
    join link and no refused read learns its deck; once the game starts, the other player's export hides it as for
    a game made whole."""
    game = game_with(client, "underworlds/deathgorge", [
        {"name": "Ana", "warband": "custom", "fighters": [fighter("vex")], "deck": deck("Goal", "Trick")},
        {"open": True}, {"open": True}], format="rivals", players=3, deck_override={"reason": "test decks"})
    game["tokens"]["p2"], game["tokens"]["p3"] = join(client, game, "p2"), join(client, game, "p3")
    ben = {"name": "Ben", "warband": "custom", "fighters": [fighter("rok")], "deck": deck("Plan", "Feint")}
    put = client.put(f"/api/games/{game['id']}/seats/p2", json=ben, headers=auth(game["tokens"]["p2"]))
    assert put.status_code == 200, put.get_json()
    seen = [client.get(f"/api/join/{game['join_code']}").get_data(as_text=True)]
    for seat in ("p1", "p3", "spectator", "referee"):
        for path in ("/setup", "", "/events", "/export", "/suggestions"):
            seen.append(client.get(f"/api/games/{game['id']}{path}", headers=auth(game["tokens"][seat])).get_data(as_text=True))
    assert not [text for text in seen if "Feint" in text or "Plan 0" in text]
    assert "Feint 0" in json.dumps(get(client, game, "p2", "/setup")["yours"])
    cy = {"name": "Cy", "warband": "custom", "fighters": [fighter("kit")]}
    assert client.put(f"/api/games/{game['id']}/seats/p3", json=cy, headers=auth(game["tokens"]["p3"])).get_json()["started"]
    theirs = get(client, game, "p3", "/export")
    assert theirs["setup"]["seats"][1]["deck"] == {"hidden": True} and "Feint" not in json.dumps(theirs)
