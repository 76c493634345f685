"""Helpers for API tests: create a Tally game, submit events, read the head."""
from __future__ import annotations

import itertools

_ids = itertools.count(1)


def auth(token: str) -> dict:
    """Authorization header for a bearer token."""
    return {"Authorization": f"Bearer {token}"}


def new_game(client, seats=("Ana", "Ben"), **extra) -> dict:
    """POST a Tally game; returns the 201 body plus a `tokens` map seat -> token."""
    body = {"ruleset": "test/tally", "seats": [{"name": n} for n in seats], **extra}
    resp = client.post("/api/games", json=body)
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    game["tokens"]["referee"] = game["referee_token"]
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
