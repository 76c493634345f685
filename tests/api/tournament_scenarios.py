"""Tournament scenarios run twice: on Flask's test client by the API tests (tests/api/test_tournaments.py,
test_tournament_entry_ids.py) and over HTTP against the real server process (tests/live/test_tournament_roles.py).
Each takes a client with Flask's test client's calls (post, get; status_code, get_json)."""
from __future__ import annotations

import json

from .tournament_helpers import auth, link, log_entries, quiet_game, round_one_on_two_tables


def only_a_tables_players_and_its_device_dispute_or_call_a_judge_to_it(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), (c, d) = tables
    head = len(log_entries(client, tid, org))
    t1 = f"/api/tournaments/{tid}/rounds/1/tables/1"
    for path, body in (("dispute", {"reason": "not our table"}), ("judge", {"note": "come here"})):
        for who, expected in ((tokens[c], "not_at_table"), (staff["scorekeeper"], "not_at_table"),
                              (staff["judge"], "not_at_table"), (org, "not_at_table"), (staff["device2"], "not_your_table"),
                              (None, "not_allowed")):
            r = client.post(f"{t1}/{path}", headers=auth(who), json=body)
            assert r.status_code == 403 and r.get_json()["error"]["code"] == expected, (path, r.get_json())
            assert r.get_json()["error"]["message"]
    assert len(log_entries(client, tid, org)) == head, "nothing was stored"
    # Table 1 plays on its players' phones: its number's device may call a judge there, not dispute for them.
    r = client.post(f"{t1}/dispute", headers=auth(staff["device1"]), json={"reason": "x"})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_a_device_table"
    assert client.post(f"{t1}/judge", headers=auth(staff["device1"]), json={"note": "rules question"}).status_code == 201
    assert client.post(f"{t1}/judge", headers=auth(tokens[a]), json={"note": "rules question"}).status_code == 201
    assert client.post(f"{t1}/dispute", headers=auth(tokens[b]), json={"reason": "glory miscounted"}).status_code == 201
    t2 = f"/api/tournaments/{tid}/rounds/1/tables/2"
    assert client.post(f"{t2}/dispute", headers=auth(staff["device2"]), json={"reason": "miscounted"}).status_code == 201
    entries = log_entries(client, tid, org)[head:]
    assert [(e["type"], e["actor"], e["data"]["table"]) for e in entries] == [
        ("judge_call", "table:1", 1), ("judge_call", f"player:{a}", 1), ("dispute", f"player:{b}", 1), ("dispute", "table:2", 2)]


def a_second_confirmation_of_the_same_result_is_answered_and_stored_once(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client, device_table=2)
    (a, b), _ = tables
    seat = {s: client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
            for s, p in (("p1", a), ("p2", b))}
    quiet_game(client, seat["p1"]["game"], {s: v["token"] for s, v in seat.items()}, glory={"p1": 2})
    confirm = f"/api/tournaments/{tid}/rounds/1/tables/1/confirm"
    first = client.post(confirm, headers=auth(tokens[a]))
    assert first.status_code == 201
    second = client.post(confirm, headers=auth(tokens[a]))
    assert second.status_code == 200 and second.get_json() == first.get_json()
    assert [e["actor"] for e in log_entries(client, tid, org) if e["type"] == "confirm"] == [f"player:{a}"]
    for who in (tokens[tables[1][0]], staff["device2"], staff["scorekeeper"], staff["judge"]):
        assert client.post(confirm, headers=auth(who)).status_code == 403
    assert client.post(confirm, headers=auth(tokens[b])).status_code == 201
    assert client.post(confirm, headers=auth(tokens[b])).status_code == 200, "a tap after the result is confirmed"
    assert len([e for e in log_entries(client, tid, org) if e["type"] == "confirm"]) == 2
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["status"] == "confirmed"


