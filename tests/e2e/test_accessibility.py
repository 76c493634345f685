"""Every page and sheet checked by axe-core in Chromium: no critical and no serious violations."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .axe import violations
from .flows import api_game, attack_sheet, counts, join, tap
from .uw_rest import quiet_game

pytestmark = pytest.mark.e2e


def test_start_join_wizard_and_cards_pages(phones, server):
    found = []
    page = phones.new("host", bypass_csp=True)
    page.goto("/")
    found += violations(page, "start")
    page.goto("/cards")
    page.wait_for_load_state("networkidle")
    found += violations(page, "cards")
    page.goto("/new")
    expect(page.locator("#wizard[data-ready='true']")).to_be_attached()
    found += violations(page, "wizard: game")
    page.locator("#wizard-next").click()
    for i, (name, fighter) in enumerate((("Ana", "Vex"), ("Ben", "Rok"))):
        page.locator(f"#name-{i}").fill(name)
        page.locator(f"#warband-{i}").select_option("custom")
        page.locator(f"#fighter-{i}-0").fill(fighter)
    found += violations(page, "wizard: players")
    page.locator("#wizard-next").click()
    expect(page.get_by_role("heading", name="Before the first round")).to_be_visible()
    found += violations(page, "wizard: before the first round")
    page.locator("#wizard-next").click()
    code = page.locator("#join-code")
    expect(code).to_be_visible()
    found += violations(page, "wizard: join code")
    other = phones.new("guest", bypass_csp=True)
    other.goto("/join")
    found += violations(other, "join")
    other.locator("#join-code").fill(code.inner_text())
    other.get_by_role("button", name="Find the game").click()
    other.locator("[data-seat='p2']").wait_for()
    found += violations(other, "join: seats")
    assert not found, "\n".join(found)


def test_table_attack_sheet_log_and_game_over(phones, server):
    found = []
    game = api_game(server, wounds=(3, 1))
    ana = phones.new("ana", bypass_csp=True)
    join(ana, game["join_code"], "p1")
    found += violations(ana, "table")
    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")
    counts(sheet, "attack", 2, 1)
    expect(sheet.locator("#attack-preview [data-preview]")).to_have_attribute("data-preview", "critical_hit")
    found += violations(ana, "attack sheet")
    sheet.get_by_role("button", name="Commit attack").click()
    expect(ana.locator("[data-fighter='p2.rok'] .badge.ooa")).to_have_text("Out of action")
    found += violations(ana, "table with a fighter out of action")
    phones.shot(ana, "table-out-of-action", full_page=True)
    ana.locator("[data-tab='log']").click()
    found += violations(ana, "log")
    over = api_game(server, ruleset="underworlds/shadespire", roll_off=False)
    quiet_game(server, over["id"], over["tokens"], glory={"p1": 2})
    ben = phones.new("ben", bypass_csp=True)
    join(ben, over["join_code"], "p1")
    expect(ben.locator("#game-over")).to_be_visible()
    found += violations(ben, "game over")
    assert not found, "\n".join(found)


def test_tournament_pages(phones, server):
    found = []
    page = phones.new("organiser", bypass_csp=True)
    page.goto("/tournaments/new")
    page.wait_for_load_state("networkidle")
    found += violations(page, "new tournament")
    tournament, players = _running_tournament(server)
    # Registration open and full, with one request on the waitlist: the Players tab shows the link's card and it.
    opened = requests.post(f"{server.url}/api/tournaments/{tournament['id']}/registration", json={"open": True, "cap": 4},
                           headers={"Authorization": f"Bearer {tournament['organiser_token']}"}, timeout=10).json()
    requests.post(f"{server.url}/api/tournaments/{tournament['id']}/requests", json={"name": "Wes", "warband": "cyrenis-razors"},
                  headers={"Authorization": f"Bearer {opened['link'].split('#k=')[1]}"}, timeout=10).raise_for_status()
    page.goto(tournament["links"]["organiser"])
    expect(page.locator("#tournament-title")).to_have_text("Axe Cup")
    for tab in ("Round", "Tables", "Players", "Standings", "Judge", "Links"):
        page.get_by_role("tab", name=tab).click()
        expect(page.get_by_role("tab", name=tab)).to_have_attribute("aria-selected", "true")
        found += violations(page, f"tournament: {tab}")
    player = phones.new("player", bypass_csp=True)
    player.goto(players[0]["link"])
    expect(player.locator(".my-table")).to_be_visible()
    found += violations(player, "tournament: a player's table")
    public = phones.new("venue", bypass_csp=True)
    public.goto(f"/tournament/{tournament['id']}/public")
    expect(public.locator("table.standings")).to_be_visible()
    found += violations(public, "tournament: public page")
    signup = phones.new("signup", bypass_csp=True)
    signup.goto(opened["link"])
    expect(signup.locator("#signup-form")).to_be_visible()
    found += violations(signup, "tournament: registration page (the event full)")
    for path, ready, what in ((f"/tournament/{tournament['id']}/print", "#print-body[data-ready='yes']", "print pages"),
                              (f"/tournament/{tournament['id']}/venue?show=pairings", "#venue-body[data-panel]", "venue screen"),
                              (f"/tournament/{tournament['id']}/table/1/overlay", ".ov-panel", "feature table overlay")):
        public.goto(path)
        expect(public.locator(ready).first).to_be_visible()
        found += violations(public, f"tournament: {what}")
    assert not found, "\n".join(found)


def _running_tournament(server):
    """A tournament with four checked-in players and round 1 published (one table on paper), its clock running."""
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Axe Cup", "date": "2026-12-01"}, timeout=10).json()
    org = {"Authorization": f"Bearer {made['organiser_token']}"}
    base = f"{server.url}/api/tournaments/{made['id']}"
    players = []
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "spiteclaws-swarm"),
                          ("Dee", "sepulchral-guard")):
        p = requests.post(f"{base}/players", json={"name": name, "warband": warband}, headers=org, timeout=10).json()
        requests.post(f"{base}/players/{p['player']}/check-in", headers=org, timeout=10)
        players.append(p)
    requests.post(f"{base}/rounds/1/pair", headers=org, timeout=10)
    requests.post(f"{base}/rounds/1/tables/2/mode", json={"mode": "untracked"}, headers=org, timeout=10)
    assert requests.post(f"{base}/rounds/1/publish", headers=org, timeout=10).status_code == 201
    requests.post(f"{base}/rounds/1/timer", json={}, headers=org, timeout=10)
    return made, players
