"""Drive a tournament and its tables' games through the Flask test client."""
from __future__ import annotations

import uuid

# Four players: name, warband and Rivals deck.
RIVALS = [("Ana", "cyrenis-razors", "cyrenis-razors-rivals"), ("Ben", "garreks-reavers", "force-of-frost"),
          ("Cai", "steelhearts-champions", "force-of-frost"), ("Dee", "spiteclaws-swarm", "breakneck-slaughter")]


def auth(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def post_tournament(client, token, etype, by, game, **data):
    r = client.post(f"/api/games/{game}/events", headers=auth(token),
                    json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def quiet_game(client, game, tokens, glory=None):
    """Set up and play a two-player Underworlds game to its end, every turn passed; `glory` scored in the first end phase."""
    glory = dict(glory or {})
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
                            ("p1", "deployed", {"finished_first": "p1"})]:
        post_tournament(client, tokens[by], etype, by, game, **data)
    for _ in range(400):
        st = client.get(f"/api/games/{game}", headers=auth(tokens["p1"])).get_json()["view"]["state"]
        if st["phase"] == "over":
            return st
        if st["step"] == "roll_off":
            post_tournament(client, tokens["p1"], "roll_off", "p1", game, purpose="first_turn", first="p1")
        elif st["step"] == "held":   # tied on glory: nobody holds an objective (the positions entered say so too)
            seat = st["held_asked"][0]
            post_tournament(client, tokens[seat], "objectives_held", seat, game, held={s: 0 for s in st["held_asked"]})
        elif st["phase"] == "end":
            seat = st["end"]["order"][st["end"]["i"]]
            if glory.get(seat):
                post_tournament(client, tokens[seat], "objective", seat, game, action="score", glory=glory.pop(seat))
            post_tournament(client, tokens[seat], "end_phase_done", seat, game)
        elif st["step"] == "power":
            seat = st["power"]["order"][st["power"]["next"]]
            post_tournament(client, tokens[seat], "power", seat, game, play="pass")
        else:
            seat = st["turn"]["seat"]
            post_tournament(client, tokens[seat], "player_action", seat, game, action="pass")
    raise AssertionError("the game did not end")


def tournament_with_players(client, players=(("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")), **settings):
    """A new tournament with these players registered and checked in: (tournament id, organiser token, {player: token})."""
    made = client.post("/api/tournaments", json={"name": "Test event", "date": "2026-12-05", **settings}).get_json()
    tid, org = made["id"], made["organiser_token"]
    tokens = {}
    for name, warband in players:
        p = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name, "warband": warband}).get_json()
        tokens[p["player"]] = p["token"]
        client.post(f"/api/tournaments/{tid}/players/{p['player']}/check-in", headers=auth(org))
    return tid, org, tokens


def link(client, tid, org, role, **kw):
    """A new staff link (`role`: judge, scorekeeper, table...) made by the organiser: its token."""
    r = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": role, **kw})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["token"]


def round_one_on_two_tables(client, players=RIVALS, device_table=2):
    """Four players on two tables (table 2 on one device), published: (tid, org, tokens, staff links, tables)."""
    made = client.post("/api/tournaments", json={"name": "Roles", "date": "2026-12-05"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    tokens = {}
    for name, warband, _deck in players:
        p = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name, "warband": warband}).get_json()
        tokens[p["player"]] = p["token"]
        client.post(f"/api/tournaments/{tid}/players/{p['player']}/check-in", headers=auth(org))
    staff = {"judge": link(client, tid, org, "judge", name="Kim"), "scorekeeper": link(client, tid, org, "scorekeeper", name="Sam"),
             "device1": link(client, tid, org, "table", table=1), "device2": link(client, tid, org, "table", table=device_table)}
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/tables/{device_table}/mode", headers=auth(org), json={"mode": "device"})
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    tables = [t["players"] for t in client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"]]
    return tid, org, tokens, staff, tables


def log_entries(client, tid, org):
    """The tournament's log, as the organiser reads it."""
    return client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
