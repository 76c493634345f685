"""A judge call closes: when a judge settles the table's result (or both players confirm it), when a ruling at the
table answers it, or by hand (a judge or the scorekeeper); then the Judge tab's count and the dashboard drop it."""
from __future__ import annotations

from .tournament_helpers import auth, round_one_on_two_tables


def table(client, tid, token, n=1):
    return next(t for t in client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()["rounds"][0]["tables"]
                if t["table"] == n)


def test_a_call_closes_when_the_judge_settles_the_result_and_the_dashboard_lets_it_go(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    t1 = f"/api/tournaments/{tid}/rounds/1/tables/1"
    assert client.post(f"{t1}/judge", headers=auth(tokens[a]), json={"note": "a die was a Dodge"}).status_code == 201
    assert table(client, tid, None)["judge_calls"] == 1
    settled = client.post(f"{t1}/result", headers=auth(staff["judge"]),
                          json={"winner": a, "glory": {a: 5, b: 3}, "reason": "corrected the attack"})
    assert settled.status_code == 201, settled.get_json()
    row = table(client, tid, staff["judge"])
    assert row["judge_calls"] == 0 and row["calls"][0]["closed"]["how"] == "settled"
    assert row["calls"][0]["closed"]["actor"] == "judge:Kim"
    dash = client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(staff["judge"])).get_json()
    assert [t["judge_calls"] for t in dash["tables"]] == [0, 0]
    # A new call after the settled one is a new call.
    assert client.post(f"{t1}/judge", headers=auth(tokens[b]), json={"note": "again"}).status_code == 201
    assert table(client, tid, None)["judge_calls"] == 1


def test_a_ruling_at_the_table_answers_the_call_and_the_scorekeepers_result_closes_the_next(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    t1 = f"/api/tournaments/{tid}/rounds/1/tables/1"
    client.post(f"{t1}/judge", headers=auth(tokens[a]), json={"note": "question"})
    ruled = client.post(f"/api/tournaments/{tid}/rulings", headers=auth(staff["judge"]),
                        json={"round": 1, "table": 1, "question": "q", "answer": "a"})
    assert ruled.status_code == 201
    assert table(client, tid, org)["judge_calls"] == 0
    client.post(f"{t1}/judge", headers=auth(tokens[b]), json={"note": "score?"})
    r = client.post(f"{t1}/result", headers=auth(staff["scorekeeper"]), json={"winner": None, "glory": {a: 2, b: 2},
                                                                             "reason": "agreed"})
    assert r.status_code == 201, r.get_json()
    assert table(client, tid, org)["judge_calls"] == 0


def test_a_call_is_closed_by_hand_by_the_staff_only(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), (c, _) = tables
    t1 = f"/api/tournaments/{tid}/rounds/1/tables/1"
    nothing = client.post(f"{t1}/judge/close", headers=auth(staff["judge"]))
    assert nothing.status_code == 409 and nothing.get_json()["error"]["code"] == "no_open_call"
    client.post(f"{t1}/judge", headers=auth(tokens[a]), json={"note": "come"})
    other, other_org, _ = round_one_on_two_tables(client)[:3]
    for token, status in ((tokens[a], 403), (tokens[c], 403), (staff["device1"], 403), (None, 403),
                          (other_org, 403), ("forged", 401)):
        r = client.post(f"{t1}/judge/close", headers=auth(token), json={"reason": "done"})
        assert r.status_code == status, (token, r.get_json())
    assert table(client, tid, None)["judge_calls"] == 1
    for bad in ({"reason": "x" * 301}, {"colour": 1}):
        assert client.post(f"{t1}/judge/close", headers=auth(staff["judge"]), json=bad).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/9/judge/close", headers=auth(staff["judge"])).status_code == 404
    r = client.post(f"{t1}/judge/close", headers=auth(staff["scorekeeper"]), json={"reason": "answered at the table"})
    assert r.status_code == 201, r.get_json()
    row = table(client, tid, org)
    assert row["judge_calls"] == 0 and row["calls"][0]["closed"]["how"] == "by_hand"
    log = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert log[-1]["type"] == "close_call" and log[-1]["actor"] == "scorekeeper:Sam"
