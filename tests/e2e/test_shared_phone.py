"""One phone for the whole table: it enters events for every seat and follows whose go it is."""
from __future__ import annotations

import requests
from playwright.sync_api import expect

from .flows import create_game, go_to_table, tap


def test_one_phone_passed_around(phones, server):
    """Created as a shared phone, it takes Ana's turn, then switches to Ben for his power-step go."""
    phone = phones.new("table-phone")
    code = create_game(phone, phones, shots=False, shared=True)
    assert code
    go_to_table(phone)
    tap(phone, "Roll-off: who takes the first turn? (Ana adds one critical)")
    phone.locator("dialog [data-field='first']", has_text="Ana").click()
    phone.locator("dialog").get_by_role("button", name="Enter").click()
    held = phone.get_by_role("radiogroup", name="This phone is now held by")
    expect(held.get_by_role("radio", name="Ana")).to_have_attribute("aria-checked", "true")
    tap(phone, "Pass (forfeit the activation)")
    tap(phone, "Pass")
    expect(held.get_by_role("radio", name="Ben")).to_have_attribute("aria-checked", "true")
    expect(phone.locator("#banner")).to_contain_text("your go")
    phones.shot(phone, "01-held-by-ben")
    tap(phone, "Pass")
    expect(phone.locator("#banner")).to_contain_text("Activation step")        # Ben's turn: the phone stays his
    expect(held.get_by_role("radio", name="Ben")).to_have_attribute("aria-checked", "true")
    expect(phone.locator("#banner")).to_contain_text("your turn")
    game_id = phone.evaluate("new URLSearchParams(location.search).get('game')")
    token = phone.evaluate(f"JSON.parse(localStorage.getItem('tw.games'))['{game_id}'].token")
    log = requests.get(f"{server.url}/api/games/{game_id}/events?since=0", headers={"Authorization": f"Bearer {token}"}).json()
    assert [e["by"] for e in log["events"] if e["type"] == "power"] == ["p1", "p2"]
