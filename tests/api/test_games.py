"""REST API: every endpoint of the wire protocol (docs/architecture.md) and every error it promises."""
from __future__ import annotations

import json
import sqlite3

import pytest

from app.engine import registry
from app.engine.core import Ruleset
from app.server import create_app
from app.service import reading
from app.store import StoreError
from tests.api.helpers import auth, event, head, new_game, submit


# -- rulesets -----------------------------------------------------------------------------------------
def test_rulesets_lists_the_test_game_with_its_catalogue(client):
    body = client.get("/api/rulesets").get_json()
    tally = next(r for r in body["rulesets"] if r["id"] == "test/tally")
    assert [e["type"] for e in tally["catalogue"]] == ["add", "secret", "note", "revert"]


def test_rulesets_give_the_set_up_screen_its_formats_and_numbers_of_players(client):
    """The wizard offers exactly these (formats as id and label)."""
    body = client.get("/api/rulesets").get_json()
    setup = {r["id"]: r["setup"] for r in body["rulesets"]}
    pairs = {rid: ([(f["id"], f["label"]) for f in s["formats"]], s["players"]) for rid, s in setup.items()}
    assert pairs["underworlds/deathgorge"] == ([("rivals", "Rivals"), ("nemesis", "Nemesis"), ("relic", "Relic"),
                                                ("championship", "Championship")], [2, 3, 4])
    assert pairs["underworlds/dreadfane"] == ([("standard", "Standard")], [2])
    assert pairs["underworlds/shadespire"] == ([("standard", "Standard"),
                                                ("matched", "Matched play (best of three)")], [2, 3, 4])
    assert pairs["conquest/core"] == ([], [2])
    assert pairs["battlelore/second-edition"] == ([("scenario", "One scenario"),
                                                   ("campaign", "Campaign (4 scenarios)")], [2])
    assert client.get("/api/rulesets/underworlds/dreadfane").get_json()["setup"] == setup["underworlds/dreadfane"]


def test_rulesets_list_their_violation_codes_at_their_own_address(client):
    listed = client.get("/api/rulesets/test/tally/violations").get_json()
    codes = {v["code"]: v for v in listed["violations"]}
    assert listed["id"] == "test/tally"
    assert codes["unknown_event"] == {"code": "unknown_event", "meaning": "The ruleset has no event of that type.",
                                      "rules": ["Tablewarden: the event log"], "overridable": False}
    # not in what a phone reads on its first load
    assert "violations" not in client.get("/api/rulesets/test/tally").get_json()
    assert all("violations" not in r for r in client.get("/api/rulesets").get_json()["rulesets"])
    missing = client.get("/api/rulesets/no/such/violations")
    assert missing.status_code == 404 and missing.get_json()["error"]["code"] == "no_such_ruleset"


def test_one_ruleset_and_an_unknown_one(client):
    assert client.get("/api/rulesets/test/tally").get_json()["title"] == "Tally (test game)"
    resp = client.get("/api/rulesets/no/such")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "no_such_ruleset"


# -- creating --------------------------------------------------------------------------------------------
def test_create_game_returns_ids_code_link_and_one_token_per_seat(client):
    game = new_game(client, seats=("Ana", "Ben", "Cy"))
    assert [s["seat"] for s in game["seats"]] == ["p1", "p2", "p3"]
    assert [s["name"] for s in game["seats"]] == ["Ana", "Ben", "Cy"]
    assert len(game["join_code"]) == 8 and game["join_url"].endswith(f"/join/{game['join_code']}")
    assert len({s["token"] for s in game["seats"]} | {game["referee_token"]}) == 4


def test_only_token_hashes_are_stored(app, client):
    game = new_game(client)
    path = app.extensions["tablewarden"]["store"].path
    dump = "\n".join(sqlite3.connect(path).iterdump())
    for token in game["tokens"].values():
        assert token not in dump


def test_public_url_is_used_for_join_links(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                      "PUBLIC_URL": "https://tw.example", "INSTANCE_PATH": str(tmp_path)})
    game = new_game(app.test_client())
    assert game["join_url"] == f"https://tw.example/join/{game['join_code']}"


