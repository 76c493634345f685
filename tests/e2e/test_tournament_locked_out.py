"""Never locked out: the organiser's link and recovery code shown at creation, a device that keeps every role
it holds for an event and switches between them, the start screen's events with their roles, and a lost
organiser link replaced with the recovery code on another phone."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .axe import violations
from .tournament_rest import api, open_tournament_form

pytestmark = pytest.mark.e2e


def watch(page, bad):
    page.on("response", lambda r: bad.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: bad.append(m.text) if m.type == "error" else None)


def test_a_device_keeps_every_role_and_a_lost_organiser_link_is_recovered(phones, server):
    bad = []
    org = phones.new("organiser")
    watch(org, bad)
    open_tournament_form(org, "Harbour Cup")
    org.get_by_role("button", name="Create the event").click()
    safe = org.locator("#keep-safe")
    expect(safe).to_contain_text("Keep the organiser's link safe")
    expect(safe.locator("#organiser-link svg.qr")).to_be_visible()
    expect(safe.get_by_role("button", name="Copy the organiser's link")).to_be_visible()
    code = org.locator("#recovery-code").inner_text()
    assert re.fullmatch(r"([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}", code), code
    tid = re.search(r"/tournament/([^/#?]+)", org.url).group(1)
    org_link = org.locator("#organiser-link input").input_value()
    org_token = re.search(r"#t=(.+)$", org_link).group(1)
    phones.shot(org, "01-keep-it-safe-phone")
    org.locator("#keep-safe-done").click()
    expect(safe).to_have_count(0)
    org.reload()
    expect(org.locator("#tournament-title")).to_have_text("Harbour Cup")
    expect(org.locator("#keep-safe")).to_have_count(0)  # shown once

    # The organiser opens a player's link on the same phone: the organiser's link is kept, and one tap goes back.
    ana = api(server, org_token, "POST", f"{tid}/players", json={"name": "Ana", "warband": "cyrenis-razors"})
    org.goto(ana["link"])
    expect(org.locator("#tournament-sub")).to_contain_text("Player")
    switch = org.locator("#role-switch")
    expect(switch.get_by_role("button")).to_have_count(2)
    expect(switch.get_by_role("button", name="Ana (player)")).to_have_attribute("aria-pressed", "true")
    phones.shot(org, "02-role-switch-phone")
    switch.get_by_role("button", name="Organiser").click()
    expect(org.get_by_role("tab", name="Players")).to_be_visible()
    expect(org.locator("#tournament-sub")).to_contain_text("Organiser")
    held = json.loads(org.evaluate("localStorage.getItem('tw.events')"))[tid]
    assert {link["label"] for link in held["links"]} == {"Organiser", "Ana (player)"}

    # The start screen lists the event with both roles.
    org.goto("/")
    event = org.locator(f".my-event[data-tournament='{tid}']")
    expect(event).to_contain_text("Harbour Cup")
    expect(event.get_by_role("button")).to_have_count(2)
    phones.shot(org, "03-start-events-phone")
    event.get_by_role("button", name="Open Harbour Cup as Ana (player)").click()
    expect(org.locator("#tournament-sub")).to_contain_text("Player")

    # Another phone: a wrong code is refused, the right one makes a new organiser link (and a new code).
    other = phones.new("new-phone")
    watch(other, [])  # the wrong code's 403 is expected here
    other.goto("/")
    other.locator("#recover summary").click()
    other.locator("#recover-code").fill("AAAA-BBBB-CCCC-DDDD-EEEE")
    other.locator("#recover-submit").click()
    expect(other.locator("#recover-error")).to_contain_text("recovery code")
    other.locator("#recover-code").fill(code.lower())
    other.locator("#recover-submit").click()
    expect(other.locator("#keep-safe")).to_be_visible()
    new_code = other.locator("#recovery-code").inner_text()
    assert new_code != code
    expect(other.get_by_role("tab", name="Players")).to_be_visible()
    expect(other.locator("#players")).to_contain_text("Ana")

    # The first phone's organiser link no longer works: switching to it, the server refuses it, the phone
    # forgets it and stays Ana's.
    org.goto(f"/tournament/{tid}")
    expect(org.locator("#tournament-sub")).to_contain_text("Player")
    org.locator("#role-switch").get_by_role("button", name="Organiser").click()
    expect(org.locator("#tournament-sub")).to_contain_text("Player")
    expect(org.locator("#role-switch")).to_have_count(0)
    held = json.loads(org.evaluate("localStorage.getItem('tw.events')"))[tid]
    assert [link["label"] for link in held["links"]] == ["Ana (player)"]
    assert not [b for b in bad if "/api/tournaments/" in b and " 401 " not in f" {b}"], bad


def test_the_organisers_new_screens_pass_axe(phones, server):
    found = []
    org = phones.new("organiser", bypass_csp=True)
    open_tournament_form(org, "Axe Harbour")
    org.get_by_role("button", name="Create the event").click()
    expect(org.locator("#keep-safe svg.qr")).to_be_visible()
    found += violations(org, "keep the organiser's link safe")
    org.locator("#keep-safe-done").click()
    org.get_by_role("tab", name="Players").click()
    org.locator("#import-players summary").click()
    org.locator("#import-text").fill("Ana, cyrenis-razors\nBen, no-such-warband\nCai, garreks-reavers")
    org.locator("#import-submit").click()
    expect(org.locator("#player-links .player-link svg.qr")).to_have_count(2)
    org.get_by_label("Tick Ana").check()
    found += violations(org, "players: links, import report, ticks")
    tid = re.search(r"/tournament/([^/#?]+)", org.url).group(1)
    ana = org.locator(".player-link", has_text="Ana's link").locator("input").input_value()
    org.goto(ana)
    expect(org.locator("#role-switch")).to_be_visible()
    found += violations(org, "role switcher")
    org.goto("/")
    expect(org.locator(f".my-event[data-tournament='{tid}']")).to_be_visible()
    org.locator("#recover summary").click()
    found += violations(org, "start: events and recovery")
    assert not found, "\n".join(found)
