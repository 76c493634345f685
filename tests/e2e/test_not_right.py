"""'That's not right' on the other phone's "what just happened" card: the entry is flagged for the referee, the log
marks it on every phone, the referee's log lists it first, and at an event the judge is called to that entry. Every
game has the card, so every game has the button; a spectator's and the referee's cards do not."""
from __future__ import annotations

import uuid

import pytest
import requests
from playwright.sync_api import expect

from .axe import violations
from .flows import api_game, events, join, new_battlelore, new_conquest, referee_phone, seated
from .tournament_rest import api
from .uw_rest import post

pytestmark = pytest.mark.e2e


def flag_from_card(page, card, reason: str = ""):
    """Tap "That's not right" on the card, say why (or not) and flag it."""
    card.get_by_role("button", name="That's not right").click()
    if reason:
        page.locator("#note-text").fill(reason)
    page.locator("[data-action='confirm-note']").click()
    expect(page.locator("dialog.sheet")).to_have_count(0)


def test_ben_flags_anas_attack_from_the_card_and_the_referee_sees_it_first(phones, server):
    game = api_game(server, wounds=(3, 1))
    ana = seated(phones, game, "p1")[0]
    ben = phones.new("ben", bypass_csp=True)        # axe runs in Ben's page
    join(ben, game["join_code"], "p2")
    ref = referee_phone(phones, game)
    t = game["tokens"]
    post(server, game["id"], t["p1"], "p1", "activate", action="attack", fighter="p1.vex")
    attack = post(server, game["id"], t["p1"], "p1", "attack", attacker="p1.vex", target="p2.rok",
                  profile={"name": "Blade"}, attack_roll={"smash": 1, "crit": 1}, defence_roll={"dodge": 1})["seq"]

    card = ben.locator(f"#happened .happened-item[data-seq='{attack}']")
    expect(card).to_contain_text("Rok is out of action")
    phones.shot(ben, "01-card-with-thats-not-right")
    card.get_by_role("button", name="That's not right").click()
    assert violations(ben, "That's not right, its sheet over the card") == []
    ben.locator("#note-text").fill("Rok was out of range")
    ben.locator("[data-action='confirm-note']").click()
    expect(ben.locator("dialog.sheet")).to_have_count(0)
    expect(ben.locator(".toast")).to_contain_text("Flagged for the referee")

    note = events(server, game)[-1]
    assert (note["type"], note["by"], note["actor"], note["data"]) == (
        "note", "p2", "p2", {"text": "Rok was out of range", "seq": attack})
    # Ana's phone is told at once, and it stands out; the phone that flagged it is not told of its own flag.
    told = ana.locator("#happened .happened-item.loud[data-type='note']")
    expect(told.locator(".headline").get_by_text(f"Ben flagged #{attack} for the referee: Rok was out of range", exact=True)).to_be_visible()
    expect(ben.locator("#happened .happened-item[data-type='note']")).to_have_count(0)
    phones.shot(ana, "02-the-other-phone-is-told")

    # The log marks the entry on both players' phones and the referee's; the referee's lists it first.
    for page in (ana, ben, ref):
        page.locator("[data-tab='log']").click()
        flagged = page.locator(f"ol.log > li.flagged[data-seq='{attack}']")
        expect(flagged.locator(".entry-notes .flag")).to_have_text("Flagged by Ben: Rok was out of range")
    first = ref.locator("ol.log > li").first
    expect(first).to_have_id("flags")
    expect(first).to_contain_text(f"#{attack} Ana:")
    expect(first).to_contain_text("Ben: “Rok was out of range”")
    phones.shot(ref, "03-referee-lists-the-flag-first")

    # A second flag on the same entry from the Log stores nothing more.
    ben.locator(f"ol.log > li[data-seq='{attack}'] [data-action='flag']").click()
    ben.locator("[data-action='confirm-note']").click()
    expect(ben.locator("dialog.sheet")).to_have_count(0)
    expect(ben.locator(f"ol.log > li[data-seq='{attack}'] .entry-notes .flag")).to_have_count(1)
    assert [e["type"] for e in events(server, game)].count("note") == 1


@pytest.mark.parametrize("make", [new_conquest, new_battlelore], ids=["conquest", "battlelore"])
def test_every_game_offers_thats_not_right_to_its_players_only(phones, make):
    url = phones.server.url
    game, (etype, data) = make(url)
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    watcher = phones.new("spectator")
    join(watcher, game["join_code"], "spectator")
    ref = referee_phone(phones, game)
    token = {s["seat"]: s["token"] for s in game["seats"]}["p1"]
    r = requests.post(f"{url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {token}"}, timeout=10,
                      json={"id": str(uuid.uuid4()), "type": etype, "by": "p1", "data": data})
    assert r.status_code == 201, r.text
    seq = r.json()["seq"]
    for page in (watcher, ref):
        card = page.locator(f"#happened .happened-item[data-seq='{seq}']")
        expect(card).to_be_visible()
        expect(card.get_by_role("button", name="That's not right")).to_have_count(0)
    flag_from_card(ben, ben.locator(f"#happened .happened-item[data-seq='{seq}']"))
    ben.locator("[data-tab='log']").click()
    expect(ben.locator(f"ol.log > li.flagged[data-seq='{seq}'] .entry-notes .flag")).to_have_text("Flagged by Ben: That's not right")
    ref.locator("[data-tab='log']").click()
    expect(ref.locator("#flags")).to_contain_text("Ben: “That's not right”")


def test_at_an_event_the_judge_is_called_to_the_flagged_entry_and_opens_the_game_on_it(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Spring Cup", "date": "2026-12-05", "rounds": 1},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    players = {}
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        players[name] = p
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    judge_link = api(server, org, "POST", f"{tid}/links", json={"role": "judge", "name": "Kim"})["link"]
    seats = {n: api(server, p["token"], "POST", f"{tid}/rounds/1/tables/1/seat") for n, p in players.items()}
    game_id = seats["Ana"]["game"]
    by = {s["seat"]: s for s in seats.values()}
    entry = post(server, game_id, by["p1"]["token"], "p1", "roll_off", purpose="boards", first="p1")["seq"]
    flagger = next(n for n, s in seats.items() if s["seat"] == "p2")
    r = requests.post(f"{server.url}/api/games/{game_id}/flags", headers={"Authorization": f"Bearer {by['p2']['token']}"},
                      json={"seq": entry, "text": "We rolled again for the boards"}, timeout=10)
    assert r.status_code == 201 and r.json()["judge_call"], r.text
    for seat, etype, data in (("p1", "do_over", {"choice": "none"}), ("p2", "do_over", {"choice": "none"}),
                              ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
                              ("p1", "deployed", {"finished_first": "p1"})):
        post(server, game_id, by[seat]["token"], seat, etype, **data)     # the game went on: the entry is far down

    judge = phones.new("judge")
    judge.goto(judge_link)
    judge.get_by_role("tab", name="Judge").click()
    card = judge.locator(".card[data-table='1']")
    expect(card).to_contain_text(f"Called by {flagger} on entry #{entry}: We rolled again for the boards")
    phones.shot(judge, "04-judge-called-to-the-entry")
    card.locator("[data-action='open-entry']").click()
    at = judge.locator(f"ol.log > li[data-seq='{entry}']")
    expect(at).to_be_in_viewport()
    expect(at).to_have_class("flagged")
    assert judge.evaluate("window.scrollY") > 0                           # scrolled down to it
    expect(judge.locator("#flags")).to_contain_text(f"{flagger}: “We rolled again for the boards”")
    phones.shot(judge, "05-judge-opens-the-flagged-entry")
