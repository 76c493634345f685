"""Seats set up by their own phones: open seats, each set by its own token, the game started by the last one."""
from __future__ import annotations

import json

import pytest

from tests.api.helpers import auth, created, typed

ANA = {"name": "Ana", "warband": "cyrenis-razors", "printing": "second-edition", "deck": "cyrenis-razors-rivals"}
BEN = {"name": "Ben", "warband": "morgoks-krushas", "deck": "breakneck-slaughter"}
OPEN = {"open": True}
# One table per game: the host's own seat and what the other phone sets for itself.
TABLES = {
    "underworlds/deathgorge": ({"format": "rivals"}, ANA, BEN),
    "conquest/core": ({}, {"name": "Ana", "warlord": "nazdreg"}, {"name": "Ben", "warlord": "captain-cato-sicarius"}),
    "battlelore/second-edition": ({}, {"name": "Ana", "faction": "daqan"}, {"name": "Ben", "faction": "uthuk"}),
}


def open_game(client, ruleset="underworlds/deathgorge", options=None, seats=None) -> dict:
    """A game whose seats after the host's are open."""
    return created(client, {"ruleset": ruleset, "options": options if options is not None else {"format": "rivals"},
                            "seats": seats or [ANA, OPEN]})


def joined(client, game: dict, seat: str) -> str:
    """The token a phone gets taking `seat` with the join code."""
    resp = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": seat})
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()["token"]


def set_seat(client, game: dict, seat: str, body, token: str | None):
    return client.put(f"/api/games/{game['id']}/seats/{seat}", json=body, headers=auth(token) if token else {})


def status(client, game: dict, token: str) -> dict:
    resp = client.get(f"/api/games/{game['id']}/setup", headers=auth(token))
    assert resp.status_code == 200, resp.get_json()
    return resp.get_json()


@pytest.mark.parametrize("ruleset", sorted(TABLES))
def test_every_game_starts_once_its_open_seat_is_set_by_that_seats_phone(client, ruleset):
    options, host, guest = TABLES[ruleset]
    game = open_game(client, ruleset, options, [host, OPEN])
    info = client.get(f"/api/join/{game['join_code']}").get_json()
    assert info["open_seats"] == ["p2"]
    before = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"]))
    assert before.status_code == 409 and before.get_json()["error"]["code"] == "seats_not_set"
    assert before.get_json()["error"]["waiting_for"] == ["p2"]
    token = joined(client, game, "p2")
    assert status(client, game, token)["yours"] is None
    reply = set_seat(client, game, "p2", guest, token)
    assert reply.status_code == 200, reply.get_json()
    assert reply.get_json()["started"] is True and reply.get_json()["waiting_for"] == []
    summary = client.get(f"/api/games/{game['id']}", headers=auth(token)).get_json()
    assert [s["name"] for s in summary["seats"]] == ["Ana", "Ben"] and summary["head"] == 0
    assert client.get(f"/api/join/{game['join_code']}").get_json()["open_seats"] == []


