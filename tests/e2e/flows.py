"""Steps a player takes through the UI, shared by the browser tests (all by visible, labelled controls)."""
from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def create_game(page: Page, phones, names=("Ana", "Ben"), fighters=(("Vex",), ("Rok",)), shots=True) -> str:
    """Host phone: the setup wizard with fighters typed in; returns the join code it shows."""
    page.goto("/")
    if shots:
        phones.shot(page, "01-start")
    page.get_by_role("link", name="New game").click()
    expect(page.locator("[data-ruleset='underworlds/deathgorge']")).to_have_attribute("aria-checked", "true")
    if shots:
        phones.shot(page, "02-wizard-game")
    page.locator("#wizard-next").click()
    for i, (name, fs) in enumerate(zip(names, fighters)):
        page.locator(f"#name-{i}").fill(name)
        page.locator(f"#warband-{i}").select_option("custom")
        for j, fname in enumerate(fs):
            if j > 0:
                page.locator("fieldset.seat-edit").nth(i).get_by_role("button", name="+ Add a fighter").click()
            page.locator(f"#fighter-{i}-{j}").fill(fname)
    if shots:
        phones.shot(page, "03-wizard-players")
    page.locator("#wizard-next").click()
    expect(page.get_by_role("heading", name="Before the first round")).to_be_visible()
    if shots:
        phones.shot(page, "04-wizard-table")
    page.locator("#wizard-next").click()
    code = page.locator("#join-code")
    expect(code).to_have_text(re.compile(r"^[0-9A-Z]{4,}$"))
    if shots:
        phones.shot(page, "05-join-code")
    return code.inner_text()


def go_to_table(page: Page):
    """Host: from the join-code screen to the table."""
    page.get_by_role("link", name="Go to the table").click()
    expect(page.locator("#banner")).to_be_visible()


def join(page: Page, code: str, seat: str):
    """Another phone joins with the typed code as a seat (p1..) or role (spectator)."""
    page.goto("/join")
    page.locator("#join-code").fill(code.lower())
    page.get_by_role("button", name="Find the game").click()
    page.locator(f"[data-seat='{seat}']").click()
    expect(page.locator("#banner")).to_be_visible()


def tap(page: Page, label: str, exact: bool = True):
    """Tap a suggestion button by its label (it must be offered)."""
    page.locator("section.actions").get_by_role("button", name=label, exact=exact).first.click()


def log_texts(page: Page) -> list[str]:
    """The log entries' text, newest first."""
    page.locator("[data-tab='log']").click()
    texts = page.locator("ol.log > li").all_inner_texts()
    page.locator("[data-tab='table']").click()
    return texts
