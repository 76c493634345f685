"""The Underworlds table works for the 2019 and 2018 editions too (same renderer, the edition's rules)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .flows import api_game, create_game, go_to_table, join, tap

pytestmark = pytest.mark.e2e


def first_turn(page):
    """The first-turn roll-off, through the sheet: Ana goes first."""
    tap(page, "Roll-off: who takes the first turn?", exact=False)
    page.locator("dialog [data-field='first']", has_text="Ana").click()
    page.locator("dialog").get_by_role("button", name="Enter").click()


@pytest.mark.parametrize("ruleset", ["underworlds/dreadfane", "underworlds/shadespire"])
def test_older_editions_play_at_the_table(phones, server, ruleset):
    """A game of the older edition opens with its own steps (Dreadfane: the hazard phase first), then
    an activation goes through."""
    game = api_game(server, ruleset=ruleset, roll_off=False)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    expect(ana.locator("[data-fighter='p1.vex']")).to_be_visible()
    if ruleset.endswith("dreadfane"):
        expect(ana.locator("#banner")).to_contain_text("Hazard phase")
        phones.shot(ana, "00-hazard-phase")
        tap(ana, "Draw hazard card", exact=False)
        tap(ana, "End the hazard phase")
    first_turn(ana)
    expect(ana.locator("#banner")).to_contain_text(re.compile("Round 1 of 3.*your turn"))
    tap(ana, "Guard")
    expect(ana.locator("[data-fighter='p1.vex'] .badge.token")).to_contain_text("Guard")
    phones.shot(ana, "01-guard")


def test_wizard_offers_the_editions_own_formats(phones):
    """Dreadfane has one format and two players: the wizard offers just that, and the game starts."""
    host = phones.new("host")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("[data-ruleset='underworlds/dreadfane']").click()
    expect(host.get_by_role("radiogroup", name="Format").get_by_role("radio")).to_have_count(1)
    expect(host.get_by_role("radiogroup", name="Number of players").get_by_role("radio")).to_have_count(1)
    phones.shot(host, "wizard-dreadfane")
    code = create_game(host, phones, ruleset="underworlds/dreadfane", shots=False)
    assert code
    go_to_table(host)
    expect(host.locator("#banner")).to_contain_text("Hazard phase")


def test_a_shadespire_attack_sheet_offers_only_what_its_book_has(phones, server):
    """The attack sheet's keywords, cover and success faces come from the server for the edition: a Shadespire
    phone offers no Stagger and no cover hex (Deathgorge's), and Rok on Guard saves on Block and Dodge."""
    game = api_game(server, ruleset="underworlds/shadespire", roll_off=False)
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    first_turn(ana)
    tap(ana, "Pass (forfeit the activation)")
    tap(ben, "Guard")                                      # Rok on Guard
    expect(ana.locator("[data-fighter='p2.rok'] .badge.token")).to_contain_text("Guard")
    tap(ana, "Attack")
    sheet = ana.locator("dialog[aria-label='Attack entry']")
    expect(sheet.locator("[data-symbols='defence']")).to_have_text("Saves on Critical, Block or Dodge (on Guard)")
    expect(sheet.locator("[data-symbols='attack']")).to_have_text("Succeeds on Critical or Smash")
    sheet.locator("[data-more='attack'] > summary").click()   # what a card changes, folded under the rolls
    expect(sheet.get_by_role("checkbox", name="cleave")).to_be_visible()
    expect(sheet.get_by_role("checkbox", name="stagger")).to_have_count(0)
    expect(sheet.get_by_text("Target in cover")).to_have_count(0)
    phones.shot(ana, "02-shadespire-attack-sheet")
    sheet.get_by_role("checkbox", name="cleave").check()   # Cleave: Block no longer saves, even on Guard
    expect(sheet.locator("[data-symbols='defence']")).to_have_text("Saves on Critical or Dodge (on Guard)")