@pytest.mark.parametrize("body,field", [
    ({"seats": [{"name": "A"}, {"name": "B"}]}, "ruleset"),
    ({"ruleset": "test/tally"}, "seats"),
    ({"ruleset": "test/tally", "seats": [{"name": "A"}, {}]}, "seats.1.name"),
    ({"ruleset": "test/tally", "seats": [{"name": "A"}] * 5}, "seats"),
    ({"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}], "colour": "red"}, "colour"),
    ({"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}], "options": []}, "options"),
    ({"ruleset": 7, "seats": [{"name": "A"}, {"name": "B"}]}, "ruleset"),
])
def test_create_schema_errors_are_400_with_field_messages(client, body, field):
    resp = client.post("/api/games", json=body)
    err = resp.get_json()["error"]
    assert resp.status_code == 400 and err["code"] == "invalid" and field in err["fields"], err


def test_unknown_ruleset_is_422_naming_the_field(client):
    resp = client.post("/api/games", json={"ruleset": "chess/classic", "seats": [{"name": "A"}]})
    err = resp.get_json()["error"]
    assert resp.status_code == 422 and err["code"] == "unknown_ruleset" and "ruleset" in err["fields"]


@pytest.mark.parametrize("body,field", [
    ({"ruleset": "test/tally", "seats": [{"name": "Solo"}]}, "seats"),
    ({"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"target": 0}}, "options.target"),
])
def test_setup_error_becomes_422_with_its_field(client, body, field):
    resp = client.post("/api/games", json=body)
    err = resp.get_json()["error"]
    assert resp.status_code == 422 and err["code"] == "bad_setup" and field in err["fields"]


@pytest.mark.parametrize("data,ctype", [(b"", "application/json"), (b"{not json", "application/json"),
                                        (b"[1, 2]", "application/json"), (b'"text"', "application/json"),
                                        (b"\xff\xfe", "application/json")])
def test_bodies_that_are_not_a_json_object_are_400(client, data, ctype):
    resp = client.post("/api/games", data=data, content_type=ctype)
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] in ("bad_request", "bad_json")


def test_oversized_body_is_413(client):
    big = {"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}], "options": {"x": "y" * 300_000}}
    resp = client.post("/api/games", data=json.dumps(big), content_type="application/json")
    assert resp.status_code == 413 and resp.get_json()["error"]["code"] == "too_large"


# -- joining ---------------------------------------------------------------------------------------------
def test_join_code_lookup_and_qr_code(client):
    game = new_game(client)
    info = client.get(f"/api/join/{game['join_code'].lower()}").get_json()
    assert info["game"] == game["id"] and [s["seat"] for s in info["seats"]] == ["p1", "p2"]
    svg = client.get(f"/api/join/{game['join_code']}/qr.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml" and b"<svg" in svg.data
    assert client.get("/api/join/ZZZZZZ").status_code == 404
    assert client.get("/api/join/ZZZZZZ/qr.svg").get_json()["error"]["code"] == "no_such_code"


def test_join_a_seat_or_role_gives_a_working_token(client):
    game = new_game(client)
    for seat in ("p2", "spectator", "scorekeeper"):
        resp = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": seat})
        assert resp.status_code == 201, resp.get_json()
        token = resp.get_json()["token"]
        me = client.get(f"/api/games/{game['id']}", headers=auth(token)).get_json()["you"]
        assert me["seat"] == seat


def test_join_errors(client):
    game = new_game(client)
    url = f"/api/games/{game['id']}/join"
    assert client.post(url, json={"code": "WRONG1", "seat": "p1"}).status_code == 403
    resp = client.post(url, json={"code": game["join_code"], "seat": "p4"})
    assert resp.status_code == 400 and "seat" in resp.get_json()["error"]["fields"]
    resp = client.post(url, json={"code": game["join_code"], "seat": "king"})
    assert resp.status_code == 400 and "seat" in resp.get_json()["error"]["fields"]
    assert client.post(url, json={"seat": "p1"}).status_code == 400
    assert client.post("/api/games/nope/join", json={"code": "X", "seat": "p1"}).status_code == 404


def test_only_the_referee_can_add_a_referee_device(client):
    game = new_game(client)
    url = f"/api/games/{game['id']}/join"
    body = {"code": game["join_code"], "seat": "referee"}
    assert client.post(url, json=body).status_code == 403
    assert client.post(url, json=body, headers=auth(game["tokens"]["p1"])).status_code == 403
    resp = client.post(url, json=body, headers=auth(game["referee_token"]))
    assert resp.status_code == 201 and resp.get_json()["seat"] == "referee"


# -- reading -----------------------------------------------------------------------------------------
def test_game_summary_shows_the_callers_view_only(client):
    game = new_game(client)
    assert submit(client, game, "p1", event("p1", "secret", value=97)).status_code == 201
    mine = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()
    theirs = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p2"])).get_json()
    assert mine["view"]["state"]["seats"]["p1"]["secret"] == 97
    assert theirs["view"]["state"]["seats"]["p1"]["secret"] == "hidden"
    assert '"secret": 97' not in json.dumps(theirs)  # not a bare "97": join codes are random
    assert mine["head"] == 1 and mine["you"] == {"seat": "p1", "role": "player", "device": False}
    assert [a["event"]["data"] for a in mine["view"]["advice"]["suggestions"]] == [{"points": n} for n in (1, 2, 3)]


def test_auth_errors(client):
    game, other = new_game(client), new_game(client)
    url = f"/api/games/{game['id']}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers={"Authorization": "Basic abc"}).get_json()["error"]["code"] == "no_token"
    assert client.get(url, headers=auth("not-a-token")).get_json()["error"]["code"] == "bad_token"
    assert client.get(url, headers=auth("x" * 500)).status_code == 401
    resp = client.get(url, headers=auth(other["tokens"]["p1"]))
    assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "wrong_game"
    assert client.get("/api/games/unknown", headers=auth(game["tokens"]["p1"])).status_code == 404


def test_events_since(client):
    game = new_game(client)
    for seat in ("p1", "p2", "p1"):
        submit(client, game, seat, event(seat))
    body = client.get(f"/api/games/{game['id']}/events?since=1", headers=auth(game["tokens"]["p2"])).get_json()
    assert body["head"] == 3 and [e["seq"] for e in body["events"]] == [2, 3]
    assert body["events"][0]["by"] == "p2" and body["events"][0]["data"] == {"points": 1}
    empty = client.get(f"/api/games/{game['id']}/events?since=3", headers=auth(game["tokens"]["p2"])).get_json()
    assert empty == {"since": 3, "head": 3, "next": None, "events": []}
    for bad in ("x", "-1"):
        resp = client.get(f"/api/games/{game['id']}/events?since={bad}", headers=auth(game["tokens"]["p2"]))
        assert resp.status_code == 400 and "since" in resp.get_json()["error"]["fields"]


def test_a_long_log_is_read_a_page_at_a_time(client, monkeypatch):
    monkeypatch.setattr(reading, "LOG_PAGE", 2)
    game = new_game(client)
    for seat in ("p1", "p2", "p1", "p2", "p1"):
        submit(client, game, seat, event(seat))
    seqs, since = [], 0
    while since is not None:
        body = client.get(f"/api/games/{game['id']}/events?since={since}", headers=auth(game["tokens"]["p2"])).get_json()
        assert len(body["events"]) <= 2 and body["head"] == 5
        seqs += [e["seq"] for e in body["events"]]
        since = body["next"]
    assert seqs == [1, 2, 3, 4, 5]


def test_suggestions_for_own_seat_and_for_others(client):
    game = new_game(client)
    url = f"/api/games/{game['id']}/suggestions"
    mine = client.get(url, headers=auth(game["tokens"]["p1"])).get_json()
    assert mine["advice"]["seat"] == "p1" and len(mine["advice"]["suggestions"]) == 3
    assert client.get(url + "?seat=p2", headers=auth(game["tokens"]["p1"])).status_code == 403
    assert client.get(url + "?seat=p2", headers=auth(game["referee_token"])).get_json()["advice"]["seat"] == "p2"
    resp = client.get(url + "?seat=p9", headers=auth(game["referee_token"]))
    assert resp.status_code == 400 and "seat" in resp.get_json()["error"]["fields"]


# -- submitting ----------------------------------------------------------------------------------------
def test_submit_applies_and_returns_seq_and_consequences(client):
    game = new_game(client, options={"target": 3})
    resp = submit(client, game, "p1", event("p1", points=3))
    assert resp.status_code == 201
    assert resp.get_json()["seq"] == 1
    assert resp.get_json()["consequences"] == [{"type": "game_won", "data": {"seat": "p1"},
                                                "rule": "Tally test rules, winning"}]


def test_same_event_id_is_applied_once(client):
    game = new_game(client)
    env = event("p1", eid="same-id")
    first = submit(client, game, "p1", env)
    again = submit(client, game, "p1", env)
    assert first.status_code == 201 and again.status_code == 200
    assert again.get_json() == {**first.get_json(), "duplicate": True}
    assert head(client, game) == 1
    # Another seat sending that id (ids are public in the log) gets no reply of p1's event.
    other = submit(client, game, "p2", {**event("p2"), "id": "same-id"})
    assert other.status_code == 409 and other.get_json()["error"]["code"] == "id_in_use"
    assert "consequences" not in other.get_json() and head(client, game) == 1


def test_stale_expected_seq_is_409_with_head_and_changes_nothing(client):
    game = new_game(client)
    submit(client, game, "p1", event("p1"))
    resp = submit(client, game, "p2", {**event("p2"), "expected_seq": 0})
    assert resp.status_code == 409 and resp.get_json()["head"] == 1
    assert resp.get_json()["error"]["code"] == "stale" and head(client, game) == 1
    assert submit(client, game, "p2", {**event("p2"), "expected_seq": 1}).status_code == 201


def test_illegal_event_is_422_with_the_rule_and_changes_nothing(client):
    game = new_game(client)
    resp = submit(client, game, "p2", event("p2"))
    err = resp.get_json()["error"]
    assert resp.status_code == 422 and err["code"] == "not_your_turn"
    assert err["rule"] == "Tally test rules, taking turns" and err["violations"][0]["overridable"] is True
    assert head(client, game) == 0


def test_override_with_a_reason_lifts_a_rule_check_and_is_logged(client):
    game = new_game(client)
    env = {**event("p2"), "override": {"reason": "card: extra turn"}}
    assert submit(client, game, "p2", env).status_code == 201
    log = client.get(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["p1"])).get_json()
    assert log["events"][0]["override"] == {"reason": "card: extra turn"}


def test_structural_violation_cannot_be_overridden(client):
    game = new_game(client)
    env = {**event("p1", points=0), "override": {"reason": "my card"}}
    resp = submit(client, game, "p1", env)
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "out_of_range"
    resp = submit(client, game, "p1", event("p1", "fly"))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "unknown_event"
    assert head(client, game) == 0


@pytest.mark.parametrize("env,field", [
    ({"type": "add", "by": "p1", "data": {"points": 1}}, "id"),
    ({"id": "a", "by": "p1"}, "type"),
    ({"id": "a", "type": "add"}, "by"),
    ({"id": "a", "type": "add", "by": "p1", "data": [1]}, "data"),
    ({"id": "a", "type": "add", "by": "p1", "expected_seq": "3"}, "expected_seq"),
    ({"id": "a", "type": "add", "by": "p1", "expected_seq": -1}, "expected_seq"),
    ({"id": "a", "type": "add", "by": "p1", "override": {"reason": "  "}}, "override.reason"),
    ({"id": "a", "type": "add", "by": "p1", "override": "because"}, "override"),
    ({"id": "a" * 101, "type": "add", "by": "p1"}, "id"),
    ({"id": "a", "type": "add", "by": "p1", "extra": 1}, "extra"),
])
def test_envelope_schema_errors_are_400_with_field_messages(client, env, field):
    game = new_game(client)
    resp = submit(client, game, "p1", env)
    err = resp.get_json()["error"]
    assert resp.status_code == 400 and field in err["fields"], err
    assert head(client, game) == 0


def test_players_submit_only_for_their_own_seat(client):
    game = new_game(client)
    resp = submit(client, game, "p2", event("p1"))
    assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "not_your_seat"
    assert submit(client, game, "p1", event("referee", "note", text="hi")).status_code == 403
    assert head(client, game) == 0


def test_spectators_and_scorekeepers_only_read(client):
    game = new_game(client)
    for role in ("spectator", "scorekeeper"):
        token = client.post(f"/api/games/{game['id']}/join",
                            json={"code": game["join_code"], "seat": role}).get_json()["token"]
        game["tokens"][role] = token
        resp = submit(client, game, role, event("p1"))
        assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "read_only"
    assert head(client, game) == 0


def test_shared_device_token_enters_for_every_player(client):
    """One phone for the table: the device's own token enters events for every seat (and sees the first seat)."""
    game = new_game(client, shared_device=True)
    assert submit(client, game, "device", event("p1")).status_code == 201
    assert submit(client, game, "device", event("p2")).status_code == 201
    assert submit(client, game, "device", event("referee", "note", text="x")).status_code == 403
    you = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["device"])).get_json()["you"]
    assert you == {"seat": "p1", "role": "player", "device": True}
    log = client.get(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["device"])).get_json()["events"]
    assert [(e["by"], e["actor"]) for e in log] == [("p1", "p1"), ("p2", "p1")]
    assert client.get(f"/api/games/{game['id']}/suggestions?seat=p2", headers=auth(game["tokens"]["device"])).status_code == 200


def test_a_seat_token_of_a_shared_device_game_enters_for_its_own_seat_only(client):
    """Any other token of a one-phone game (a seat's token, a seat joined with the code) is that seat's only:
    it neither enters events for the other seat nor reads its suggestions; nothing is stored."""
    game = new_game(client, shared_device=True)
    joined = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": "p2"})
    assert joined.status_code == 201
    p2 = joined.get_json()["token"]
    for token, other in ((p2, "p1"), (game["tokens"]["p1"], "p2"), (game["tokens"]["p2"], "p1")):
        resp = client.post(f"/api/games/{game['id']}/events", json=event(other), headers=auth(token))
        assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "not_your_seat"
        assert resp.get_json()["error"]["message"]
        peek = client.get(f"/api/games/{game['id']}/suggestions?seat={other}", headers=auth(token))
        assert peek.status_code == 403 and peek.get_json()["error"]["code"] == "not_your_seat"
        assert client.get(f"/api/games/{game['id']}", headers=auth(token)).get_json()["you"]["device"] is False
    assert head(client, game) == 0
    assert client.post(f"/api/games/{game['id']}/events", json=event("p2", "note", text="mine"),
                       headers=auth(p2)).status_code == 201


def test_referee_submits_for_anyone_and_notes_as_referee(client):
    game = new_game(client)
    assert submit(client, game, "referee", event("p1")).status_code == 201
    assert submit(client, game, "referee", {**event("p1"), "override": {"reason": "ruling"}}).status_code == 201
    assert submit(client, game, "referee", event("referee", "note", text="ruling given")).status_code == 201
    resp = submit(client, game, "referee", event("referee"))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "referee_not_a_player"
    resp = submit(client, game, "referee", event("p3"))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "unknown_seat"
    log = client.get(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["p1"])).get_json()["events"]
    assert [(e["by"], e["actor"]) for e in log] == [("p1", "referee"), ("p1", "referee"), ("referee", "referee")]


def test_submit_to_unknown_game_or_without_token(client):
    game = new_game(client)
    assert client.post("/api/games/none/events", json=event("p1"), headers=auth(game["tokens"]["p1"])).status_code == 404
    assert client.post(f"/api/games/{game['id']}/events", json=event("p1")).status_code == 401


# -- undo and rewind ---------------------------------------------------------------------------------------
def revert(seq, by, reason="misclick"):
    return event(by, "revert", seq=seq, reason=reason)


def test_player_reverts_own_last_event(client):
    game = new_game(client)
    submit(client, game, "p1", event("p1", points=3))
    resp = submit(client, game, "p1", revert(1, "p1"))
    assert resp.status_code == 201 and resp.get_json()["seq"] == 2
    summary = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()
    assert summary["view"]["state"]["seats"]["p1"]["score"] == 0 and summary["view"]["state"]["turn"] == "p1"
    log = client.get(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["p1"])).get_json()["events"]
    assert [e["type"] for e in log] == ["add", "revert"], "the log keeps both"


def test_player_revert_limits(client):
    game = new_game(client)
    submit(client, game, "p1", event("p1"))
    submit(client, game, "p2", event("p2"))
    resp = submit(client, game, "p1", revert(2, "p1"))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "not_your_event"
    resp = submit(client, game, "p1", revert(1, "p1"))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "not_last_event"
    resp = submit(client, game, "p1", event("p1", "revert", seq=1))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "missing_field"
    resp = submit(client, game, "p1", revert(9, "p1"))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "unknown_seq"
    assert head(client, game) == 2


def test_referee_reverts_any_event_with_a_reason(client):
    game = new_game(client)
    for seat in ("p1", "p2", "p1"):
        submit(client, game, seat, event(seat, points=2))
    resp = submit(client, game, "referee", revert(2, "referee", "dice were cocked"))
    assert resp.status_code == 201
    state = client.get(f"/api/games/{game['id']}/state", headers=auth(game["referee_token"])).get_json()["state"]
    # p1's second add was made in p1's turn only because p2 had played: the rules refuse it now.
    assert state["seats"]["p2"]["score"] == 0 and state["seats"]["p1"]["score"] == 2 and state["turn"] == "p2"
    again = submit(client, game, "referee", revert(2, "referee"))
    assert again.get_json()["error"]["code"] == "already_reverted"


def test_only_the_referee_takes_back_the_referees_entry(client):
    game = new_game(client)
    ruling = client.post(f"/api/games/{game['id']}/events", json=event("p1", points=2),
                         headers=auth(game["referee_token"]))
    assert ruling.status_code == 201
    resp = submit(client, game, "p1", revert(1, "p1"))
    error = resp.get_json()["error"]
    assert resp.status_code == 422 and error["code"] == "referee_entry" and "referee" in error["message"]
    assert head(client, game) == 1, "nothing stored"
    assert submit(client, game, "referee", revert(1, "referee", "wrong seat")).status_code == 201


def test_events_the_rules_refuse_after_a_mid_log_revert_are_named_in_every_view(client):
    game = new_game(client)
    for seat in ("p1", "p2", "p1"):
        submit(client, game, seat, event(seat, points=2))
    submit(client, game, "p2", {**event("p2", "secret", value=41)})
    summary = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()
    assert summary["view"]["inert"] == {}
    assert submit(client, game, "referee", revert(2, "referee", "dice were cocked")).status_code == 201
    view = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()["view"]
    assert view["inert"]["3"]["status"] == "refused_now"
    assert view["inert"]["3"]["violations"][0] == {"code": "not_your_turn", "message": "It is p2's turn.",
                                                  "rule": "Tally test rules, taking turns", "overridable": True}
    assert "4" not in view["inert"], "p2's secret still takes effect"
    # The next add is checked against the game as it now stands: p2's turn.
    assert submit(client, game, "p1", event("p1", points=1)).status_code == 422
    assert submit(client, game, "p2", event("p2", points=1)).status_code == 201
    view = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p2"])).get_json()["view"]
    assert list(view["inert"]) == ["3"] and view["state"]["seats"]["p2"]["score"] == 1


def test_an_event_that_now_changes_nothing_is_named_and_its_secret_stays_hidden(client):
    game = new_game(client)
    submit(client, game, "p2", event("p2", "secret", value=7))
    submit(client, game, "p1", event("p1", points=1))
    submit(client, game, "p2", event("p2", "secret", value=7))   # the same number again
    submit(client, game, "referee", revert(2, "referee", "wrong seat"))
    ref = client.get(f"/api/games/{game['id']}", headers=auth(game["referee_token"])).get_json()["view"]
    assert ref["inert"] == {"3": {"status": "no_effect"}}
    p1 = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()["view"]
    assert p1["inert"] == {"3": {"status": "no_effect"}} and "7" not in str(p1)


def test_state_at_any_seq_for_the_referee(client):
    game = new_game(client)
    for seat in ("p1", "p2", "p1"):
        submit(client, game, seat, event(seat, points=2))
    url = f"/api/games/{game['id']}/state"
    at1 = client.get(url + "?seq=1", headers=auth(game["referee_token"])).get_json()
    assert at1["seq"] == 1 and at1["head"] == 3 and at1["state"]["seats"]["p1"]["score"] == 2
    assert at1["state"]["turn"] == "p2"
    assert client.get(url + "?seq=0", headers=auth(game["referee_token"])).get_json()["state"]["turn"] == "p1"
    assert client.get(url, headers=auth(game["tokens"]["p1"])).status_code == 403
    resp = client.get(url + "?seq=4", headers=auth(game["referee_token"]))
    assert resp.status_code == 400 and "seq" in resp.get_json()["error"]["fields"]


# -- export / import -------------------------------------------------------------------------------------
def _played(client):
    game = new_game(client)
    submit(client, game, "p1", event("p1", points=3))
    submit(client, game, "p2", event("p2", points=2))
    submit(client, game, "p2", revert(2, "p2"))
    submit(client, game, "p2", event("p2", points=1))
    submit(client, game, "referee", {**event("p2", points=3), "override": {"reason": "ruling: extra turn"}})
    return game


def test_export_then_import_gives_the_same_game(client):
    game = _played(client)
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["tokens"]["p1"])).get_json()
    assert exported["format"] == "tablewarden-game" and [e["seq"] for e in exported["events"]] == [1, 2, 3, 4, 5]
    resp = client.post("/api/games/import", json=exported)
    assert resp.status_code == 201, resp.get_json()
    new = resp.get_json()
    assert new["id"] != game["id"] and new["head"] == 5
    old_state = client.get(f"/api/games/{game['id']}/state", headers=auth(game["referee_token"])).get_json()["state"]
    new_state = client.get(f"/api/games/{new['id']}/state", headers=auth(new["referee_token"])).get_json()["state"]
    assert new_state == old_state and new_state["seats"]["p2"]["score"] == 4


