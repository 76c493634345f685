"""An 8-player, 3-round tournament in the browser: the organiser's laptop, a scorekeeper, a judge, a table
device and the players' phones. The quiet turns of each tracked game are entered over REST (with seat
tokens minted through each player's own tournament link) to keep the test fast; everything the tournament itself
does (registration, check-in, pairing, publishing, confirming, disputes, rulings, drops, exports) is
done on the pages."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest
from playwright.sync_api import expect

from .flows import PHONE
from .tournament_rest import api, play_table

pytestmark = pytest.mark.e2e

LAPTOP = {"width": 1280, "height": 800}
PLAYERS = [("Ana", "cyrenis-razors", "Cyreni's Razors Rivals Deck"), ("Ben", "garreks-reavers", "Force of Frost Rivals Deck"),
           ("Cai", "steelhearts-champions", "Breakneck Slaughter Rivals Deck"), ("Dee", "spiteclaws-swarm", "Force of Frost Rivals Deck"),
           ("Eli", "ironskulls-boyz", "No deck data"), ("Fay", "sepulchral-guard", "Force of Frost Rivals Deck"),
           ("Gus", "lady-harrows-mournflight", "Breakneck Slaughter Rivals Deck"), ("Hal", "thricefold-discord", "No deck data")]


def laptop(phones, label):
    """A laptop-sized browser context (the organiser's and scorekeeper's screens)."""
    context = phones.browser.new_context(viewport=LAPTOP, device_scale_factor=1, base_url=phones.server.url)
    context.set_default_timeout(15_000)
    page = context.new_page()
    page.label = label
    page.on("pageerror", lambda exc: phones.errors.append(f"{label}: {exc}"))
    phones.contexts.append(context)
    return page


def tab(page, name):
    page.get_by_role("tab", name=name).click()


def test_eight_player_three_round_tournament(phones, server):
    expect.set_options(timeout=15_000)  # a long test on a busy machine: each step may wait for the server
    org = laptop(phones, "organiser")
    org.goto("/")
    org.get_by_role("link", name="Run an event").click()
    expect(org.locator("#tournament-form[data-ready='true']")).to_be_attached()
    org.locator("#tournament-name").fill("Winter Cup")
    org.locator("#tournament-format").select_option("underworlds/deathgorge|rivals")
    org.locator("#tournament-rounds").fill("3")
    org.locator("#tournament-minutes").fill("60")
    org.locator("summary", has_text="Match points").click()
    org.locator("#tournament-slow").fill("1")
    org.get_by_role("button", name="Create the event").click()
    expect(org.locator("#tournament-title")).to_have_text("Winter Cup")
    tournament_id = re.search(r"/tournament/([^/#?]+)", org.url).group(1)
    org_token = json.loads(org.evaluate("localStorage.getItem('tw.events')"))[tournament_id]["token"]
    assert org_token not in org.url, "the organiser's token does not stay in the address bar"

    # Registration: Ben's first deck belongs to another warband and is refused with its rule.
    links = {}
    tab(org, "Players")
    for name, warband, deck in PLAYERS:
        org.locator("#reg-name").fill(name)
        org.locator("#reg-warband").select_option(warband)
        if name == "Ben":
            org.locator("#reg-deck").select_option(label="Cyreni's Razors Rivals Deck")
            org.get_by_role("button", name="Register").click()
            problems = org.locator("#deck-problems")
            expect(problems).to_contain_text("belongs to another warband")
            expect(problems).to_contain_text("Rule: Deathgorge rulebook, The decks (pg 7)")
            phones.shot(org, "01-deck-refused-laptop")
        org.locator("#reg-deck").select_option(label=deck)
        org.get_by_role("button", name="Register").click()
        box = org.locator("#player-link")
        expect(box).to_contain_text(f"{name}'s link")
        links[name] = box.locator("input").input_value()
    expect(org.locator("#players li")).to_have_count(8)
    for name, *_ in PLAYERS:
        org.get_by_role("button", name=f"Check in {name}").click()
        expect(org.locator(".player-row.status-checked_in", has_text=name)).to_be_visible()
    tokens = {n: re.search(r"#t=(.+)$", link).group(1) for n, link in links.items()}

    # Links for a scorekeeper, a judge and a table device (table 3).
    tab(org, "Links")
    org.locator("#link-name").fill("Sam")
    org.get_by_role("button", name="Scorekeeper link").click()
    keeper_link = org.get_by_role("textbox", name="Scorekeeper Sam link").input_value()
    org.locator("#link-name").fill("Kim")
    org.get_by_role("button", name="Judge link").click()
    judge_link = org.get_by_role("textbox", name="Judge Kim link").input_value()
    org.locator("#link-table").fill("3")
    org.get_by_role("button", name="Table device link").click()
    device_link = org.get_by_role("textbox", name="Table 3 device link").input_value()
    device_token = re.search(r"#t=(.+)$", device_link).group(1)

    keeper = laptop(phones, "scorekeeper")
    keeper.goto(keeper_link)
    expect(keeper.locator("#tournament-sub")).to_contain_text("Scorekeeper")
    judge = phones.new("judge")
    judge.goto(judge_link)
    expect(judge.locator("#tournament-sub")).to_contain_text("Judge")
    device = phones.new("table-3")
    device.goto(device_link)
    expect(device.locator("#tournament-body")).to_contain_text("not published yet")

    player_pages = {}

    def phone_of(name):
        if name not in player_pages:
            page = phones.new(name)
            page.goto(links[name])
            player_pages[name] = page
        return player_pages[name]

    def pair_and_publish(round_no, modes, swap=False):
        tab(keeper, "Round")
        keeper.get_by_role("button", name=f"Pair round {round_no}").click()
        expect(keeper.get_by_role("button", name=f"Publish round {round_no}")).to_be_visible()
        if swap:
            view = api(server, org_token, "GET", tournament_id)
            t1, t2 = view["rounds"][-1]["tables"][0], view["rounds"][-1]["tables"][1]
            keeper.locator(f".draft-table[data-table='1'] [data-player='{t1['players'][1]}']").click()
            keeper.locator(f".draft-table[data-table='2'] [data-player='{t2['players'][1]}']").click()
            expect(keeper.locator(".draft-table[data-table='1']")).to_contain_text(t2["names"][1])
        for table, mode in modes.items():
            keeper.get_by_label(f"Table {table} played on").select_option(mode)
            expect(keeper.get_by_label(f"Table {table} played on")).to_have_value(mode)
        phones.shot(keeper, f"r{round_no}-draft-laptop")
        keeper.get_by_role("button", name=f"Publish round {round_no}").click()
        keeper.get_by_role("button", name="Start the clock").click()
        expect(keeper.locator(".clock b[data-started]")).to_have_text(re.compile(r"^\d+:\d\d$"))
        view = api(server, org_token, "GET", tournament_id)
        rnd = view["rounds"][-1]
        names = {p["id"]: p["name"] for p in view["players"]}
        return rnd, names

    def confirm_on_phones(rnd, names, table, glory, dispute=False):
        t = rnd["tables"][table - 1]
        a, b = (names[p] for p in t["players"])
        pa, pb = phone_of(a), phone_of(b)
        for page in (pa, pb):
            page.reload()
            expect(page.locator(".my-table")).to_contain_text(f"Table {table}")
        play_table(server, tournament_id, [tokens[a], tokens[b]], rnd["round"], table, glory)
        expect(pa.get_by_role("button", name="Confirm this result")).to_be_visible()
        pa.get_by_role("button", name="Confirm this result").click()
        expect(pa.locator("#tournament-body")).to_contain_text(f"Waiting for {b} to confirm")
        if dispute:
            pb.get_by_role("button", name="That's not right").click()
            pb.locator("#ask-text").fill("The objective I scored in round 3 is missing")
            pb.get_by_role("button", name="Dispute").click()
            expect(pb.locator("#tournament-body")).to_contain_text("Disputed")
        else:
            pb.get_by_role("button", name="Confirm this result").click()
            expect(pb.locator("#tournament-body")).to_contain_text("Result confirmed")

    def confirm_on_device(rnd, glory):
        play_table(server, tournament_id, [device_token], rnd["round"], 3, glory)
        device.reload()
        device.get_by_role("button", name="Confirm this result").click()
        expect(device.locator("#tournament-body")).to_contain_text("Result confirmed")

    def enter_by_keeper(rnd, table, winner_index, glory):
        tab(keeper, "Round")
        t = rnd["tables"][table - 1]
        keeper.get_by_role("button", name=f"Enter result: table {table}").click()
        keeper.locator("#res-winner").select_option(t["players"][winner_index])
        keeper.locator("#res-ga").fill(str(glory[0]))
        keeper.locator("#res-gb").fill(str(glory[1]))
        keeper.get_by_role("button", name="Save result").click()
        expect(keeper.locator(f".result-row[data-table='{table}']")).to_contain_text("won, glory")

    # Round 1: tables 1-2 on phones, table 3 on the table device, table 4 on paper.
    rnd, names = pair_and_publish(1, {3: "device", 4: "untracked"}, swap=True)
    assert len(rnd["tables"]) == 4 and rnd["bye"] is None
    # A player opens the game: the table page shows the round clock.
    first = names[rnd["tables"][0]["players"][0]]
    page = phone_of(first)
    page.get_by_role("button", name="Open my game").click()
    expect(page.locator("#tournament-strip")).to_contain_text("Table 1")
    expect(page.locator(".strip-clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
    phones.shot(page, "02-table-timer-phone")
    page.set_viewport_size(LAPTOP)
    phones.shot(page, "02-table-timer-laptop")
    page.set_viewport_size(PHONE)
    page.goto(f"/tournament/{tournament_id}")

    tab(keeper, "Tables")
    expect(keeper.locator(".dash-table")).to_have_count(4)
    confirm_on_phones(rnd, names, 1, {"p1": 3})
    confirm_on_phones(rnd, names, 2, {"p2": 2})
    tab(keeper, "Tables")
    expect(keeper.locator(".dash-table.status-confirmed")).to_have_count(2)
    expect(keeper.locator(".dash-table[data-table='3']")).to_contain_text("Setting up")
    # Table 3's device has entered nothing since the round was published: after the tournament's
    # one minute it stands out (and goes to the top of the list).
    expect(keeper.locator(".dash-table.slow")).to_have_count(1, timeout=90_000)
    expect(keeper.locator(".dash-table").first).to_have_attribute("data-table", "3")
    expect(keeper.locator("#tournament-body")).to_contain_text("1 slow table: T3")
    phones.shot(keeper, "03-dashboard-laptop")
    tab(org, "Tables")
    org.set_viewport_size(PHONE)
    phones.shot(org, "03-dashboard-phone", full_page=True)
    org.set_viewport_size(LAPTOP)
    confirm_on_device(rnd, {"p1": 1})
    enter_by_keeper(rnd, 4, 1, (2, 4))
    expect(keeper.get_by_role("button", name="Pair round 2")).to_be_visible()

    # A drop after round 1: Players tab, with a reason.
    dropper = names[rnd["tables"][3]["players"][0]]
    tab(keeper, "Players")
    keeper.get_by_role("button", name=f"Drop {dropper}").click()
    keeper.locator("#ask-text").fill("had to leave")
    keeper.get_by_role("button", name="Drop", exact=True).click()
    expect(keeper.locator(".player-row.status-dropped")).to_contain_text(dropper)

    # Round 2: seven players, so a bye; table 1 disputed and settled by the judge with a ruling.
    rnd, names = pair_and_publish(2, {3: "device"})
    assert len(rnd["tables"]) == 3 and rnd["bye"] and names[rnd["bye"]] != dropper
    assert dropper not in [names[p] for t in rnd["tables"] for p in t["players"]]
    confirm_on_phones(rnd, names, 1, {"p1": 2, "p2": 1}, dispute=True)
    judge.reload()
    expect(judge.locator("#tournament-body")).to_contain_text("Needs a judge")
    expect(judge.locator(".card.status-disputed")).to_contain_text("objective I scored in round 3")
    phones.shot(judge, "04-judge-dispute-phone")
    judge.locator("#ruling-table").select_option("1")
    judge.locator("#ruling-question").fill("Does an objective scored in the final end phase count if it was revealed after time?")
    judge.locator("#ruling-answer").fill("Yes: the final end phase is played in full.")
    judge.locator("#ruling-rule").fill("Deathgorge rulebook, End phase")
    judge.get_by_role("button", name="Add ruling").click()
    expect(judge.locator(".ruling")).to_contain_text("final end phase is played in full")
    t = rnd["tables"][0]
    judge.get_by_role("button", name="Settle result").click()
    judge.locator("#res-winner").select_option(t["players"][1])
    judge.locator("#res-ga").fill("2")
    judge.locator("#res-gb").fill("3")
    judge.locator("#res-reason").fill("ruling: the revealed objective counts")
    judge.get_by_role("button", name="Save result").click()
    expect(judge.locator("#tournament-body")).to_contain_text("No disputes or calls right now")
    confirm_on_phones(rnd, names, 2, {"p1": 1})
    # Time is called: the table device's page says the tournament's end-of-time rule.
    tab(keeper, "Round")
    keeper.get_by_role("button", name="Call time").click()
    keeper.locator("dialog.sheet [data-action='confirm']").click()
    expect(keeper.locator(".clock.called")).to_be_visible()
    device.reload()
    expect(device.locator(".clock.called")).to_contain_text("finish the current round")
    phones.shot(device, "05-time-called-device-phone")
    confirm_on_device(rnd, {"p2": 2})

    # Round 3: two tables on phones, one entered by the scorekeeper.
    rnd, names = pair_and_publish(3, {3: "untracked"})
    assert dropper not in [names[p] for t in rnd["tables"] for p in t["players"]] + [names[rnd["bye"]]]
    assert rnd["bye"] != api(server, org_token, "GET", tournament_id)["rounds"][1]["bye"], "no second bye while avoidable"
    met = set()
    view = api(server, org_token, "GET", tournament_id)
    for r in view["rounds"][:2]:
        met |= {frozenset(x["players"]) for x in r["tables"]}
    assert not any(frozenset(x["players"]) in met for x in rnd["tables"]), "no rematch while one can be avoided"
    confirm_on_phones(rnd, names, 1, {"p1": 4})
    confirm_on_phones(rnd, names, 2, {"p2": 1})
    enter_by_keeper(rnd, 3, 0, (5, 2))

    # Final standings, live, with each tiebreaker and what separated neighbours; exported as CSV.
    tab(keeper, "Round")
    expect(keeper.locator("#tournament-body")).to_contain_text("Final standings")
    phones.shot(keeper, "06-final-standings-laptop")
    with keeper.expect_download() as download:
        keeper.get_by_role("link", name="Standings CSV").first.click()
    rows = list(csv.reader(io.StringIO(open(download.value.path(), encoding="utf-8").read())))
    assert rows[0][:5] == ["rank", "name", "warband", "status", "match_points"]
    assert len(rows) == 9 and {r[1] for r in rows[1:]} == {n for n, *_ in PLAYERS}
    assert [r for r in rows if r[1] == dropper][0][3] == "dropped"
    final = api(server, org_token, "GET", tournament_id)["standings"]
    assert [r[1] for r in rows[1:]] == [r["name"] for r in final]

    public = phones.new("venue")
    public.goto(f"/tournament/{tournament_id}/public")
    expect(public.locator("table.standings tbody tr")).to_have_count(8)
    expect(public.locator("img.qr")).to_be_visible()
    expect(public.locator("img.qr")).to_have_js_property("complete", True)
    assert public.locator("img.qr").evaluate("img => img.naturalWidth") > 0, "the QR code is drawn"
    phones.shot(public, "07-standings-phone", full_page=True)
    public.set_viewport_size(LAPTOP)
    phones.shot(public, "07-standings-laptop")
    log = api(server, org_token, "GET", f"{tournament_id}/log")["entries"]
    actors = {e["actor"] for e in log}
    assert {"organiser", "scorekeeper:Sam", "judge:Kim", "table:3"} <= actors
    assert any(e["type"] == "ruling" and e["actor"] == "judge:Kim" for e in log)
    assert any(e["type"] == "result" and e["actor"] == "judge:Kim" and e["data"]["reason"] for e in log)
