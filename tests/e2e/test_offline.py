"""A phone goes offline, enters two events, comes back: both applied once and in order."""
from __future__ import annotations

from playwright.sync_api import expect

from .flows import api_game, events, join


def test_offline_outbox_sends_in_order_once(phones, server):
    """Two wounds entered offline wait in the IndexedDB outbox and reach the server once each, in order."""
    game = api_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    before = len(events(server, game))

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
