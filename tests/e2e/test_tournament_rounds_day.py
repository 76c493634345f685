"""During the rounds, on phones: *Call time* asks first and can be taken back; a finished game nobody has
confirmed says *Waiting for confirmation*; the judge's *Settle result* sheet starts from the game's outcome
with both confirmations; the standings fit 360 px (head-to-head and "ahead of" shown) with the viewer's row marked."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api
from .uw_rest import quiet_game, set_up

pytestmark = pytest.mark.e2e

PLAYERS = (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"),
           ("Dee", "spiteclaws-swarm"))


def test_call_time_waiting_settle_from_the_outcome_and_standings_at_phone_width(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Clock Cup", "date": "2026-12-05", "rounds": 2},
                         timeout=15).json()
    tid, org_token = made["id"], made["organiser_token"]
    tokens, links = {}, {}
    for name, warband in PLAYERS:
        p = api(server, org_token, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        tokens[p["player"]], links[p["player"]] = p["token"], p["link"]
    api(server, org_token, "POST", f"{tid}/players/check-in")
    judge_link = api(server, org_token, "POST", f"{tid}/links", json={"role": "judge", "name": "Kim"})["link"]
    api(server, org_token, "POST", f"{tid}/rounds/1/pair")
    api(server, org_token, "POST", f"{tid}/rounds/1/publish")
    api(server, org_token, "POST", f"{tid}/rounds/1/timer", json={})
    a, b = api(server, org_token, "GET", tid)["rounds"][0]["tables"][0]["players"]

    org = phones.new("organiser")
    org.goto(made["links"]["organiser"])
    org.get_by_role("tab", name="Round").click()
    # Call time asks first (cancel changes nothing), and can be taken back.
    org.locator("#call-time").click()
    org.get_by_role("button", name="Cancel").click()
    expect(org.locator(".clock.called")).to_have_count(0)
    org.locator("#call-time").click()
    expect(org.locator("dialog.sheet")).to_contain_text("finish the current round")
    org.locator("dialog.sheet [data-action='confirm']").click()
    expect(org.locator(".clock.called")).to_contain_text("Time called")
    org.locator("#withdraw-time").click()
    org.locator("dialog.sheet [data-action='confirm']").click()
    expect(org.locator(".clock.called")).to_have_count(0)
    expect(org.locator("#call-time")).to_be_visible()
    assert api(server, org_token, "GET", tid)["rounds"][0]["timer"]["called_at"] is None

    # Table 1's game ends: nobody has confirmed yet, so the table is waiting for confirmation, not playing.
    seats = [api(server, tokens[p], "POST", f"{tid}/rounds/1/tables/1/seat") for p in (a, b)]
    toks = {"p1": seats[0]["token"], "p2": seats[1]["token"]}
    set_up(server, seats[0]["game"], toks)
    quiet_game(server, seats[0]["game"], toks, glory={"p2": 3})
    row = org.locator(".result-row[data-table='1']")
    expect(row).to_contain_text("Waiting for confirmation")
    expect(org.locator(".result-row[data-table='2']")).to_contain_text("Playing")
    phones.shot(org, "01-waiting-phone")

    # Ben confirms, Ana disputes: the judge's sheet starts from the game's outcome, with Ben's confirmation.
    api(server, tokens[b], "POST", f"{tid}/rounds/1/tables/1/confirm")
    api(server, tokens[a], "POST", f"{tid}/rounds/1/tables/1/dispute", json={"reason": "my objective is missing"})
    judge = phones.new("judge")
    judge.goto(judge_link)
    judge.get_by_role("tab", name="Judge").click()
    judge.get_by_role("button", name="Settle result").click()
    expect(judge.locator("#res-winner")).to_have_value(b)
    expect(judge.locator("#res-ga")).to_have_value("0")
    expect(judge.locator("#res-gb")).to_have_value("3")
    names = {p["id"]: p["name"] for p in api(server, org_token, "GET", tid)["players"]}
    notes = judge.locator("#res-notes")
    expect(notes).to_contain_text(f"The game's outcome: {names[b]} won, glory 0 – 3")
    expect(notes).to_contain_text(f"{names[b]} confirmed: {names[b]} won, glory 0 – 3")
    phones.shot(judge, "02-settle-prefilled-phone")
    judge.locator("#res-reason").fill("the objective was not scored")
    judge.get_by_role("button", name="Save result").click()
    expect(judge.locator("#tournament-body")).to_contain_text("No disputes or calls right now")

    # A player's phone at 360 px: the standings fit, head-to-head and "ahead on" in view, their own row marked.
    ana = phones.new("player")
    ana.goto(links[a])
    standings = ana.locator("table.standings")
    expect(standings).to_be_visible()
    mine = ana.locator("table.standings tr.me")
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-player", a)
    expect(mine).to_contain_text("you")
    assert ana.evaluate("document.documentElement.scrollWidth") <= 360
    scroller = ana.locator(".table-scroll")
    assert scroller.evaluate("el => el.scrollWidth <= el.clientWidth")
    for cell in (mine.locator("td.tb-head_to_head"), ana.locator("table.standings tbody tr").first.locator("td.ahead")):
        expect(cell).to_be_visible()
        box = cell.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, box
    ahead = ana.locator("table.standings tbody tr").first.locator("td.ahead")
    expect(ahead).to_contain_text("Match points")
    assert "Ahead on" in ahead.evaluate("el => getComputedStyle(el, '::before').content")  # its label, drawn by CSS
    phones.shot(ana, "03-standings-360-phone", full_page=True)
