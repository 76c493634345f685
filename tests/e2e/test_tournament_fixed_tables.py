"""A draft round where a player who keeps a fixed table (accessibility) does not sit at it: both players of a match
keep one. The organiser's draft says so on that table's row, before the round is published."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import watch_responses
from .tournament_rest import api

pytestmark = pytest.mark.e2e

PLAYERS = [("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"),
           ("Dee", "spiteclaws-swarm")]


def test_the_draft_tells_the_organiser_of_a_fixed_table_player_at_another_table(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Access Cup", "date": "2026-12-05", "rounds": 1},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    ids = {}
    for name, warband in PLAYERS:
        ids[name] = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})["player"]
        api(server, org, "POST", f"{tid}/players/{ids[name]}/check-in")
    fixed = {"Ana": 2, "Ben": 4}
    for name, table in fixed.items():
        api(server, org, "POST", f"{tid}/players/{ids[name]}/table", json={"table": table})
    for _ in range(20):  # round 1 is drawn at random: until Ana meets Ben
        tables = api(server, org, "POST", f"{tid}/rounds/1/pair")["data"]["tables"]
        match = next((t for t in tables if set(t["players"]) == {ids["Ana"], ids["Ben"]}), None)
        if match:
            break
    else:
        raise AssertionError("Ana never met Ben in 20 draws")
    moved = next(name for name, table in fixed.items() if table != match["table"])

    bad: list[str] = []
    organiser = phones.new("organiser")
    watch_responses(organiser, bad)
    organiser.goto(f"/tournament/{tid}#t={org}")
    organiser.get_by_role("tab", name="Round").click()
    row = organiser.locator(f".draft-table[data-table='{match['table']}']")
    expect(row.locator(".off-fixed")).to_have_text(f"{moved}'s fixed table is T{fixed[moved]}, not T{match['table']}")
    expect(organiser.locator(".off-fixed")).to_have_count(1)
    phones.shot(organiser, "01-draft-fixed-table-not-kept", full_page=True)
    assert not bad, bad
