"""My hand: a player ticks the cards it holds on its own phone; its card picker then lists them first,
marked "in hand", and no other phone ever shows their names (engine privacy.py: a hand is secret)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .axe import violations
from .flows import api_game, assert_touch_targets, fighter, join, referee_phone, scroll_to, seated, tap
from .uw_rest import post, state

pytestmark = pytest.mark.e2e

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


def _to_end_phase(server, game):
    """Every activation and power step passed over REST until the end phase."""
    for _ in range(40):
        st = state(server, game["id"], game["referee_token"])["state"]
        if st["phase"] == "end":
            return
        if st["step"] == "power":
            seat = st["power"]["order"][st["power"]["next"]]
            post(server, game["id"], game["tokens"][seat], seat, "power", play="pass")
        else:
            seat = st["turn"]["seat"]
            post(server, game["id"], game["tokens"][seat], seat, "player_action", action="pass")
    raise AssertionError("no end phase")


def test_after_the_end_phase_draw_the_picker_asks_only_for_the_cards_drawn(phones):
    """Ana said her whole hand; in the end phase she scores Biting Wind and discards Icy Foreboding, then draws up
    (End phase, steps 5-6: Deathgorge rulebook pg 38). Her hand button says what she drew and the sheet lists only
    cards she could have drawn, one of each kind to tick, keeping the rest: two taps for two cards (the sheet saves
    by itself once both are named), and her whole hand is then told again."""
    server = phones.server
    game = deck_game(server)
    objectives = ["Biting Wind", "Bitter Storm", "Break the Ice"]
    power = ["Flash Flood", "Icy Foreboding", "Falling Shards", "Time Freeze", "Armour of Ice"]
    post(server, game["id"], game["tokens"]["p1"], "p1", "hand", objectives=objectives, power=power)
    _to_end_phase(server, game)
    post(server, game["id"], game["tokens"]["p1"], "p1", "objective", action="score", card="Biting Wind")
    post(server, game["id"], game["tokens"]["p1"], "p1", "discard_power", card="Icy Foreboding")
    post(server, game["id"], game["tokens"]["p1"], "p1", "end_phase_done")
    (ana,) = seated(phones, game, "p1")
    button = ana.locator("[data-suggestion='hand']")
    expect(button).to_have_text("You drew 1 objective and 1 power card: which?")
    scroll_to(button)
    button.click()
    sheet = ana.locator("dialog[aria-label='My hand']")
    expect(sheet.locator("[data-hand-drawn]")).to_contain_text("Still held: Bitter Storm, Break the Ice, Flash Flood")
    expect(sheet.locator("[data-hand-kind='objectives'] legend")).to_have_text("Objective cards drawn (0 of 1)")
    expect(sheet.locator("[data-hand-kind='power'] legend")).to_have_text("Power cards drawn (0 of 1)")
    listed = sheet.locator("[data-hand-card]").evaluate_all("els => els.map(e => e.dataset.handCard)")
    assert not set(listed) & {*objectives, *power}, listed   # held, scored or discarded: not to tick again
    phones.shot(ana, "05-which-cards-did-you-draw")
    assert_touch_targets(ana)
    sheet.get_by_role("checkbox", name="Cold Snap", exact=True).check()
    expect(sheet.get_by_role("checkbox", name="Ice Age", exact=True)).to_be_disabled()   # one objective drawn
    sheet.get_by_role("checkbox", name="Frozen to the Spot", exact=True).click()
    expect(sheet).to_have_count(0)                                   # both cards drawn named: saved by itself
    expect(button).to_have_text("Which cards I hold")
    button.click()
    held = [*objectives[1:], "Cold Snap", "Flash Flood", "Falling Shards", "Time Freeze", "Armour of Ice", "Frozen to the Spot"]
    for name in held:
        expect(sheet.get_by_role("checkbox", name=name, exact=True)).to_be_checked()
    expect(sheet.locator("[data-hand-kind='power'] legend")).to_contain_text("(5 of 5)")


def test_cards_not_held_are_small_beside_the_one_held(phones):
    """Ben took Vex, Ana's leader, out of action (a card's damage); in Ben's end phase two objectives of his deck are
    met (There is Only Slaughter: no fighter holds an objective token; A Worthy Skull: his warband took an enemy
    leader out in the action phase). Before he says his hand both are full-size buttons; once he says he holds There is Only Slaughter, it is
    the one full-size button and the other is small, under 'Not in your hand'."""
    server = phones.server
    game = api_game(server, seats=[{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex", True)]},
                                   {"name": "Ben", "warband": "custom", "deck": "garreks-reavers-shadespire",
                                    "fighters": [fighter("rok", "Rok", True)]}],
                    options={"deck_override": {"reason": "our Shadespire cards"}})
    post(server, game["id"], game["tokens"]["p2"], "p2", "damage", fighter="p1.vex", amount=3, source="card")
    _to_end_phase(server, game)
    post(server, game["id"], game["tokens"]["p1"], "p1", "end_phase_done")
    (ben,) = seated(phones, game, "p2")
    group = ben.locator("section.actions .group", has=ben.get_by_role("heading", name="Objective met", exact=True))
    met = group.locator("[data-suggestion='objective']", has_text=re.compile(r": met$"))
    expect(met).to_have_count(2)
    assert set(met.evaluate_all("els => els.map(e => e.className)")) == {"btn primary"}
    post(server, game["id"], game["tokens"]["p2"], "p2", "hand", objectives=["There is Only Slaughter"])
    quiet = group.locator("[data-not-held] [data-suggestion='objective']")
    expect(quiet).to_have_count(1)
    assert set(quiet.evaluate_all("els => els.map(e => e.className)")) == {"btn ghost small"}
    expect(quiet).to_contain_text("A Worthy Skull")
    held = group.locator("[data-suggestion='objective']:not([data-not-held] *)", has_text="There is Only Slaughter")
    expect(held).to_have_class("btn primary")
    scroll_to(group)
    phones.shot(ben, "06-held-objective-full-others-small")
