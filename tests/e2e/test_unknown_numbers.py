"""Content without a fighter's numbers: the attack entry asks for them (the engine's template says which)."""
from __future__ import annotations

import re
import uuid

import pytest
import requests
from playwright.sync_api import expect

from .flows import attack_sheet, by_faces, join, roll_all

pytestmark = pytest.mark.e2e


def test_attack_asks_for_the_profile_the_content_lacks(phones, server):
    """The Harvester's Whirling Scythe (Sepulchral Guard, original cards) has no numbers in our sources: the form
    asks for Range, Dice, Damage and symbol, and the attack goes through with them."""
    reply = requests.post(f"{server.url}/api/games", json={
        "ruleset": "underworlds/deathgorge", "options": {"format": "rivals"},
        "seats": [{"name": "Ana", "warband": "sepulchral-guard"}, {"name": "Ben", "warband": "steelhearts-champions"}]})
    assert reply.status_code == 201, reply.text
    game = reply.json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
                            ("p1", "deployed", {"finished_first": "p1"}), ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"})]:
        r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                          json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
        assert r.status_code == 201, r.text
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ana.locator("[data-group='Activate The Harvester']").click()
    # Ben's three fighters: the target is picked with the action.
    ana.locator("dialog").get_by_role("button", name=re.compile(r"^Attack → ")).first.click()
    sheet = attack_sheet(ana, "The Harvester: Whirling Scythe (enter its numbers)")
    expect(sheet.locator("#attack-preview")).to_contain_text("Enter the numbers from the fighter card")
    sheet.get_by_role("radio", name="Profile: symbol: smash").click()
    sheet.get_by_role("button", name="Profile: dice: one more").click()       # 2 dice
    sheet.get_by_role("button", name="Profile: damage: one more").click()     # damage 2
    expect(sheet.locator("[data-count-key]")).to_have_count(6 + 3)   # two attack dice entered, one defence die
    by_faces(sheet)
    expect(sheet.locator("[data-count='attack']")).to_have_text("0 of 2")
    roll_all(sheet, "attack", "crit")                                           # every die critical
    roll_all(sheet, "defence", "crit")
    expect(sheet.locator("[data-preview]")).to_have_attribute("data-preview", "critical_hit")
    phones.shot(ana, "01-numbers-asked")
    sheet.get_by_role("button", name="Commit attack").click()
    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log li[data-type='attack']")).to_contain_text("The Harvester")
