"""A top cut with a player given a fixed table (accessibility): the organiser's draft, the printed pairings and the
public bracket all put that player's semi-final at their table, and the bracket still reads in bracket order."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import watch_responses
from .tournament_rest import api

pytestmark = pytest.mark.e2e

PLAYERS = [("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"),
           ("Dee", "spiteclaws-swarm")]


def _cut_started(server):
    """One Swiss round of four played on paper, a top 4 cut started: (tid, organiser token, seeds' names, ids)."""
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Cut Cup", "date": "2026-12-05", "rounds": 1},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    for name, warband in PLAYERS:
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
    tables = api(server, org, "POST", f"{tid}/rounds/1/pair")["data"]["tables"]
    for t in tables:
        api(server, org, "POST", f"{tid}/rounds/1/tables/{t['table']}/mode", json={"mode": "untracked"})
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    for t in tables:
        a, b = t["players"]
        api(server, org, "POST", f"{tid}/rounds/1/tables/{t['table']}/result", json={"winner": a, "glory": {a: 5, b: t["table"]}})
    seeds = api(server, org, "POST", f"{tid}/cut", json={"size": 4})["data"]["seeds"]
    names = {p["id"]: p["name"] for p in api(server, org, "GET", tid)["players"]}
    return tid, org, [names[p] for p in seeds], seeds


def test_a_fixed_table_players_cut_match_shows_at_their_table_on_every_screen(phones, server):
    tid, org, seeds, ids = _cut_started(server)
    api(server, org, "POST", f"{tid}/players/{ids[2]}/table", json={"table": 1})  # the 3rd seed keeps table 1
    bad: list[str] = []

    # The organiser pairs the semi-finals: 2 v 3 at table 1, 1 v 4 at table 2.
    organiser = phones.new("organiser")
    watch_responses(organiser, bad)
    organiser.goto(f"/tournament/{tid}#t={org}")
    organiser.get_by_role("tab", name="Round").click()
    organiser.get_by_role("button", name="Pair Semi-finals").click()
    expect(organiser.locator(".draft-table")).to_have_count(2)
    first, second = organiser.locator(".draft-table").first, organiser.locator(".draft-table").nth(1)
    expect(first.locator(".table-no")).to_have_text("T1")
    for name in (seeds[1], seeds[2]):
        expect(first).to_contain_text(name)
    expect(second.locator(".table-no")).to_have_text("T2")
    for name in (seeds[0], seeds[3]):
        expect(second).to_contain_text(name)
    phones.shot(organiser, "01-cut-draft", full_page=True)
    for t in (1, 2):
        api(server, org, "POST", f"{tid}/rounds/2/tables/{t}/mode", json={"mode": "untracked"})
    api(server, org, "POST", f"{tid}/rounds/2/publish")

    # The printed pairings: by table and by name.
    sheets = phones.new("print")
    watch_responses(sheets, bad)
    sheets.goto(f"/tournament/{tid}/print?show=tables,names")
    expect(sheets.locator("#print-body[data-ready='yes']")).to_be_attached()
    rows = sheets.locator("#sheet-tables tbody tr")
    expect(rows).to_have_count(2)
    expect(rows.first.locator("td").first).to_have_text("1")
    expect(rows.first).to_contain_text(seeds[2])
    by_name = {r.locator("td").first.inner_text(): r.locator("td").nth(1).inner_text()
               for r in sheets.locator("#sheet-names tbody tr").all()}
    assert by_name == {seeds[0]: "2", seeds[1]: "1", seeds[2]: "1", seeds[3]: "2"}

    # The public bracket keeps bracket order: match 1 is 1 v 4 (at table 2), match 2 is 2 v 3 (at table 1).
    public = phones.new("public")
    watch_responses(public, bad)
    public.goto(f"/tournament/{tid}/public")
    semis = public.locator(".bracket-round").first
    expect(semis.get_by_label("Semi-finals, match 1")).to_contain_text(seeds[0])
    expect(semis.get_by_label("Semi-finals, match 1")).to_contain_text(seeds[3])
    expect(semis.get_by_label("Semi-finals, match 2")).to_contain_text(seeds[2])
    public.wait_for_function("() => { const img = document.querySelector('img.qr'); return img && img.complete && img.naturalWidth > 0; }")
    phones.shot(public, "02-cut-bracket", full_page=True)
    assert not bad, bad
