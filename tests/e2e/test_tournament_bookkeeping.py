"""An organiser's league day from the phones: a league started, its first event made from the league's page, four players
pasted in with their decks, a pasted player's printing fixed by an edit, one marked paid and the unpaid ones filtered at check-in, the decks locked and checked by a
judge, round 1 published to a player's phone that alerts (banner, vibration, notification), a table given 4 more
minutes (its phones, the Round tab, the venue screen) and called, a judge's penalty on the player's own page and in the
standings; then the league's second event, opened by a player with the first event's link, and the league's standings
adding both events up with each player's history."""
from __future__ import annotations

import json
import re

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e

PLAYERS = [("Ana", "cyrenis-razors", "cyrenis-razors-rivals"), ("Ben", "garreks-reavers", "force-of-frost"),
           ("Cai", "steelhearts-champions", "force-of-frost"), ("Dee", "spiteclaws-swarm", "breakneck-slaughter")]
# What a player's phone records of its alerts: every vibration and every notification shown (either way the page
# shows one: through the service worker, or a page notification).
RECORD_ALERTS = """
window.__buzz = []; window.__shown = [];
Object.defineProperty(Navigator.prototype, "vibrate", { configurable: true, value(p) { window.__buzz.push(p); return true; } });
const N = window.Notification;
if (N) {
  const Rec = function (title, options) { window.__shown.push(title); return new N(title, options); };
  Object.defineProperty(Rec, "permission", { get: () => N.permission });
  Rec.requestPermission = (...a) => N.requestPermission(...a);
  window.Notification = Rec;
}
if (window.ServiceWorkerRegistration) {
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    window.__shown.push(title);
    return show.call(this, title, options).catch(() => undefined);
  };
}
"""


def _player_phone(phones, server, name, tid, token):
    phone = phones.new(name, permissions=["notifications"])
    phone.add_init_script(RECORD_ALERTS)
    phone.goto(f"/tournament/{tid}#t={token}")
    expect(phone.locator("#alerts-state")).to_contain_text("Alerts are on")
    return phone


def _event_from_league_page(org, name):
    """The league's next event made from its page: the organiser lands on the event's page. Returns its id and token."""
    org.locator("#league-event-name").fill(name)
    org.get_by_role("button", name="Make the event").click()
    expect(org.locator("#tournament-title")).to_have_text(name)
    tid = re.search(r"/tournament/([^/#?]+)", org.url).group(1)
    return tid, json.loads(org.evaluate("localStorage.getItem('tw.events')"))[tid]["token"]


def _paste_and_check_in(org, lines):
    org.get_by_role("tab", name="Players").click()
    org.locator("#import-players summary").click()
    org.locator("#import-text").fill("\n".join(lines))
    org.locator("#import-submit").click()
    expect(org.locator("#import-report")).to_contain_text(f"{len(lines)} registered")
    org.locator("#check-in-all").click()
    expect(org.locator(".player-row.status-checked_in")).to_have_count(len(lines))


def _pair_and_publish(org):
    org.get_by_role("tab", name="Round").click()
    org.get_by_role("button", name="Pair round 1").click()
    org.get_by_role("button", name="Publish round 1").click()
    expect(org.get_by_role("button", name="Start the clock")).to_be_visible()


def _results(server, tid, org_token):
    """Every table of round 1 won by its first player, 5 glory to 2, entered by the organiser."""
    view = api(server, org_token, "GET", tid)
    for t in view["rounds"][0]["tables"]:
        a, b = t["players"]
        api(server, org_token, "POST", f"{tid}/rounds/1/tables/{t['table']}/result", json={"winner": a, "glory": {a: 5, b: 2}})


def _first_event(phones, server, org):
    """Event 1 of the league up to its published round 1, with a player's phone watching: (tid, org token, tokens, Ana)."""
    tid, org_token = _event_from_league_page(org, "December night")
    _paste_and_check_in(org, [f"{n}, {w}, {d}" for n, w, d in PLAYERS])
    view = api(server, org_token, "GET", tid)
    ids = {p["name"]: p["id"] for p in view["players"]}
    tokens = {n: api(server, org_token, "POST", f"{tid}/links/new", json={"role": "player", "player": ids[n]})["token"]
              for n in ("Ana", "Ben")}
    return tid, org_token, ids, tokens


