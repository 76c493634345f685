"""Raise tokens and named counters on the fighter card (The table; Deathgorge rulebook, Tokens and
counters pg 19): one phone gives them through the engine's suggestions, the other phone sees both."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, assert_touch_targets, events, join, scroll_to

pytestmark = pytest.mark.e2e


def test_give_a_raise_token_and_a_named_counter_the_other_phone_sees_both(phones, server):
    """Tokens and counters (pg 19): a Raise token and two 'blood' counters given on Ana's phone show on Ben's."""
    game = api_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")

    card = ana.locator("[data-fighter='p1.vex']")
    card.get_by_role("button", name="Tokens & counters of Vex").click()
    dialog = ana.locator("dialog")
    expect(dialog.locator("[data-token='raise']")).to_contain_text("Raise: 0")
    # Nothing to remove yet: the engine offers no removal, so the button is off (pg 19, 'remove').
    expect(dialog.get_by_role("button", name="Remove a Raise token from Vex")).to_be_disabled()
    assert_touch_targets(ana)
    phones.shot(ana, "01-sheet")
    dialog.get_by_role("button", name="Give Vex a Raise token").click()
    expect(ben.locator("[data-fighter='p1.vex'] .badge.token")).to_have_text(["Raise"])

    card.get_by_role("button", name="Tokens & counters of Vex").click()
    dialog.get_by_label("Counter name").fill("Blood")
    dialog.get_by_role("button", name="Give Vex the named counter").click()
    expect(card.locator(".badge.token")).to_have_text(["Raise", "blood ×1"])
    card.get_by_role("button", name="Tokens & counters of Vex").click()
    expect(dialog.locator("[data-counter='blood']")).to_contain_text("blood counters: 1")
    dialog.get_by_role("button", name="Give Vex a blood counter").click()

    theirs = ben.locator("[data-fighter='p1.vex']")
    expect(theirs.locator(".badge.token")).to_have_text(["Raise", "blood ×2"])
    scroll_to(theirs)
    phones.shot(ben, "02-other-phone")
    stored = [(e["type"], e["data"]) for e in events(server, game) if e["type"] in ("token", "counter")]
    assert stored == [("token", {"fighter": "p1.vex", "token": "raise", "action": "give"}),
                      ("counter", {"fighter": "p1.vex", "name": "Blood", "action": "give", "count": 1}),
                      ("counter", {"fighter": "p1.vex", "name": "blood", "action": "give", "count": 1})]
    ben.locator("[data-tab='log']").click()
    expect(ben.locator("ol.log li[data-type='counter']").first).to_contain_text("counter given to Vex")
    phones.shot(ben, "03-log")
