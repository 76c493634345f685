"""The organiser's bookkeeping over the API, as each role would try it: time extensions and table calls, penalties,
paid status, the deck deadline; another table's player, another event's organiser, the public and hostile bodies."""
from __future__ import annotations

import csv
import io
import json

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from .tournament_helpers import auth

PLAYERS = [("Ana", "cyrenis-razors", "cyrenis-razors-rivals"), ("Ben", "garreks-reavers", "force-of-frost"),
           ("Cai", "steelhearts-champions", "force-of-frost"), ("Dee", "spiteclaws-swarm", "breakneck-slaughter")]


def _link(client, tid, org, role, **kw):
    r = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": role, **kw})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["token"]


@pytest.fixture
def day(client):
    """A published round 1 of four players with its clock running: tokens by name and role, and who sits at table 1."""
    made = client.post("/api/tournaments", json={"name": "Winter Cup", "date": "2026-12-05", "format": "rivals"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    tokens, ids = {"organiser": org}, {}
    for name, warband, deck in PLAYERS:
        p = client.post(f"/api/tournaments/{tid}/players", headers=auth(org),
                        json={"name": name, "warband": warband, "deck": deck}).get_json()
        tokens[name], ids[name] = p["token"], p["player"]
        client.post(f"/api/tournaments/{tid}/players/{p['player']}/check-in", headers=auth(org))
    tokens["judge"] = _link(client, tid, org, "judge", name="Kim")
    tokens["scorekeeper"] = _link(client, tid, org, "scorekeeper", name="Sam")
    tokens["table"] = _link(client, tid, org, "table", table=1)
    assert client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/rounds/1/timer", headers=auth(org)).status_code == 201
    view = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()
    by_id = {v: k for k, v in ids.items()}
    seats = {t["table"]: [by_id[p] for p in t["players"]] for t in view["rounds"][0]["tables"]}
    other = client.post("/api/tournaments", json={"name": "Other night", "date": "2026-12-05"}).get_json()
    tokens["other_organiser"] = other["organiser_token"]
    return {"tid": tid, "tokens": tokens, "ids": ids, "seats": seats}


def _post(client, day, who, path, body=None):
    return client.post(f"/api/tournaments/{day['tid']}{path}", headers=auth(day["tokens"].get(who)), json=body)


def _view(client, day, who=None):
    return client.get(f"/api/tournaments/{day['tid']}", headers=auth(day["tokens"].get(who))).get_json()


def _table_row(view, n):
    return next(t for t in view["rounds"][0]["tables"] if t["table"] == n)


def test_a_time_extension_reaches_that_tables_phones_the_round_tab_and_the_public_page(client, day):
    r = _post(client, day, "judge", "/rounds/1/tables/1/extend", {"minutes": 4, "reason": "a ruling took 4 minutes"})
    assert r.status_code == 201 and r.get_json()["actor"] == "judge:Kim"
    a, b = day["seats"][1]
    c, _ = day["seats"][2]
    mine = _view(client, day, a)["mine"]
    assert mine["extra_minutes"] == 4 and mine["extensions"][0]["reason"] == "a ruling took 4 minutes"
    assert _view(client, day, "table")["mine"]["extra_minutes"] == 4
    assert _view(client, day, c)["mine"]["extra_minutes"] == 0, "another table keeps the round's own time"
    staff = _table_row(_view(client, day, "scorekeeper"), 1)
    assert staff["extra_minutes"] == 4 and staff["extensions"][0]["minutes"] == 4
    public = _table_row(_view(client, day), 1)
    assert public["extra_minutes"] == 4 and "extensions" not in public, "the reason is the table's and the staff's"
    assert "a ruling took" not in json.dumps(_view(client, day, c)), "another table's player reads no reason"


def test_only_staff_extend_a_table_and_every_number_is_bounded(client, day):
    a, b = day["seats"][1]
    body = {"minutes": 4, "reason": "ruling"}
    for who in (a, "table", None, "other_organiser"):
        r = _post(client, day, who, "/rounds/1/tables/1/extend", body)
        assert r.status_code in (401, 403), (who, r.status_code)
    assert _post(client, day, "other_organiser", "/rounds/1/tables/1/extend", body).get_json()["error"]["code"] == "wrong_event"
    for bad in ({"minutes": 0, "reason": "x"}, {"minutes": 61, "reason": "x"}, {"minutes": "4", "reason": "x"},
                {"minutes": 4}, {"minutes": 4, "reason": "x" * 301}, {"minutes": 4, "reason": "x", "extra": 1}):
        assert _post(client, day, "judge", "/rounds/1/tables/1/extend", bad).status_code == 400, bad
    assert _post(client, day, "judge", "/rounds/1/tables/9/extend", body).status_code == 404
    assert _post(client, day, "judge", "/rounds/2/tables/1/extend", body).status_code == 409
    assert _post(client, day, "judge", "/rounds/1/tables/1/extend", {"minutes": 4, "reason": "  "}).status_code == 422
    for _ in range(2):
        assert _post(client, day, "judge", "/rounds/1/tables/1/extend", {"minutes": 60, "reason": "x"}).status_code == 201
    over = _post(client, day, "judge", "/rounds/1/tables/1/extend", {"minutes": 1, "reason": "x"})
    assert over.status_code == 409 and over.get_json()["error"]["code"] == "too_much_time"
    assert _view(client, day, a)["mine"]["extra_minutes"] == 120, "the refused ones changed nothing"


def test_the_staff_call_a_table_and_only_its_phones_are_told(client, day):
    a, _ = day["seats"][1]
    c, _ = day["seats"][2]
    for who in (a, "table", None):
        assert _post(client, day, who, "/rounds/1/tables/2/call", {"note": "desk"}).status_code in (401, 403), who
    assert _post(client, day, "scorekeeper", "/rounds/1/tables/2/call", {"note": "to the desk"}).status_code == 201
    assert _view(client, day, c)["mine"]["called"]["note"] == "to the desk"
    assert _view(client, day, a)["mine"]["called"] is None
    assert _post(client, day, "judge", "/rounds/1/tables/2/call", {"note": "x" * 301}).status_code == 400


def test_a_judges_penalty_moves_the_standings_and_only_its_player_reads_it(client, day):
    ana, ben = day["ids"]["Ana"], day["ids"]["Ben"]
    before = {r["player"]: r["points"] for r in _view(client, day)["standings"]}
    r = _post(client, day, "judge", f"/players/{ana}/penalties", {"kind": "points", "amount": -1, "reason": "slow play"})
    assert r.status_code == 201
    assert _post(client, day, "judge", f"/players/{ben}/penalties",
                 {"kind": "warning", "reason": "late to the table", "round": 1}).status_code == 201
    rows = {r["player"]: r for r in _view(client, day)["standings"]}
    assert rows[ana]["points"] == before[ana] - 1 and rows[ana]["adjusted"] == {"points": -1, "glory": 0}
    assert [p["reason"] for p in _view(client, day, "Ana")["me"]["penalties"]] == ["slow play"]
    assert [p["kind"] for p in _view(client, day, "Ben")["me"]["penalties"]] == ["warning"]
    for who in (None, "Ben", "table"):
        text = json.dumps(_view(client, day, who))
        assert "slow play" not in text, f"{who} reads Ana's penalty"
    staff = _view(client, day, "scorekeeper")["penalties"]
    assert [(p["name"], p["kind"]) for p in staff] == [("Ana", "points"), ("Ben", "warning")]


def test_penalties_are_the_judges_and_the_organisers_and_bounded(client, day):
    ana = day["ids"]["Ana"]
    body = {"kind": "warning", "reason": "x"}
    for who in ("scorekeeper", "Ana", "Ben", "table", None, "other_organiser"):
        assert _post(client, day, who, f"/players/{ana}/penalties", body).status_code in (401, 403), who
    assert _post(client, day, "organiser", f"/players/{ana}/penalties", body).status_code == 201
    for bad in ({"kind": "ban", "reason": "x"}, {"kind": "points", "amount": 101, "reason": "x"}, {"kind": "warning"},
                {"kind": "points", "amount": 1.5, "reason": "x"}, {"kind": "glory", "amount": 1, "reason": "x", "round": 100}):
        assert _post(client, day, "judge", f"/players/{ana}/penalties", bad).status_code == 400, bad
    for bad in ({"kind": "points", "amount": 0, "reason": "x"}, {"kind": "glory", "amount": 21, "reason": "x"},
                {"kind": "warning", "amount": 2, "reason": "x"}):
        assert _post(client, day, "judge", f"/players/{ana}/penalties", bad).status_code == 422, bad
    assert _post(client, day, "judge", "/players/p99/penalties", body).status_code == 404
    assert len(_view(client, day, "judge")["penalties"]) == 1, "the refused ones changed nothing"


def test_penalties_and_paid_status_are_exported_for_the_staff_only(client, day):
    ana = day["ids"]["Ana"]
    _post(client, day, "judge", f"/players/{ana}/penalties", {"kind": "glory", "amount": 1, "reason": "slow play"})
    _post(client, day, "scorekeeper", f"/players/{ana}/paid", {"paid": True})

    def export(who, kind):
        r = client.get(f"/api/tournaments/{day['tid']}/export/{kind}.csv", headers=auth(day["tokens"].get(who)))
        return list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    rows = export("organiser", "penalties")
    assert rows[0][:6] == ["player", "name", "round", "kind", "amount", "reason"] and rows[1][1:6] == ["Ana", "", "glory", "1", "slow play"]
    assert export(None, "penalties") == [rows[0]], "the public export lists no penalty"
    players = export("scorekeeper", "players")
    assert players[0][-1] == "paid" and {r[1]: r[-1] for r in players[1:]} == {"Ana": "yes", "Ben": "no", "Cai": "no", "Dee": "no"}
    assert "paid" not in export(None, "players")[0]
    whole = client.get(f"/api/tournaments/{day['tid']}/export.json", headers=auth(day["tokens"]["judge"])).get_json()
    assert [p["reason"] for p in whole["penalties"]] == ["slow play"]
    assert client.get(f"/api/tournaments/{day['tid']}/export.json").get_json()["penalties"] == []


def test_paid_status_is_the_desks_and_never_the_publics(client, day):
    ana = day["ids"]["Ana"]
    for who in ("judge", "Ana", "table", None, "other_organiser"):
        assert _post(client, day, who, f"/players/{ana}/paid", {"paid": True}).status_code in (401, 403), who
    for bad in ({"paid": "yes"}, {"paid": 1}, {}, {"paid": True, "more": 1}):
        assert _post(client, day, "scorekeeper", f"/players/{ana}/paid", bad).status_code == 400, bad
    assert _post(client, day, "scorekeeper", f"/players/{ana}/paid", {"paid": True}).status_code == 201
    staff = {p["name"]: p["paid"] for p in _view(client, day, "organiser")["players"]}
    assert staff == {"Ana": True, "Ben": False, "Cai": False, "Dee": False}
    assert all("paid" not in p for p in _view(client, day)["players"])
    assert all("paid" not in p for p in _view(client, day, "Ben")["players"])


def test_the_deck_deadline_is_the_organisers_and_judges_see_every_deck_before_publishing(client, day):
    for who in ("scorekeeper", "judge", "Ana", None, "other_organiser"):
        assert _post(client, day, who, "/decks/deadline", {"at": "2026-12-05T09:00:00Z"}).status_code in (401, 403), who
    for bad in ({"at": 5}, {}, {"at": "x" * 41}):
        assert _post(client, day, "organiser", "/decks/deadline", bad).status_code == 400, bad
    assert _post(client, day, "organiser", "/decks/deadline", {"at": "next tuesday"}).status_code == 422
    assert _post(client, day, "organiser", "/decks/deadline", {"at": "2026-12-05T09:00:00Z"}).status_code == 201
    assert _view(client, day)["deck_deadline"] == "2026-12-05T09:00:00Z"
    judge = {p["name"]: p.get("deck") for p in _view(client, day, "judge")["players"]}
    assert judge == {name: deck for name, _, deck in PLAYERS}, "judges check every deck before it is published"
    assert all(p.get("deck") is None for p in _view(client, day, "scorekeeper")["players"])
    ana = _view(client, day, "Ana")
    assert ana["me"]["deck"] == "cyrenis-razors-rivals" and all(p.get("deck") is None for p in ana["players"]), \
        "a player sees their own deck and no other"
    assert _post(client, day, "organiser", "/decks/deadline", {"at": None}).status_code == 201
    assert _view(client, day)["deck_deadline"] is None


FUZZ = settings(max_examples=60, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
PATHS = ["/rounds/1/tables/1/extend", "/rounds/1/tables/1/call", "/players/p1/penalties", "/players/p1/paid",
         "/decks/deadline"]
VALUES = st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.text(max_size=20) | st.lists(st.integers(), max_size=3)


@FUZZ
@given(which=st.integers(0, len(PATHS) - 1),
       body=st.dictionaries(st.sampled_from(["minutes", "reason", "note", "kind", "amount", "round", "paid", "at", "id"]),
                            VALUES, max_size=5))
def test_hostile_bodies_never_get_a_5xx(client, day, which, body):
    r = _post(client, day, "organiser", PATHS[which], body)
    assert r.status_code < 500 and b"Traceback" not in r.data, (r.status_code, r.data[:200])


STAFF = ("organiser", "scorekeeper", "judge")
EVERYONE = (*STAFF, "Ana", "Ben", "Cai", "Dee", "table", None)


def _payloads(client, day, who) -> dict[str, str]:
    """Everything a link can read of the event, each as text (a refused read is its error's text)."""
    tid, token = day["tid"], day["tokens"].get(who)
    reads = ["", "/log", "/dashboard", "/export.json", *(f"/export/{k}.csv" for k in
                                                        ("players", "pairings", "results", "standings", "penalties"))]
    return {path or "view": client.get(f"/api/tournaments/{tid}{path}", headers=auth(token)).get_data(as_text=True)
            for path in reads}


SECRETS = settings(max_examples=15, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck),
                   phases=[Phase.explicit, Phase.generate])  # no shrinking: each example reads every payload of 10 roles
ACTIONS = st.lists(st.tuples(st.sampled_from(["penalty", "extend", "paid"]), st.integers(0, 3), st.integers(0, 10**6)),
                   min_size=1, max_size=4)


@SECRETS
@given(actions=ACTIONS)
def test_a_penalty_reaches_only_the_staff_and_its_player_and_an_extension_only_its_table(client, day, actions):
    names = [n for n, _, _ in PLAYERS]
    allowed: dict[str, set] = {}   # marker -> who may read it
    for kind, i, n in actions:
        marker = f"secret{kind}{n}x"
        if kind == "penalty":
            r = _post(client, day, "judge", f"/players/{day['ids'][names[i]]}/penalties", {"kind": "warning", "reason": marker})
            readers = {*STAFF, names[i]}
        elif kind == "extend":
            table = 1 + i % 2
            r = _post(client, day, "judge", f"/rounds/1/tables/{table}/extend", {"minutes": 1, "reason": marker})
            readers = {*STAFF, *day["seats"][table], *(("table",) if table == 1 else ())}
        else:
            r = _post(client, day, "scorekeeper", f"/players/{day['ids'][names[i]]}/paid", {"paid": bool(n % 2)})
            readers = set()
        if r.status_code == 201 and readers:
            allowed[marker] = readers
    for who in EVERYONE:
        for what, text in _payloads(client, day, who).items():
            leaked = [m for m, readers in allowed.items() if m in text and who not in readers]
            assert not leaked, f"{who}'s {what} carries {leaked}"
            if who not in STAFF:
                # A player's own registration (`me`) says whether they paid; nobody else's does.
                body = json.loads(text) if what == "view" else None
                others = json.dumps(body["players"]) if body else text
                assert '"paid"' not in others and ",paid" not in others, f"{who}'s {what} carries paid status"
