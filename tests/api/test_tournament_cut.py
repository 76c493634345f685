"""The top cut over REST: who may start it and when, its rounds played and confirmed like Swiss rounds, the bracket."""
from __future__ import annotations

from .tournament_helpers import RIVALS, auth, link, quiet_game

FOUR = [(name, warband) for name, warband, _deck in RIVALS]


def one_swiss_round(client, players=FOUR, finish=True):
    """An event of one Swiss round on untracked tables, its results entered: (tid, org, tokens, staff)."""
    made = client.post("/api/tournaments", json={"name": "Cut", "date": "2026-12-05", "rounds": 1}).get_json()
    tid, org = made["id"], made["organiser_token"]
    tokens = {}
    for name, warband in players:
        p = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name, "warband": warband}).get_json()
        tokens[p["player"]] = p["token"]
        assert client.post(f"/api/tournaments/{tid}/players/{p['player']}/check-in", headers=auth(org)).status_code == 201
    staff = {"judge": link(client, tid, org, "judge", name="Kim"), "scorekeeper": link(client, tid, org, "scorekeeper", name="Sam"),
             "device": link(client, tid, org, "table", table=1)}
    draft = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).get_json()
    for t in draft["data"]["tables"]:
        client.post(f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/mode", headers=auth(org), json={"mode": "untracked"})
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    if finish:
        for t in draft["data"]["tables"]:
            a, b = t["players"]
            r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/result", headers=auth(staff["scorekeeper"]),
                            json={"winner": a, "glory": {a: 5, b: 2 + t["table"]}})
            assert r.status_code == 201, r.get_json()
    return tid, org, tokens, staff


