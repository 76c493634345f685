"""Reserved seats: a tournament table's game and a match's later game open no player seat to their join code; the
seat's own phone (its handover code) and the referee still hand a seat over."""
from __future__ import annotations

from tests.api.helpers import auth
from tests.api.tournament_helpers import tournament_with_players


def _tournament_game(client) -> dict:
    """Round 1's published table of a two-player tournament: its game, join code and each player's seat token."""
    tid, org, tokens = tournament_with_players(client)
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    table = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["rounds"][0]["tables"][0]
    seats = {}
    for p in table["players"]:
        got = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
        seats[got["seat"]] = got["token"]
    judge = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "judge", "name": "Kim"}).get_json()
    referee = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(judge["token"])).get_json()["token"]
    return {"id": table["game"], "code": table["join_code"], "seats": seats, "referee": referee}


def test_a_tournament_games_code_opens_no_seat_and_asks_no_holder(client):
    game = _tournament_game(client)
    join = f"/api/games/{game['id']}/join"
    info = client.get(f"/api/join/{game['code']}").get_json()
    assert "event link" in info["seats_reserved"]
    resp = client.post(join, json={"code": game["code"], "seat": "p2"})
    assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "seat_reserved"
    assert client.get(f"/api/games/{game['id']}/handovers", headers=auth(game["seats"]["p2"])).get_json()["handovers"] == []
    wrong = client.post(join, json={"code": game["code"], "seat": "p2", "handover_code": "123456"})
    assert wrong.status_code == 403 and wrong.get_json()["error"]["code"] == "wrong_handover_code"


def test_a_reserved_seat_still_moves_with_its_holders_code_or_the_referee(client):
    game = _tournament_game(client)
    join = f"/api/games/{game['id']}/join"
    code = client.post(f"/api/games/{game['id']}/handover-code", headers=auth(game["seats"]["p2"])).get_json()["code"]
    moved = client.post(join, json={"code": game["code"], "seat": "p2", "handover_code": code})
    assert moved.status_code == 201 and moved.get_json()["seat"] == "p2"
    by_referee = client.post(join, headers=auth(game["referee"]), json={"code": game["code"], "seat": "p1"})
    assert by_referee.status_code == 201 and by_referee.get_json()["seat"] == "p1"


def test_a_plain_games_code_still_seats_the_first_phone(client):
    made = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}]}).get_json()
    assert client.get(f"/api/join/{made['join_code']}").get_json()["seats_reserved"] is None
    resp = client.post(f"/api/games/{made['id']}/join", json={"code": made["join_code"], "seat": "p2"})
    assert resp.status_code == 201
