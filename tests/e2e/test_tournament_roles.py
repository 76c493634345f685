"""Each tournament role's page offers only what the server lets that role do: the scorekeeper cannot accept a refused
deck (the organiser can), a disputed table is settled with a reason, a result sheet offers the book's tiebreaks
(a ruling only to a judge or the organiser) and the server's refusal cites the rule, and a table device at a
table played on phones is not offered the players' confirmation."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e

PLAYERS = (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"),
           ("Dee", "spiteclaws-swarm"), ("Eli", "ironskulls-boyz"), ("Fay", "sepulchral-guard"))


def _tournament(server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Roles Cup", "date": "2026-12-05", "rounds": 1},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    tokens = {}
    for name, warband in PLAYERS:
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
        tokens[p["player"]] = p["token"]
    links = {role: api(server, org, "POST", f"{tid}/links", json=body)["link"]
             for role, body in (("keeper", {"role": "scorekeeper", "name": "Sam"}), ("judge", {"role": "judge", "name": "Kim"}),
                                ("device", {"role": "table", "table": 1}))}
    return tid, org, tokens, links


def _register_borrowed_deck(page):
    page.get_by_role("tab", name="Players").click()
    page.locator("#reg-name").fill("Gus")
    page.locator("#reg-warband").select_option("garreks-reavers")
    page.locator("#reg-deck").select_option(label="Cyreni's Razors Rivals Deck")
    page.get_by_role("button", name="Register").click()
    expect(page.locator("#deck-problems")).to_contain_text("belongs to another warband")


def _sheet(page, table, winner, glory, reason="", decided_by=None):
    page.get_by_role("button", name=f"Enter result: table {table}").click()
    page.locator("#res-winner").select_option(winner)
    page.locator("#res-ga").fill(str(glory[0]))
    page.locator("#res-gb").fill(str(glory[1]))
    if decided_by:
        page.locator("#res-decided").select_option(decided_by)
    page.locator("#res-reason").fill(reason)
    page.get_by_role("button", name="Save result").click()


def test_each_roles_page_offers_only_what_the_role_may_do(phones, server):
    tid, org, tokens, links = _tournament(server)

    # Registration: the scorekeeper sees a refused deck's problems, and no way to accept it; the organiser has one.
    keeper = phones.new("scorekeeper")
    keeper.goto(links["keeper"])
    expect(keeper.locator("#tournament-sub")).to_contain_text("Scorekeeper")
    _register_borrowed_deck(keeper)
    expect(keeper.locator("#deck-problems")).to_contain_text("Only the organiser can accept a deck the format refuses.")
    expect(keeper.get_by_role("button", name="Accept this deck anyway")).to_have_count(0)
    phones.shot(keeper, "01-keeper-deck-refused")
    organiser = phones.new("organiser")
    organiser.goto(f"/tournament/{tid}#t={org}")
    _register_borrowed_deck(organiser)
    organiser.get_by_role("button", name="Accept this deck anyway").click()
    organiser.locator("#ask-text").fill("borrowed deck, approved at the desk")
    organiser.get_by_role("button", name="Accept", exact=True).click()
    expect(organiser.locator("#player-link")).to_contain_text("Gus's link")

    # Round 1: table 1 on the players' phones, tables 2 and 3 on paper (Gus joined late: he plays from round 2).
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    for t in (2, 3):
        api(server, org, "POST", f"{tid}/rounds/1/tables/{t}/mode", json={"mode": "untracked"})
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    tables = api(server, org, "GET", tid)["rounds"][0]["tables"]

    # Table 1's device: its players confirm on their phones, so the device is offered no confirmation.
    device = phones.new("device")
    device.goto(links["device"])
    expect(device.locator("#tournament-body")).to_contain_text("This table plays on the players' phones: they confirm its result.")
    expect(device.get_by_role("button", name="Confirm this result")).to_have_count(0)
    expect(device.get_by_role("button", name="Call a judge")).to_be_visible()
    phones.shot(device, "02-device-at-a-phones-table")

    # Table 2 is disputed: the scorekeeper's sheet asks why before it sends anything.
    a2, b2 = tables[1]["players"]
    api(server, tokens[a2], "POST", f"{tid}/rounds/1/tables/2/dispute", json={"reason": "glory miscounted"})
    keeper.get_by_role("tab", name="Round").click()
    expect(keeper.locator(".result-row[data-table='2']")).to_contain_text("Disputed")
    _sheet(keeper, 2, a2, (3, 1))
    expect(keeper.locator("#toast")).to_contain_text("Say why: the players read it.")
    keeper.locator("#res-reason").fill("recounted with both players")
    keeper.get_by_role("button", name="Save result").click()
    expect(keeper.locator(".result-row[data-table='2']")).to_contain_text("won, glory 3 – 1")

    # Table 3 level on glory: a winner needs the book's tiebreak; the server's refusal cites the rule.
    a3, b3 = tables[2]["players"]
    _sheet(keeper, 3, a3, (4, 4))
    expect(keeper.locator("#toast")).to_contain_text("Deathgorge rulebook, Victory (pg 39)")
    expect(keeper.locator(".result-row[data-table='3']")).to_contain_text("Playing")
    keeper.get_by_role("button", name="Enter result: table 3").click()
    expect(keeper.locator("#res-decided option[value='objective_value']")).to_have_count(1)
    expect(keeper.locator("#res-decided option[value='ruling']")).to_have_count(0)
    phones.shot(keeper, "03-keeper-result-sheet")
    keeper.get_by_role("button", name="Cancel").click()
    _sheet(keeper, 3, a3, (4, 4), decided_by="objective_value")
    expect(keeper.locator(".result-row[data-table='3']")).to_contain_text("won (on the value of objectives held), glory 4 – 4")

    # Table 1: a player calls a judge, who settles it by a ruling (a concession) with its reason.
    a1, b1 = tables[0]["players"]
    api(server, tokens[a1], "POST", f"{tid}/rounds/1/tables/1/judge", json={"note": "my opponent concedes"})
    judge = phones.new("judge")
    judge.goto(links["judge"])
    judge.get_by_role("tab", name="Judge").click()
    judge.locator(".card[data-table='1']").get_by_role("button", name="Settle result").click()
    judge.locator("#res-winner").select_option(a1)
    judge.locator("#res-ga").fill("1")
    judge.locator("#res-gb").fill("5")
    judge.locator("#res-decided").select_option("ruling")
    judge.locator("#res-reason").fill("conceded in round 2")
    phones.shot(judge, "04-judge-ruling")
    judge.get_by_role("button", name="Save result").click()
    expect(judge.locator("#toast")).to_contain_text("Result settled")
    table1 = api(server, org, "GET", tid)["rounds"][0]["tables"][0]
    assert table1["status"] == "confirmed"
    assert table1["result"] == {"winner": a1, "glory": {a1: 1, b1: 5}, "decided_by": "ruling"}
    log = api(server, org, "GET", f"{tid}/log")["entries"]
    assert [(e["actor"], e["data"]["reason"]) for e in log if e["type"] == "result"] == [
        ("scorekeeper:Sam", "recounted with both players"), ("scorekeeper:Sam", ""), ("judge:Kim", "conceded in round 2")]