def test_import_rejects_a_tampered_log(client):
    game = _played(client)
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["tokens"]["p1"])).get_json()
    exported["events"][4]["override"] = None  # drop the referee's override: p2 played twice in a row
    resp = client.post("/api/games/import", json=exported)
    err = resp.get_json()["error"]
    assert resp.status_code == 422 and err["code"] == "import_rejected"
    assert err["rule"] == "Tally test rules, taking turns"


@pytest.mark.parametrize("tamper,field", [
    (lambda ex: ex["events"][1].update(seq=7), "events[1].seq"),
    (lambda ex: ex["events"][1].update(id=ex["events"][0]["id"]), "events[1].id"),
    (lambda ex: ex["events"][0].update(by="p4"), "events[0].by"),
])
def test_import_rejects_broken_logs(client, tamper, field):
    exported = client.get(f"/api/games/{(g := _played(client))['id']}/export", headers=auth(g["tokens"]["p1"])).get_json()
    tamper(exported)
    resp = client.post("/api/games/import", json=exported)
    assert resp.status_code == 422 and field in resp.get_json()["error"]["fields"]


def test_import_schema_errors_are_400(client):
    resp = client.post("/api/games/import", json={"format": "zip", "version": 1, "ruleset": "test/tally",
                                                  "setup": {}, "events": [{"seq": "one"}]})
    fields = resp.get_json()["error"]["fields"]
    assert resp.status_code == 400 and "format" in fields and "events.0.seq" in fields


