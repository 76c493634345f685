"""Custom warbands saved on the server and shared by link: one phone saves a typed-in warband,
another opens the link, starts a game with it, and one of its fighters activates."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .flows import scroll_to, tap

pytestmark = pytest.mark.e2e


def test_saved_warband_shared_by_link_is_played_on_another_phone(phones, server):
    """Save and share -> link; the link pre-fills a seat (custom_id) on phone B; its fighter takes an action."""
    a = phones.new("phone-a")
    a.goto("/new")
    expect(a.locator("#wizard[data-ready='true']")).to_be_attached()
    a.locator("#wizard-next").click()
    a.locator("#name-0").fill("Ana")
    a.locator("#warband-0").select_option("custom")
    a.locator("#fighter-0-0").fill("Vex the Sly")
    a.locator("fieldset.seat-edit").nth(0).get_by_role("button", name="+ Add a fighter").click()
    a.locator("#fighter-0-1").fill("Mordrek")
    a.locator("fieldset.seat-edit").nth(0).get_by_role("button", name="Save and share").click()
    expect(a.locator("#toast")).to_contain_text("name")          # refused: the warband needs a name
    a.locator("#custom-name-0").fill("Vex's <b>Raiders</b>")
    a.locator("fieldset.seat-edit").nth(0).get_by_role("button", name="Save and share").click()
    link = a.locator("#share-link")
    expect(link).to_have_value(re.compile(r"/new\?warband="))
    expect(a.locator("[data-saved-warband]")).to_contain_text("Vex's <b>Raiders</b>")   # a name is text
    scroll_to(a.locator("[data-saved-warband]"))
    phones.shot(a, "01-saved-share-link")
    url = link.input_value()
    saved_id = url.split("warband=")[1]
    # Phone A's own list now has it under "My saved warbands".
    expect(a.locator("#warband-1 optgroup[label='My saved warbands'] option")).to_have_text(["Vex's <b>Raiders</b>"])

    b = phones.new("phone-b")
    b.goto(url.replace(server.url, ""))
    expect(b.locator("#wizard[data-ready='true']")).to_be_attached()
    expect(b.locator("#shared-note")).to_contain_text("Vex's <b>Raiders</b>")
    phones.shot(b, "02-link-opened")
    b.locator("[data-ruleset='underworlds/shadespire']").click()
    b.locator("#wizard-next").click()
    expect(b.locator("#warband-0")).to_have_value(f"saved:{saved_id}")
    expect(b.locator("[data-saved-warband]")).to_contain_text("Mordrek")
    b.locator("#name-0").fill("Bea")
    b.locator("#name-1").fill("Cal")
    # Phone B's second seat opens the same warband by its id typed in.
    b.locator("#warband-1").select_option("open")
    b.locator("#open-warband-1").fill("no-such-warband")
    b.locator("[data-action='open-warband']").click()
    expect(b.locator("#toast")).to_contain_text("no saved warband")
    b.locator("#open-warband-1").fill(saved_id)
    b.locator("[data-action='open-warband']").click()
    expect(b.locator("fieldset.seat-edit").nth(1).locator("[data-saved-warband]")).to_be_visible()
    b.locator("#warband-1").select_option("garreks-reavers")
    phones.shot(b, "03-seat-from-link")
    b.locator("#wizard-next").click()
    expect(b.get_by_role("heading", name="Before the first round")).to_be_visible()
    b.locator("#wizard-next").click()
    expect(b.locator("#join-code")).to_have_text(re.compile(r"^[0-9A-Z]{4,}$"))
    b.get_by_role("link", name="Go to the table").click()
    expect(b.locator("[data-seat='p1'] article.fighter")).to_have_count(2)
    expect(b.locator("[data-seat='p1']")).to_contain_text("Vex the Sly")
    tap(b, "Roll-off: who takes the first turn?", exact=False)
    b.locator("dialog [data-field='first']", has_text="Bea").click()
    b.locator("dialog").get_by_role("button", name="Enter").click()
    expect(b.locator("#banner")).to_contain_text("your turn")
    phones.shot(b, "04-table")
    b.locator("[data-group='Activate Vex the Sly']").click()
    b.locator("dialog").get_by_role("button", name="Guard").click()
    expect(b.locator("[data-fighter='p1.vex-the-sly'] .badge.token")).to_contain_text("Guard")
    phones.shot(b, "05-saved-fighter-on-guard")
