"""Drive an Underworlds game over REST from a test (quiet rounds to a finished game), so browser tests can
spend their time on the screens that matter (game over, the match panel) rather than on passing turns."""
from __future__ import annotations

import uuid

import requests


def post(server, game_id: str, token: str, by: str, etype: str, **data) -> dict:
    """Submit one event for a seat; it must be accepted."""
    r = requests.post(f"{server.url}/api/games/{game_id}/events", headers={"Authorization": f"Bearer {token}"},
                      json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}, timeout=10)
    assert r.status_code == 201, r.text
    return r.json()


def state(server, game_id: str, token: str) -> dict:
    """The game's state as the token's seat sees it."""
    r = requests.get(f"{server.url}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["view"]


def set_up(server, game_id: str, tokens: dict) -> None:
    """The set-up decisions (boards, do-overs, deployment) of a two-player game created without the wizard."""
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
                            ("p1", "deployed", {"finished_first": "p1"})]:
        post(server, game_id, tokens[by], by, etype, **data)


def quiet_game(server, game_id: str, tokens: dict, glory: dict | None = None) -> dict:
    """Play every round to the end: each turn passed, each power step passed, each end phase done; in the
    first end phase each seat in `glory` scores an objective worth that much. Returns the final view."""
    glory = dict(glory or {})
    any_token = next(iter(tokens.values()))
    for _ in range(400):  # a guard: three quiet rounds take about 80 events
        view = state(server, game_id, any_token)
        st = view["state"]
        if st["phase"] == "over":
            return view
        if st["phase"] == "hazard":
            hazard_phase(server, game_id, tokens)
        elif st["step"] == "roll_off":
            post(server, game_id, tokens["p1"], "p1", "roll_off", purpose="first_turn", first="p1")
        elif st["step"] == "held":   # tied on glory: nobody holds an objective (the positions entered say so too)
            seat = st["held_asked"][0]
            post(server, game_id, tokens[seat], seat, "objectives_held", held={s: 0 for s in st["held_asked"]})
        elif st["phase"] == "end":
            seat = st["end"]["order"][st["end"]["i"]]
            if glory.get(seat):
                post(server, game_id, tokens[seat], seat, "objective", action="score", glory=glory.pop(seat))
            post(server, game_id, tokens[seat], seat, "end_phase_done")
        elif st["step"] == "power":
            seat = st["power"]["order"][st["power"]["next"]]
            post(server, game_id, tokens[seat], seat, "power", play="pass")
        else:
            seat = st["turn"]["seat"]
            post(server, game_id, tokens[seat], seat, "player_action", action="pass")
    raise AssertionError("the game did not end")


def hazard_phase(server, game_id: str, tokens: dict) -> None:
    """Dreadfane's hazard phase, as the table plays it when nothing happens: draw the cards, end the phase."""
    for _ in range(10):  # a guard: a hazard phase draws at most a few cards
        view = state(server, game_id, tokens["p1"])
        if view["state"]["phase"] != "hazard":
            return
        offered = [s["event"] for s in view["advice"]["suggestions"] if s.get("event", {}).get("type") == "hazard"]
        chosen = next((e for e in offered if e["data"].get("action") == "draw"), None) or \
            next(e for e in offered if e["data"].get("action") == "end")
        post(server, game_id, tokens["p1"], "p1", "hazard", **chosen["data"])
    raise AssertionError("the hazard phase did not end")
