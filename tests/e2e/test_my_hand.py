"""My hand: a player ticks the cards it holds on its own phone; its card picker then lists them first,
marked "in hand", and no other phone ever shows their names (engine privacy.py: a hand is secret)."""
from __future__ import annotations

from playwright.sync_api import expect

from .axe import violations
from .flows import api_game, assert_touch_targets, join, referee_phone, scroll_to, seated, tap

HELD = ("Flash Flood", "Icy Foreboding")


def deck_game(server) -> dict:
    """A Deathgorge game of two content warbands with their Rivals decks, set up over REST (first turn: Ana)."""
    return api_game(server, seats=[{"name": "Ana", "warband": "steelhearts-champions", "deck": "force-of-frost"},
                                   {"name": "Ben", "warband": "garreks-reavers", "deck": "breakneck-slaughter"}])


def test_my_hand_comes_first_in_the_card_picker_and_stays_off_the_other_phone(phones):
    """Ana says she holds two ploys; at her power step the card list shows them first, marked "in hand"; Ben's
    page and log never show either name."""
    game = deck_game(phones.server)
    ana = phones.new("ana", bypass_csp=True)                         # axe is injected below
    join(ana, game["join_code"], "p1")
    (ben,) = seated(phones, game, "p2")
    expect(ana.locator("#banner")).to_contain_text("Activation step")
    scroll_to(ana.locator("[data-suggestion='hand']"))
    phones.shot(ana, "00-my-hand-button")
    ana.locator("[data-suggestion='hand']").click()
    sheet = ana.locator("dialog[aria-label='My hand']")
    expect(sheet.locator("[data-hand-kind='power'] legend")).to_contain_text("(0 of 5)")
    search = sheet.get_by_role("searchbox", name="Search your cards")
    for name in HELD:
        search.fill(name.split()[0].lower())
        sheet.get_by_role("checkbox", name=name, exact=True).check()
    search.fill("")
    expect(sheet.locator("[data-hand-kind='power'] legend")).to_contain_text("(2 of 5)")
    phones.shot(ana, "01-my-hand")
    assert violations(ana, "my hand sheet") == []
    assert_touch_targets(ana)
    sheet.locator("[data-action='save-hand']").click()
    expect(sheet).to_have_count(0)

    tap(ana, "Pass (forfeit the activation)")                        # on to Ana's power step
    ana.locator("section.actions .group", has=ana.get_by_role("heading", name="Power step", exact=True)) \
        .locator("[data-action='pick-card']").click()
    picker = ana.locator("dialog[aria-label='Cards by name']")
    first = picker.locator("button[data-card]")
    expect(first.nth(0)).to_contain_text("in hand")
    expect(first.nth(1)).to_contain_text("in hand")
    assert {first.nth(0).get_attribute("data-card"), first.nth(1).get_attribute("data-card")} == set(HELD)
    expect(first.nth(2)).not_to_contain_text("in hand")
    phones.shot(ana, "02-card-picker-in-hand-first")
    picker.get_by_role("button", name="Cancel").click()
    ana.locator("[data-suggestion='hand']").click()                  # reopened: what she said is still ticked
    for name in HELD:
        expect(sheet.get_by_role("checkbox", name=name, exact=True)).to_be_checked()
    sheet.get_by_role("button", name="Cancel").click()

    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log")).to_contain_text(f"Cards in hand noted: {HELD[0]}")   # her own log names them
    ben.locator("[data-tab='log']").click()
    expect(ben.locator("ol.log")).to_contain_text("Cards in hand noted")
    phones.shot(ben, "03-other-phone-log")
    for tab in ("log", "table", "game"):
        ben.locator(f"[data-tab='{tab}']").click()
        text = ben.locator("body").inner_text()
        assert not any(name in text for name in HELD), text
    html = ben.content()
    assert not any(name in html for name in HELD)


def test_the_referee_sees_the_hand_of_the_seat_it_enters_for_and_no_other_phone_can_wipe_it(phones):
    """Ana ticks two cards; the referee, entering for Ana, opens "Ana's hand" with both ticked (the referee sees
    every hand), so saving there keeps what Ana said instead of storing an empty hand."""
    game = deck_game(phones.server)
    (ana,) = seated(phones, game, "p1")
    expect(ana.locator("#banner")).to_contain_text("Activation step")
    scroll_to(ana.locator("[data-suggestion='hand']"))
    ana.locator("[data-suggestion='hand']").click()
    sheet = ana.locator("dialog[aria-label='My hand']")
    search = sheet.get_by_role("searchbox", name="Search your cards")
    for name in HELD:
        search.fill(name.split()[0].lower())
        sheet.get_by_role("checkbox", name=name, exact=True).check()
    sheet.locator("[data-action='save-hand']").click()
    expect(sheet).to_have_count(0)

    ref = referee_phone(phones, game)
    ref.get_by_role("radiogroup", name="Referee enters events for").get_by_role("radio", name="Ana").click()
    scroll_to(ref.locator("[data-suggestion='hand']"))
    ref.locator("[data-suggestion='hand']").click()
    theirs = ref.locator("dialog[aria-label=\"Ana's hand\"]")
    expect(theirs.locator("[data-hand-kind='power'] legend")).to_contain_text("(2 of 5)")
    for name in HELD:
        expect(theirs.get_by_role("checkbox", name=name, exact=True)).to_be_checked()
    phones.shot(ref, "04-referee-sees-anas-hand")
    theirs.locator("[data-action='save-hand']").click()
    expect(theirs).to_have_count(0)
    ref.locator("[data-suggestion='hand']").click()
    for name in HELD:
        expect(theirs.get_by_role("checkbox", name=name, exact=True)).to_be_checked()