def test_import_revert_of_unknown_event_is_rejected(client):
    exported = client.get(f"/api/games/{(g := _played(client))['id']}/export", headers=auth(g["tokens"]["p1"])).get_json()
    exported["events"][2]["data"]["seq"] = 5
    resp = client.post("/api/games/import", json=exported)
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "import_rejected"


# -- robustness -----------------------------------------------------------------------------------------
class Broken(Ruleset):
    """A ruleset whose checks raise: a bug, which the server answers 500 with an error id, never as a refusal."""

    id = "test/broken"
    title = "Broken"

    def event_types(self):
        return [{"type": "boom", "label": "Boom", "fields": {}}]

    def new_game(self, setup):
        return {"seats": {"p1": {}, "p2": {}}}

    def check_event(self, state, event):
        raise RuntimeError("bug in the rules")

    def apply_event(self, state, event):
        return []

    def suggest(self, state, seat):
        raise RuntimeError("bug in suggest")

    def outcome(self, state):
        return None


registry.register(Broken())


def _logged_failure(caplog, error_id: str):
    """The log record of the failure with this error id (its stack trace is there, not in the reply)."""
    found = [r for r in caplog.records if error_id in r.getMessage()]
    assert len(found) == 1 and found[0].exc_info, f"error {error_id} is not in the server log with its trace"
    return found[0]


