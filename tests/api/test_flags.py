"""POST /api/games/<id>/flags: a seat says "That's not right" about an entry; tried as every role would, hostile ones
included. At an event, the flag calls the table's judge to that entry."""
from __future__ import annotations

import pytest

from .helpers import auth, event, head, new_game, submit
from .tournament_helpers import post_tournament, round_one_on_two_tables


def flag(client, game_id, token, **body):
    return client.post(f"/api/games/{game_id}/flags", headers=auth(token) if token else {}, json=body)


def log(client, game, token=None):
    return client.get(f"/api/games/{game['id']}/events", headers=auth(token or game["referee_token"])).get_json()["events"]


def test_a_player_flags_the_other_players_entry_once_and_every_phone_reads_it(client):
    game = new_game(client)
    assert submit(client, game, "p1", event("p1")).status_code == 201
    r = flag(client, game["id"], game["tokens"]["p2"], seq=1, id="flag-1")
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert (body["seq"], body["entry"], body["by"], body["text"], body["id"]) == (2, 1, "p2", "That's not right", "flag-1")
    assert "judge_call" not in body                       # not an event's game: the referee is the game's own
    for seat in ("p1", "p2", "referee"):
        note = log(client, game, game["tokens"][seat])[-1]
        assert (note["type"], note["by"], note["actor"], note["data"]) == ("note", "p2", "p2",
                                                                           {"text": "That's not right", "seq": 1})
    # A second tap, or the same flag resent: the open flag is the answer, nothing more is stored.
    again = flag(client, game["id"], game["tokens"]["p2"], seq=1, text="and again")
    resent = flag(client, game["id"], game["tokens"]["p2"], seq=1, id="flag-1")
    assert again.status_code == resent.status_code == 200 and again.get_json()["seq"] == resent.get_json()["seq"] == 2
    assert head(client, game) == 2
    # Once the referee has ruled on the entry, a new flag on it is a new question.
    assert submit(client, game, "referee", event("referee", "note", text="Stands", seq=1)).status_code == 201
    later = flag(client, game["id"], game["tokens"]["p2"], seq=1, text="  still wrong  ")
    assert later.status_code == 201 and later.get_json()["text"] == "still wrong" and head(client, game) == 4


@pytest.mark.parametrize("role", ["spectator", "scorekeeper"])
def test_read_only_roles_cannot_flag(client, role):
    game = new_game(client)
    submit(client, game, "p1", event("p1"))
    token = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": role}).get_json()["token"]
    r = flag(client, game["id"], token, seq=1)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "read_only" and r.get_json()["error"]["message"]
    assert head(client, game) == 1


def test_hostile_and_malformed_flags_are_refused_and_store_nothing(client):
    game, other = new_game(client), new_game(client)
    submit(client, game, "p1", event("p1"))
    submit(client, game, "p2", event("p2", "note", text="a note"))
    gid, p2 = game["id"], game["tokens"]["p2"]
    cases = [
        (None, {"seq": 1}, 401, "no_token"),
        ("not-a-token", {"seq": 1}, 401, "bad_token"),
        (other["tokens"]["p1"], {"seq": 1}, 403, "wrong_game"),               # another game's seat
        (game["referee_token"], {"seq": 1}, 403, "referee_rules"),            # the referee rules instead
        (p2, {"seq": 1, "by": "p1"}, 403, "not_your_seat"),                   # a seat flags for itself only
        (p2, {"seq": 9}, 422, "unknown_note_target"),                         # no such entry
        (p2, {"seq": 2}, 422, "unknown_note_target"),                         # a note is not an entry to flag
        (p2, {"seq": 0}, 400, "invalid"),
        (p2, {"seq": "1"}, 400, "invalid"),
        (p2, {"seq": 10**12}, 400, "invalid"),
        (p2, {"seq": 1, "text": "x" * 501}, 400, "invalid"),
        (p2, {"seq": 1, "colour": "red"}, 400, "invalid"),
        (p2, {}, 400, "invalid"),
    ]
    for token, body, status, code in cases:
        r = flag(client, gid, token, **body)
        assert r.status_code == status and r.get_json()["error"]["code"] == code, (body, r.get_json())
        assert r.get_json()["error"]["message"]
    listed = client.post(f"/api/games/{gid}/flags", headers=auth(p2), json=[1])
    assert listed.status_code == 400 and listed.get_json()["error"]["code"] == "bad_request"
    assert flag(client, "nope", p2, seq=1).status_code == 404
    assert head(client, game) == 2 and head(client, other) == 0