def test_a_league_day_with_more_time_a_penalty_a_paid_check_and_a_deck_check(phones, server):
    expect.set_options(timeout=15_000)  # a long test on a busy machine
    org = phones.new("organiser")
    org.goto("/")
    org.get_by_role("link", name="Run a league").click()
    org.locator("#league-name").fill("Store nights")
    org.get_by_role("button", name="Start the league").click()
    expect(org.locator("#league-title")).to_have_text("Store nights")
    lid = re.search(r"/league/([^/#?]+)", org.url).group(1)
    tid, org_token, ids, tokens = _first_event(phones, server, org)

    # A wrong paste fixed by an edit: Ana holds the second edition's fighter cards (Edit, the printing, Save).
    org.get_by_role("button", name="Edit Ana").click()
    org.locator("#edit-printing").select_option("second-edition")
    org.locator("#edit-save").click()
    expect(org.locator(".toast").last).to_contain_text("Ana's registration saved")
    ana_row = next(p for p in api(server, org_token, "GET", tid)["players"] if p["name"] == "Ana")
    assert (ana_row["printing"], ana_row["deck"]) == ("second-edition", "cyrenis-razors-rivals")

    # Paid: Ana pays at the desk; the filter shows who has not.
    org.get_by_role("button", name="Ana paid").click()
    expect(org.get_by_role("button", name="Ana paid")).to_have_attribute("aria-pressed", "true")
    org.locator("#player-filter [data-filter='unpaid']").click()
    expect(org.locator("#players .player-row")).to_have_count(3)
    org.locator("#player-filter [data-filter='all']").click()

    # Deck check: the organiser locks the decks; a judge sees every deck before they are published.
    org.locator("#deck-deadline-card summary").click()
    org.locator("#lock-decks").click()
    expect(org.locator("#deck-deadline-card")).to_contain_text("Decks are locked since")
    judge_token = api(server, org_token, "POST", f"{tid}/links", json={"role": "judge", "name": "Kim"})["token"]
    judge = phones.new("judge")
    judge.goto(f"/tournament/{tid}#t={judge_token}")
    expect(judge.locator("#deck-check li")).to_have_count(4)
    expect(judge.locator("#deck-check")).to_contain_text("breakneck-slaughter")
    phones.shot(judge, "judge-deck-check", full_page=True)

    # Round 1 published: Ana's phone alerts.
    ana = _player_phone(phones, server, "Ana", tid, tokens["Ana"])
    _pair_and_publish(org)
    expect(ana.locator("#tournament-alerts [role='alert']")).to_contain_text("Round 1 is published")
    assert ana.evaluate("window.__buzz.length") >= 1
    assert "Round 1 is published" in ana.evaluate("window.__shown")
    ana.locator("#tournament-alerts").get_by_role("button", name="OK").click()
    org.get_by_role("button", name="Start the clock").click()
    table = next(t["table"] for t in api(server, org_token, "GET", tid)["rounds"][0]["tables"] if ids["Ana"] in t["players"])

    # A ruling took 4 minutes at Ana's table: 4 more minutes there, on her phone, the Round tab and the venue screen.
    org.get_by_role("button", name=f"More time: table {table}").click()
    org.locator("[data-minutes='4']").click()
    org.locator("#extend-reason").fill("a ruling took 4 minutes")
    org.locator("#extend-save").click()
    expect(org.locator(f".result-row[data-table='{table}']")).to_contain_text("+4 min")
    expect(ana.locator("#extra-time")).to_contain_text("4 more minutes")
    expect(ana.locator("#extra-time")).to_contain_text("a ruling took 4 minutes")
    expect(ana.locator(".clock")).to_contain_text("+4 min")
    venue = phones.new("venue")
    venue.goto(f"/tournament/{tid}/venue?show=clock")
    expect(venue.locator("#venue-extra")).to_contain_text(f"Table {table}: +4 min")
    # The public page's pairings say it too (the minutes, not the reason: that stays with the staff and the table).
    public = phones.new("public")
    public.goto(f"/tournament/{tid}/public")
    expect(public.locator(f"[data-table-state='{table}']")).to_have_text("Playing · +4 min")
    expect(public.locator("body")).not_to_contain_text("a ruling took 4 minutes")

    # The table is called to the desk: Ana's phone alerts, and says it once (the call stands on her page).
    org.get_by_role("button", name=f"Call table {table}").click()
    org.locator("#ask-text").fill("to the desk, please")
    org.get_by_role("button", name="Call the table").click()
    expect(ana.locator("#table-called")).to_contain_text(f"Table {table} is called")
    expect(ana.locator("#table-called")).to_contain_text("to the desk, please")
    ana.wait_for_function(f"() => (window.__shown || []).join(' ').includes('Table {table} is called')")
    expect(ana.get_by_text(f"Table {table} is called")).to_have_count(1)
    phones.shot(ana, "player-alert-and-extra-time", full_page=True)
    phones.shot(org, "round-tab-extra-time", full_page=True)

    # A judge's penalty: Ben loses an event point; he reads it on his page; the standings apply it.
    judge.locator("#penalty-player").select_option(label="Ben")
    judge.locator("#penalty-kind").select_option("points")
    judge.locator("#penalty-amount").fill("-1")
    judge.locator("#penalty-reason").fill("slow play after a warning")
    judge.get_by_role("button", name="Record").click()
    expect(judge.locator("#penalties")).to_contain_text("Ben: -1 event point")
    ben = phones.new("Ben")
    ben.goto(f"/tournament/{tid}#t={tokens['Ben']}")
    expect(ben.locator("#my-record")).to_contain_text("slow play after a warning")
    expect(ben.locator("tr.me .pts")).to_contain_text("(-1)")
    expect(ana.locator("#my-record")).to_have_count(0)
    _results(server, tid, org_token)

    # The league's second event: Ana's link of the first opens it as her.
    org.goto(f"/league/{lid}")
    two, org2 = _event_from_league_page(org, "January night")
    _paste_and_check_in(org, [f"{n.lower()}, {w}, {d}" for n, w, d in PLAYERS])
    _pair_and_publish(org)
    _results(server, two, org2)
    ana.goto(f"/league/{lid}")
    ana.locator(f"#league-events [data-event='{two}']").get_by_role("link", name="Open as you").click()
    expect(ana.locator("#tournament-title")).to_have_text("January night")
    expect(ana.locator(".my-table")).to_be_visible()

    # The league's standings add both events up, with each player's history.
    org.goto(f"/league/{lid}")
    expect(org.locator("#league-standings > li")).to_have_count(4)
    league = requests.get(f"{server.url}/api/leagues/{lid}", timeout=15).json()
    for row in league["standings"]:
        assert len(row["history"]) == 2 and row["total"] == sum(h["points"] for h in row["history"])
    ana_row = org.locator("#league-standings > li[data-player='ana']")
    ana_row.locator("summary").click()
    expect(ana_row.locator(".league-history li")).to_have_count(2)
    expect(ana_row).to_contain_text("December night")
    expect(ana_row).to_contain_text("January night")
    phones.shot(org, "league-standings", full_page=True)
    assert not phones.errors, phones.errors
