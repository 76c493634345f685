"""BattleLore unit cards typed once: a unit typed at one phone's muster is saved on the server and
offered, filled, at another phone's next muster (a content unit known only by name, and a unit the
content does not know). Phone-size screenshots go to artifacts/screens/."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import Page, expect

from .flows import scroll_to

pytestmark = pytest.mark.e2e


def new_battlelore(page: Page, factions: tuple[str, str]) -> None:
    """The wizard: BattleLore, Ana and Ben with their factions; goes to the table."""
    page.goto("/new")
    page.locator("[data-ruleset='battlelore/second-edition']").click()
    page.locator("#wizard-next").click()
    page.locator("#name-0").fill("Ana")
    page.locator("#name-1").fill("Ben")
    page.locator("#faction-0").select_option(factions[0])
    page.locator("#faction-1").select_option(factions[1])
    page.locator("#wizard-next").click()
    page.locator("#wizard-next").click()
    expect(page.locator("#join-code")).to_have_text(re.compile(r"^[0-9A-Z]{4,}$"))
    page.get_by_role("link", name="Go to the table").click()
    expect(page.locator("#banner")).to_be_visible()


def pick(page: Page, label: str, value: str):
    """Tap the value of one row of the open unit card sheet (one tap: the values a card can carry are offered)."""
    page.locator("dialog.sheet").get_by_role("radio", name=f"{label}: {value}", exact=True).click()


def test_a_unit_typed_at_one_muster_is_offered_filled_at_the_next(phones):
    """Ana types Citadel Guard's numbers (known to the content by name only) and a Hill Spearmen card; on
    another phone, a new game's muster fills Citadel Guard from the saved card and offers Hill Spearmen."""
    ana = phones.new("ana")
    new_battlelore(ana, ("daqan", "uthuk"))
    expect(ana.locator("#units-p1[data-saved-loaded]")).to_be_attached()   # the server's saved cards are in
    row = ana.locator("#units-p1 [data-slug='citadel-guard']")
    expect(row).to_contain_text("numbers not known")
    scroll_to(row)
    phones.shot(ana, "01-content-units-by-name")
    row.get_by_role("button", name="Type the numbers of Citadel Guard").click()
    expect(ana.locator("dialog.sheet #unit-name")).to_have_count(0)    # the name is known: only numbers asked
    # the usual values are chosen already: a tap for each number that differs, then Save (4 taps in all here)
    expect(ana.locator("dialog.sheet [data-field='health'][aria-checked='true']")).to_have_text("4")
    pick(ana, "Health (figures)", "3")
    pick(ana, "Muster points", "4")
    phones.shot(ana, "02-typing-the-numbers")
    ana.locator("[data-action='save-unit']").click()
    expect(row).to_contain_text("3 figures · move 1 · 3 dice melee · 4 pts")
    expect(row.locator("[data-typed-by]")).to_contain_text("typed by Ana")
    expect(ana.locator("#toast")).to_contain_text("Saved: Citadel Guard")
    ana.locator("[data-action='add-unit']").click()
    ana.locator("#unit-name").fill("Hill Spearmen")
    pick(ana, "Attack", "Ranged 4")   # one tap: a ranged card always names its range
    ana.locator("[data-action='save-unit']").click()
    expect(ana.locator("#units-p1 [data-slug='hill-spearmen']")).to_be_visible()
    expect(ana.locator("#toast")).to_contain_text("Saved: Hill Spearmen")
    # a legend and its health are one choice: one figure, its health kept as damage tokens
    ana.locator("[data-action='add-unit']").click()
    ana.locator("#unit-name").fill("Hill Giant")
    pick(ana, "Health (figures)", "legend, health 6")
    expect(ana.locator("dialog.sheet [data-field='health'][aria-checked='true']")).to_have_text("♛6")
    ana.locator("[data-action='save-unit']").click()
    expect(ana.locator("#units-p1 [data-slug='hill-giant']")).to_contain_text("6 health · move 1 · 3 dice melee · 5 pts")

    # Another phone (no shared storage), another game: the next muster offers both, filled.
    ben = phones.new("ben")
    new_battlelore(ben, ("daqan", "uthuk"))
    expect(ben.locator("#units-p1[data-saved-loaded]")).to_be_attached()
    row = ben.locator("#units-p1 [data-slug='citadel-guard']")
    expect(row).to_contain_text("numbers not known")
    fill = row.locator("[data-action='fill-saved']")
    expect(fill).to_be_visible()
    expect(row).to_contain_text("(typed by Ana)")
    scroll_to(row)
    phones.shot(ben, "03-offered-at-the-next-muster")
    fill.click()
    expect(row).to_contain_text("3 figures · move 1 · 3 dice melee · 4 pts")
    ben.locator("[data-saved-units]").get_by_role("button", name="+ Hill Spearmen, typed by Ana").click()
    expect(ben.locator("#units-p1 [data-slug='hill-spearmen']")).to_contain_text("4 figures · move 1 · 3 dice ranged range 4 · 5 pts")
    # the spearmen are taken (other tests' cards on this server may be offered beside the giant)
    expect(ben.locator("[data-saved-units]").get_by_role("button", name=re.compile(r"^\+ Hill Spearmen"))).to_have_count(0)
    expect(ben.locator("[data-saved-units]").get_by_role("button", name="+ Hill Giant, typed by Ana")).to_be_visible()
    phones.shot(ben, "04-filled")
    # the card was wrong: it is corrected on this phone (whose game seats its player as Ana too), and a third game
    # is offered the correction
    row.get_by_role("button", name="Correct Citadel Guard").click()
    expect(ben.locator("dialog.sheet")).to_contain_text("typed by Ana")
    pick(ben, "Health (figures)", "4")
    ben.locator("[data-action='save-unit']").click()
    expect(row).to_contain_text("4 figures · move 1 · 3 dice melee · 4 pts")
    expect(ben.locator("#toast")).to_contain_text("Saved: Citadel Guard")
    third = phones.new("third")
    new_battlelore(third, ("daqan", "uthuk"))
    row = third.locator("#units-p1 [data-slug='citadel-guard']")
    expect(row).to_contain_text("(typed by Ana)")
    row.locator("[data-action='fill-saved']").click()
    expect(row).to_contain_text("4 figures · move 1 · 3 dice melee · 4 pts")
    # A card saved elsewhere after this page loaded opens by its share link.
    saved = requests.post(f"{phones.server.url}/api/content/custom/battlelore_unit", timeout=10, json={
        "name": "Dune Riders", "slug": "dune-riders", "health": 3, "movement": 3, "combat": 3, "attack": "melee",
        "muster": 6}).json()
    ben.locator("[data-action='open-unit']").click()
    ben.locator("#shared-unit").fill(f"{phones.server.url}{saved['link']}")
    ben.locator("[data-action='open-shared']").click()
    expect(ben.locator("#units-p1 [data-slug='dune-riders']")).to_contain_text("3 figures · move 3 · 3 dice melee · 6 pts")
