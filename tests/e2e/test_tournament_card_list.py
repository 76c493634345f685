"""A tournament with an organiser's dated card list: chosen when the tournament is created, and a refused deck at
registration cites the rule with the list's name and date."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import scroll_to
from .tournament_rest import open_tournament_form

pytestmark = pytest.mark.e2e


def test_registration_cites_the_organisers_card_list(phones, server):
    saved = requests.post(f"{server.url}/api/content/custom/card-list", json={
        "name": "Club list", "format": "championship", "as_of": "2026-11-01", "forbidden": ["Bitter Storm"]},
        timeout=15)
    assert saved.status_code == 201, saved.text
    org = phones.new("organiser")
    open_tournament_form(org, "Club night")
    expect(org.locator("#tournament-card-list")).to_be_hidden()
    org.locator("#tournament-format").select_option("underworlds/deathgorge|championship")
    org.locator("#tournament-card-list").fill("no-such-list")
    org.get_by_role("button", name="Create the event").click()
    expect(org.locator("#tournament-error")).to_contain_text("There is no saved card list 'no-such-list'")
    org.locator("#tournament-card-list").fill(saved.json()["id"])
    org.evaluate("window.scrollTo(0, 0)")
    phones.shot(org, "01-tournament-with-card-list")
    org.get_by_role("button", name="Create the event").click()
    expect(org.locator("#tournament-title")).to_have_text("Club night")

    org.get_by_role("tab", name="Players").click()
    expect(org.locator("#register-form")).to_contain_text("checked for championship with Club list of 2026-11-01")
    org.locator("#reg-name").fill("Ben")
    org.locator("#reg-warband").select_option("garreks-reavers")
    org.locator("#reg-deck").select_option(label="Force of Frost Rivals Deck")
    org.get_by_role("button", name="Register").click()
    problems = org.locator("#deck-problems")
    expect(problems).to_contain_text("Bitter Storm cannot be used in the Championship format")
    expect(problems.locator(".rule")).to_have_text("Rule: Deathgorge rulebook, Ways to play: Championship (pg 41); "
                                                   "Club list of 2026-11-01")
    scroll_to(problems)
    phones.shot(org, "02-deck-refused-by-the-list")
