"""Seats belong to their players, against the real server process: a tournament table's seats, a one-phone game's
seats, and a match's next game. Each hostile try is refused with a sentence and a stable code, and stores nothing."""
from __future__ import annotations

import uuid

import requests

from tests.e2e.flows import fighter
from tests.e2e.uw_rest import quiet_game, set_up
from tests.support.live import Phone


def call(server, method: str, path: str, token: str | None = None, **kw) -> requests.Response:
    """One HTTP request to the server (with a bearer token when given)."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return requests.request(method, server.url + path, headers=headers, timeout=15, **kw)


def refused(resp: requests.Response, status: int, code: str) -> dict:
    """The refusal's error body, checked: its status, its stable code and a sentence."""
    assert resp.status_code == status, resp.text
    error = resp.json()["error"]
    assert error["code"] == code and error["message"].endswith("."), error
    return error


def note(by: str, text: str = "x") -> dict:
    """A note event for `by` (legal at any moment of a game)."""
    return {"id": str(uuid.uuid4()), "type": "note", "by": by, "data": {"text": text}}


def head(server, game_id: str, token: str) -> int:
    """The game's last seq."""
    return server.get(f"/api/games/{game_id}", token)["head"]


def published_tournament(server, mode: str = "phones") -> dict:
    """A tournament with Ana and Ben at table 1 of round 1, published; the table played on phones or a device."""
    made = call(server, "POST", "/api/tournaments", json={"name": "Cup", "date": "2026-12-05"})
    assert made.status_code == 201, made.text
    tid, org = made.json()["id"], made.json()["organiser_token"]
    players = {}
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = call(server, "POST", f"/api/tournaments/{tid}/players", org, json={"name": name, "warband": warband}).json()
        players[name] = p
        call(server, "POST", f"/api/tournaments/{tid}/players/{p['player']}/check-in", org)
    assert call(server, "POST", f"/api/tournaments/{tid}/rounds/1/pair", org).status_code == 201
    if mode != "phones":
        assert call(server, "POST", f"/api/tournaments/{tid}/rounds/1/tables/1/mode", org, json={"mode": mode}).ok
    assert call(server, "POST", f"/api/tournaments/{tid}/rounds/1/publish", org).status_code == 201
    table = call(server, "GET", f"/api/tournaments/{tid}", org).json()["rounds"][0]["tables"][0]
    by_id = {p["player"]: p["token"] for p in players.values()}
    return {"id": tid, "org": org, "table": table, "first": by_id[table["players"][0]],
            "second": by_id[table["players"][1]]}


def open_seat(server, tournament: dict, token: str) -> requests.Response:
    """What 'Open my game' does on the tournament page: the caller's own token for the table's game."""
    return call(server, "POST", f"/api/tournaments/{tournament['id']}/rounds/1/tables/1/seat", token)


def test_a_tournament_tables_join_code_gives_a_player_no_seat(server):
    """A player reads the join code on their own tournament page (mine.join_code) and tries the opponent's seat before
    the opponent opens the game: refused (seat_reserved), nothing stored; the opponent's link still opens it."""
    tournament = published_tournament(server)
    mine = call(server, "GET", f"/api/tournaments/{tournament['id']}", tournament["first"]).json()["mine"]
    game = mine["game"]
    for seat in ("p2", "p1"):
        try_it = call(server, "POST", f"/api/games/{game}/join", json={"code": mine["join_code"], "seat": seat})
        error = refused(try_it, 403, "seat_reserved")
        assert "event link" in error["message"] and "token" not in try_it.json()
    watcher = call(server, "POST", f"/api/games/{game}/join", json={"code": mine["join_code"], "seat": "spectator"})
    assert watcher.status_code == 201 and watcher.json()["seat"] == "spectator"
    # The opponent opens their own seat from their link: nothing was held, asked or entered meanwhile.
    ben = open_seat(server, tournament, tournament["second"]).json()
    assert (ben["game"], ben["seat"]) == (game, "p2")
    assert server.get(f"/api/games/{game}/handovers", ben["token"])["handovers"] == []
    assert head(server, game, ben["token"]) == 0
    assert call(server, "POST", f"/api/games/{game}/events", ben["token"], json=note("p2")).status_code == 201
    # The first player's link gives their own seat, never the opponent's; a scorekeeper's link only reads.
    ana = open_seat(server, tournament, tournament["first"]).json()
    assert ana["seat"] == "p1"
    refused(call(server, "POST", f"/api/games/{game}/events", ana["token"], json=note("p2")), 403, "not_your_seat")
    keeper_link = call(server, "POST", f"/api/tournaments/{tournament['id']}/links", tournament["org"], json={"role": "scorekeeper", "name": "Sam"})
    keeper = open_seat(server, tournament, keeper_link.json()["token"]).json()
    assert keeper["seat"] == "scorekeeper"
    refused(call(server, "POST", f"/api/games/{game}/events", keeper["token"], json=note("p2")), 403, "read_only")
    assert head(server, game, ben["token"]) == 1


