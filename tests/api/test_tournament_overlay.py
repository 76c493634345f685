"""GET /api/tournaments/<id>/tables/<t>/overlay: a feature table for a stream's overlay, as every role would try it.

Anyone may read it (it is what the public page and a spectator of the game see); every role reads the same
payload, with no join code, deck, hand or hidden choice in it; a table number out of bounds, another
tournament's link and a forged one are refused like on every tournament route."""
from __future__ import annotations

import json

import pytest

from tests.api.tournament_helpers import auth, post_tournament, tournament_with_players

FOUR = (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"), ("Dee", "spiteclaws-swarm"))
SECRET_CARDS = ["Hidden Plan Alpha", "Hidden Plan Beta"]


def overlay(client, tid, table, token=None):
    return client.get(f"/api/tournaments/{tid}/tables/{table}/overlay", headers=auth(token))


@pytest.fixture
def published(client):
    """Four players, round 1 published: table 1 tracked on the players' phones, table 2 on paper."""
    tid, org, tokens = tournament_with_players(client, FOUR)
    assert overlay(client, tid, 1).get_json() == {"id": tid, "name": "Test event", "table": 1, "round": None,
                                                  "rounds": 3, "seated": False}
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/tables/2/mode", headers=auth(org), json={"mode": "untracked"})
    # A draft is not public: the overlay still waits.
    assert overlay(client, tid, 1).get_json()["seated"] is False
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    return tid, org, tokens


def _seats(client, tid, tokens, table):
    """Each player's game seat at a table: {seat: token}, and the game id."""
    players = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][table - 1]["players"]
    got = [client.post(f"/api/tournaments/{tid}/rounds/1/tables/{table}/seat", headers=auth(tokens[p])).get_json()
           for p in players]
    return {g["seat"]: g["token"] for g in got}, got[0]["game"]


def test_a_tracked_table_shows_its_scoreboard_and_never_a_hand(client, published):
    tid, _, tokens = published
    seats, game = _seats(client, tid, tokens, 1)
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
                            ("p1", "deployed", {"finished_first": "p1"}),
                            ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"})]:
        post_tournament(client, seats[by], etype, by, game, **data)
    post_tournament(client, seats["p1"], "hand", "p1", game, objectives=SECRET_CARDS[:1], power=SECRET_CARDS[1:])
    reply = overlay(client, tid, 1)
    assert reply.status_code == 200
    body = reply.get_json()
    table = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]
    assert body["seated"] and body["round"] == 1 and body["names"] == table["names"] and body["status"] == "playing"
    g = body["game"]
    assert [s["seat"] for s in g["seats"]] == ["p1", "p2"] and [s["name"] for s in g["seats"]] == table["names"]
    assert all(s["score"] == 0 and s["warband"] for s in g["seats"]) and g["score_name"] == "glory"
    fighters = g["seats"][1]["fighters"]
    assert fighters and all(f["damage"] == 0 and not f["out"] and f["name"] for f in fighters)
    # Wounds as the content knows them (a warband whose numbers our sources lack shows None); the pairing is drawn,
    # so the table holds some warband with known numbers, not always on the same seat.
    assert any(f["wounds"] for s in g["seats"] for f in s["fighters"])
    assert g["round"] == 1 and g["activation"] == 1 and g["phase"] == "action" and not g["over"]
    assert g["last"]["label"] and g["last"]["by"] == "p1" and g["last"]["by_name"] == table["names"][0]
    text = json.dumps(body)
    for secret in (*SECRET_CARDS, "join_code", "deck", "hand", "token"):
        assert secret not in text, secret
    assert "data" not in g["last"]


def test_every_role_reads_the_same_public_payload(client, published):
    tid, org, tokens = published
    judge = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "judge", "name": "Kim"}).get_json()
    device = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "table", "table": 1}).get_json()
    public = overlay(client, tid, 1).get_json()
    for token in (org, judge["token"], device["token"], *tokens.values()):
        reply = overlay(client, tid, 1, token)
        assert reply.status_code == 200 and reply.get_json() == public


def test_a_paper_table_and_a_table_not_in_the_round(client, published):
    tid, _, _ = published
    paper = overlay(client, tid, 2).get_json()
    assert paper["seated"] and paper["mode"] == "untracked" and paper["game"] is None and len(paper["names"]) == 2
    assert overlay(client, tid, 3).get_json()["seated"] is False  # two tables this round


@pytest.mark.parametrize("table", ["0", "501", "abc", "-1", "1.5", "9" * 40])
def test_a_table_number_out_of_bounds_is_refused(client, published, table):
    reply = overlay(client, published[0], table)
    assert reply.status_code == 404 and reply.get_json()["error"]["code"] == "no_such_table"


def test_hostile_ids_and_links_are_refused(client, published):
    tid, _, _ = published
    other, other_org, _ = tournament_with_players(client)
    reply = overlay(client, "nosuchtournament", 1)
    assert reply.status_code == 404 and reply.get_json()["error"]["code"]
    assert overlay(client, "..%2F..%2Fetc", 1).status_code == 404
    assert overlay(client, tid, 1, "forged-token").status_code == 401
    wrong = overlay(client, tid, 1, other_org)
    assert wrong.status_code == 403 and wrong.get_json()["error"]["code"] == "wrong_event"
    assert overlay(client, other, 1).get_json()["seated"] is False  # the other tournament's table 1 is its own