def test_engine_exceptions_are_500_with_an_error_id_the_log_carries(client, caplog):
    resp = client.post("/api/games", json={"ruleset": "test/broken", "seats": [{"name": "A"}, {"name": "B"}]})
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    resp = submit(client, game, "p1", event("p1", "boom"))
    err = resp.get_json()["error"]
    assert resp.status_code == 500 and err["code"] == "internal" and err["error_id"] in err["message"]
    # A sentence for the table, the traceback for the operator: the exception's own text stays in the server log.
    assert "bug in the rules" not in resp.get_data(as_text=True) and "RuntimeError" not in resp.get_data(as_text=True)
    assert "bug in the rules" in str(_logged_failure(caplog, err["error_id"]).exc_info[1])
    assert head(client, game) == 0, "nothing was stored"
    for path in ("", "/suggestions"):  # the view's advice and the suggestions both ask the broken suggest()
        resp = client.get(f"/api/games/{game['id']}{path}", headers=auth(game["tokens"]["p1"]))
        err = resp.get_json()["error"]
        assert resp.status_code == 500 and "bug in suggest" not in resp.get_data(as_text=True)
        assert "bug in suggest" in str(_logged_failure(caplog, err["error_id"]).exc_info[1])


def test_unknown_paths_and_methods_answer_json(client):
    resp = client.get("/api/nowhere")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "not_found"
    resp = client.delete("/api/games")
    assert resp.status_code == 405 and resp.get_json()["error"]["code"] == "method_not_allowed"


