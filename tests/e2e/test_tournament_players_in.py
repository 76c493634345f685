"""Players in, on the organiser's phone: a pasted list registered with a report of what was refused, every new
player's link kept in a list with its QR code and Copy, the warband reset after each registration, a warband
registered by the printing held, check-in by ticking and *Check in all*, and a fixed table; the players' slips
printed from the phone (to PDF in a test), with no link sent anywhere."""
from __future__ import annotations

import io
import re

import pytest
import requests
from playwright.sync_api import expect
from pypdf import PdfReader

pytestmark = pytest.mark.e2e

PASTED = """Ana, Cyreni's Razors, Cyreni's Razors Rivals Deck
Ben, garreks-reavers
Cai, no-such-warband
Dee, spiteclaws-swarm"""


def organiser_phone(phones, server, name="Players Cup"):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": name, "date": "2026-12-05", "format": "rivals"},
                         timeout=15).json()
    page = phones.new("organiser")
    bad = []
    page.on("response", lambda r: bad.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.on("console", lambda m: bad.append(m.text) if m.type == "error" else None)
    page.goto(made["links"]["organiser"])
    expect(page.locator("#tournament-title")).to_have_text(name)
    return page, made, bad


def test_a_pasted_list_then_one_by_one_then_check_in_all(phones, server):
    page, made, bad = organiser_phone(phones, server)
    page.get_by_role("tab", name="Players").click()
    page.locator("#import-players summary").click()
    page.locator("#import-text").fill(PASTED)
    page.locator("#import-submit").click()
    report = page.locator("#import-report")
    expect(report).to_contain_text("3 registered, 0 already there, 1 refused")
    expect(report).to_contain_text("Line 3")
    expect(report).to_contain_text("no-such-warband")
    links = page.locator("#player-links li")
    expect(links).to_have_count(3)
    for name in ("Ana", "Ben", "Dee"):
        card = page.locator(".player-link", has_text=f"{name}'s link")
        expect(card.locator("svg.qr")).to_be_visible()
        expect(card.get_by_role("button", name=f"Copy {name}'s link")).to_be_visible()
        assert "#t=" in card.locator("input").input_value()
    phones.shot(page, "01-imported-phone")

    # One by one: the warband is chosen afresh for the next player, and earlier links stay listed.
    page.locator("#reg-name").fill("Eli")
    page.locator("#reg-warband").select_option("garreks-reavers")
    page.get_by_role("button", name="Register", exact=True).click()
    expect(links).to_have_count(4)
    expect(page.locator("#player-link")).to_contain_text("Eli's link")
    expect(page.locator("#reg-warband")).to_have_value("")
    # A warband these rules offer no printing of is registered with the printing the player holds.
    page.locator("#reg-name").fill("Fay")
    page.locator("#reg-warband").select_option("brethren-of-the-bolt")
    expect(page.locator("#reg-printing")).to_have_value("second-edition")
    page.get_by_role("button", name="Register", exact=True).click()
    expect(links).to_have_count(5)
    expect(page.locator(".player-row", has_text="Fay")).to_contain_text("Brethren of the Bolt")

    # Check in by ticking, then everyone left at once.
    page.get_by_label("Tick Ben").check()
    page.get_by_label("Tick Dee").check()
    page.get_by_role("button", name="Check in ticked (2)").click()
    expect(page.locator(".player-row.status-checked_in")).to_have_count(2)
    expect(page.locator(".player-row.status-checked_in", has_text="Ben")).to_be_visible()
    page.locator("#check-in-all").click()
    expect(page.locator(".player-row.status-checked_in")).to_have_count(5)
    expect(page.locator("#check-in-all")).to_have_count(0)

    # A fixed table for a player who needs one.
    page.get_by_role("button", name="Fixed table for Ana").click()
    page.locator("#fixed-table").fill("4")
    page.locator("#fixed-table-save").click()
    expect(page.locator(".player-row", has_text="Ana")).to_contain_text("table 4 every round")
    phones.shot(page, "02-checked-in-phone")
    assert not bad, bad


def test_the_box_is_emptied_when_a_push_redrew_it_while_the_list_was_on_its_way(phones, server):
    """A registration from another phone redraws the tab while the pasted list is with the server: once the list is
    registered the box on screen is empty, not refilled with the list just sent."""
    page, made, _ = organiser_phone(phones, server, name="Paste Cup")
    page.get_by_role("tab", name="Players").click()
    page.locator("#import-players summary").click()
    page.locator("#import-text").fill(PASTED)
    held = []
    page.route("**/players/import", lambda route: held.append(route))
    page.locator("#import-submit").click()
    org = {"Authorization": f"Bearer {made['organiser_token']}"}
    requests.post(f"{server.url}/api/tournaments/{made['id']}/players", json={"name": "Zed", "warband": "garreks-reavers"},
                  headers=org, timeout=15).raise_for_status()
    expect(page.locator(".player-row", has_text="Zed")).to_be_visible()   # the push redrew the tab meanwhile
    assert len(held) == 1
    held[0].continue_()
    page.unroute("**/players/import")
    expect(page.locator("#import-report")).to_contain_text("3 registered, 0 already there, 1 refused")
    expect(page.locator("#import-text")).to_have_value("")


def test_a_half_pasted_list_survives_another_phones_registration(phones, server):
    """The paste box stays open with what was typed when the tab is redrawn by a push (here: a player registered
    from another phone), so a list is never lost half-way."""
    page, made, bad = organiser_phone(phones, server, name="Paste Cup")
    page.get_by_role("tab", name="Players").click()
    page.locator("#import-players summary").click()
    page.locator("#import-text").fill(PASTED)
    org = {"Authorization": f"Bearer {made['organiser_token']}"}
    requests.post(f"{server.url}/api/tournaments/{made['id']}/players", json={"name": "Zed", "warband": "garreks-reavers"},
                  headers=org, timeout=15).raise_for_status()
    expect(page.locator(".player-row", has_text="Zed")).to_be_visible()   # the push redrew the tab
    expect(page.locator("#import-text")).to_have_value(PASTED)
    page.locator("#import-submit").click()
    expect(page.locator("#import-report")).to_contain_text("3 registered, 0 already there, 1 refused")
    expect(page.locator("#import-text")).to_have_value("")
    assert not bad, bad


def test_players_slips_print_each_name_and_link_from_the_phone(phones, server):
    page, made, bad = organiser_phone(phones, server, name="Slips Cup")
    page.get_by_role("tab", name="Players").click()
    page.locator("#import-players summary").click()
    page.locator("#import-text").fill(PASTED)
    page.locator("#import-submit").click()
    expect(page.locator("#player-links li")).to_have_count(3)
    links = {name: page.locator(".player-link", has_text=f"{name}'s link").locator("input").input_value()
             for name in ("Ana", "Ben", "Dee")}
    # The print dialog is the browser's: here it only counts that it was asked for.
    page.evaluate("() => { window.print = () => { window.printed = (window.printed || 0) + 1; }; }")
    sent = []
    page.on("request", lambda r: sent.append(f"{r.url} {r.post_data or ''}"))
    page.get_by_role("button", name="Print players' slips").click()
    page.wait_for_function("() => window.printed === 1")
    slips = page.locator("#player-slips .player-slip")
    expect(slips).to_have_count(3)
    expect(page.locator("#player-slips svg.qr")).to_have_count(3)
    expect(page.locator("#player-slips")).to_be_hidden()  # print-only: the screen keeps the Players tab
    names = [slips.nth(i).locator(".slip-name").text_content() for i in range(3)]
    assert names == ["Ana", "Ben", "Dee"]  # by name, to hand out in order

    reader = PdfReader(io.BytesIO(page.pdf(format="A4", print_background=False)))
    text = "".join(p.extract_text() or "" for p in reader.pages)
    flat = re.sub(r"\s+", "", text)
    assert len(reader.pages) == 1  # several slips a page
    for name, link in links.items():
        assert name in text, name
        assert link in flat, link
    assert "Slips Cup" in text
    for screen_only in ("Players' links", "Register", "Tablewarden", "Check in"):
        assert screen_only not in text, screen_only
    # The links are the players' keys: printing sent none of them anywhere.
    tokens = [link.split("#t=")[1] for link in links.values()]
    assert not [r for r in sent if any(t in r for t in tokens)]
    # After the print dialog closes, the slips are taken down.
    page.evaluate("() => { window.dispatchEvent(new Event('afterprint')); }")
    expect(page.locator("#player-slips")).to_have_count(0)

    # A replaced link: Ana's slip carries the new one (the old one no longer works), still one slip each.
    page.get_by_role("button", name="New link for Ana").click()
    page.get_by_role("button", name="Make a new link").click()
    new_link = page.locator("#player-link input").input_value()
    # The list holds each player's current link once: Ana's new one in place of the old.
    expect(page.locator("#player-links li")).to_have_count(3)
    expect(page.locator("#player-links .player-link[data-player='p1'] input")).to_have_value(new_link)
    page.get_by_role("button", name="Print players' slips").click()
    page.wait_for_function("() => window.printed === 2")
    expect(slips).to_have_count(3)
    flat = re.sub(r"\s+", "", "".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(page.pdf(format="A4"))).pages))
    assert new_link in flat and links["Ana"] not in flat and links["Ben"] in flat
    phones.shot(page, "03-after-slips-phone")
    assert not bad, bad


