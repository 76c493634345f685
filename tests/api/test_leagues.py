"""Leagues over the API: events made in a league, standings added up by its rule (points, best N of M), a player's
link carried from one event to the next, each player's history; as the league's organiser, another league's, an
event's organiser, a player and the public would try it."""
from __future__ import annotations

from .tournament_helpers import auth


def _league(client, **body):
    r = client.post("/api/leagues", json={"name": "Store nights", **body})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def _event(client, league, name, players):
    """An event of the league with these players registered and checked in, round 1 played: (id, org, tokens by name)."""
    r = client.post(f"/api/leagues/{league['id']}/events", headers=auth(league["organiser_token"]),
                    json={"name": name, "date": "2026-12-05", "rounds": 1})
    assert r.status_code == 201, r.get_json()
    tid, org = r.get_json()["id"], r.get_json()["organiser_token"]
    _ORGS[tid] = org
    tokens, ids = {}, {}
    for name_, warband in players:
        p = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name_, "warband": warband}).get_json()
        tokens[name_], ids[name_] = p["token"], p["player"]
        client.post(f"/api/tournaments/{tid}/players/{p['player']}/check-in", headers=auth(org))
    return tid, org, tokens, ids


def _play(client, tid, org, winner_first: list[str], ids: dict):
    """Round 1 paired, published untracked, and each table won by whichever of its players comes first in the list."""
    draft = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).get_json()["data"]
    for t in draft["tables"]:
        client.post(f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/mode", headers=auth(org), json={"mode": "untracked"})
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    order = [ids[n] for n in winner_first]
    for t in draft["tables"]:
        a, b = sorted(t["players"], key=order.index)
        r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/result", headers=auth(org),
                        json={"winner": a, "glory": {a: 5, b: 2}})
        assert r.status_code == 201, r.get_json()


FOUR = [("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"), ("Dee", "spiteclaws-swarm")]


def test_a_leagues_standings_add_up_its_events_and_show_each_players_history(client):
    league = _league(client)
    one, org1, _, ids1 = _event(client, league, "December night", FOUR)
    _play(client, one, org1, ["Ana", "Ben", "Cai", "Dee"], ids1)
    two, org2, _, ids2 = _event(client, league, "January night", [("ana ", "cyrenis-razors"), *FOUR[1:]])
    _play(client, two, org2, ["Ben", "ana ", "Cai", "Dee"], ids2)
    # A bonus point in the second event counts in the league too.
    judge = client.post(f"/api/tournaments/{two}/links", headers=auth(org2), json={"role": "judge", "name": "Kim"}).get_json()["token"]
    client.post(f"/api/tournaments/{two}/players/{ids2['Dee']}/penalties", headers=auth(judge),
                json={"kind": "points", "amount": 1, "reason": "best painted"})
    view = client.get(f"/api/leagues/{league['id']}").get_json()
    assert [e["name"] for e in view["events"]] == ["December night", "January night"]
    assert view["you"] == {"organiser": False}
    rows = {r["key"]: r for r in view["standings"]}
    assert len(rows) == 4, "'ana ' is Ana: the same player in both events"
    each = {k: [h["points"] for h in r["history"]] for k, r in rows.items()}
    assert sum(each["ana"]) == rows["ana"]["total"] and len(each["ana"]) == 2
    assert rows["dee"]["history"][1]["adjusted"] == {"points": 1, "glory": 0}
    totals = [r["total"] for r in view["standings"]]
    assert totals == sorted(totals, reverse=True)
    assert all(r["total"] == sum(h["points"] for h in r["history"]) for r in view["standings"])


def test_a_best_n_league_counts_each_players_best_events(client):
    league = _league(client, rule="best", best=1, events=3)
    one, org1, _, ids1 = _event(client, league, "Night 1", FOUR[:2])
    _play(client, one, org1, ["Ana", "Ben"], ids1)
    two, org2, _, ids2 = _event(client, league, "Night 2", FOUR[:2])
    _play(client, two, org2, ["Ana", "Ben"], ids2)
    rows = {r["key"]: r for r in client.get(f"/api/leagues/{league['id']}").get_json()["standings"]}
    assert rows["ana"]["total"] == 3 and rows["ana"]["all_points"] == 6
    assert [h["counted"] for h in rows["ana"]["history"]] == [True, False]
    assert rows["ana"]["rank"] == 1 and rows["ben"]["rank"] == 2


