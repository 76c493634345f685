"""Players in: a pasted or CSV list registered with the form's checks (and what was refused said), *Check in
all* (or the ticked players), warbands named by their printing, and a fixed table that pairings keep."""
from __future__ import annotations

from collections import Counter

import pytest

from app.tournaments import model

from .tournament_helpers import auth, tournament_with_players


@pytest.fixture
def event(client):
    made = client.post("/api/tournaments", json={"name": "Spring Cup", "date": "2026-12-05", "format": "rivals"}).get_json()
    return made["id"], made["organiser_token"]


def players(client, tid, token=None):
    return client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()["players"]


def log_size(client, tid, org):
    return len(client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"])


PASTED = """name, warband, deck
Ana, Cyreni's Razors, Cyreni's Razors Rivals Deck
Ben,garreks-reavers,force-of-frost

"Cai, the Bold", steelhearts-champions
Dee, no-such-warband
Eli
Fay, spiteclaws-swarm, Cyreni's Razors Rivals Deck
ana, cyrenis-razors
Gus\tsepulchral-guard\tForce of Frost Rivals Deck
"""


def test_a_pasted_list_registers_each_good_line_and_says_why_each_other_was_refused(client, event):
    tid, org = event
    r = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(org), json={"text": PASTED})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert [(a["line"], a["name"]) for a in body["added"]] == [(2, "Ana"), (3, "Ben"), (5, "Cai, the Bold"), (10, "Gus")]
    assert all(a["link"].endswith(f"#t={a['token']}") for a in body["added"])
    assert [(e["line"], e["name"]) for e in body["existing"]] == [(9, "Ana")]
    refused = {x["line"]: x["code"] for x in body["refused"]}
    # The heading, an unknown warband, a line without a warband, and another warband's deck (the format's rule).
    assert refused == {1: "header_line", 6: "bad_registration", 7: "invalid", 8: "deck_refused"}
    assert "no-such-warband" in next(x["message"] for x in body["refused"] if x["line"] == 6)
    listed = players(client, tid, org)
    assert [p["name"] for p in listed] == ["Ana", "Ben", "Cai, the Bold", "Gus"]
    assert [p["deck"] for p in listed] == ["cyrenis-razors-rivals", "force-of-frost", None, "force-of-frost"]
    # Each imported player's own link opens their own registration.
    me = client.get(f"/api/tournaments/{tid}", headers=auth(body["added"][1]["token"])).get_json()
    assert me["you"] == {"role": "player", "subject": body["added"][1]["player"]}


def test_a_spreadsheets_csv_file_with_its_mark_and_semicolons_is_read(client, event):
    tid, org = event
    text = "\ufeffName;Warband;Deck\r\nAna;cyrenis-razors;cyrenis-razors-rivals\r\n\"Ben; Jr\";garreks-reavers\r\n"
    body = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(org), json={"text": text}).get_json()
    assert [a["name"] for a in body["added"]] == ["Ana", "Ben; Jr"]
    assert [(x["line"], x["code"]) for x in body["refused"]] == [(1, "header_line")]


def test_an_import_is_bounded_and_only_the_desk_may_send_one(client, event):
    tid, org = event
    judge = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "judge", "name": "Kim"}).get_json()["token"]
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "scorekeeper", "name": "Sam"}).get_json()["token"]
    line = "Ana, cyrenis-razors"
    for token, status in ((None, 403), (judge, 403), ("not-a-token", 401)):
        r = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(token), json={"text": line})
        assert r.status_code == status, r.get_json()
    assert players(client, tid, org) == []
    too_many = "\n".join(f"P{i}, cyrenis-razors" for i in range(model.MAX_PLAYERS + 1))
    r = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(keeper), json={"text": too_many})
    assert r.status_code in (400, 413) and r.get_json()["error"]["code"] in ("invalid", "too_many_players")
    for bad in ({}, {"text": ""}, {"text": 5}, {"text": line, "extra": 1}, []):
        r = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(org), json=bad)
        assert r.status_code == 400, (bad, r.get_json())
    assert players(client, tid, org) == []
    r = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(keeper), json={"text": line})
    assert r.status_code == 201 and len(r.get_json()["added"]) == 1


def test_a_list_longer_than_the_room_left_is_refused_whole(client, event, monkeypatch):
    tid, org = event
    monkeypatch.setattr(model, "MAX_PLAYERS", 3)
    client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Ana", "warband": "cyrenis-razors"})
    r = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(org),
                    json={"text": "Ben, garreks-reavers\nCai, garreks-reavers\nDee, garreks-reavers"})
    assert r.status_code == 413 and r.get_json()["error"]["code"] == "too_many_players"
    assert [p["name"] for p in players(client, tid, org)] == ["Ana"]
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Ben", "warband": "garreks-reavers"})
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Cai", "warband": "garreks-reavers"})
    assert r.status_code == 201
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Dee", "warband": "garreks-reavers"})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "event_full"


