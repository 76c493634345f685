"""A judge call closes on the judge's phone: settled from the Judge tab, the table leaves it and the dashboard lists it
in table order again; a call answered at the table is closed by hand with *Close call*; a player's page offers no such
button."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e


def test_a_call_closes_when_settled_and_by_hand(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Call Cup", "date": "2026-12-05", "rounds": 1},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    tokens = {}
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "cyrenis-razors"),
                          ("Dee", "garreks-reavers")):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        tokens[p["player"]] = p["link"]
    api(server, org, "POST", f"{tid}/players/check-in", json={})
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    t1, t2 = api(server, org, "GET", tid)["rounds"][0]["tables"]
    a, b = t1["players"]
    c = t2["players"][0]
    judge_link = api(server, org, "POST", f"{tid}/links", json={"role": "judge", "name": "Kim"})["link"]
    for player, table, note in ((a, 1, "a die was a Dodge"), (c, 2, "line of sight?")):
        r = requests.post(f"{server.url}/api/tournaments/{tid}/rounds/1/tables/{table}/judge", json={"note": note},
                          headers={"Authorization": f"Bearer {tokens[player].split('#t=')[1]}"}, timeout=15)
        assert r.status_code == 201, r.text

    judge = phones.new("judge")
    judge.goto(judge_link)
    judge.get_by_role("tab", name="Judge").click()
    calls = judge.locator("#tournament-body li.card[data-table]")
    expect(calls).to_have_count(2)
    phones.shot(judge, "01-two-calls")
    card = judge.locator("li.card[data-table='1']")
    card.get_by_role("button", name="Settle result").click()
    judge.locator("#res-winner").select_option(a)
    judge.locator("#res-ga").fill("4")
    judge.locator("#res-gb").fill("2")
    judge.locator("#res-reason").fill("the die was a Dodge: attack corrected")
    judge.get_by_role("button", name="Save result").click()
    expect(calls).to_have_count(1)
    expect(judge.locator("li.card[data-table='2']")).to_contain_text("line of sight?")
    # The other call was answered at the table: closed by hand.
    judge.get_by_role("button", name="Close the call at table 2").click()
    expect(judge.locator("#tournament-body")).to_contain_text("No disputes or calls right now")
    judge.get_by_role("tab", name="Tables").click()
    expect(judge.locator(".dash-table").first).to_have_attribute("data-table", "1")
    expect(judge.locator(".dash-table.calling")).to_have_count(0)
    log = api(server, org, "GET", f"{tid}/log")["entries"]
    assert [e["actor"] for e in log if e["type"] == "close_call"] == ["judge:Kim"]

    player = phones.new("player")
    player.goto(tokens[b])
    expect(player.locator("#tournament-title")).to_have_text("Call Cup")
    expect(player.get_by_role("button", name="Close call")).to_have_count(0)
    expect(player.get_by_role("tab", name="Judge")).to_have_count(0)
