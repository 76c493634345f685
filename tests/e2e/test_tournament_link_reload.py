"""Players' links survive a reload: the organiser's Players tab lists (and prints) every player's current link again
after a reload and on the organiser's other device, without voiding any (each still opens its player's page); a
scorekeeper's page lists only the links it made, and a player's page none."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e


def test_links_are_listed_again_after_a_reload_and_on_another_device(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Reload Cup", "date": "2026-12-05"},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    page = phones.new("organiser")
    page.goto(made["links"]["organiser"])
    page.get_by_role("tab", name="Players").click()
    page.locator("#import-players summary").click()
    page.locator("#import-text").fill("Ana, cyrenis-razors\nBen, garreks-reavers")
    page.locator("#import-submit").click()
    expect(page.locator("#player-links li")).to_have_count(2)
    ana = page.locator(".player-link[data-player='p1'] input").input_value()

    page.reload()
    page.get_by_role("tab", name="Players").click()
    expect(page.locator("#player-links li")).to_have_count(2)
    expect(page.locator(".player-link[data-player='p1'] input")).to_have_value(ana)
    expect(page.locator("#check-in-all")).to_be_visible()
    # *Check in all* comes before the links, not below their QR codes.
    check_y = page.locator("#check-in-all").bounding_box()["y"]
    assert check_y < page.locator("#player-links").bounding_box()["y"]
    phones.shot(page, "01-after-reload")

    other = phones.new("organiser-laptop")
    other.goto(made["links"]["organiser"])
    other.get_by_role("tab", name="Players").click()
    expect(other.locator("#player-links li")).to_have_count(2)
    expect(other.locator(".player-link[data-player='p1'] input")).to_have_value(ana)
    other.evaluate("() => { window.printed = 0; window.print = () => { window.printed += 1; }; }")
    other.get_by_role("button", name="Print players' slips").click()
    other.wait_for_function("() => window.printed === 1")
    expect(other.locator("#player-slips .player-slip")).to_have_count(2)

    # Nothing was voided: Ana's link still opens her page.
    player = phones.new("player")
    player.goto(ana)
    expect(player.locator("#tournament-title")).to_have_text("Reload Cup")
    expect(player.locator("#player-links")).to_have_count(0)

    keeper = api(server, org, "POST", f"{tid}/links", json={"role": "scorekeeper", "name": "Sam"})
    desk = phones.new("scorekeeper")
    desk.goto(keeper["link"])
    desk.get_by_role("tab", name="Players").click()
    expect(desk.locator(".player-row")).to_have_count(2)
    expect(desk.locator("#player-links")).to_have_count(0)


def test_back_after_opening_a_players_link_is_the_organiser_again(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Back Cup", "date": "2026-12-05"},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    ana = api(server, org, "POST", f"{tid}/players", json={"name": "Ana", "warband": "cyrenis-razors"})["link"]
    page = phones.new("organiser")
    page.goto(made["links"]["organiser"])
    expect(page.locator("#tournament-sub")).to_contain_text("Organiser")
    page.goto(ana)
    expect(page.locator("#tournament-sub")).to_contain_text("Player")
    expect(page.get_by_role("tab", name="Players")).to_have_count(0)
    page.go_back()
    expect(page.locator("#tournament-sub")).to_contain_text("Organiser")
    expect(page.get_by_role("tab", name="Players")).to_be_visible()
    page.go_forward()
    expect(page.locator("#tournament-sub")).to_contain_text("Player")
    # The role switcher still moves between both.
    page.get_by_role("button", name="Organiser").click()
    expect(page.get_by_role("tab", name="Players")).to_be_visible()
    page.reload()
    expect(page.get_by_role("tab", name="Players")).to_be_visible()
