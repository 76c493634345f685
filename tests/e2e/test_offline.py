"""A phone goes offline, enters two events, comes back: both applied once and in order; a phone back online is told
what the others entered meanwhile."""
from __future__ import annotations

import uuid

import pytest
import requests
from playwright.sync_api import expect

from .axe import violations
from .flows import api_game, events, join, new_battlelore, new_conquest, seated
from .uw_rest import post

pytestmark = pytest.mark.e2e


def test_offline_outbox_sends_in_order_once(phones, server):
    """Two wounds entered offline wait in the IndexedDB outbox and reach the server once each, in order."""
    game = api_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    before = len(events(server, game))
    # The reload below happens offline: the service worker must have installed (the app cached) before that.
    assert ben.evaluate("navigator.serviceWorker.ready.then(() => true)")

    ben.context.set_offline(True)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "offline")
    rok = ben.locator("[data-fighter='p2.rok']")
    rok.get_by_role("button", name="+1 damage to Rok").click()
    rok.get_by_role("button", name="+1 damage to Rok").click()
    expect(ben.locator("#conn")).to_contain_text("2 waiting")
    expect(rok.locator(".badge.pending")).to_have_text("Waiting to send: 2 damage")
    phones.shot(ben, "00-offline-card")
    ben.locator("[data-tab='log']").click()
    expect(ben.locator("ol.log li.pending")).to_have_count(2)
    phones.shot(ben, "01-offline-outbox")
    ben.locator("[data-tab='table']").click()
    ben.reload()  # the queue survives a reload: it is in IndexedDB, not in memory
    expect(ben.locator("#conn")).to_contain_text("2 waiting")
    assert len(events(server, game)) == before  # nothing reached the server

    ben.context.set_offline(False)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "online", timeout=8000)
    expect(ben.locator("#conn")).not_to_contain_text("waiting")
    expect(ana.locator("[data-fighter='p2.rok'] .wounds .count b")).to_have_text("1")
    log = events(server, game)[before:]
    assert [(e["type"], e["data"]["fighter"], e["by"]) for e in log] == [("damage", "p2.rok", "p2")] * 2
    assert len({e["id"] for e in log}) == 2 and [e["seq"] for e in log] == [before + 1, before + 2]
    phones.shot(ben, "02-back-online")


def test_a_phone_back_online_is_told_what_it_missed_weightiest_first_and_dismisses_it_in_one_tap(phones, server):
    """Ben's phone is offline while Ana activates and her attack takes Rok out of action: back online, one card says
    what happened while he was away, the attack (Rok out of action, Ana's glory) first; one tap dismisses it. A
    reconnect with nothing missed shows no card, nor does the phone that entered the entries."""
    game = api_game(server, wounds=(3, 1))
    ana = seated(phones, game, "p1")[0]
    ben = phones.new("ben", bypass_csp=True)        # axe runs in Ben's page
    join(ben, game["join_code"], "p2")
    ben.context.set_offline(True)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "offline")
    t = game["tokens"]
    post(server, game["id"], t["p1"], "p1", "activate", action="attack", fighter="p1.vex")
    attack = post(server, game["id"], t["p1"], "p1", "attack", attacker="p1.vex", target="p2.rok",
                  profile={"name": "Blade"}, attack_roll={"smash": 1, "crit": 1}, defence_roll={"dodge": 1})["seq"]
    expect(ben.locator("#happened .happened-item")).to_have_count(0)      # nothing reaches an offline phone

    ben.context.set_offline(False)
    card = ben.locator("#caught-up")
    expect(card.locator(".headline")).to_have_text("While you were away (2 entries):")
    lines = card.locator(".grow > div:not(.headline)")
    expect(lines).to_have_count(2)
    expect(lines.first).to_contain_text("Ana: Attack: Vex → Rok")
    expect(lines.first).to_contain_text("Rok is out of action")
    expect(lines.first).to_contain_text("Ana gains 1 glory")
    expect(lines.nth(1)).to_contain_text("Ana: Attack: Vex")
    assert card.get_attribute("data-missed") == f"{attack - 1} {attack}"
    expect(ana.locator("#caught-up")).to_have_count(0)
    phones.shot(ben, "03-while-you-were-away")
    assert violations(ben, "while you were away") == []
    card.get_by_role("button", name="Dismiss the summary").click()          # one tap and Ben is up to date
    expect(card).to_have_count(0)

    # Away again with nothing entered meanwhile: no card.
    ben.context.set_offline(True)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "offline")
    ben.context.set_offline(False)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "online", timeout=8000)
    ben.wait_for_timeout(500)
    expect(ben.locator("#caught-up")).to_have_count(0)


def test_a_summary_not_dismissed_is_told_again_after_a_reload_and_gone_once_dismissed(phones, server):
    """A phone woken and reloaded at once (its socket had caught up before the reload) still tells what it missed;
    entries missed on a second absence join the summary; dismissed, it stays gone after the next reload."""
    game = api_game(server)
    seated(phones, game, "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    t = game["tokens"]

    def away_while(*fighters):
        ben.context.set_offline(True)
        expect(ben.locator("#conn")).to_have_attribute("data-state", "offline")
        seqs = [post(server, game["id"], t["p1"], "p1", "damage", fighter=f, amount=1, source="card")["seq"] for f in fighters]
        ben.context.set_offline(False)
        return seqs

    first = away_while("p2.rok")
    card = ben.locator("#caught-up")
    expect(card).to_have_attribute("data-missed", " ".join(map(str, first)))
    ben.reload()
    expect(card).to_have_attribute("data-missed", " ".join(map(str, first)))
    expect(card.locator(".headline")).to_have_text("While you were away (1 entry):")
    second = away_while("p2.rok", "p1.vex")
    expect(card).to_have_attribute("data-missed", " ".join(map(str, first + second)))
    expect(card.locator(".headline")).to_have_text("While you were away (3 entries):")
    card.get_by_role("button", name="Dismiss the summary").click()
    expect(card).to_have_count(0)
    ben.reload()
    expect(ben.locator("#table[data-seq]")).to_be_attached()
    expect(ben.locator("#conn")).to_have_attribute("data-state", "online")
    expect(card).to_have_count(0)


@pytest.mark.parametrize("make", [new_conquest, new_battlelore], ids=["conquest", "battlelore"])
def test_every_game_tells_a_phone_back_online_what_it_missed(phones, make):
    url = phones.server.url
    game, (etype, data) = make(url)
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    ben.context.set_offline(True)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "offline")
    token = {s["seat"]: s["token"] for s in game["seats"]}["p1"]
    r = requests.post(f"{url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {token}"}, timeout=10,
                      json={"id": str(uuid.uuid4()), "type": etype, "by": "p1", "data": data})
    assert r.status_code == 201, r.text
    ben.context.set_offline(False)
    card = ben.locator("#caught-up")
    expect(card.locator(".headline")).to_have_text("While you were away (1 entry):")
    expect(card).to_contain_text("Ana: ")
    assert card.get_attribute("data-missed") == str(r.json()["seq"])
    card.get_by_role("button", name="Dismiss the summary").click()
    expect(card).to_have_count(0)