def test_check_in_all_checks_in_every_registered_player_once(client, event):
    tid, org = event
    client.post(f"/api/tournaments/{tid}/players/import", headers=auth(org),
                json={"text": "Ana, cyrenis-razors\nBen, garreks-reavers\nCai, spiteclaws-swarm"})
    ids = [p["id"] for p in players(client, tid, org)]
    assert client.post(f"/api/tournaments/{tid}/players/{ids[0]}/drop", headers=auth(org), json={}).status_code == 201
    r = client.post(f"/api/tournaments/{tid}/players/check-in", headers=auth(org))
    assert r.status_code == 201 and r.get_json() == {"checked_in": ids[1:]}
    assert [p["status"] for p in players(client, tid, org)] == ["dropped", "checked_in", "checked_in"]
    before = log_size(client, tid, org)
    r = client.post(f"/api/tournaments/{tid}/players/check-in", headers=auth(org), json={})
    assert r.get_json() == {"checked_in": []} and log_size(client, tid, org) == before


def test_check_in_by_ticking_a_list(client, event):
    tid, org = event
    client.post(f"/api/tournaments/{tid}/players/import", headers=auth(org),
                json={"text": "Ana, cyrenis-razors\nBen, garreks-reavers\nCai, spiteclaws-swarm"})
    ids = [p["id"] for p in players(client, tid, org)]
    r = client.post(f"/api/tournaments/{tid}/players/check-in", headers=auth(org), json={"players": [ids[2], ids[0], ids[2]]})
    assert r.status_code == 201 and r.get_json() == {"checked_in": [ids[2], ids[0]]}
    assert [p["status"] for p in players(client, tid, org)] == ["checked_in", "registered", "checked_in"]


def test_check_in_all_refuses_other_roles_and_bad_lists_and_changes_nothing(client, event):
    tid, org = event
    made = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(org),
                       json={"text": "Ana, cyrenis-razors\nBen, garreks-reavers"}).get_json()["added"]
    judge = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "judge", "name": "Kim"}).get_json()["token"]
    before = log_size(client, tid, org)
    for token, body, status in ((made[0]["token"], {}, 403), (judge, {}, 403), (None, {}, 403),
                                (org, {"players": ["p1", "p99"]}, 404), (org, {"players": "p1"}, 400),
                                (org, {"players": ["p1"] * (model.MAX_PLAYERS + 1)}, 400), (org, {"who": 1}, 400)):
        r = client.post(f"/api/tournaments/{tid}/players/check-in", headers=auth(token), json=body)
        assert r.status_code == status, (body, r.get_json())
        assert set(r.get_json()["error"]) >= {"code", "message"}
    assert log_size(client, tid, org) == before
    assert {p["status"] for p in players(client, tid, org)} == {"registered"}


def test_a_warband_with_another_printing_is_registered_with_the_printing_named(client, event):
    tid, org = event
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Ana", "warband": "brethren-of-the-bolt"})
    assert r.status_code == 422 and "second-edition" in r.get_json()["error"]["message"]
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org),
                    json={"name": "Ana", "warband": "brethren-of-the-bolt", "printing": "no-such-printing"})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "bad_registration"
    assert players(client, tid, org) == []
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org),
                    json={"name": "Ana", "warband": "brethren-of-the-bolt", "printing": "second-edition"})
    assert r.status_code == 201, r.get_json()
    (ana,) = players(client, tid, org)
    assert ana["warband"] == "brethren-of-the-bolt" and ana["printing"] == "second-edition"


def test_a_tables_game_is_made_with_the_printing_registered(client, event):
    tid, org = event
    for name, printing in (("Ana", "second-edition"), ("Ben", "second-edition")):
        r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org),
                        json={"name": name, "warband": "brethren-of-the-bolt", "printing": printing})
        assert r.status_code == 201, r.get_json()
    client.post(f"/api/tournaments/{tid}/players/check-in", headers=auth(org))
    assert client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).status_code == 201
    r = client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    assert r.status_code == 201, r.get_json()


def test_a_player_given_a_fixed_table_is_paired_there_every_round(client):
    names = [(n, "cyrenis-razors") for n in ("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal")]
    tid, org, tokens = tournament_with_players(client, names, format="rivals", rounds=3)
    pid = list(tokens)[5]
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "scorekeeper", "name": "Sam"}).get_json()["token"]
    r = client.post(f"/api/tournaments/{tid}/players/{pid}/table", headers=auth(keeper), json={"table": 3})
    assert r.status_code == 201, r.get_json()
    assert next(p for p in players(client, tid, org) if p["id"] == pid)["fixed_table"] == 3
    seen = Counter()
    for _ in range(6):  # round 1 is drawn at random: the table holds whatever the draw
        rnd = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).get_json()["data"]
        table = next(t for t in rnd["tables"] if pid in t["players"])
        seen[table["table"]] += 1
        assert sorted(t["table"] for t in rnd["tables"]) == [1, 2, 3, 4]
    assert seen == {3: 6}