def test_healthz(client):
    assert client.get("/healthz").get_json() == {"ok": True}


GARBAGE = [None, 0, "x", [], [{}], {"": None}, {"id": {}, "type": [], "by": 1}, {"data": {"points": "∞"}},
           {"id": "g", "type": "add", "by": "p1", "data": {"points": 10 ** 30}},
           {"id": "g", "type": "add", "by": "p1", "data": {"points": 1.5}},
           {"id": "g2", "type": "revert", "by": "p1", "data": {"seq": "x", "reason": 3}}]


@pytest.mark.parametrize("body", GARBAGE)
def test_garbage_never_causes_a_500_or_a_write(client, body):
    game = new_game(client)
    for url in ("/api/games", "/api/games/import", f"/api/games/{game['id']}/events",
                f"/api/games/{game['id']}/join"):
        resp = client.post(url, data=json.dumps(body), content_type="application/json",
                           headers=auth(game["tokens"]["p1"]))
        assert 400 <= resp.status_code < 500, (url, body, resp.get_json())
        assert "error" in resp.get_json()
    assert head(client, game) == 0


def test_a_flood_is_rate_limited(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                      "RATE_LIMIT_PER_SECOND": 1.0, "RATE_LIMIT_BURST": 5, "INSTANCE_PATH": str(tmp_path)})
    client = app.test_client()
    game = new_game(client)
    statuses = [submit(client, game, "p1", event("p1", "note", text="spam")).status_code for _ in range(12)]
    assert statuses[:4].count(201) == 4 and 429 in statuses
    resp = submit(client, game, "p1", event("p1", "note", text="spam"))
    assert resp.status_code == 429 and int(resp.headers["Retry-After"]) >= 1
    assert resp.get_json()["error"]["code"] == "rate_limited"
    # another seat's token is not held back by p1's flood
    assert submit(client, game, "p2", event("p2", "note", text="hello")).status_code == 201


