"""The log stays true after the referee takes back an event in the middle: what the rules now refuse is shown so."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, join, referee_phone, revert_in_log, scroll_to
from .uw_rest import post, state

pytestmark = pytest.mark.e2e


def test_entries_that_lost_their_effect_after_a_mid_log_revert_say_why(phones, server):
    """Ana moves Vex and both pass the power step; Ben puts Rok on Guard. The referee takes back Ana's Move:
    the passes and Ben's Guard now come out of turn, so every phone's log shows them as having no effect, with
    the rule, and Rok's Guard token is gone from the table."""
    game = api_game(server)
    tokens = game["tokens"]
    post(server, game["id"], tokens["p1"], "p1", "activate", action="move", fighter="p1.vex")
    for by in ("p1", "p2"):
        if state(server, game["id"], tokens[by])["state"]["step"] == "power":
            post(server, game["id"], tokens[by], by, "power", play="pass")
    post(server, game["id"], tokens["p2"], "p2", "activate", action="guard", fighter="p2.rok")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    expect(ben.locator("[data-fighter='p2.rok'] .badge.token")).to_contain_text("Guard")

    ref = referee_phone(phones, game)
    ref.locator("[data-tab='log']").click()
    move = ref.locator("ol.log li[data-type='activate']", has_text="Move").first
    move_seq = move.get_attribute("data-seq")
    revert_in_log(ref, move, "Vex had already moved")

    # Ben's phone: Guard gone from the table, his Guard entry marked with the rule that refuses it now.
    expect(ben.locator("[data-fighter='p2.rok'] .badge.token")).to_have_count(0)
    ben.locator("[data-tab='log']").click()
    guard = ben.locator("ol.log li[data-type='activate']", has_text="Guard")
    expect(guard).to_have_class("inert")
    expect(guard.locator("[data-inert='refused_now']")).to_contain_text("No longer has any effect")
    expect(guard.locator(".rule")).not_to_have_count(0)
    expect(guard).not_to_contain_text("p2.rok")     # names, not internal ids
    took_back = ben.locator("ol.log li[data-type='revert']")
    expect(took_back).to_contain_text(f"Took back #{move_seq}: Vex had already moved")
    assert int(guard.get_attribute("data-seq")) > int(move_seq)
    scroll_to(guard)
    phones.shot(ben, "01-log-after-mid-log-revert")
    # The events before the Move, and the Move itself (taken back), are not marked as inert.
    expect(ben.locator(f"ol.log li[data-seq='{move_seq}']")).to_have_class("reverted")
    expect(ben.locator("ol.log li[data-type='roll_off'].inert")).to_have_count(0)
