"""The bookkeeping on each role's page: the public page and another table's player read no penalty, no paid mark and
no other table's extra time; the scorekeeper gives time and marks payments but sets no deck deadline; the judge
records penalties and checks decks but marks no payments; the league's page offers its next event to its organiser
only, and a link of another league is refused there (and forgotten: the page is then read as anyone's). A table's
own end of time (with its extension) alerts that table's phones, and no other's."""
from __future__ import annotations

from datetime import datetime, timedelta

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e

PLAYERS = [("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"),
           ("Dee", "spiteclaws-swarm")]


def _event(server):
    """A league's event with round 1 published, 4 more minutes at Ana's table, a penalty on Ana and Ana paid."""
    league = requests.post(f"{server.url}/api/leagues", json={"name": "Nights"}, timeout=15).json()
    made = requests.post(f"{server.url}/api/leagues/{league['id']}/events",
                         headers={"Authorization": f"Bearer {league['organiser_token']}"},
                         json={"name": "Night 1", "date": "2026-12-05"}, timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    tokens, ids = {}, {}
    for name, warband in PLAYERS:
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        tokens[name], ids[name] = p["token"], p["player"]
    api(server, org, "POST", f"{tid}/players/check-in", json={})
    for role, extra in (("judge", {"name": "Kim"}), ("scorekeeper", {"name": "Sam"})):
        tokens[role] = api(server, org, "POST", f"{tid}/links", json={"role": role, **extra})["token"]
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    api(server, org, "POST", f"{tid}/rounds/1/timer", json={})
    tables = api(server, org, "GET", tid)["rounds"][0]["tables"]
    mine = next(t for t in tables if ids["Ana"] in t["players"])
    other = next(t for t in tables if t is not mine)
    api(server, tokens["judge"], "POST", f"{tid}/rounds/1/tables/{mine['table']}/extend",
        json={"minutes": 4, "reason": "ruling about a push"})
    api(server, tokens["judge"], "POST", f"{tid}/players/{ids['Ana']}/penalties", json={"kind": "warning", "reason": "marked sleeves"})
    api(server, org, "POST", f"{tid}/players/{ids['Ana']}/paid", json={"paid": True})
    names = {v: k for k, v in ids.items()}
    return league, tid, tokens, names[other["players"][0]]


def test_each_role_sees_and_does_only_its_own_bookkeeping(phones, server):
    league, tid, tokens, elsewhere = _event(server)
    public = phones.new("public")
    public.goto(f"/tournament/{tid}/public")
    expect(public.locator("#tournament-body")).to_contain_text("Standings")
    for secret in ("marked sleeves", "ruling about a push"):
        expect(public.locator("body")).not_to_contain_text(secret)
    expect(public.get_by_role("button", name="More time")).to_have_count(0)

    other = phones.new(elsewhere)
    other.goto(f"/tournament/{tid}#t={tokens[elsewhere]}")
    expect(other.locator(".my-table")).to_be_visible()
    expect(other.locator("#extra-time")).to_have_count(0)
    expect(other.locator("#my-record")).to_have_count(0)
    expect(other.locator("body")).not_to_contain_text("marked sleeves")

    ana = phones.new("Ana")
    ana.goto(f"/tournament/{tid}#t={tokens['Ana']}")
    expect(ana.locator("#my-record")).to_contain_text("marked sleeves")
    expect(ana.locator("#extra-time")).to_contain_text("ruling about a push")

    keeper = phones.new("scorekeeper")
    keeper.goto(f"/tournament/{tid}#t={tokens['scorekeeper']}")
    expect(keeper.get_by_role("button", name="More time: table 1")).to_be_visible()
    keeper.get_by_role("tab", name="Players").click()
    expect(keeper.get_by_role("button", name="Ana paid")).to_have_attribute("aria-pressed", "true")
    expect(keeper.locator("#deck-deadline-card")).to_have_count(0)
    expect(keeper.locator("#tab-judge")).to_have_count(0)

    judge = phones.new("judge")
    judge.goto(f"/tournament/{tid}#t={tokens['judge']}")
    expect(judge.locator("#penalty-form")).to_be_visible()
    expect(judge.locator("#penalties")).to_contain_text("marked sleeves")
    expect(judge.locator("#deck-check li")).to_have_count(4)
    expect(judge.locator("#tab-players")).to_have_count(0)

    page = phones.new("league public")
    page.goto(f"/league/{league['id']}")
    expect(page.locator("#league-title")).to_have_text("Nights")
    expect(page.locator("#league-event-form")).to_have_count(0)
    stranger = requests.post(f"{server.url}/api/leagues", json={"name": "Elsewhere"}, timeout=15).json()
    wrong = phones.new("another league's organiser")
    wrong.goto(f"/league/{league['id']}#t={stranger['organiser_token']}")
    expect(wrong.locator("#league-body [role='alert']")).to_contain_text("another league")
    expect(wrong.locator("#league-title")).to_have_text("Nights")
    expect(wrong.locator("#league-event-form")).to_have_count(0)
    assert wrong.evaluate("localStorage.getItem('tw.leagues')") == "{}", "the refused link is forgotten"
    assert not phones.errors, phones.errors


def test_a_tables_own_end_of_time_alerts_its_phone_once_and_not_the_other_tables(phones, server):
    """The phone's clock is moved on (Playwright's clock) rather than waited for: at the round's end the table without
    extra time rings; the table with 4 more minutes rings only once those are over too."""
    _, tid, tokens, elsewhere = _event(server)
    view = api(server, tokens["judge"], "GET", tid)
    started = view["rounds"][0]["timer"]["started_at"]
    minutes = view["rounds"][0]["timer"]["minutes"]
    start = datetime.fromisoformat(started.replace("Z", "+00:00"))
    phones_at = {}
    for name in ("Ana", elsewhere):
        phone = phones.new(name)
        phone.clock.install(time=start + timedelta(minutes=minutes) - timedelta(seconds=5))
        phone.goto(f"/tournament/{tid}#t={tokens[name]}")
        expect(phone.locator(".my-table")).to_be_visible()
        phones_at[name] = phone
    for phone in phones_at.values():
        phone.clock.run_for(10_000)  # the round's own end passes
    expect(phones_at[elsewhere].locator("#tournament-alerts [role='alert']")).to_contain_text("Time is up")
    expect(phones_at["Ana"].locator("#tournament-alerts [role='alert']")).to_have_count(0)
    phones_at["Ana"].clock.run_for(4 * 60_000)  # and Ana's table's 4 more minutes
    expect(phones_at["Ana"].locator("#tournament-alerts [role='alert']")).to_contain_text("Time is up")
    assert not phones.errors, phones.errors
