"""The venue screen: reached from the public page, it cycles pairings by name, the round clock and the
standings in type read from across a room, follows the tournament live without a reload, and loads clean."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e

NAMES = ("Ana", "Ben", "Cai", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kit", "Lea", "Max", "Nia")
WARBANDS = ("cyrenis-razors", "garreks-reavers", "steelhearts-champions", "spiteclaws-swarm", "ironskulls-boyz",
            "sepulchral-guard", "magores-fiends")
TV = {"width": 1920, "height": 1080}


def _round_one(server):
    """Fourteen players, round 1 published on seven paper tables: (tid, organiser token, tables)."""
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Venue Cup", "date": "2026-12-05", "rounds": 3},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    for i, name in enumerate(NAMES):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": WARBANDS[i % len(WARBANDS)]})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    for t in range(1, 8):
        api(server, org, "POST", f"{tid}/rounds/1/tables/{t}/mode", json={"mode": "untracked"})
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    return tid, org, api(server, org, "GET", tid)["rounds"][0]["tables"]


def _screen(phones, label):
    page = phones.new(label)
    page.set_viewport_size(TV)
    problems = []
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    return page, problems


def test_the_venue_screen_cycles_its_panels_from_the_public_page(phones, server):
    tid, _, _ = _round_one(server)
    tv, problems = _screen(phones, "tv")
    tv.goto(f"/tournament/{tid}/public")
    tv.get_by_role("link", name="Venue screen").click()
    expect(tv).to_have_url(f"{server.url}/tournament/{tid}/venue")
    tv.goto(f"/tournament/{tid}/venue?seconds=5")
    body = tv.locator("#venue-body")
    expect(body).to_have_attribute("data-panel", "pairings")
    expect(tv.locator("#venue-title")).to_have_text("Venue Cup")
    # Alphabetical, ten to a slide, each with a table, all of them on the screen; then the rest on the next slide.
    expect(body.locator("tbody th")).to_have_count(10)
    assert body.locator("tbody th").all_inner_texts() == list(NAMES[:10])
    assert body.locator("tbody tr").last.evaluate("el => el.getBoundingClientRect().bottom <= innerHeight")
    expect(body.locator("h2")).to_contain_text("1 / 2")
    size = body.locator("tbody th").first.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 28, size  # read from across a room on a 1080p screen
    phones.shot(tv, "01-pairings")
    expect(body.locator("h2")).to_contain_text("2 / 2", timeout=15_000)
    assert body.locator("tbody th").all_inner_texts() == list(NAMES[10:])
    expect(body).to_have_attribute("data-panel", "clock", timeout=15_000)
    expect(body).to_contain_text("Not started")
    expect(body).to_have_attribute("data-panel", "standings", timeout=15_000)
    expect(body.locator("tbody tr")).to_have_count(10)
    assert body.locator("tbody tr").last.evaluate("el => el.getBoundingClientRect().bottom <= innerHeight")
    phones.shot(tv, "02-standings")
    expect(tv.locator("#venue-dots li")).to_have_count(5)
    assert not problems, problems
    assert not phones.errors


def test_the_clock_and_standings_change_on_screen_without_a_reload(phones, server):
    tid, org, tables = _round_one(server)
    tv, problems = _screen(phones, "clock")
    tv.goto(f"/tournament/{tid}/venue?show=clock")
    tv.evaluate("window.notReloaded = true")
    body = tv.locator("#venue-body")
    expect(body).to_contain_text("Not started")
    api(server, org, "POST", f"{tid}/rounds/1/timer", json={})
    expect(body.locator("[data-started]")).to_have_text(re.compile(r"^(74|75):\d\d$"))
    api(server, org, "POST", f"{tid}/rounds/1/time-called", json={})
    expect(body.locator(".clock.called")).to_contain_text("Time!")
    phones.shot(tv, "03-time-called")

    standings, more = _screen(phones, "standings")
    standings.goto(f"/tournament/{tid}/venue?show=standings,pairings")
    standings.evaluate("window.notReloaded = true")
    expect(standings.locator("#venue-body")).to_have_attribute("data-panel", "pairings")
    for t in tables:
        api(server, org, "POST", f"{tid}/rounds/1/tables/{t['table']}/result",
            json={"winner": t["players"][0], "glory": {t["players"][0]: 5, t["players"][1]: 2}})
    # Every result in: the pairings have nothing left to say, the standings show the winners on top.
    sb = standings.locator("#venue-body")
    expect(sb).to_have_attribute("data-panel", "standings")
    expect(sb.locator("h2")).to_contain_text("Standings after round 1")
    winners = {t["names"][0] for t in tables}
    top = sb.locator("tbody tr th").first.evaluate("el => el.firstChild.textContent")
    assert top in winners
    expect(sb.locator("tbody tr").first.locator("td").nth(1)).to_have_text("3")
    assert tv.evaluate("window.notReloaded") and standings.evaluate("window.notReloaded")
    assert not problems + more, problems + more
    assert not phones.errors
