"""Joining: a wrong code says so plainly; the QR link opens the seat choice directly."""
from __future__ import annotations

from playwright.sync_api import expect

from .flows import api_game


def test_wrong_code_and_qr_link(phones, server):
    """A mistyped code gets the server's sentence; the join link lists the seats and roles to pick."""
    game = api_game(server)
    phone = phones.new("phone")
    phone.goto("/join")
    phone.locator("#join-code").fill("ZZZZZZ")
    phone.get_by_role("button", name="Find the game").click()
    expect(phone.locator("#join-error")).to_contain_text("No game has that join code")
    phones.shot(phone, "01-wrong-code")
    phone.goto(f"/join/{game['join_code'].lower()}")
    expect(phone.locator("[data-seat='p1']")).to_contain_text("Ana")
    expect(phone.locator("[data-seat='p2']")).to_contain_text("Ben")
    expect(phone.locator("[data-seat='spectator']")).to_be_visible()
    phones.shot(phone, "02-seats")


def test_a_link_that_names_the_seat_takes_it_and_one_that_names_no_seat_of_the_game_offers_them(phones, server):
    """A match's next game links to the seat the phone played before (/join/<code>#seat=p2): no seat to pick."""
    game = api_game(server)
    stray = phones.new("stray")
    stray.goto(f"/join/{game['join_code']}#seat=p7")
    expect(stray.locator("[data-seat='p1']")).to_contain_text("Ana")   # no such seat: the choice, as usual
    ben = phones.new("ben")
    ben.goto(f"/join/{game['join_code']}#seat=p2")
    expect(ben.locator("#banner")).to_be_visible()
    record = ben.evaluate("JSON.parse(localStorage.getItem('tw.games'))")[game["id"]]
    assert record["seat"] == "p2" and "#" not in ben.url
