"""Drive a tournament and its tables' games through the Flask test client."""
from __future__ import annotations

import uuid


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
