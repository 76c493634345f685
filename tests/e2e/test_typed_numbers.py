"""Numbers no public source gives (the Deathgorge box's own warbands) are typed once on a server: a later game there
offers the warband as typed by whom and when, fills the numbers in, and keeps a correction for the games after."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import content_seat

pytestmark = pytest.mark.e2e

RULESET = "underworlds/deathgorge"


def typed_before(server, by: str) -> str:
    """The Thricefold Discord's Deathgorge numbers saved as an earlier game here would have: the record's id."""
    got = requests.get(f"{server.url}/api/content/underworlds/warbands/thricefold-discord/fighters",
                       params={"ruleset": RULESET}, timeout=15).json()
    blade = {"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 1, "keywords": [], "spell": False}
    fighters = [{**f, "move": 3, "wounds": 4, "defence": {"dice": 1, "symbol": "block"}, "profiles": [blade]}
                for f in got["fighters"]]
    saved = requests.post(f"{server.url}/api/content/custom/warband", timeout=15, json={
        "name": "The Thricefold Discord (Deathgorge)", "based_on": "thricefold-discord", "printing": "deathgorge",
        "typed_by": by, "fighters": fighters})
    saved.raise_for_status()
    return saved.json()["id"]


def newest_typed(server) -> dict:
    """The newest typed record of the Thricefold Discord's Deathgorge printing on the server."""
    items = requests.get(f"{server.url}/api/content/custom/warband", params={"per_page": 100}, timeout=15).json()["items"]
    return next(x for x in items if x.get("based_on") == "thricefold-discord" and x.get("printing") == "deathgorge")


def players_step(phones, label: str, typed_by: str):
    """A host phone on the wizard's players step, the Thricefold Discord offered as typed by `typed_by`."""
    page = phones.new(label)
    page.goto("/new")
    expect(page.locator("#wizard[data-ready='true']")).to_be_attached()
    page.locator("#wizard-next").click()
    expect(page.locator("#warband-0 option[value='thricefold-discord']")).to_contain_text(f"typed by {typed_by}")
    return page


def test_a_later_game_is_offered_the_typed_numbers_and_keeps_a_correction(phones, server):
    first = typed_before(server, "Ana")
    host = players_step(phones, "host", "Ana")
    content_seat(host, 0, "Ben", "thricefold-discord")
    gaps = host.locator("[data-seat-gaps='0']")
    expect(gaps.locator("[data-typed-by='Ana']")).to_be_visible()
    wounds = gaps.locator(".fighter-edit").first.get_by_label("Wounds")
    expect(wounds).to_have_value("4")                      # filled in from what Ana typed
    phones.shot(host, "01-typed-numbers-filled-in")
    wounds.fill("5")                                       # Ben's card says otherwise: the correction
    wounds.dispatch_event("change")
    content_seat(host, 1, "Cy", "garreks-reavers")
    host.locator("#wizard-next").click()
    expect(host.get_by_role("heading", name="Before the first round")).to_be_visible()
    host.locator("#wizard-next").click()
    expect(host.locator("#join-code")).to_be_visible()
    fixed = newest_typed(server)
    assert fixed["id"] != first and fixed["typed_by"] == "Ben"
    numbers = requests.get(f"{server.url}{fixed['link']}", timeout=15).json()["payload"]["fighters"]
    assert numbers[0]["wounds"] == 5 and all(f["wounds"] == 4 for f in numbers[1:])
    # A game that changes nothing saves nothing new.
    again = players_step(phones, "again", "Ben")
    content_seat(again, 0, "Di", "thricefold-discord")
    expect(again.locator("[data-seat-gaps='0'] [data-typed-by='Ben']")).to_be_visible()
    content_seat(again, 1, "Ed", "garreks-reavers")
    again.locator("#wizard-next").click()
    again.locator("#wizard-next").click()
    expect(again.locator("#join-code")).to_be_visible()
    assert newest_typed(server)["id"] == fixed["id"]