def test_a_whole_events_paste_keeps_the_tab_short_and_draws_a_qr_code_on_tap(phones, server):
    """Twelve pasted players: each link card is the link, Copy and a QR code button (a QR code per card made the tab
    thousands of pixels tall); the QR code tapped open stays open when a push redraws the tab."""
    page, made, bad = organiser_phone(phones, server, name="Big Cup")
    page.get_by_role("tab", name="Players").click()
    page.locator("#import-players summary").click()
    names = ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kit", "Lea"]
    page.locator("#import-text").fill("\n".join(f"{n}, garreks-reavers" for n in names))
    page.locator("#import-submit").click()
    expect(page.locator("#import-report")).to_contain_text("12 registered")
    cards = page.locator("#player-links .player-link")
    expect(cards).to_have_count(12)
    expect(page.locator("#player-links svg.qr")).to_have_count(0)
    # Measured in one go: a push redrawing the tab between two reads would leave a card detached.
    heights = cards.evaluate_all("(els) => els.map((el) => el.getBoundingClientRect().height)")
    assert len(heights) == 12, heights
    assert max(heights) < 170, heights   # a card with its QR code drawn is over 180 px
    phones.shot(page, "03-twelve-pasted", full_page=True)
    row = page.locator(".player-row", has_text="Ana")
    row.scroll_into_view_if_needed()
    phones.shot(page, "04-player-rows")
    # Every action of a row is inside it on a 360 px phone, and the warband reads on one line.
    box = row.bounding_box()
    for b in row.get_by_role("button").all():
        r = b.bounding_box()
        assert box["x"] <= r["x"] and r["x"] + r["width"] <= box["x"] + box["width"], b.inner_text()
    small = row.locator("small").first.bounding_box()
    assert small["height"] < 30, small
    gus = page.locator(".player-link", has_text="Gus's link")
    gus.get_by_role("button", name="QR code of Gus's link").click()
    expect(gus.locator("svg.qr")).to_be_visible()
    expect(gus.get_by_role("button", name="QR code of Gus's link")).to_have_attribute("aria-pressed", "true")
    # Another phone registers a player: the push redraws the tab, and Gus's code is still there to scan.
    requests.post(f"{server.url}/api/tournaments/{made['id']}/players", json={"name": "Max", "warband": "garreks-reavers"},
                  headers={"Authorization": f"Bearer {made['organiser_token']}"}, timeout=15)
    expect(page.locator(".player-row", has_text="Max")).to_be_visible()
    expect(page.locator(".player-link", has_text="Gus's link").locator("svg.qr")).to_be_visible()
    assert not bad, bad
