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
