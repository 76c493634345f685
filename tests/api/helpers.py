"""Helpers for API tests: create a Tally game, submit events, read the head."""
from __future__ import annotations

import copy
import itertools

_ids = itertools.count(1)


def auth(token: str) -> dict:
    """Authorization header for a bearer token."""
    return {"Authorization": f"Bearer {token}"}


def new_game(client, seats=("Ana", "Ben"), **extra) -> dict:
    """POST a Tally game; returns the 201 body plus a `tokens` map seat -> token."""
    return created(client, {"ruleset": "test/tally", "seats": [{"name": n} for n in seats], **extra})


def created(client, body: dict) -> dict:
    """POST /api/games with `body`; the 201 body plus a `tokens` map seat -> token (the referee's, and a shared
    device's own token as `device`)."""
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    game["tokens"]["referee"] = game["referee_token"]
    if game.get("device_token"):
        game["tokens"]["device"] = game["device_token"]
    return game


def event(by: str, type_: str = "add", eid: str | None = None, **data) -> dict:
    """An event envelope with a fresh id."""
    if type_ == "add" and not data:
        data = {"points": 1}
    return {"id": eid or f"ev-{next(_ids)}", "type": type_, "by": by, "data": data}


def submit(client, game: dict, seat: str, envelope: dict):
    """POST an event with `seat`'s token."""
    return client.post(f"/api/games/{game['id']}/events", json=envelope, headers=auth(game["tokens"][seat]))


def head(client, game: dict) -> int:
    """The game's current head seq (read with the referee token)."""
    return client.get(f"/api/games/{game['id']}", headers=auth(game["referee_token"])).get_json()["head"]


def _set(data: dict, path: str, value) -> None:
    parts = path.split(".")
    for p in parts[:-1]:
        data = data.setdefault(p, {})
    data[parts[-1]] = value


def filled(suggestion: dict) -> dict:
    """A complete event from a suggestion: first choice for each choice field, minimum for bounds."""
    if "event" in suggestion:
        return copy.deepcopy(suggestion["event"])
    ev = copy.deepcopy(suggestion["template"])
    for path, choices in suggestion.get("choices", {}).items():
        _set(ev["data"], path, choices[0])
    for path, bound in suggestion.get("fields", {}).items():
        _set(ev["data"], path, bound.get("min", 0) if bound.get("type") == "int"
             else [] if bound.get("type") == "list" else "x")
    return ev


# -- Conquest ---------------------------------------------------------------------------------------
LINE = ["Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"]


def conquest_game(client) -> dict:
    """A Conquest game created by warlord slugs (planets and warlord numbers come from content)."""
    return created(client, {"ruleset": "conquest/core", "seats": [{"name": "Ana", "warlord": "nazdreg"},
                                                                  {"name": "Ben", "warlord": "captain-cato-sicarius"}]})


def to_command(client, game) -> None:
    """Initiative, 5 planets, two kept hands, two passes: the command phase."""
    steps = [("p1", "initiative", {"seat": "p1"})] + [("p1", "reveal_planet", {"planet": n}) for n in LINE] + \
        [("p1", "mulligan", {"take": False}), ("p2", "mulligan", {"take": False}), ("p1", "pass", {}),
         ("p2", "pass", {})]
    for seat, type_, data in steps:
        resp = submit(client, game, seat, event(seat, type_, **data))
        assert resp.status_code == 201, resp.get_json()


# -- Underworlds content -------------------------------------------------------------------------
# A custom fighter record as a player types it.
FIGHTER = {"slug": "vexmor", "name": "Vexmor", "leader": True, "move": 3,
           "defence": {"dice": 1, "symbol": "dodge"}, "wounds": 5,
           "profiles": [{"name": "Claws", "range": 1, "dice": 2, "symbol": "fury", "damage": 2}]}


def typed(fighters: list[dict]) -> list[dict]:
    """The content's fighters with the numbers no source gives typed in (as the set-up form sends them)."""
    blade = {"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 1, "keywords": [], "spell": False}
    return [{**f, "move": 3, "wounds": 4, "defence": {"dice": 1, "symbol": "block"}, "profiles": [blade]} for f in fighters]