def test_a_players_link_carries_over_to_the_leagues_next_event_and_nowhere_else(client):
    league = _league(client)
    one, _, tokens1, _ = _event(client, league, "Night 1", FOUR[:2])
    two, _, _, ids2 = _event(client, league, "Night 2", [("ANA", "cyrenis-razors"), ("Eve", "garreks-reavers")])
    view = client.get(f"/api/tournaments/{two}", headers=auth(tokens1["Ana"]))
    assert view.status_code == 200 and view.get_json()["you"] == {"role": "player", "subject": ids2["ANA"]}
    assert view.get_json()["me"]["name"] == "ANA"
    # Ben is not registered at night 2: his link opens nothing there.
    ben = client.get(f"/api/tournaments/{two}", headers=auth(tokens1["Ben"]))
    assert ben.status_code == 403 and ben.get_json()["error"]["code"] == "wrong_event"
    # An event outside the league does not take the league's links.
    made = client.post("/api/tournaments", json={"name": "Elsewhere", "date": "2026-12-05"}).get_json()
    client.post(f"/api/tournaments/{made['id']}/players", headers=auth(made["organiser_token"]),
                json={"name": "Ana", "warband": "cyrenis-razors"})
    assert client.get(f"/api/tournaments/{made['id']}", headers=auth(tokens1["Ana"])).status_code == 403
    # Staff links never carry over.
    judge = client.post(f"/api/tournaments/{one}/links", headers=auth(_org(client, league, one)),
                        json={"role": "judge", "name": "Kim"})
    assert judge.status_code == 201
    assert client.get(f"/api/tournaments/{two}/dashboard", headers=auth(judge.get_json()["token"])).status_code == 403


def _org(client, league, tid):
    """The organiser token the league's creation of this event gave (kept by the test's first call)."""
    return _ORGS[tid]


_ORGS: dict[str, str] = {}


def test_only_the_leagues_organiser_adds_its_events(client):
    league = _league(client)
    other = _league(client, name="Other store")
    body = {"name": "Night", "date": "2026-12-05"}
    assert client.post(f"/api/leagues/{league['id']}/events", json=body).status_code == 401
    assert client.post(f"/api/leagues/{league['id']}/events", headers=auth("nonsense"), json=body).status_code == 401
    wrong = client.post(f"/api/leagues/{league['id']}/events", headers=auth(other["organiser_token"]), json=body)
    assert wrong.status_code == 403 and wrong.get_json()["error"]["code"] == "wrong_league"
    event = client.post("/api/tournaments", json=body).get_json()
    assert client.post(f"/api/leagues/{league['id']}/events", headers=auth(event["organiser_token"]), json=body).status_code == 401
    assert client.get(f"/api/leagues/{league['id']}", headers=auth(other["organiser_token"])).status_code == 403
    assert client.get(f"/api/leagues/{league['id']}", headers=auth(league["organiser_token"])).get_json()["you"] == \
        {"organiser": True}
    assert client.get("/api/leagues/nope").status_code == 404
    assert client.get(f"/api/leagues/{league['id']}").get_json()["events"] == [], "the refused ones made nothing"


def test_the_next_event_is_made_with_the_previous_ones_settings(client):
    league = _league(client)
    made = client.post(f"/api/leagues/{league['id']}/events", headers=auth(league["organiser_token"]),
                       json={"name": "Night 1", "date": "2026-12-05", "rounds": 4, "format": "nemesis", "round_minutes": 50})
    assert made.status_code == 201
    settings = client.get(f"/api/leagues/{league['id']}").get_json()["events"][0]["settings"]
    assert settings["rounds"] == 4 and settings["format"] == "nemesis" and "seed" not in settings and "league" not in settings
    again = client.post(f"/api/leagues/{league['id']}/events", headers=auth(league["organiser_token"]),
                        json={**settings, "name": "Night 2", "date": "2027-01-05"})
    assert again.status_code == 201, again.get_json()
    second = client.get(f"/api/tournaments/{again.get_json()['id']}").get_json()["setup"]
    assert (second["rounds"], second["format"], second["round_minutes"], second["league"]) == (4, "nemesis", 50, league["id"])


def test_a_league_is_checked_and_bounded(client):
    for bad in ({}, {"name": ""}, {"name": "x" * 101}, {"name": "L", "rule": "elo"}, {"name": "L", "rule": "best"},
                {"name": "L", "rule": "best", "best": 0}, {"name": "L", "rule": "best", "best": 51},
                {"name": "L", "rule": "best", "best": 4, "events": 3}, {"name": "L", "best": 2},
                {"name": "L", "extra": 1}, {"name": "L", "rule": "best", "best": "2"}):
        r = client.post("/api/leagues", json=bad)
        assert r.status_code == 400, (bad, r.get_json())
    league = _league(client)
    bad = client.post(f"/api/leagues/{league['id']}/events", headers=auth(league["organiser_token"]), json={"name": ""})
    assert bad.status_code == 400
    assert client.get(f"/api/leagues/{league['id']}").get_json()["events"] == []
