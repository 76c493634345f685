"""Self-registration in the browser: the organiser opens the registration link with a cap, a player's own phone asks
for a place through it, the organiser accepts, and that phone lands on the player's own event page; a second phone
past the cap waits on the waitlist; a closed link says so; published deck lists reach the public page."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e


def test_a_player_registers_from_their_phone_and_gets_their_own_link(phones, server):
    expect.set_options(timeout=15_000)
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Open Cup", "date": "2026-12-05", "format": "rivals"},
                         timeout=15).json()
    tid, org_token = made["id"], made["organiser_token"]

    org = phones.new("organiser")
    org.goto(made["links"]["organiser"])
    org.get_by_role("tab", name="Players").click()
    org.locator("#signup-cap").fill("1")
    org.get_by_role("button", name="Open registration").click()
    expect(org.locator("#signup-state")).to_contain_text("Open · 0 of 1 places taken")
    link = org.locator("#signup-link").input_value()
    assert re.fullmatch(rf"{re.escape(server.url)}/tournament/{tid}/register#k=[\w-]+", link)
    expect(org.locator("#signup-qr svg")).to_be_visible()
    phones.shot(org, "01-registration-open")

    # Ana's own phone opens the link (its QR code) and asks for a place with her deck.
    ana = phones.new("ana")
    ana.goto(link)
    expect(ana.locator("#signup-title")).to_have_text("Register for Open Cup")
    assert "#k=" not in ana.url, "the key leaves the address bar"
    ana.locator("#signup-name").fill("Ana")
    ana.locator("#signup-warband").select_option("cyrenis-razors")
    ana.locator("#signup-deck").select_option(label="Cyreni's Razors Rivals Deck")
    ana.get_by_role("button", name="Ask for a place").click()
    expect(ana.locator("#signup-status")).to_have_attribute("data-status", "pending")
    phones.shot(ana, "02-request-waiting")

    # Ben's phone asks too: past the cap, he waits on the waitlist.
    ben = phones.new("ben")
    ben.goto(link)
    expect(ben.locator("#signup-full")).to_be_visible()
    ben.locator("#signup-name").fill("Ben")
    ben.locator("#signup-warband").select_option("garreks-reavers")
    ben.get_by_role("button", name="Ask for a place").click()
    expect(ben.locator("#signup-position")).to_have_text("Number 1 on the waitlist")
    phones.shot(ben, "03-waitlisted")

    # The organiser sees both (the page follows the event live) and accepts Ana: her phone opens her event page.
    expect(org.locator("#requests [data-request='r1']")).to_contain_text("Waiting for your answer")
    expect(org.locator("#requests [data-request='r2']")).to_contain_text("Waitlist, number 1")
    phones.shot(org, "04-requests")
    org.get_by_role("button", name="Accept Ana").click()
    expect(ana).to_have_url(re.compile(rf"/tournament/{tid}$"))
    expect(ana.locator("#tournament-sub")).to_contain_text("Player")
    expect(ana.locator("#tournament-title")).to_have_text("Open Cup")
    phones.shot(ana, "05-player-page")
    ana.reload()  # the phone keeps its player link
    expect(ana.locator("#tournament-sub")).to_contain_text("Player")
    players = api(server, org_token, "GET", tid)["players"]
    assert [(p["name"], p["deck"]) for p in players] == [("Ana", "cyrenis-razors-rivals")]

    # Declining Ben's request is not needed to free a place: Ana withdrawing from the event (dropped) does.
    api(server, org_token, "POST", f"{tid}/players/p1/drop", json={"reason": "called away"})
    expect(ben.locator("#signup-status")).to_have_attribute("data-status", "pending")

    # Closed: a new phone opening the link is told so.
    org.get_by_role("button", name="Close registration").click()
    expect(org.locator("#signup-state")).to_contain_text("Closed")
    late = phones.new("late")
    late.goto(link)
    expect(late.locator("#signup-closed")).to_contain_text("Registration for this event is closed")
    phones.shot(late, "06-closed")

    # Deck lists: hidden from the public page until the organiser publishes them.
    public = phones.new("public")
    public.goto(f"/tournament/{tid}/public")
    expect(public.locator("#pub-standings")).to_be_visible()
    expect(public.locator("#decklists")).to_have_count(0)
    org.get_by_role("button", name="Publish the deck lists").click()
    org.locator("[data-action='confirm']").click()
    expect(org.locator("#decklists-state")).to_contain_text("published")
    expect(public.locator("#decklists")).to_contain_text("Cyreni's Razors Rivals Deck")
    phones.shot(public, "07-deck-lists")


def test_a_player_names_the_printing_of_the_fighter_cards_they_hold(phones, server):
    expect.set_options(timeout=15_000)
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Bolt Cup", "date": "2026-12-05", "format": "rivals"},
                         timeout=15).json()
    tid, org_token = made["id"], made["organiser_token"]
    link = api(server, org_token, "POST", f"{tid}/registration", json={"open": True})["link"]

    cai = phones.new("cai")
    cai.goto(link)
    cai.locator("#signup-name").fill("Cai")
    # A warband printed once for these rules asks nothing more; one these rules offer no printing of does.
    cai.locator("#signup-warband").select_option("garreks-reavers")
    expect(cai.locator("#signup-printing")).to_have_count(0)
    cai.locator("#signup-warband").select_option("brethren-of-the-bolt")
    expect(cai.locator("#signup-printing")).to_have_value("second-edition")
    cai.locator("#signup-printing").select_option("second-edition")
    phones.shot(cai, "08-printing-chosen")
    cai.get_by_role("button", name="Ask for a place").click()
    expect(cai.locator("#signup-status")).to_have_attribute("data-status", "pending")

    # The desk sees which cards Cai holds; accepted, Cai is registered with them.
    org = phones.new("organiser")
    org.goto(made["links"]["organiser"])
    org.get_by_role("tab", name="Players").click()
    expect(org.locator("#requests [data-request='r1']")).to_contain_text("second-edition fighter cards")
    org.get_by_role("button", name="Accept Cai").click()
    expect(cai).to_have_url(re.compile(rf"/tournament/{tid}$"))
    (player,) = api(server, org_token, "GET", tid)["players"]
    assert (player["name"], player["warband"], player["printing"]) == ("Cai", "brethren-of-the-bolt", "second-edition")
