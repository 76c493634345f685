"""An illegal action is refused with its rule, then applied with an override and a reason (issue 5)."""
from __future__ import annotations

from playwright.sync_api import expect

from .flows import api_game, events, join


def test_refused_then_applied_anyway_with_a_reason(phones, server):
    """Inspiring outside an Inspire step is refused (Inspire, pg 6); the table applies it anyway, saying why."""
    game = api_game(server, roll_off=False)  # waiting for the first-turn roll-off: no Inspire step is open
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")

    ana.locator("[data-fighter='p1.vex']").get_by_role("button", name="Inspire Vex").click()
    dialog = ana.locator("dialog[aria-label='Not allowed by the rules']")
    expect(dialog).to_contain_text("Inspire step")
    expect(dialog).to_contain_text("Deathgorge rulebook, Inspire (pg 6)")
    phones.shot(ana, "01-refused")
    dialog.get_by_role("button", name="Apply anyway (card effect)").click()
    reason = ana.locator("dialog #reason")
    ana.locator("dialog").get_by_role("button", name="Confirm").click()   # empty reason: not accepted
    expect(reason).to_have_attribute("aria-invalid", "true")
    reason.fill("card: Inspiring Speech")
    phones.shot(ana, "02-reason")
    ana.locator("dialog").get_by_role("button", name="Confirm").click()

    expect(ben.locator("[data-fighter='p1.vex'] .badge.inspired")).to_have_text("Inspired", timeout=1000)
    stored = [e for e in events(server, game) if e["type"] == "inspire"]
    assert len(stored) == 1 and stored[0]["override"] == {"reason": "card: Inspiring Speech"}

    for phone in (ana, ben):
        phone.locator("[data-tab='log']").click()
        entry = phone.locator("ol.log li[data-type='inspire']")
        expect(entry).to_contain_text("Vex Inspired")
        expect(entry).to_contain_text("Rules overridden by the table: card: Inspiring Speech")
    refused = ana.locator("ol.log li.refused")
    expect(refused).to_contain_text("Vex Inspired")
    expect(refused).to_contain_text("Deathgorge rulebook, Inspire (pg 6)")
    phones.shot(ana, "03-log")
