"""A held seat changes phones only with consent: the holder refuses or lets a phone in, or shows a handover code."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .flows import api_game, join

pytestmark = pytest.mark.e2e


def test_a_held_seat_is_asked_for_and_handed_over_with_consent(phones, server):
    game = api_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")  # Ana's phone holds Ana's seat

    # Another phone picks Ana's seat: it waits for Ana's answer instead of taking it.
    other = phones.new("other")
    other.goto(f"/join/{game['join_code']}")
    other.locator("[data-seat='p1']").click()
    expect(other.get_by_role("heading", name="Ana's seat is already on another phone")).to_be_visible()
    expect(other.locator("#handover-code")).to_be_visible()
    phones.shot(other, "01-asking-phone-waits")

    # Ana's phone is asked, and refuses.
    ask = ana.get_by_role("dialog", name="Seat handover request")
    expect(ask).to_be_visible()
    expect(ask).to_contain_text("A phone asks to play as Ana")
    phones.shot(ana, "02-holder-is-asked")
    ask.locator("[data-action='handover-refuse']").click()
    expect(other.locator("#handover-status")).to_contain_text("said no", timeout=15_000)
    phones.shot(other, "03-refused")

    # Ana hands the seat over with a code from the Game tab; the other phone types it.
    ana.locator("[data-tab='game']").click()
    ana.locator("[data-action='handover-code']").click()
    shown = ana.get_by_role("dialog", name="Handover code")
    expect(shown.locator(".handover-code")).to_have_text(re.compile(r"^\d{6}$"))
    phones.shot(ana, "04-handover-code")
    code = shown.locator(".handover-code").inner_text()
    shown.get_by_role("button", name="Done").click()
    other.get_by_role("button", name="Pick another seat").click()
    other.locator("[data-seat='p1']").click()  # asks again; the code settles it, and the question on Ana's phone goes
    expect(ana.get_by_role("dialog", name="Seat handover request")).to_be_visible()
    other.locator("#handover-code").fill(code)
    phones.shot(other, "05-code-typed")
    other.get_by_role("button", name="Take the seat").click()
    expect(other.locator("#banner")).to_be_visible()
    expect(ana.locator("#toast")).to_contain_text("now on another phone too")
    expect(ana.get_by_role("dialog", name="Seat handover request")).to_have_count(0)
    phones.shot(ana, "06-holder-told")

    # A third phone asks; Ana lets it in.
    third = phones.new("third")
    third.goto(f"/join/{game['join_code']}")
    third.locator("[data-seat='p1']").click()
    ask = ana.get_by_role("dialog", name="Seat handover request")
    expect(ask).to_be_visible()
    ask.locator("[data-action='handover-approve']").click()
    expect(third.locator("#banner")).to_be_visible(timeout=15_000)
    phones.shot(third, "07-let-in")
