"""Joining: a wrong code says so plainly; the QR link opens the seat choice directly; a tournament table's code only
the watching roles."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import api_game
from .tournament_rest import api

pytestmark = pytest.mark.e2e


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


def test_a_tournament_tables_code_offers_no_player_seat(phones, server):
    """A tournament table's seats belong to its registered players: its join code (shown on the players' tournament page)
    opens the watching roles only, and says where a player opens their seat."""
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Cup", "date": "2026-12-05"}, timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    table = api(server, org, "GET", tid)["rounds"][0]["tables"][0]
    phone = phones.new("phone")
    phone.goto(f"/join/{table['join_code']}")
    expect(phone.locator("#seats-reserved")).to_contain_text("open it from your own event link")
    expect(phone.locator("[data-seat='p1']")).to_have_count(0)
    phones.shot(phone, "03-tournament-seats-reserved")
    phone.locator("[data-seat='spectator']").click()
    expect(phone.locator("#banner")).to_be_visible()
    record = phone.evaluate("JSON.parse(localStorage.getItem('tw.games'))")[table["game"]]
    assert record["seat"] == "spectator"
