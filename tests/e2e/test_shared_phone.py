"""One phone for the whole table: it enters events for every seat and follows whose go it is."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import create_game, go_to_table, join, tap

pytestmark = pytest.mark.e2e


def test_one_phone_passed_around(phones, server):
    """Created as a shared phone, it takes Ana's turn, then goes straight to Ben for his turn: Ana's reaction step
    and power step are open only for optional plays, so nobody taps through them (they pass without comment)."""
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
    expect(held.get_by_role("radio", name="Ben")).to_have_attribute("aria-checked", "true")
    phones.shot(phone, "01-held-by-ben")
    tap(phone, "Pass (forfeit the activation)")                          # Ben's turn, no taps for the passes
    expect(held.get_by_role("radio", name="Ana")).to_have_attribute("aria-checked", "true")
    game_id = phone.evaluate("new URLSearchParams(location.search).get('game')")
    token = phone.evaluate(f"JSON.parse(localStorage.getItem('tw.games'))['{game_id}'].token")
    log = requests.get(f"{server.url}/api/games/{game_id}/events?since=0", headers={"Authorization": f"Bearer {token}"}).json()
    assert [e["type"] for e in log["events"]][-2:] == ["player_action", "player_action"]
    inferred = [c["data"] for c in log["events"][-1]["consequences"] if c["type"] == "passes_inferred"]
    assert [(c["step"], c["seats"]) for c in inferred] == [("reaction", ["p1", "p2"]), ("power", ["p1", "p2"])]


def test_a_seat_joined_to_a_shared_phones_game_is_that_seat_only(phones, server):
    """The shared phone keeps the device's own token (every seat); a phone that joins Ben's seat with the code gets
    Ben's seat only: it shows no seat switcher and the server refuses its entry for Ana."""
    table = phones.new("table-phone")
    code = create_game(table, phones, shots=False, shared=True)
    go_to_table(table)
    expect(table.get_by_role("radiogroup", name="This phone is now held by")).to_be_visible()
    ben = phones.new("ben")
    join(ben, code, "p2")
    expect(ben.get_by_role("radiogroup", name="This phone is now held by")).to_have_count(0)
    game_id = ben.evaluate("new URLSearchParams(location.search).get('game')")
    token = ben.evaluate(f"JSON.parse(localStorage.getItem('tw.games'))['{game_id}'].token")
    auth = {"Authorization": f"Bearer {token}"}
    refused = requests.post(f"{server.url}/api/games/{game_id}/events", headers=auth, timeout=10,
                            json={"id": "ben-as-ana", "type": "note", "by": "p1", "data": {"text": "as Ana"}})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_seat"
    device = table.evaluate(f"JSON.parse(localStorage.getItem('tw.games'))['{game_id}'].token")
    you = requests.get(f"{server.url}/api/games/{game_id}", headers={"Authorization": f"Bearer {device}"}, timeout=10).json()["you"]
    assert you["device"] is True