# -- secret choices in the log (Ruleset.redact_event) ---------------------------------------------------
def test_secret_event_data_is_hidden_from_other_seats_in_the_log(client):
    game = new_game(client, options={"target": 2})
    submit(client, game, "p1", event("p1", "secret", value=640_213))
    url = f"/api/games/{game['id']}/events"
    assert client.get(url, headers=auth(game["tokens"]["p1"])).get_json()["events"][0]["data"] == {"value": 640_213}
    assert client.get(url, headers=auth(game["referee_token"])).get_json()["events"][0]["data"] == {"value": 640_213}
    theirs = client.get(url, headers=auth(game["tokens"]["p2"])).get_json()["events"][0]
    assert theirs["data"] == {"value": "hidden"} and theirs["type"] == "secret"
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["tokens"]["p2"])).get_json()
    assert exported["redacted"] is True and "640213" not in json.dumps(exported)
    resp = client.post("/api/games/import", json=exported)
    assert resp.status_code == 422 and "redacted" in resp.get_json()["error"]["fields"]
    full = client.get(f"/api/games/{game['id']}/export", headers=auth(game["referee_token"])).get_json()
    assert "redacted" not in full and full["events"][0]["data"] == {"value": 640_213}
    assert client.post("/api/games/import", json=full).status_code == 201
    # once the game is decided the ruleset opens the log to all
    submit(client, game, "p1", event("p1", points=2))
    assert client.get(url, headers=auth(game["tokens"]["p2"])).get_json()["events"][0]["data"] == {"value": 640_213}