def test_a_started_game_is_the_game_made_whole(client):
    """The last seat's call makes the same first state a game created with every seat would have."""
    game = open_game(client)
    token = joined(client, game, "p2")
    set_seat(client, game, "p2", BEN, token)
    whole = created(client, {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"}, "seats": [ANA, BEN]})
    mine = client.get(f"/api/games/{game['id']}", headers=auth(game["referee_token"])).get_json()["view"]["state"]
    theirs = client.get(f"/api/games/{whole['id']}", headers=auth(whole["referee_token"])).get_json()["view"]["state"]
    assert json.dumps(mine, sort_keys=True) == json.dumps(theirs, sort_keys=True)


def test_four_phones_each_set_their_own_seat_and_may_change_it_until_the_start(client):
    seats = [{"name": "Ana", "warband": "cyrenis-razors", "deck": "cyrenis-razors-rivals"}, OPEN, OPEN, OPEN]
    game = open_game(client, options={"format": "rivals", "players": 4}, seats=seats)
    tokens = {s: joined(client, game, s) for s in ("p2", "p3", "p4")}
    assert set_seat(client, game, "p2", {"name": "Bem", "warband": "morgoks-krushas"}, tokens["p2"]).status_code == 200
    assert status(client, game, tokens["p2"])["yours"]["name"] == "Bem"
    assert set_seat(client, game, "p2", BEN, tokens["p2"]).status_code == 200      # corrected before the start
    third = set_seat(client, game, "p3", {"name": "Cy", "warband": "thricefold-discord"}, tokens["p3"]).get_json()
    assert third["started"] is False and third["waiting_for"] == ["p4"]
    assert [s["set"] for s in third["seats"]] == [True, True, True, False]
    last = set_seat(client, game, "p4", {"name": "Di", "warband": "ironsouls-condemnors"}, tokens["p4"])
    assert last.status_code == 200 and last.get_json()["started"] is True
    again = set_seat(client, game, "p4", {"name": "Dee", "warband": "ironsouls-condemnors"}, tokens["p4"])
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "already_started"
    names = [s["name"] for s in client.get(f"/api/games/{game['id']}", headers=auth(tokens["p4"])).get_json()["seats"]]
    assert names == ["Ana", "Ben", "Cy", "Di"]


def test_only_the_seats_own_phone_sets_it(client):
    """Another seat, the referee, a spectator, no token or a forged one: refused, and nothing changes."""
    game = open_game(client, seats=[ANA, OPEN, OPEN])
    p2 = joined(client, game, "p2")
    spectator = joined(client, game, "spectator")
    for token, code in [(game["tokens"]["p1"], "not_your_seat"), (game["referee_token"], "not_your_seat"),
                        (spectator, "not_your_seat"), (p2, "not_your_seat")]:
        reply = set_seat(client, game, "p3", BEN, token)
        assert reply.status_code == 403 and reply.get_json()["error"]["code"] == code
    assert set_seat(client, game, "p3", BEN, None).status_code == 401
    assert set_seat(client, game, "p3", BEN, "forged-token").status_code == 401
    assert set_seat(client, game, "referee", BEN, game["referee_token"]).status_code == 403
    assert status(client, game, p2)["waiting_for"] == ["p2", "p3"]


@pytest.mark.parametrize("body, code", [
    ({"warband": "morgoks-krushas"}, "invalid"),                                 # no name
    ({"name": "x" * 41, "warband": "morgoks-krushas"}, "invalid"),
    ({"name": "Ben", "warband": "no-such-warband"}, "bad_setup"),
    ({"name": "Ben", "warband": "morgoks-krushas", "deck": "no-such-deck"}, "bad_setup"),
    ({"name": "Ben", "fighters": [{}] * 41}, "invalid"),
    ({"name": "Ben", **{f"k{i}": i for i in range(70)}}, "invalid"),
    (["not", "an", "object"], "invalid"),
    ({"name": "Ben", "open": True}, "bad_setup"),
])
def test_a_bad_seat_is_refused_with_its_reason_and_changes_nothing(client, body, code):
    game = open_game(client)
    token = joined(client, game, "p2")
    reply = set_seat(client, game, "p2", body, token)
    assert reply.status_code in (400, 422) and reply.get_json()["error"]["code"] in (code, "bad_request"), reply.get_json()
    assert status(client, game, token)["yours"] is None and status(client, game, token)["started"] is False


def test_a_start_the_rules_refuse_is_refused_to_the_last_phone_and_the_seat_stays_open(client):
    """Three warbands for a game of two players (options.players) is not a game: the last seat hears why."""
    game = open_game(client, options={"format": "rivals", "players": 2}, seats=[ANA, OPEN, OPEN])
    p2, p3 = joined(client, game, "p2"), joined(client, game, "p3")
    assert set_seat(client, game, "p2", BEN, p2).status_code == 200
    reply = set_seat(client, game, "p3", {"name": "Cy", "warband": "thricefold-discord"}, p3)
    assert reply.status_code == 422 and reply.get_json()["error"]["code"] == "bad_setup"
    assert status(client, game, p3)["waiting_for"] == ["p3"]


@pytest.mark.parametrize("extra, options", [
    ({"shared_device": True}, {"format": "rivals"}),
    ({}, {"format": "matched", "match": {"game": 1}}),
])
def test_open_seats_are_refused_where_a_phone_cannot_set_its_own(client, extra, options):
    reply = client.post("/api/games", json={"ruleset": "underworlds/shadespire" if extra == {} else "underworlds/deathgorge",
                                            "options": options, "seats": [ANA, OPEN], **extra})
    assert reply.status_code in (400, 422) and reply.get_json()["error"]["code"] == "no_open_seats"


def test_an_open_seat_carries_nothing_else_and_the_hosts_own_seat_is_checked_at_once(client):
    bad = client.post("/api/games", json={"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
                                          "seats": [ANA, {"open": True, "name": "Ben"}]})
    assert bad.status_code == 400
    wrong = client.post("/api/games", json={"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
                                            "seats": [{"name": "Ana", "warband": "nobody"}, OPEN]})
    assert wrong.status_code == 422 and wrong.get_json()["error"]["code"] == "bad_setup"


def test_a_seats_deck_stays_its_own_before_and_after_the_start(client):
    """The status tells another phone, a spectator and the referee names and set/unset only: never a deck."""
    game = open_game(client, seats=[ANA, OPEN, OPEN], options={"format": "rivals", "players": 3})
    p2, p3 = joined(client, game, "p2"), joined(client, game, "p3")
    spectator = joined(client, game, "spectator")
    set_seat(client, game, "p2", BEN, p2)
    for token in (p3, spectator, game["referee_token"], game["tokens"]["p1"]):
        text = json.dumps(status(client, game, token))
        assert "breakneck-slaughter" not in text and "morgoks-krushas" not in text
    assert status(client, game, p2)["yours"]["deck"] == "breakneck-slaughter"
    assert "cyrenis-razors-rivals" not in json.dumps(status(client, game, p2))
    assert "yours" not in status(client, game, spectator)


def test_a_phone_plays_numbers_typed_on_this_server_for_a_printing_no_source_gives(client):
    """Thricefold Discord's Deathgorge cards: the numbers a player typed in an earlier game, saved on the server, are
    what a joining phone sends for its seat (content warband, printing and the typed fighters)."""
    fighters = client.get("/api/content/underworlds/warbands/thricefold-discord/fighters?ruleset=underworlds/deathgorge")
    saved = client.post("/api/content/custom/warband", json={"name": "The Thricefold Discord (Deathgorge)",
                                                               "based_on": "thricefold-discord", "printing": "deathgorge",
                                                               "typed_by": "Ana", "fighters": typed(fighters.get_json()["fighters"])})
    numbers = client.get(saved.get_json()["link"]).get_json()["payload"]["fighters"]
    game = open_game(client)
    token = joined(client, game, "p2")
    seat = {"name": "Ben", "warband": "thricefold-discord", "printing": "deathgorge", "fighters": numbers,
            "deck": "thricefold-discord-rivals"}
    assert set_seat(client, game, "p2", seat, token).get_json()["started"] is True
    state = client.get(f"/api/games/{game['id']}", headers=auth(token)).get_json()["view"]["state"]
    assert "p2.vexmor" in json.dumps(state)
