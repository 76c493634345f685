"""Each phone sets up its own seat: the host's phone sets the game and its own seat, every other phone that joins
picks its name, warband and deck, and every phone goes to the table by itself once the last seat is set."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import content_seat

pytestmark = pytest.mark.e2e


def test_four_phones_each_set_up_their_own_seat(phones):
    ana = phones.new("ana")
    ana.goto("/new")
    expect(ana.locator("#wizard[data-ready='true']")).to_be_attached()
    ana.get_by_role("radio", name="4 players").click()
    ana.locator("#wizard-next").click()
    ana.locator("#own-seats").check()
    expect(ana.locator("#name-1")).to_have_count(0)           # only this phone's own seat
    content_seat(ana, 0, "Ana", "cyrenis-razors", printing="second-edition")
    expect(ana.locator("[data-seat-gaps]")).to_have_count(0)
    phones.shot(ana, "01-host-own-seat")
    expect(ana.locator("#wizard-next")).to_have_text("Create game")
    ana.locator("#wizard-next").click()
    code = ana.locator("#join-code").inner_text()
    expect(ana.locator("[data-seat-set='p2'][data-set='false']")).to_be_visible()
    phones.shot(ana, "02-host-waiting")
    guests = []
    for name, warband, printing in (("Ben", "morgoks-krushas", "second-edition"), ("Cy", "garreks-reavers", None),
                                    ("Di", "steelhearts-champions", None)):
        phone = phones.new(name.lower())
        phone.goto(f"/join/{code}")
        content_seat(phone, 0, name, warband, printing)
        expect(phone.locator("[data-seat-gaps]")).to_have_count(0)   # the printing's numbers are all known
        if name == "Ben":
            phones.shot(phone, "03-guest-own-seat")
        phone.locator("#sit-down").click()
        guests.append(phone)
        if name != "Di":
            expect(phone.locator("#seat-status")).to_contain_text(name)
    phones.shot(guests[0], "04-guest-waiting")
    for phone in [ana, *guests]:
        expect(phone.locator("#banner")).to_be_visible(timeout=15_000)   # the game started: every phone at the table
    seats = {p: p.evaluate("Object.values(JSON.parse(localStorage.getItem('tw.games')))[0].seat") for p in [ana, *guests]}
    assert sorted(seats.values()) == ["p1", "p2", "p3", "p4"]
    phones.shot(guests[2], "05-guest-at-the-table")


def test_a_phone_without_a_name_or_warband_is_told_and_takes_no_seat(phones, server):
    ana = phones.new("ana")
    ana.goto("/new")
    expect(ana.locator("#wizard[data-ready='true']")).to_be_attached()
    ana.locator("#wizard-next").click()
    ana.locator("#own-seats").check()
    content_seat(ana, 0, "Ana", "garreks-reavers")
    ana.locator("#wizard-next").click()
    code = ana.locator("#join-code").inner_text()
    ben = phones.new("ben")
    ben.goto(f"/join/{code}")
    ben.locator("#sit-down").click()
    expect(ben.locator("#join-error")).to_contain_text("needs a name")
    ben.locator("#name-0").fill("Ben")
    ben.locator("#sit-down").click()
    expect(ben.locator("#join-error")).to_contain_text("warband")
    assert ben.evaluate("localStorage.getItem('tw.games')") in (None, "{}")


@pytest.mark.parametrize("ruleset, pick", [
    ("conquest/core", lambda page: page.locator("#warlord-0").select_option("captain-cato-sicarius")),
    ("battlelore/second-edition", lambda page: page.locator("#faction-0").select_option("uthuk")),
])
def test_every_game_lets_a_joining_phone_set_up_its_seat(phones, ruleset, pick):
    ana = phones.new("ana")
    ana.goto("/new")
    expect(ana.locator("#wizard[data-ready='true']")).to_be_attached()
    ana.locator(f"[data-ruleset='{ruleset}']").click()
    ana.locator("#wizard-next").click()
    ana.locator("#own-seats").check()
    ana.locator("#name-0").fill("Ana")
    if ruleset == "conquest/core":
        ana.locator("#warlord-0 option[value='nazdreg']").wait_for(state="attached")
        ana.locator("#warlord-0").select_option("nazdreg")
    else:
        ana.locator("#faction-0").select_option("daqan")
    ana.locator("#wizard-next").click()
    code = ana.locator("#join-code").inner_text()
    ben = phones.new("ben")
    ben.goto(f"/join/{code}")
    ben.locator("#name-0").fill("Ben")
    if ruleset == "conquest/core":
        ben.locator("#warlord-0 option[value='captain-cato-sicarius']").wait_for(state="attached")
    pick(ben)
    ben.locator("#sit-down").click()
    for phone in (ana, ben):
        expect(phone.locator("#banner")).to_be_visible(timeout=15_000)


def test_a_watching_phone_waits_for_the_seats_then_follows_the_game(phones):
    ana = phones.new("ana")
    ana.goto("/new")
    expect(ana.locator("#wizard[data-ready='true']")).to_be_attached()
    ana.locator("#wizard-next").click()
    ana.locator("#own-seats").check()
    content_seat(ana, 0, "Ana", "garreks-reavers")
    ana.locator("#wizard-next").click()
    code = ana.locator("#join-code").inner_text()
    watcher = phones.new("watcher")
    watcher.goto(f"/join/{code}")
    watcher.locator("[data-seat='spectator']").click()
    expect(watcher.get_by_role("heading", name="Waiting for the players")).to_be_visible()
    expect(watcher.get_by_role("status").filter(has_text="Player 2")).to_be_visible()
    ben = phones.new("ben")
    ben.goto(f"/join/{code}")
    content_seat(ben, 0, "Ben", "steelhearts-champions")
    ben.locator("#sit-down").click()
    for phone in (ana, ben, watcher):
        expect(phone.locator("#banner")).to_be_visible(timeout=15_000)
