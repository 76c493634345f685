"""During the rounds: a call of time taken back (by the desk only), and the dashboard of a tracked game that is
over: it says the table is waiting for confirmation and gives the staff the game's outcome to settle from."""
from __future__ import annotations

from .tournament_helpers import auth, log_entries, quiet_game, round_one_on_two_tables


def test_a_call_of_time_is_taken_back_by_the_desk_only(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    base = f"/api/tournaments/{tid}/rounds/1"
    r = client.post(f"{base}/time-called/withdraw", headers=auth(org))
    assert r.status_code == 409, r.get_json()  # no clock yet, nothing called
    assert client.post(f"{base}/timer", headers=auth(org), json={}).status_code == 201
    r = client.post(f"{base}/time-called/withdraw", headers=auth(org))
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "not_called"
    assert client.post(f"{base}/time-called", headers=auth(staff["scorekeeper"]), json={}).status_code == 201
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["timer"]["called_at"]
    head = len(log_entries(client, tid, org))
    for who, status in ((tokens[tables[0][0]], 403), (staff["judge"], 403), (staff["device1"], 403), (None, 403),
                        ("forged", 401)):
        r = client.post(f"{base}/time-called/withdraw", headers=auth(who))
        assert r.status_code == status, r.get_json()
    assert client.post(f"{base}/time-called/withdraw", headers=auth(org), json={"extra": 1}).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/rounds/2/time-called/withdraw", headers=auth(org)).status_code == 409
    assert len(log_entries(client, tid, org)) == head
    r = client.post(f"{base}/time-called/withdraw", headers=auth(staff["scorekeeper"]))
    assert r.status_code == 201 and r.get_json()["type"] == "time_withdrawn"
    timer = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["timer"]
    assert timer["called_at"] is None and timer["minutes"] == 75
    # Time can be called again once taken back.
    assert client.post(f"{base}/time-called", headers=auth(org), json={}).status_code == 201


def test_a_finished_game_nobody_confirmed_is_waiting_with_its_outcome_for_the_staff(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    dash = client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(staff["judge"])).get_json()
    assert dash["tables"][0]["status"] == "playing" and "outcome" not in dash["tables"][0]
    seat = {s: client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
            for s, p in (("p1", a), ("p2", b))}
    quiet_game(client, seat["p1"]["game"], {s: v["token"] for s, v in seat.items()}, glory={"p2": 3})
    dash = client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(staff["judge"])).get_json()
    row = dash["tables"][0]
    assert row["status"] == "waiting"
    assert row["outcome"] == {"winner": b, "glory": {a: 0, b: 3}}
    assert dash["tables"][1]["status"] == "playing"
    # One player disputes: the judge still sees what the game said, and the player's confirmation beside it.
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[b])).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/dispute", headers=auth(tokens[a]),
                       json={"reason": "my objective is missing"}).status_code == 201
    row = client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(staff["judge"])).get_json()["tables"][0]
    assert row["status"] == "disputed" and row["outcome"]["winner"] == b
    assert row["confirmations"] == {b: {"winner": b, "glory": {a: 0, b: 3}}}
    # The dashboard stays the staff's.
    for who in (tokens[a], staff["device1"], None):
        assert client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(who)).status_code == 403


def test_a_finished_game_nobody_confirmed_is_waiting_for_everyone_without_a_game_read(client, app, monkeypatch):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    seat = {s: client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
            for s, p in (("p1", a), ("p2", b))}
    quiet_game(client, seat["p1"]["game"], {s: v["token"] for s, v in seat.items()}, glory={"p2": 3})
    public = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"]
    assert [t["status"] for t in public] == ["waiting", "playing"]
    mine = client.get(f"/api/tournaments/{tid}", headers=auth(tokens[a])).get_json()
    assert mine["rounds"][0]["tables"][0]["status"] == "waiting"
    assert mine["mine"]["status"] == "waiting" and mine["mine"]["proposed"]["winner"] == b

    # The public view reads no game from the store: a game this process does not hold stays *Playing* until the
    # next fold of it (here the staff's dashboard) brings it into memory.
    store = app.extensions["tablewarden"]["store"]
    reads = []
    real_events = store.events
    monkeypatch.setattr(store, "events", lambda *args, **kw: reads.append(args) or real_events(*args, **kw))
    app.extensions["tablewarden"]["service"].logs.cache.clear()
    public = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"]
    assert reads == [] and [t["status"] for t in public] == ["playing", "playing"]
    client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(staff["judge"]))
    public = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"]
    assert public[0]["status"] == "waiting"

    # Confirmed by both: confirmed for everyone.
    for p in (a, b):
        assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[p])).status_code == 201
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["status"] == "confirmed"
