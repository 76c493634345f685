"""Inspire on the phone (Deathgorge rulebook, Inspire pg 6): the fighter card offers Inspire only when the engine
does (the fighter's condition met, or left to the players, in an Inspire step); a card that Inspires a fighter
goes through the Table sheet, asks for the card as its reason, and is logged as an override."""
from __future__ import annotations

import uuid

import requests
from playwright.sync_api import expect

from .flows import assert_touch_targets, events, fighter, join, scroll_to


def inspire_game(server) -> dict:
    """Ana's Vex Inspires when an enemy fighter is out of action (checked by the engine); her Ash's condition is
    left to the players. The game is at the first activation, in the Inspire step before it."""
    vex = {**fighter("vex", "Vex", True), "inspire_condition": {
        "text": "An enemy fighter is out of action.", "check": {"kind": "enemy_out_of_action_at_least", "count": 1}}}
    seats = [{"name": "Ana", "warband": "custom", "fighters": [vex, fighter("ash", "Ash")]},
             {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok", True)]}]
    reply = requests.post(f"{server.url}/api/games", json={"ruleset": "underworlds/deathgorge",
                                                            "options": {"format": "rivals"}, "seats": seats})
    assert reply.status_code == 201, reply.text
    game = reply.json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p1", "roll_off", {"purpose": "deployment", "first": "p1"}),
                            ("p1", "deployed", {"finished_first": "p1"}),
                            ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"})]:
        r = requests.post(f"{server.url}/api/games/{game['id']}/events", json={"id": str(uuid.uuid4()), "type": etype,
                          "by": by, "data": data}, headers={"Authorization": f"Bearer {game['tokens'][by]}"})
        assert r.status_code == 201, r.text
    return game


def test_inspire_is_offered_only_when_legal_and_a_cards_inspire_needs_its_reason(phones, server):
    """Vex's condition is not met: no Inspire on its card; Ash's is the players' call: Inspire offered. Vex is
    Inspired by a card through the sheet, with the card as the reason, and the other phone sees it."""
    game = inspire_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")

    vex, ash = ana.locator("[data-fighter='p1.vex']"), ana.locator("[data-fighter='p1.ash']")
    expect(ash.get_by_role("button", name="Inspire Ash", exact=True)).to_be_visible()
    expect(vex.get_by_role("button", name="Inspire Vex", exact=True)).to_have_count(0)
    scroll_to(vex)
    phones.shot(ana, "01-no-inspire-for-vex")

    vex.get_by_role("button", name="Tokens & counters of Vex").click()
    dialog = ana.locator("dialog")
    expect(dialog.get_by_role("button", name="Inspire Vex by a card")).to_be_visible()
    phones.shot(ana, "02-table-sheet")
    dialog.get_by_role("button", name="Inspire Vex by a card").click()
    expect(ana.locator("dialog #reason")).to_be_visible()
    ana.locator("dialog #reason").fill("card: Inspiring Presence")
    assert_touch_targets(ana)
    phones.shot(ana, "03-reason")
    ana.locator("dialog [data-action='confirm-reason']").click()

    expect(ben.locator("[data-fighter='p1.vex'] .badge.inspired")).to_have_text("Inspired")
    expect(vex.get_by_role("button", name="Un-inspire Vex")).to_be_visible()
    stored = [e for e in events(server, game) if e["type"] == "inspire"]
    assert [(e["data"], e["override"]) for e in stored] == [({"fighter": "p1.vex"}, {"reason": "card: Inspiring Presence"})]
    scroll_to(ben.locator("[data-fighter='p1.vex']"))
    phones.shot(ben, "04-other-phone")