def only_the_organiser_accepts_a_refused_deck(client):
    made = client.post("/api/tournaments", json={"name": "Nemesis night", "date": "2026-12-05", "format": "nemesis"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    keeper = link(client, tid, org, "scorekeeper", name="Sam")
    judge = link(client, tid, org, "judge", name="Kim")
    device = link(client, tid, org, "table", table=1)
    ben = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Ben", "warband": "garreks-reavers"}).get_json()
    borrowed = {"name": "Ana", "warband": "cyrenis-razors", "deck": "thricefold-discord-rivals", "override": "borrowed deck"}
    for who in (keeper, judge, ben["token"], device):
        r = client.post(f"/api/tournaments/{tid}/players", headers=auth(who), json=borrowed)
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "override_organiser_only"
        assert r.get_json()["error"]["message"]
    assert [p["name"] for p in client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["players"]] == ["Ben"], \
        "nothing was registered"
    assert client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper), json={**borrowed, "override": None}).status_code == 422
    ok = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json=borrowed)
    assert ok.status_code == 201 and ok.get_json()["deck_problems"]


def a_disputed_result_is_settled_with_a_reason(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/dispute", headers=auth(tokens[a]), json={"reason": "miscounted"})
    result = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    head = len(log_entries(client, tid, org))
    for who in (staff["judge"], staff["scorekeeper"], org):
        for reason in ("", "   "):
            r = client.post(result, headers=auth(who), json={"winner": a, "glory": {a: 3, b: 1}, "reason": reason})
            assert r.status_code == 422 and r.get_json()["error"]["code"] == "reason_needed"
    assert len(log_entries(client, tid, org)) == head
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["status"] == "disputed"
    for who in (tokens[a], staff["device1"]):
        assert client.post(result, headers=auth(who), json={"winner": a, "glory": {a: 3, b: 1}, "reason": "x"}).status_code == 403
    ok = client.post(result, headers=auth(staff["judge"]), json={"winner": a, "glory": {a: 3, b: 1}, "reason": "recounted"})
    assert ok.status_code == 201


def a_result_must_agree_with_itself_and_the_books_rule_of_victory(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    result = f"/api/tournaments/{tid}/rounds/1/tables/1/result"
    head = len(log_entries(client, tid, org))
    for who in (staff["scorekeeper"], staff["judge"], org):
        for body, expected in (({"winner": b, "glory": {a: 5, b: 3}}, "winner_has_less_glory"),
                               ({"winner": None, "glory": {a: 5, b: 3}}, "draw_needs_equal_glory"),
                               ({"winner": a, "glory": {a: 4, b: 4}}, "tiebreak_needed"),
                               ({"winner": a, "glory": {a: 4, b: 4}, "decided_by": "objectives_held"}, "tiebreak_not_in_rules"),
                               ({"winner": None, "glory": {a: 4, b: 4}, "decided_by": "objective_value"}, "tiebreak_without_winner")):
            r = client.post(result, headers=auth(who), json=body)
            err = r.get_json()["error"]
            assert r.status_code == 422 and err["code"] == expected, (body, err)
            assert err["rule"] == "Deathgorge rulebook, Victory (pg 39)" and err["rule"] in err["message"]
    for who in (tokens[a], tokens[tables[1][0]], staff["device1"], staff["device2"]):
        assert client.post(result, headers=auth(who), json={"winner": a, "glory": {a: 5, b: 3}}).status_code == 403
    assert client.post(result, headers=auth(org), json={"winner": a, "glory": {a: 4, b: 4}, "decided_by": "coin"}).status_code == 400
    # A concession (no rule of the book) is a judge's or the organiser's ruling, with its reason; not a scorekeeper's.
    conceded = {"winner": b, "glory": {a: 5, b: 3}, "decided_by": "ruling"}
    r = client.post(result, headers=auth(staff["scorekeeper"]), json={**conceded, "reason": "Ana conceded"})
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "ruling_not_allowed"
    r = client.post(result, headers=auth(staff["judge"]), json=conceded)
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "reason_needed"
    assert len(log_entries(client, tid, org)) == head, "nothing was stored"
    assert client.post(result, headers=auth(staff["judge"]), json={**conceded, "reason": "conceded in round 2"}).status_code == 201
    level = {"winner": a, "glory": {a: 4, b: 4}, "decided_by": "objective_value", "reason": "recount"}
    assert client.post(result, headers=auth(staff["scorekeeper"]), json=level).status_code == 201
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["result"] == {
        "winner": a, "glory": {a: 4, b: 4}, "decided_by": "objective_value"}
    # The result sheet offers what the book names (and a ruling to those who may make one); players get no sheet.
    ways = {role: [w["code"] for w in client.get(f"/api/tournaments/{tid}", headers=auth(tok)).get_json()["victory"]["decided_by"]]
            for role, tok in (("scorekeeper", staff["scorekeeper"]), ("judge", staff["judge"]), ("organiser", org))}
    assert ways == {"scorekeeper": ["surviving_fighters", "objective_value"],
                    "judge": ["surviving_fighters", "objective_value", "ruling"],
                    "organiser": ["surviving_fighters", "objective_value", "ruling"]}
    assert "victory" not in client.get(f"/api/tournaments/{tid}", headers=auth(tokens[a])).get_json()


def scorekeeper_event(client):
    """A new event and a scorekeeper's link: (tournament id, organiser token, scorekeeper token)."""
    made = client.post("/api/tournaments", json={"name": "Ids Cup", "date": "2026-12-05"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org),
                         json={"role": "scorekeeper", "name": "Sam"}).get_json()["token"]
    return tid, org, keeper


def a_registrations_id_resent_under_another_name_mints_no_link(client):
    tid, org, keeper = scorekeeper_event(client)
    first = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper),
                        json={"id": "reg-1", "name": "Ana", "warband": "cyrenis-razors"})
    assert first.status_code == 201, first.get_json()
    pid, ana_first = first.get_json()["player"], first.get_json()["token"]
    replaced = client.post(f"/api/tournaments/{tid}/links/new", headers=auth(org), json={"role": "player", "player": pid})
    assert replaced.status_code == 201, replaced.get_json()
    ana = replaced.get_json()["token"]
    head = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"]
    for name in ("Zed", "Ana "):
        body = {"id": "reg-1", "name": name, "warband": "garreks-reavers" if name == "Zed" else "cyrenis-razors"}
        again = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper), json=body)
        assert again.status_code in (200, 409), again.get_json()
        assert "token" not in again.get_json() and "link" not in again.get_json(), again.get_json()
    reused = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper),
                         json={"id": "reg-1", "name": "Zed", "warband": "garreks-reavers"})
    assert reused.status_code == 409 and reused.get_json()["error"]["code"] == "id_in_use"
    assert "Ana" not in json.dumps(reused.get_json())
    # Nothing was stored, the organiser's replacement is the one working link, and the log says who replaced it.
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"] == head
    assert client.get(f"/api/tournaments/{tid}", headers=auth(ana_first)).status_code == 401
    assert client.get(f"/api/tournaments/{tid}", headers=auth(ana)).get_json()["you"]["subject"] == pid
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert [(e["type"], e["actor"]) for e in entries] == [("register", "scorekeeper:Sam"), ("new_link", "organiser")]


def an_entry_id_resent_with_another_body_is_refused_and_stores_nothing(client):
    tid, org, keeper = scorekeeper_event(client)
    pid = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper),
                      json={"name": "Ana", "warband": "cyrenis-razors"}).get_json()["player"]
    first = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(keeper),
                        json={"id": "d-1", "reason": "ill"})
    assert first.status_code == 201
    same = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(keeper), json={"id": "d-1", "reason": "ill"})
    assert same.status_code in (200, 201) and same.get_json()["seq"] == first.get_json()["seq"]
    other = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(keeper),
                        json={"id": "d-1", "reason": "left early"})
    assert other.status_code == 409 and other.get_json()["error"]["code"] == "id_in_use"
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert [e["data"].get("reason") for e in entries if e["type"] == "drop"] == ["ill"]