def log_length(client, tid, org):
    return len(client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"])


def test_only_the_organiser_starts_the_cut_and_only_when_it_can_be_played(client):
    tid, org, tokens, staff = one_swiss_round(client, finish=False)
    url = f"/api/tournaments/{tid}/cut"
    r = client.post(url, headers=auth(org), json={"size": 4})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "swiss_not_finished"
    tid, org, tokens, staff = one_swiss_round(client)
    url = f"/api/tournaments/{tid}/cut"
    head = log_length(client, tid, org)
    for who in (staff["scorekeeper"], staff["judge"], staff["device"], next(iter(tokens.values()))):
        r = client.post(url, headers=auth(who), json={"size": 4})
        assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_allowed", r.get_json()
    assert client.post(url, json={"size": 4}).status_code == 403  # the public
    assert client.post(url, headers=auth("forged-token"), json={"size": 4}).status_code == 401
    for body, code in (({"size": 6}, "invalid"), ({"size": "4"}, "invalid"), ({}, "invalid"), ({"size": 4, "seeds": []}, "invalid")):
        r = client.post(url, headers=auth(org), json=body)
        assert r.status_code == 400 and r.get_json()["error"]["code"] == code, r.get_json()
    r = client.post(url, headers=auth(org), json={"size": 8})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "too_few_players"
    assert "8" in r.get_json()["error"]["message"]
    assert log_length(client, tid, org) == head, "nothing was stored"
    view = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()
    assert view["next"] == "finished" and view["cut_sizes"] == [4] and view["cut"] is None
    r = client.post(url, headers=auth(org), json={"size": 4})
    assert r.status_code == 201
    seeds = r.get_json()["data"]["seeds"]
    assert seeds == [row["player"] for row in view["standings"]]
    r = client.post(url, headers=auth(org), json={"size": 4})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "cut_started"


def test_the_cut_is_played_confirmed_and_shown_as_a_bracket(client):
    tid, org, tokens, staff = one_swiss_round(client)
    standings = client.get(f"/api/tournaments/{tid}").get_json()["standings"]
    seeds = client.post(f"/api/tournaments/{tid}/cut", headers=auth(org), json={"size": 4}).get_json()["data"]["seeds"]
    view = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()
    assert view["next"] == "pair" and view["next_name"] == "Semi-finals"
    draft = client.post(f"/api/tournaments/{tid}/rounds/2/pair", headers=auth(org)).get_json()["data"]
    assert [t["players"] for t in draft["tables"]] == [[seeds[0], seeds[3]], [seeds[1], seeds[2]]] and draft["bye"] is None
    r = client.post(f"/api/tournaments/{tid}/rounds/2/swap", headers=auth(org), json={"a": seeds[0], "b": seeds[1]})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "bad_swap"
    client.post(f"/api/tournaments/{tid}/rounds/2/tables/2/mode", headers=auth(org), json={"mode": "untracked"})
    assert client.post(f"/api/tournaments/{tid}/rounds/2/publish", headers=auth(org)).status_code == 201
    # Everyone is in a top 4 of 4; the semi-finalists see their table named for the stage.
    mine = client.get(f"/api/tournaments/{tid}", headers=auth(tokens[seeds[0]])).get_json()["mine"]
    assert mine["name"] == "Semi-finals" and mine["table"] == 1
    # Table 1 plays on its players' phones; its players confirm, nobody else can.
    a, d = seeds[0], seeds[3]
    seat = {s: client.post(f"/api/tournaments/{tid}/rounds/2/tables/1/seat", headers=auth(tokens[p])).get_json()
            for s, p in (("p1", a), ("p2", d))}
    quiet_game(client, seat["p1"]["game"], {s: v["token"] for s, v in seat.items()}, glory={"p2": 3})
    confirm = f"/api/tournaments/{tid}/rounds/2/tables/1/confirm"
    for who in (tokens[seeds[1]], tokens[seeds[2]], staff["judge"], staff["scorekeeper"], staff["device"]):
        r = client.post(confirm, headers=auth(who))
        assert r.status_code == 403, r.get_json()
    assert client.post(confirm, headers=auth(tokens[a])).status_code == 201
    assert client.post(confirm, headers=auth(tokens[d])).status_code == 201
    # A player cannot report the other table's result; a drawn result is refused; the scorekeeper enters it.
    t2 = f"/api/tournaments/{tid}/rounds/2/tables/2/result"
    b, c = seeds[1], seeds[2]
    r = client.post(t2, headers=auth(tokens[a]), json={"winner": b, "glory": {b: 4, c: 1}})
    assert r.status_code == 403
    r = client.post(t2, headers=auth(staff["scorekeeper"]), json={"winner": None, "glory": {b: 3, c: 3}})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "cut_needs_winner" and r.get_json()["error"]["rule"]
    assert client.post(t2, headers=auth(staff["scorekeeper"]), json={"winner": c, "glory": {b: 1, c: 4}}).status_code == 201
    # The final: the 4th seed (won on the table) against the 3rd.
    final = client.post(f"/api/tournaments/{tid}/rounds/3/pair", headers=auth(org)).get_json()["data"]
    assert final["tables"] == [{"table": 1, "players": [c, d]}]
    client.post(f"/api/tournaments/{tid}/rounds/3/tables/1/mode", headers=auth(org), json={"mode": "untracked"})
    client.post(f"/api/tournaments/{tid}/rounds/3/publish", headers=auth(org))
    r = client.post(f"/api/tournaments/{tid}/rounds/3/tables/1/result", headers=auth(staff["judge"]),
                    json={"winner": d, "glory": {c: 2, d: 2}, "decided_by": "ruling", "reason": "conceded"})
    assert r.status_code == 201, r.get_json()
    assert client.post(f"/api/tournaments/{tid}/rounds/4/pair", headers=auth(org)).status_code == 409
    # A semi-final's loser is not paired in the final, and is told so.
    mine = client.get(f"/api/tournaments/{tid}", headers=auth(tokens[a])).get_json()["mine"]
    assert mine["not_paired"] and mine["name"] == "Final" and "table" not in mine
    public = client.get(f"/api/tournaments/{tid}").get_json()
    assert public["standings"] == standings, "the Swiss standings stay"
    bracket = public["cut"]
    assert bracket["champion"] == d and [r["name"] for r in bracket["rounds"]] == ["Semi-finals", "Final"]
    assert [(p["place"], p["player"]) for p in bracket["placings"]] == [(1, d), (2, c), (3, a), (3, b)]
    assert [r["name"] for r in public["rounds"]] == ["Round 1", "Semi-finals", "Final"]
    assert "join_code" not in str(bracket) and "token" not in str(bracket)


def test_a_player_given_a_fixed_table_plays_every_cut_match_there(client):
    tid, org, tokens, staff = one_swiss_round(client)
    seeds = client.post(f"/api/tournaments/{tid}/cut", headers=auth(org), json={"size": 4}).get_json()["data"]["seeds"]
    r = client.post(f"/api/tournaments/{tid}/players/{seeds[2]}/table", headers=auth(staff["scorekeeper"]), json={"table": 1})
    assert r.status_code == 201
    semis = client.post(f"/api/tournaments/{tid}/rounds/2/pair", headers=auth(staff["scorekeeper"])).get_json()["data"]
    # 2 v 3 at the 3rd seed's table 1; 1 v 4, the bracket's first match, at the table left.
    assert semis["tables"] == [{"table": 1, "players": [seeds[1], seeds[2]]}, {"table": 2, "players": [seeds[0], seeds[3]]}]
    for t in (1, 2):
        client.post(f"/api/tournaments/{tid}/rounds/2/tables/{t}/mode", headers=auth(org), json={"mode": "untracked"})
    assert client.post(f"/api/tournaments/{tid}/rounds/2/publish", headers=auth(org)).status_code == 201
    mine = {p: client.get(f"/api/tournaments/{tid}", headers=auth(tokens[p])).get_json()["mine"] for p in seeds}
    assert [mine[p]["table"] for p in seeds] == [2, 1, 1, 2]
    device = client.get(f"/api/tournaments/{tid}", headers=auth(staff["device"])).get_json()["mine"]
    assert device["table"] == 1 and device["players"] == [seeds[1], seeds[2]]
    for t, winner, loser in ((2, seeds[0], seeds[3]), (1, seeds[2], seeds[1])):
        r = client.post(f"/api/tournaments/{tid}/rounds/2/tables/{t}/result", headers=auth(staff["scorekeeper"]),
                        json={"winner": winner, "glory": {winner: 5, loser: 1}})
        assert r.status_code == 201, r.get_json()
    final = client.post(f"/api/tournaments/{tid}/rounds/3/pair", headers=auth(org)).get_json()["data"]
    assert final["tables"] == [{"table": 1, "players": [seeds[0], seeds[2]]}]
    bracket = client.get(f"/api/tournaments/{tid}").get_json()["cut"]
    assert [(m["match"], m["table"], m["players"]) for m in bracket["rounds"][0]["matches"]] == [
        (1, 2, [seeds[0], seeds[3]]), (2, 1, [seeds[1], seeds[2]])]
    # The drafted final's table is told to nobody before it is published (it would tell the fixed table).
    assert [(m["table"], m["players"]) for m in bracket["rounds"][1]["matches"]] == [(None, [seeds[0], seeds[2]])]
    assert client.post(f"/api/tournaments/{tid}/rounds/3/publish", headers=auth(org)).status_code == 201
    bracket = client.get(f"/api/tournaments/{tid}").get_json()["cut"]
    assert [(m["table"], m["players"]) for m in bracket["rounds"][1]["matches"]] == [(1, [seeds[0], seeds[2]])]
