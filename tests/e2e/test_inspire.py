"""Inspire on the phone (Deathgorge rulebook, Inspire pg 6): the fighter card has an Inspire button only when the
engine says it is due (a condition it checks is met, in an Inspire step); a condition in words only is the players'
call, in the fighter's Tokens & counters sheet; a card that Inspires a fighter goes through the same sheet, asks for
the card as its reason, and is logged as an override."""
from __future__ import annotations

import uuid

import pytest
import requests
from playwright.sync_api import expect

from .flows import assert_touch_targets, events, fighter, join, scroll_to

pytestmark = pytest.mark.e2e


def inspire_game(server) -> dict:
    """Ana's Vex Inspires when an enemy fighter is out of action (checked by the engine); her Ash's condition is
    left to the players. The game is at the first activation, in the Inspire step before it."""
    vex = {**fighter("vex", "Vex", True), "inspire_condition": {
        "text": "An enemy fighter is out of action.", "check": {"kind": "enemy_out_of_action_at_least", "count": 1}}}
    seats = [{"name": "Ana", "warband": "custom", "fighters": [vex, fighter("ash", "Ash")]},
             {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok", True), fighter("tor", "Tor", wounds=1)]}]
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


def post(server, game, by: str, etype: str, data: dict) -> None:
    r = requests.post(f"{server.url}/api/games/{game['id']}/events", json={"id": str(uuid.uuid4()), "type": etype,
                      "by": by, "data": data}, headers={"Authorization": f"Bearer {game['tokens'][by]}"})
    assert r.status_code == 201, r.text


def test_no_inspire_button_until_the_engine_sees_a_condition_met(phones, server):
    """Ana's first screen: no Inspire button anywhere (Vex's condition is not met, Ash's is in words only). Ash's
    condition is the players' call in its sheet; once Tor is out of action, Vex's Inspire is a button of its own."""
    game = inspire_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    vex, ash = ana.locator("[data-fighter='p1.vex']"), ana.locator("[data-fighter='p1.ash']")
    expect(vex).to_be_visible()
    expect(ana.locator("[data-action='inspire']")).to_have_count(0)
    expect(ana.locator("section.actions h2", has_text="Inspire")).to_have_count(0)
    expect(ana.locator("section.actions").get_by_role("button", name="Inspire Ash", exact=False)).to_be_hidden()
    phones.shot(ana, "01-first-screen-no-inspire")

    ash.get_by_role("button", name="Tokens & counters of Ash").click()
    dialog = ana.locator("dialog")
    expect(dialog).to_contain_text("Inspire:")
    expect(dialog.get_by_role("button", name="Inspire Vex by a card")).to_have_count(0)
    phones.shot(ana, "02-ash-condition-in-the-sheet")
    dialog.get_by_role("button", name="Ash's Inspire condition is met: Inspire").click()
    expect(ash.locator(".badge.inspired")).to_have_text("Inspired")

    post(server, game, "p1", "damage", {"fighter": "p2.tor", "amount": 1, "source": "card"})
    expect(ana.locator("[data-fighter='p2.tor'] .badge.ooa")).to_have_text("Out of action")
    expect(vex.get_by_role("button", name="Inspire Vex", exact=True)).to_be_visible()
    phones.shot(ana, "03-vex-inspire-due")
    vex.get_by_role("button", name="Inspire Vex", exact=True).click()
    expect(vex.locator(".badge.inspired")).to_have_text("Inspired")
    stored = [e for e in events(server, game) if e["type"] == "inspire"]
    assert [(e["data"], e["override"]) for e in stored] == [({"fighter": "p1.ash"}, None), ({"fighter": "p1.vex"}, None)]


def test_a_cards_inspire_needs_its_reason(phones, server):
    """Vex's condition is not met: Vex is Inspired by a card through the sheet, with the card as the reason, and the
    other phone sees it."""
    game = inspire_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")

    vex = ana.locator("[data-fighter='p1.vex']")
    expect(vex.get_by_role("button", name="Inspire Vex", exact=True)).to_have_count(0)
    scroll_to(vex)

    vex.get_by_role("button", name="Tokens & counters of Vex").click()
    dialog = ana.locator("dialog")
    expect(dialog.get_by_role("button", name="Inspire Vex by a card")).to_be_visible()
    expect(dialog.locator("[data-action='inspire-condition-met']")).to_have_count(0)   # the engine checks Vex's
    phones.shot(ana, "04-table-sheet")
    dialog.get_by_role("button", name="Inspire Vex by a card").click()
    expect(ana.locator("dialog #reason")).to_be_visible()
    ana.locator("dialog #reason").fill("card: Inspiring Presence")
    assert_touch_targets(ana)
    phones.shot(ana, "05-reason")
    ana.locator("dialog [data-action='confirm-reason']").click()

    expect(ben.locator("[data-fighter='p1.vex'] .badge.inspired")).to_have_text("Inspired")
    expect(vex.get_by_role("button", name="Un-inspire Vex")).to_be_visible()
    stored = [e for e in events(server, game) if e["type"] == "inspire"]
    assert [(e["data"], e["override"]) for e in stored] == [({"fighter": "p1.vex"}, {"reason": "card: Inspiring Presence"})]
    scroll_to(ben.locator("[data-fighter='p1.vex']"))
    phones.shot(ben, "06-other-phone")
