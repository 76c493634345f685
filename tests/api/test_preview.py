"""POST /api/games/<id>/preview (app/api/preview.py): an event's outcome without storing it."""
from __future__ import annotations

import uuid

import pytest


def fighter(slug, name):
    return {"slug": slug, "name": name, "leader": True, "move": 3, "defence": {"dice": 1, "symbol": "block"},
            "wounds": 3, "profiles": [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 2,
                                       "keywords": [], "spell": False}]}


@pytest.fixture
def game(client):
    """An Underworlds game at Ana's first activation, her fighter about to attack."""
    body = {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
            "seats": [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex")]},
                      {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok")]}]}
    g = client.post("/api/games", json=body).get_json()
    tokens = {s["seat"]: s["token"] for s in g["seats"]}
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p1", "roll_off", {"purpose": "deployment", "first": "p1"}),
                            ("p1", "deployed", {"finished_first": "p1"}), ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}),
                            ("p1", "activate", {"action": "attack", "fighter": "p1.vex"})]:
        r = client.post(f"/api/games/{g['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                        json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
        assert r.status_code == 201, r.get_json()
    return g["id"], tokens


ATTACK = {"attacker": "p1.vex", "target": "p2.rok", "profile": {"name": "Blade"},
          "attack_roll": {"crit": 1, "smash": 1}, "defence_roll": {"dodge": 1}}


def preview(client, gid, token, body):
    return client.post(f"/api/games/{gid}/preview", headers={"Authorization": f"Bearer {token}"}, json=body)


def test_preview_shows_the_outcome_and_stores_nothing(client, game):
    """The combat result and its consequences come back; the log does not move."""
    gid, tokens = game
    head = client.get(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {tokens['p1']}"}).get_json()["head"]
    r = preview(client, gid, tokens["p1"], {"type": "attack", "by": "p1", "data": ATTACK})
    assert r.status_code == 200
    body = r.get_json()
    assert body["allowed"] is True and body["violations"] == []
    resolved = next(c for c in body["consequences"] if c["type"] == "attack_resolved")
    assert resolved["data"]["result"] == "critical_hit" and resolved["rule"]
    after = client.get(f"/api/games/{gid}/events", headers={"Authorization": f"Bearer {tokens['p1']}"}).get_json()["head"]
    assert after == head


def test_preview_of_an_illegal_event_names_the_rule(client, game):
    """Ben cannot attack in Ana's activation: not allowed, with the rule, and no consequences."""
    gid, tokens = game
    data = dict(ATTACK, attacker="p2.rok", target="p1.vex")
    body = preview(client, gid, tokens["p2"], {"type": "attack", "by": "p2", "data": data}).get_json()
    assert body["allowed"] is False and body["consequences"] == []
    assert body["violations"] and all(v["rule"] for v in body["violations"])


def test_preview_checks_who_may_enter(client, game):
    """Only a token of the game, for its own seat; bad bodies and undo are refused with JSON errors."""
    gid, tokens = game
    assert preview(client, gid, tokens["p2"], {"type": "attack", "by": "p1", "data": ATTACK}).status_code == 403
    assert client.post(f"/api/games/{gid}/preview", json={"type": "attack"}).status_code == 401
    assert preview(client, gid, tokens["p1"], {"type": 5, "data": []}).status_code == 400
    r = preview(client, gid, tokens["p1"], {"type": "revert", "by": "p1", "data": {"seq": 1, "reason": "x"}})
    assert r.status_code == 400 and r.get_json()["error"]["code"] == "invalid"
    assert client.post("/api/games/nope/preview", json={}).status_code == 404
