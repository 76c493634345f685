"""A push that lands while a finger is on a button waits for the finger to lift (static/js/press.js): the tap counts,
then the page is drawn with what came meanwhile. Without it the redraw swapped the button between press and lift,
and the tap was lost."""
from __future__ import annotations

import uuid

import pytest
import requests
from playwright.sync_api import expect

from .flows import api_game, press, seated

pytestmark = pytest.mark.e2e


def test_an_entry_from_the_other_phone_under_a_finger_on_the_log_tab(phones, server):
    game = api_game(server)
    ana, _ben = seated(phones, game)
    expect(ana.locator("section.actions")).to_be_visible()
    press(ana, "[data-tab='log']")
    reply = requests.post(f"{server.url}/api/games/{game['id']}/events", timeout=10,
                          headers={"Authorization": f"Bearer {game['tokens']['p2']}"},
                          json={"id": str(uuid.uuid4()), "type": "note", "by": "p2", "data": {"text": "Ben's dice fell off"}})
    assert reply.status_code == 201, reply.text
    expect(ana.locator("html[data-redraw-waits]")).to_be_attached()   # the entry is here, its redraw waits
    ana.mouse.up()
    expect(ana.locator("ol.log")).to_contain_text("Ben's dice fell off")   # the tap opened the Log, then the redraw
    expect(ana.locator("html[data-redraw-waits]")).to_have_count(0)


def test_a_registration_from_another_phone_under_the_organisers_finger(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Press Cup", "date": "2026-12-05"},
                         timeout=15).json()
    page = phones.new("organiser")
    page.goto(made["links"]["organiser"])
    expect(page.locator("#tournament-title")).to_have_text("Press Cup")
    expect(page.locator("#tab-players[aria-selected='true']")).to_be_attached()   # before the first round
    press(page, "#tab-standings")
    org = {"Authorization": f"Bearer {made['organiser_token']}"}
    requests.post(f"{server.url}/api/tournaments/{made['id']}/players", json={"name": "Zed", "warband": "garreks-reavers"},
                  headers=org, timeout=15).raise_for_status()
    expect(page.locator("html[data-redraw-waits]")).to_be_attached()
    page.mouse.up()
    expect(page.locator("#tab-standings[aria-selected='true']")).to_be_attached()   # the tap opened Standings
    page.locator("#tab-players").click()
    expect(page.locator(".player-row", has_text="Zed")).to_be_visible()   # and the redraw brought Zed
