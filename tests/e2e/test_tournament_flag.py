"""A judge, as a table's referee, flags its game from the table page: the tournament's table is disputed with the
reason (on the judge's and the organiser's screens) until a judge settles the result; logged with who."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e


def test_a_judge_flags_a_game_from_its_table_page(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Spring Cup", "date": "2026-12-05", "rounds": 1},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    judge_link = api(server, org, "POST", f"{tid}/links", json={"role": "judge", "name": "Kim"})["link"]

    judge = phones.new("judge")
    judge.goto(judge_link)
    expect(judge.locator("#tournament-sub")).to_contain_text("Judge")
    judge.get_by_role("tab", name="Tables").click()
    judge.get_by_role("button", name="Open as referee").click()
    strip = judge.locator("#tournament-strip")
    expect(strip).to_contain_text("Table 1")
    judge.locator("#flag-game").click()
    judge.locator("#ask-text").fill("Ben's fighter charged twice in one round")
    phones.shot(judge, "01-flag-reason")
    judge.get_by_role("button", name="Flag", exact=True).last.click()
    expect(judge.locator("#strip-flag")).to_have_text("Flagged: Ben's fighter charged twice in one round. "
                                                      "A judge settles the result.")
    expect(judge.locator("#flag-game")).to_have_count(0)
    phones.shot(judge, "02-flagged-table-page")

    # The organiser's dashboard shows the table disputed with the flag's reason and who flagged it.
    org_page = phones.new("organiser")
    org_page.goto(f"/tournament/{tid}#t={org}")
    org_page.get_by_role("tab", name="Tables").click()
    card = org_page.locator(".dash-table[data-table='1']")
    expect(card).to_contain_text("Disputed")
    expect(card.locator(".dispute-line")).to_have_text("Flagged by judge Kim: Ben's fighter charged twice in one round")
    phones.shot(org_page, "03-dashboard-flagged")

    # A judge settles it from the Judge tab.
    judge.goto(f"/tournament/{tid}")
    judge.get_by_role("tab", name="Judge").click()
    expect(judge.locator(".card.status-disputed")).to_contain_text("Flagged by judge Kim")
    table = api(server, org, "GET", tid)["rounds"][0]["tables"][0]
    judge.get_by_role("button", name="Settle result").click()
    judge.locator("#res-winner").select_option(table["players"][0])
    judge.locator("#res-ga").fill("3")
    judge.locator("#res-gb").fill("1")
    judge.locator("#res-reason").fill("the second charge undone")
    judge.get_by_role("button", name="Save result").click()
    expect(judge.locator("#tournament-body")).to_contain_text("No disputes or calls right now")
    log = api(server, org, "GET", f"{tid}/log")["entries"]
    assert [(e["type"], e["actor"]) for e in log if e["type"] in ("flag", "result")] == [
        ("flag", "judge:Kim"), ("result", "judge:Kim")]
