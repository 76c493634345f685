"""Cards by name from the real card lists: a Deathgorge game set up with no typing, a ploy picked by name from a
searchable list, and the other phone's log naming it."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import content_seat, finish_wizard, join, open_wizard, tap

pytestmark = pytest.mark.e2e


def pick_card(page, group: str, search: str, label: str):
    """In the actions of `group`, open the card list, search by part of the name and tap the card."""
    block = page.locator("section.actions .group", has=page.get_by_role("heading", name=group, exact=True))
    block.locator("[data-action='pick-card']").click()
    sheet = page.locator("dialog[aria-label='Cards by name']")
    sheet.get_by_role("searchbox", name="Search cards by name").fill(search)
    visible = sheet.locator("button[data-card]:visible")
    expect(visible).to_have_count(1)
    expect(visible).to_contain_text(label)
    return sheet, visible


def test_deathgorge_game_with_core_rivals_decks_and_cards_by_name(phones):
    """The wizard starts a Deathgorge game with two warbands and two core Rivals decks without a field to fill;
    no surge objective is offered before its condition is met; Ana plays a ploy by name (no upgrade: she has no glory
    yet), and Ben's phone shows its name in the log."""
    ana = phones.new("ana")
    open_wizard(ana, "underworlds/deathgorge", "Rivals")
    content_seat(ana, 0, "Ana", "steelhearts-champions", deck="force-of-frost")
    content_seat(ana, 1, "Ben", "garreks-reavers", deck="breakneck-slaughter")
    expect(ana.locator("[data-deck-seat='1']")).to_contain_text("32 cards")
    expect(ana.locator(".fighter-edit")).to_have_count(0)           # nothing to type
    expect(ana.locator("fieldset.seat-edit input:not([type=radio]):not([type=checkbox])")).to_have_count(2)  # names
    phones.shot(ana, "01-wizard-no-typing")
    join_code = finish_wizard(ana)
    ana.get_by_role("link", name="Go to the table").click()
    ben = phones.new("ben")
    join(ben, join_code, "p2")

    # The primary action is the one the game waits for: the roll-off, not the objective cards' list.
    roll_off = ana.locator("section.actions").get_by_role("button", name="Roll-off: who takes the first turn?", exact=False)
    expect(roll_off).to_have_class("btn primary")
    expect(ana.locator("section.actions .btn.primary")).to_have_count(1)
    roll_off.click()
    ana.locator("dialog [data-field='first']", has_text="Ana").click()
    ana.locator("dialog").get_by_role("button", name="Enter").click()
    expect(ana.locator("#banner")).to_contain_text("Activation step")

    # No surge objective is offered before its condition is met (test_cards_at_the_table.py scores one).
    expect(ana.locator("[data-suggestion='objective']", has_text="Bitter Storm")).to_have_count(0)
    tap(ana, "Pass (forfeit the activation)")

    # The power step: a ploy by name (Ben passes after it on his phone).
    expect(ana.locator("#banner")).to_contain_text("Power step")
    sheet, card = pick_card(ana, "Power step", "time fr", "Play Time Freeze")
    card.click()
    expect(ana.locator("#toast")).to_contain_text("Entered: Played Time Freeze")   # the card left the list: it went in
    tap(ben, "Pass")
    # No upgrade is offered: Ana has no glory to pay for one (no objective met yet).
    expect(ana.locator("[data-suggestion='power']", has_text="Frostwyrm Cloak")).to_have_count(0)

    ben.locator("[data-tab='log']").click()
    log = ben.locator("ol.log")
    expect(log).to_contain_text("Played Time Freeze")
    phones.shot(ben, "04-other-phone-log")
