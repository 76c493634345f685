"""Conquest card abilities on two phones: Ana's starter deck's Weirdboy Maniak enters play and the phone offers its
Reaction by name (one tap, nothing typed); Ben's phone reads what it did and gets his shield opportunity for the
1 damage dealt to every other unit at the planet; his "No shield" places it (his 1-HP Scout is destroyed). Screens go to artifacts/screens/."""
from __future__ import annotations

import uuid

import pytest
import requests
from playwright.sync_api import expect

from app.content import conquest as cc

from .flows import join, tap

pytestmark = pytest.mark.e2e


def test_a_reaction_is_offered_by_name_and_applied(phones):
    url = phones.server.url
    game = requests.post(f"{url}/api/games", timeout=10, json={"ruleset": "conquest/core", "options": {}, "seats": [
        {"name": "Ana", "warlord": "nazdreg", "deck": "starter"},
        {"name": "Ben", "warlord": "captain-cato-sicarius", "deck": "starter"}]}).json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}

    def rest(by, etype, **data):
        reply = requests.post(f"{url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                              json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}, timeout=10)
        assert reply.status_code == 201, reply.json()

    def card(name):
        c = cc.card_summary(cc.pool()[name.casefold()])
        return {"name": c["name"], "type": "army", "cost": c["cost"], "attack": c["attack"], "hp": c["hp"],
                "command": c["command_icons"], "keywords": c["keywords"], "traits": c["traits"]}
    rest("p1", "initiative", seat="p1")
    for planet in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"):
        rest("p1", "reveal_planet", planet=planet)
    rest("p1", "mulligan", take=False)
    rest("p2", "mulligan", take=False)
    rest("p1", "deploy", card=card("Shoota Mob"), planet=2)
    rest("p2", "deploy", card=card("10th Company Scout"), planet=1)
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    rest("p1", "deploy", card=card("Weirdboy Maniak"), planet=1)

    offer = ana.locator("section.actions").get_by_role("button", name="Weirdboy Maniak (Reaction)", exact=True)
    expect(offer).to_be_visible()
    phones.shot(ana, "01-reaction-offered")
    tap(ana, "Weirdboy Maniak (Reaction)")
    told = ben.locator("#happened .happened-item[data-type='card_ability']")
    expect(told.locator(".headline").get_by_text("Ana: Plays Weirdboy Maniak", exact=True)).to_be_visible()
    phones.shot(ben, "02-told-of-the-reaction")
    # Ben's shield opportunity for his Scout; his "No shield" places the damage.
    tap(ben, "No shield")
    expect(ana.locator("#happened .happened-item[data-type='no_shield']")).to_be_visible()   # the damage is placed
    expect(ana.locator("section.actions").get_by_role("button", name="Weirdboy Maniak (Reaction)")).to_have_count(0)
    view = requests.get(f"{url}/api/games/{game['id']}", headers={"Authorization": f"Bearer {tokens['p1']}"},
                        timeout=10).json()["view"]["state"]
    damaged = {u["name"]: u["damage"] for u in view["units"].values() if u["at"] == 1}
    assert damaged == {"Weirdboy Maniak": 0}   # the Scout (1 HP) took its 1 damage and was destroyed
    expect(ana.locator("#happened .happened-item[data-type='no_shield']")).to_contain_text("10th Company Scout destroyed")