def test_a_table_devices_join_code_gives_no_seat_and_the_device_enters_for_both(server):
    """The same on a table-device game: its code opens no seat; the table device's own token enters for both
    seats; a device link of another table opens nothing here."""
    tournament = published_tournament(server, mode="device")
    game, code = tournament["table"]["game"], tournament["table"]["join_code"]
    refused(call(server, "POST", f"/api/games/{game}/join", json={"code": code, "seat": "p2"}), 403, "seat_reserved")
    device_link = call(server, "POST", f"/api/tournaments/{tournament['id']}/links", tournament["org"], json={"role": "table", "table": 1})
    assert device_link.status_code == 201, device_link.text
    device = open_seat(server, tournament, device_link.json()["token"]).json()
    assert device["shared_device"] is True
    assert server.get(f"/api/games/{game}", device["token"])["you"]["device"] is True
    for seat in ("p1", "p2"):
        assert call(server, "POST", f"/api/games/{game}/events", device["token"], json=note(seat)).status_code == 201
    other = call(server, "POST", f"/api/tournaments/{tournament['id']}/links", tournament["org"], json={"role": "table", "table": 2}).json()
    refused(open_seat(server, tournament, other["token"]), 403, "not_your_table")
    # A player of the table opening their own seat on their phone gets that seat only.
    ana = open_seat(server, tournament, tournament["first"]).json()
    refused(call(server, "POST", f"/api/games/{game}/events", ana["token"], json=note("p2")), 403, "not_your_seat")
    assert head(server, game, device["token"]) == 2


def test_a_seat_joined_to_a_one_phone_game_enters_for_its_own_seat_only(server):
    """In a shared_device game, p2 joined with the join code cannot enter an event as p1 (REST or live frame),
    nor read p1's suggestions; the shared device's own token enters for every seat."""
    game = server.create_game(shared_device=True)
    device = game["device_token"]
    p2 = server.join(game, "p2")
    refused(call(server, "POST", f"/api/games/{game['id']}/events", p2, json=note("p1")), 403, "not_your_seat")
    refused(call(server, "GET", f"/api/games/{game['id']}/suggestions?seat=p1", p2), 403, "not_your_seat")
    for token in (game["tokens"]["p1"], game["tokens"]["p2"]):       # the seats' own tokens of the game
        seat = server.get(f"/api/games/{game['id']}", token)["you"]["seat"]
        other = "p2" if seat == "p1" else "p1"
        refused(call(server, "POST", f"/api/games/{game['id']}/events", token, json=note(other)), 403, "not_your_seat")
    phone = Phone(server.url, p2)
    try:
        ack = phone.submit(note("p1"))
        assert ack["error"]["code"] == "not_your_seat", ack
    finally:
        phone.disconnect()
    assert head(server, game["id"], device) == 0
    for seat in ("p1", "p2"):
        assert call(server, "POST", f"/api/games/{game['id']}/events", device, json=note(seat)).status_code == 201
    assert call(server, "POST", f"/api/games/{game['id']}/events", p2, json=note("p2")).status_code == 201


def match_game_one(server) -> dict:
    """Game 1 of a Shadespire best-of-three match (one typed-in fighter each), set up to its first round."""
    seats = [{"name": n, "warband": "custom", "fighters": [fighter(slug, fname, True, 1)]}
             for n, (slug, fname) in (("Ana", ("vex", "Vex")), ("Ben", ("rok", "Rok")))]
    match = {"game": 1, "seats": ["p1", "p2"], "tiebreakers": True, "warbands": {"p1": "custom", "p2": "custom"},
             "previous": []}
    made = call(server, "POST", "/api/games", json={"ruleset": "underworlds/shadespire", "seats": seats,
                                                    "options": {"format": "matched", "match": match}})
    assert made.status_code == 201, made.text
    game = made.json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    set_up(server, game["id"], game["tokens"])
    return game


