"""The organiser's day from a phone: 8 players imported by paste and checked in at once, 3 Swiss rounds whose results the players
confirm from their tracked games, the pairings printed to PDF with every name, then a top cut of 4 whose final is
followed on a feature-table overlay, to a champion shown as a bracket on the public page and the venue screen. The quiet turns of each tracked game, and most players' confirmations, go
over REST with each player's own link to keep the test fast; the organiser's every step is a tap on the phone."""
from __future__ import annotations

import io
import json
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from .axe import violations
from .flows import watch_responses
from .tournament_rest import api, open_tournament_form, play_table

pytestmark = pytest.mark.e2e

PLAYERS = [("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Cai", "steelhearts-champions"),
           ("Dee", "spiteclaws-swarm"), ("Eli", "ironskulls-boyz"), ("Fay", "sepulchral-guard"),
           ("Gus", "lady-harrows-mournflight"), ("Hal", "thricefold-discord")]


def pdf_text(page) -> str:
    """The page printed to PDF by Chromium, as text."""
    return "".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(page.pdf(format="A4"))).pages)


def test_an_eight_player_event_run_from_the_organisers_phone(phones, server):
    expect.set_options(timeout=15_000)  # a long test on a busy machine
    bad: list[str] = []
    org = phones.new("organiser")
    watch_responses(org, bad)
    open_tournament_form(org, "Spring Cup")
    org.locator("#tournament-format").select_option("underworlds/deathgorge|rivals")
    org.locator("#tournament-rounds").fill("3")
    org.get_by_role("button", name="Create the event").click()
    expect(org.locator("#tournament-title")).to_have_text("Spring Cup")
    tid = re.search(r"/tournament/([^/#?]+)", org.url).group(1)
    org_token = json.loads(org.evaluate("localStorage.getItem('tw.events')"))[tid]["token"]

    # Players imported by pasting a list, then *Check in all*.
    org.get_by_role("tab", name="Players").click()
    org.locator("#import-players summary").click()
    org.locator("#import-text").fill("\n".join(f"{name}, {warband}" for name, warband in PLAYERS))
    org.locator("#import-submit").click()
    expect(org.locator("#import-report")).to_contain_text("8 registered, 0 already there, 0 refused")
    tokens = {}
    for name, _ in PLAYERS:
        link = org.locator(".player-link", has_text=f"{name}'s link").locator("input").input_value()
        tokens[name] = re.search(r"#t=(.+)$", link).group(1)
    org.locator("#check-in-all").click()
    expect(org.locator(".player-row.status-checked_in")).to_have_count(8)

    def names_of(view):
        return {p["id"]: p["name"] for p in view["players"]}

    def round_tables(n):
        view = api(server, org_token, "GET", tid)
        rnd = next(r for r in view["rounds"] if r["round"] == n)
        return [[names_of(view)[p] for p in t["players"]] for t in rnd["tables"]]

    def play_and_confirm(n, table, a, b, glory, on_phones=False):
        play_table(server, tid, [tokens[a], tokens[b]], n, table, glory)
        if on_phones:
            for who in (a, b):
                phone = phones.new(who)
                phone.goto(f"/tournament/{tid}#t={tokens[who]}")
                phone.get_by_role("button", name="Confirm this result").click()
            expect(phone.locator("#tournament-body")).to_contain_text("Result confirmed")
        else:
            for who in (a, b):
                api(server, tokens[who], "POST", f"{tid}/rounds/{n}/tables/{table}/confirm")

    org.get_by_role("tab", name="Round").click()
    for n in (1, 2, 3):
        org.get_by_role("button", name=f"Pair round {n}").click()
        expect(org.locator(".draft-table")).to_have_count(4)
        org.get_by_role("button", name=f"Publish round {n}").click()
        # Publishing creates the four tables' games: slow on a busy machine.
        expect(org.get_by_role("button", name="Start the clock")).to_be_visible(timeout=45_000)
        if n == 1:
            # The pairings printed for the wall: Chromium's PDF holds every player's name.
            with org.context.expect_page() as opened:
                org.get_by_role("link", name="Print pairings").click()
            sheets = opened.value
            sheets.label = "print"
            watch_responses(sheets, bad)
            expect(sheets.locator("#print-body[data-ready='yes']")).to_be_attached()
            sheets.emulate_media(media="print")
            text = pdf_text(sheets)
            for name, _ in PLAYERS:
                assert name in text, name
            sheets.close()
        for table, (a, b) in enumerate(round_tables(n), start=1):
            play_and_confirm(n, table, a, b, {"p1": 2 + table} if table % 2 else {"p2": 3}, on_phones=n == 1 and table == 1)
        expect(org.locator("#tournament-body")).to_contain_text("Every result of this round is confirmed")

    # The top cut of 4, started and run from the Round tab.
    standings = [row["name"] for row in api(server, tokens["Ana"], "GET", tid)["standings"]]
    org.get_by_role("button", name="Start a top 4 cut").click()
    org.get_by_role("button", name="Pair Semi-finals").click()
    expect(org.get_by_role("button", name="Publish Semi-finals")).to_be_visible()
    semis = round_tables(4)
    assert semis == [[standings[0], standings[3]], [standings[1], standings[2]]]
    org.get_by_role("button", name="Publish Semi-finals").click()
    expect(org.get_by_role("button", name="Start the clock")).to_be_visible(timeout=45_000)
    play_and_confirm(4, 1, *semis[0], {"p2": 4})  # the 4th seed beats the 1st
    play_and_confirm(4, 2, *semis[1], {"p1": 4})
    org.get_by_role("button", name="Pair Final").click()
    expect(org.get_by_role("button", name="Publish Final")).to_be_visible()
    final = round_tables(5)
    assert final == [[standings[1], standings[3]]]
    org.get_by_role("button", name="Publish Final").click()
    expect(org.get_by_role("button", name="Start the clock")).to_be_visible(timeout=45_000)
    # The final on stream: the feature-table overlay of table 1.
    stream = phones.new("overlay")
    watch_responses(stream, bad)
    stream.goto(f"/tournament/{tid}/table/1/overlay")
    expect(stream.locator(".ov-panel.left .ov-name")).to_have_text(final[0][0])
    expect(stream.locator(".ov-panel.right .ov-name")).to_have_text(final[0][1])
    play_and_confirm(5, 1, *final[0], {"p1": 5})
    expect(org.locator(".bracket-panel .champion")).to_contain_text(standings[1])
    phones.shot(org, "01-bracket-organiser", full_page=True)

    # The public page: the bracket with its champion, and the Swiss standings as they were.
    public = phones.new("public", bypass_csp=True)  # axe is injected below
    watch_responses(public, bad)
    public.goto(f"/tournament/{tid}")
    panel = public.locator(".bracket-panel")
    expect(panel.locator(".bracket-round")).to_have_count(2)
    expect(panel.locator(".bracket-round").first).to_contain_text("Semi-finals")
    expect(panel.locator(".champion")).to_contain_text(standings[1])
    expect(panel.locator(".cut-placings tbody tr")).to_have_count(4)
    expect(public.locator("#pub-standings")).to_have_text("Swiss standings")
    expect(public.locator("#tournament-sub")).to_contain_text("Top 4 cut: Final")
    phones.shot(public, "02-bracket-public", full_page=True)
    assert violations(public, "public page with the bracket") == []

    # The venue screen shows the bracket as one of its panels.
    tv = phones.new("venue", bypass_csp=True)
    tv.set_viewport_size({"width": 1280, "height": 720})
    watch_responses(tv, bad)
    tv.goto(f"/tournament/{tid}/venue?show=bracket")
    expect(tv.locator("#venue-body .bracket-panel .champion")).to_contain_text(standings[1], timeout=30_000)
    expect(tv.locator("#venue-sub")).to_have_text("Top 4 cut: Final")
    phones.shot(tv, "03-bracket-venue")
    assert violations(tv, "venue screen's bracket") == []
    assert not bad, bad