def test_a_shared_device_flags_for_the_seat_holding_it_and_a_joined_seat_for_its_own(client):
    game = new_game(client, shared_device=True)
    submit(client, game, "device", event("p1"))
    r = flag(client, game["id"], game["tokens"]["device"], seq=1, by="p2", text="Vex had moved already")
    assert r.status_code == 201 and log(client, game)[-1]["by"] == "p2"
    joined = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": "p2"}).get_json()["token"]
    refused = flag(client, game["id"], joined, seq=1, by="p1")
    assert refused.status_code == 403 and refused.get_json()["error"]["code"] == "not_your_seat"


def _event_log(client, tid, org):
    return client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]


def test_at_an_event_a_flag_calls_the_tables_judge_to_that_entry(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), (c, _d) = tables
    seat = {p: client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
            for p in (a, b)}
    game1 = seat[a]["game"]
    tok = {seat[p]["seat"]: seat[p]["token"] for p in (a, b)}
    post_tournament(client, tok["p1"], "roll_off", "p1", game1, purpose="boards", first="p1")
    other = client.post(f"/api/tournaments/{tid}/rounds/1/tables/2/seat", headers=auth(staff["device2"])).get_json()
    c_seat = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[c]))
    assert c_seat.status_code == 403                               # table 2's player gets no seat at table 1
    before = len(_event_log(client, tid, org))

    # Table 2's device token (another table's game) cannot flag table 1's entry, nor call its judge; an event link
    # (table 2's player, the judge, the organiser) is no token of the game at all.
    r = flag(client, game1, other["token"], seq=1)
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "wrong_game"
    for event_link in (tokens[c], staff["judge"], org, staff["device1"]):
        r = flag(client, game1, event_link, seq=1)
        assert r.status_code == 401 and r.get_json()["error"]["code"] == "bad_token"
    judge_seat = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(staff["judge"])).get_json()
    r = flag(client, game1, judge_seat["token"], seq=1)                  # the judge, as the game's referee, rules
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "referee_rules"
    assert len(_event_log(client, tid, org)) == before

    r = flag(client, game1, tok["p2"], seq=1, text="They rolled a fury, not a crit")
    assert r.status_code == 201, r.get_json()
    entries = _event_log(client, tid, org)[before:]
    assert [(e["type"], e["actor"], e["data"]) for e in entries] == [
        ("judge_call", f"game:{b}", {"round": 1, "table": 1, "by": b, "note": "They rolled a fury, not a crit",
                                     "game": game1, "entry": 1})]
    assert r.get_json()["judge_call"] == entries[0]["seq"]
    # The judge sees the call on that entry; the public view only counts calls.
    judge_view = client.get(f"/api/tournaments/{tid}", headers=auth(staff["judge"])).get_json()
    call = judge_view["rounds"][0]["tables"][0]["calls"][0]
    assert (call["entry"], call["game"], call["by"]) == (1, game1, b)
    public = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]
    assert public["judge_calls"] == 1 and "calls" not in public
    # The same flag again: the open flag answers, and the judge is not called twice.
    assert flag(client, game1, tok["p2"], seq=1).status_code == 200
    assert len(_event_log(client, tid, org)) == before + 1

    # The device of a one-phone table flags an entry of its own game: the call is the table device's.
    post_tournament(client, other["token"], "roll_off", "p1", other["game"], purpose="boards", first="p1")
    r = flag(client, other["game"], other["token"], seq=1, by="p2")
    assert r.status_code == 201
    last = _event_log(client, tid, org)[-1]
    assert (last["type"], last["data"]["table"], last["data"]["by"], last["data"]["entry"]) == ("judge_call", 2, "device", 1)