def test_import_takes_a_log_bigger_than_one_request_but_not_unbounded(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                      "INSTANCE_PATH": str(tmp_path), "MAX_BODY_BYTES": 4096, "IMPORT_MAX_BYTES": 200_000})
    client = app.test_client()
    game = new_game(client)
    notes = [{"seq": i + 1, "id": f"n{i}", "type": "note", "by": "p1", "data": {"text": "x" * 40}} for i in range(300)]
    exported = {"format": "tablewarden-game", "version": 1, "ruleset": "test/tally",
                "setup": {"ruleset": "test/tally", "options": {}, "seats": [{"name": "A"}, {"name": "B"}]},
                "events": notes}
    assert len(json.dumps(exported)) > 4096
    resp = client.post("/api/games/import", json=exported)
    assert resp.status_code == 201 and resp.get_json()["head"] == 300
    exported["events"] = [{**n, "data": {"text": "x" * 1900}} for n in notes]
    too_big = client.post("/api/games/import", json=exported)
    assert too_big.status_code == 413 and too_big.get_json()["error"]["code"] == "import_too_large"
    assert "at most 195 KB" in too_big.get_json()["error"]["message"]
    assert submit(client, game, "p1", event("p1", "note", text="y" * 5000)).status_code == 413


def test_an_unavailable_store_is_503_not_500(app, client, monkeypatch):
    game = new_game(client)
    store = app.extensions["tablewarden"]["store"]

    def down(*args, **kwargs):
        raise StoreError("database is locked")

    monkeypatch.setattr(store, "append", down)
    app.extensions["tablewarden"]["service"].logs.cache.clear()
    resp = submit(client, game, "p1", event("p1"))
    assert resp.status_code == 503 and resp.get_json()["error"]["code"] == "storage_unavailable"
    monkeypatch.setattr(store, "seat_for_token", down)
    # A token this process never answered for waits for the store; one it has seen still reads from memory.
    assert client.get(f"/api/games/{game['id']}", headers=auth(game["referee_token"])).status_code == 503
    monkeypatch.setattr(store, "get_game", down)
    monkeypatch.setattr(store, "events", down)
    read = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"]))
    assert read.status_code == 200 and read.get_json()["head"] == 0


def test_behind_a_proxy_addresses_and_links_come_from_forwarded_headers(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                      "INSTANCE_PATH": str(tmp_path), "TRUST_PROXY": 1, "RATE_LIMIT_PER_SECOND": 0.001,
                      "RATE_LIMIT_BURST": 1})
    client = app.test_client()
    body = {"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}]}
    first = client.post("/api/games", json=body, headers={"X-Forwarded-For": "10.0.0.1",
                                                          "X-Forwarded-Proto": "https", "X-Forwarded-Host": "tw.example"})
    assert first.status_code == 201 and first.get_json()["join_url"].startswith("https://tw.example/join/")
    assert client.post("/api/games", json=body, headers={"X-Forwarded-For": "10.0.0.1"}).status_code == 429
    assert client.post("/api/games", json=body, headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 201


def test_without_a_proxy_forwarded_headers_are_ignored(tmp_path):
    """TRUST_PROXY=0 (the default): a client that writes X-Forwarded-* itself changes neither its address for
    the rate limits nor the host of join links."""
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                      "INSTANCE_PATH": str(tmp_path), "RATE_LIMIT_PER_SECOND": 0.001, "RATE_LIMIT_BURST": 1})
    client = app.test_client()
    body = {"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}]}
    first = client.post("/api/games", json=body, headers={"X-Forwarded-For": "10.0.0.1",
                                                          "X-Forwarded-Proto": "https", "X-Forwarded-Host": "tw.example"})
    assert first.status_code == 201 and first.get_json()["join_url"].startswith("http://localhost/join/")
    assert client.post("/api/games", json=body, headers={"X-Forwarded-For": "10.0.0.2"}).status_code == 429