def test_a_fixed_table_past_the_rounds_tables_and_one_already_kept(client):
    names = [(n, "cyrenis-razors") for n in ("Ana", "Ben", "Cai", "Dee")]
    tid, org, tokens = tournament_with_players(client, names, format="rivals")
    a, b, c, _ = tokens
    assert client.post(f"/api/tournaments/{tid}/players/{a}/table", headers=auth(org), json={"table": 9}).status_code == 201
    r = client.post(f"/api/tournaments/{tid}/players/{b}/table", headers=auth(org), json={"table": 9})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "table_taken"
    rnd = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).get_json()["data"]
    assert next(t for t in rnd["tables"] if a in t["players"])["table"] == 9
    assert sorted(t["table"] for t in rnd["tables"]) == [1, 9]
    assert client.post(f"/api/tournaments/{tid}/players/{a}/table", headers=auth(org), json={"table": None}).status_code == 201
    rnd = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).get_json()["data"]
    assert sorted(t["table"] for t in rnd["tables"]) == [1, 2]
    for token, body, status in ((tokens[c], {"table": 2}, 403), (None, {"table": 2}, 403), (org, {"table": 0}, 400),
                                (org, {"table": "2"}, 400), (org, {}, 400)):
        r = client.post(f"/api/tournaments/{tid}/players/{c}/table", headers=auth(token), json=body)
        assert r.status_code == status, (body, r.get_json())
    r = client.post(f"/api/tournaments/{tid}/players/p99/table", headers=auth(org), json={"table": 2})
    assert r.status_code == 404


def test_the_staff_are_told_of_a_fixed_table_player_not_at_their_table_and_nobody_else_is(client):
    """Ana (table 2) and Ben (table 4) both keep a fixed table and meet in round 1: the match is at one of theirs,
    and the draft tells the staff the other keeps another; a swap that moves Cai (table 1) away is told too. Players
    and the public are not told anyone's fixed table. Once the round is done nothing is told of it."""
    names = [(n, "cyrenis-razors") for n in ("Ana", "Ben", "Cai", "Dee")]
    tid, org, tokens = tournament_with_players(client, names, format="rivals", rounds=1)
    ana, ben, cai, dee = tokens
    fixed = {ana: 2, ben: 4}
    for pid, table in fixed.items():
        assert client.post(f"/api/tournaments/{tid}/players/{pid}/table", headers=auth(org), json={"table": table}).status_code == 201
    for _ in range(20):   # round 1 is drawn at random: until Ana meets Ben
        tables = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).get_json()["data"]["tables"]
        match = next((t for t in tables if set(t["players"]) == {ana, ben}), None)
        if match:
            break
    else:
        raise AssertionError("Ana never met Ben in 20 draws")
    kept = match["table"]
    moved = next(p for p in (ana, ben) if fixed[p] != kept)

    def told(token):
        rnd = client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()["rounds"]
        return {t["table"]: t.get("off_fixed") for t in rnd[0]["tables"]} if rnd else {}
    name = {ana: "Ana", ben: "Ben", cai: "Cai"}
    assert told(org) == {kept: [{"player": moved, "name": name[moved], "fixed_table": fixed[moved]}], 1: []}
    # Cai is given table 1, where he plays; a swap then moves him to the other table.
    assert client.post(f"/api/tournaments/{tid}/players/{cai}/table", headers=auth(org), json={"table": 1}).status_code == 201
    assert told(org)[1] == []
    r = client.post(f"/api/tournaments/{tid}/rounds/1/swap", headers=auth(org), json={"a": cai, "b": moved})
    assert r.status_code == 201, r.get_json()
    at = {t: [p["name"] for p in who] for t, who in told(org).items()}
    assert at == {kept: ["Cai"], 1: [name[moved]]}
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    def link(role, **extra):
        return client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": role, **extra}).get_json()["token"]
    for staff in (link("scorekeeper", name="Sam"), link("judge", name="Kim")):
        assert {t: [p["name"] for p in who] for t, who in told(staff).items()} == at
    for token in (tokens[ana], tokens[dee], link("table", table=1), None):
        assert set(told(token).values()) == {None}, "a fixed table is the staff's to know"
    _, other_org, _ = tournament_with_players(client, names[:2], format="rivals")   # another event's organiser
    assert client.get(f"/api/tournaments/{tid}", headers=auth(other_org)).status_code in (401, 403)
    rnd = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["rounds"][0]
    for t in rnd["tables"]:
        a, b = t["players"]
        r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/result", headers=auth(org),
                        json={"winner": a, "glory": {a: 4, b: 1}})
        assert r.status_code == 201, r.get_json()
    assert set(told(org).values()) == {None}, "a round done tells nothing more"