def test_a_matchs_next_game_gives_each_caller_only_what_it_held(server):
    """POST /api/games {follows: game 1}: a spectator, a scorekeeper, another game's token and no token are
    refused; a client's match history is refused; the game is made once from game 1's stored outcome, and each
    player gets only their own seat of it (the referee only the referee's token); its code opens no seat."""
    one = match_game_one(server)
    spectator, keeper = server.join(one, "spectator"), server.join(one, "scorekeeper")
    follows = {"follows": one["id"]}
    refused(call(server, "POST", "/api/games", one["tokens"]["p1"], json=follows), 409, "no_next_game")  # not over
    quiet_game(server, one["id"], one["tokens"], glory={"p1": 4})
    record = server.get(f"/api/games/{one['id']}", spectator)["view"]["outcome"]["record"]

    for token in (spectator, keeper):
        refused(call(server, "POST", "/api/games", token, json=follows), 403, "not_a_player")
    stranger = server.create_game()
    refused(call(server, "POST", "/api/games", stranger["tokens"]["p1"], json=follows), 403, "wrong_game")
    refused(call(server, "POST", "/api/games", json=follows), 401, "no_token")
    forged = {"game": 2, "seats": ["p1", "p2"], "tiebreakers": True, "previous": [{**record, "glory": {"p1": 0, "p2": 9}}]}
    refused(call(server, "POST", "/api/games", one["tokens"]["p2"],
                 json={**follows, "options": {"match": forged}}), 400, "follows_only")
    refused(call(server, "POST", "/api/games", json={"ruleset": "underworlds/shadespire", "options": {"match": forged},
                                                   "seats": [{"name": "A"}, {"name": "B"}]}), 400, "follows_needed")

    # The opponent asks first: the game is made, with the opponent's seat token only.
    ben = call(server, "POST", "/api/games", one["tokens"]["p2"], json=follows)
    assert ben.status_code == 201, ben.text
    two = ben.json()
    assert [(s["seat"], "token" in s) for s in two["seats"]] == [("p1", False), ("p2", True)]
    assert "referee_token" not in two and "device_token" not in two
    ana = call(server, "POST", "/api/games", one["tokens"]["p1"], json=follows)
    assert ana.status_code == 200 and ana.json()["id"] == two["id"]
    assert [(s["seat"], "token" in s) for s in ana.json()["seats"]] == [("p1", True), ("p2", False)]
    again = call(server, "POST", "/api/games", one["tokens"]["p2"], json=follows).json()
    assert again["id"] == two["id"] and [s["seat"] for s in again["seats"] if "token" in s] == ["p2"]
    ref = call(server, "POST", "/api/games", one["referee_token"], json=follows).json()
    assert ref["id"] == two["id"] and ref["referee_token"] and not [s for s in ref["seats"] if "token" in s]

    ben_token = two["seats"][1]["token"]
    assert server.get(f"/api/games/{two['id']}", ben_token)["you"]["seat"] == "p2"
    refused(call(server, "POST", f"/api/games/{two['id']}/events", ben_token, json=note("p1")), 403, "not_your_seat")
    # The match so far is the server's record of game 1, not anything a client sent.
    setup = server.get(f"/api/games/{two['id']}/export", ref["referee_token"])["setup"]
    assert setup["options"]["match"]["game"] == 2 and setup["options"]["match"]["previous"] == [record]
    # Game 2's join code opens the watching roles only; it is not written into game 1's log.
    for seat in ("p1", "p2"):
        refused(call(server, "POST", f"/api/games/{two['id']}/join", json={"code": two["join_code"], "seat": seat}),
                403, "seat_reserved")
    assert call(server, "POST", f"/api/games/{two['id']}/join",
                json={"code": two["join_code"], "seat": "spectator"}).status_code == 201
    log = server.get(f"/api/games/{one['id']}/events?since=0", spectator)
    assert two["join_code"] not in str(log)
