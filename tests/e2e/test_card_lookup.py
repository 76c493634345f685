"""The cards page: look an Underworlds card up by name (facts only), filtered by rules and type, a page at a time."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


def test_look_up_a_card_by_name(phones):
    """From the start screen: a search by part of the name shows the card's type, glory, deck and set; the
    rules filter keeps to that edition's cards and a long list comes a page at a time."""
    page = phones.new("referee")
    page.goto("/")
    page.get_by_role("link", name="Look up a card").click()
    expect(page.locator("#card-status")).to_contain_text("of 1024 cards")   # the Deathgorge era's cards
    page.locator("#card-name").fill("crescendo")
    card = page.locator("#card-results li[data-card='Crashing Crescendo']")
    expect(card).to_contain_text("Objective · surge · 1 glory")
    expect(card).to_contain_text("Cyreni's Razors Rivals Deck · Deathgorge season")
    expect(page.locator("#card-results li")).to_have_count(1)
    phones.shot(page, "01-card-found")
    page.locator("#card-name").fill("great")
    page.locator("#card-type").select_option("upgrade")
    expect(page.locator("#card-results li").first).to_contain_text("costs 1 glory")
    page.locator("#card-ruleset").select_option("underworlds/shadespire")
    expect(page.locator("#card-results li[data-card='Great Fortitude']").first).to_contain_text("2017-2020 cards")
    page.locator("#card-name").fill("")
    page.locator("#card-type").select_option("")
    expect(page.locator("#card-status")).to_contain_text("20 of 1502 cards")
    page.locator("[data-action='more']").click()
    expect(page.locator("#card-results li")).to_have_count(40)
    phones.shot(page, "02-more-cards")
