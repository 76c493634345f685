"""An illegal action is refused with its rule, then applied with an override and a reason."""
from __future__ import annotations

import uuid

import pytest
import requests
from playwright.sync_api import expect

from .flows import api_game, events, join, referee_phone

pytestmark = pytest.mark.e2e


def test_refused_then_applied_anyway_with_a_reason(phones, server):
    """A heal entered offline reaches the server after the wound was already healed: it is refused with its rule
    (Heal, pg 23: only a fighter with a wound counter is healed); the table applies it anyway, saying why."""
    game = api_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    referee = {"Authorization": f"Bearer {game['referee_token']}"}

    def enter(etype, **data):
        r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers=referee,
                          json={"id": str(uuid.uuid4()), "type": etype, "by": "p1", "data": data})
        assert r.status_code == 201, r.text

    vex = ana.locator("[data-fighter='p1.vex']")
    enter("damage", fighter="p1.vex", amount=1, source="card")
    expect(vex.get_by_role("button", name="−1 heal for Vex")).to_be_enabled()
    ana.context.set_offline(True)
    expect(ana.locator("#conn")).to_have_attribute("data-state", "offline")
    enter("heal", fighter="p1.vex", amount=1)          # healed meanwhile (the referee's phone)
    vex.get_by_role("button", name="−1 heal for Vex").click()
    ana.context.set_offline(False)

    dialog = ana.locator("dialog[aria-label='Not allowed by the rules']")
    expect(dialog).to_contain_text("wound counter")
    expect(dialog).to_contain_text("Deathgorge rulebook, Heal (pg 23)")
    phones.shot(ana, "01-refused")
    dialog.get_by_role("button", name="Apply anyway (card effect)").click()
    reason = ana.locator("dialog #reason")
    ana.locator("dialog").get_by_role("button", name="Confirm").click()   # empty reason: not accepted
    expect(reason).to_have_attribute("aria-invalid", "true")
    reason.fill("card: Healing Potion")
    phones.shot(ana, "02-reason")
    ana.locator("dialog").get_by_role("button", name="Confirm").click()

    for phone in (ana, ben):
        phone.locator("[data-tab='log']").click()
        entry = phone.locator("ol.log li[data-type='heal']").first
        expect(entry).to_contain_text("Rules overridden by the table: card: Healing Potion")
    stored = [e for e in events(server, game) if e["type"] == "heal"]
    assert len(stored) == 2 and stored[1]["override"] == {"reason": "card: Healing Potion"}
    refused = ana.locator("ol.log li.refused")
    expect(refused).to_contain_text("Deathgorge rulebook, Heal (pg 23)")
    phones.shot(ana, "03-log")


def test_the_referees_ruling_names_the_referee_and_leaves_nothing_to_enter_twice(phones, server):
    """The referee's own entry is refused; the referee rules that it stands. Every phone names the referee as the
    one who ruled, the entry shows who entered it at once, and the refused entry offers no "Enter again"."""
    game = api_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ref = referee_phone(phones, game)
    ref.get_by_role("radiogroup", name="Referee enters events for").get_by_role("radio", name="Ana").click()
    referee = {"Authorization": f"Bearer {game['referee_token']}"}

    def enter(etype, **data):
        r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers=referee,
                          json={"id": str(uuid.uuid4()), "type": etype, "by": "p1", "data": data})
        assert r.status_code == 201, r.text

    enter("damage", fighter="p1.vex", amount=1, source="card")
    heal = ref.locator("[data-fighter='p1.vex']").get_by_role("button", name="−1 heal for Vex")
    expect(heal).to_be_enabled()
    ref.context.set_offline(True)
    expect(ref.locator("#conn")).to_have_attribute("data-state", "offline")
    enter("heal", fighter="p1.vex", amount=1)            # healed meanwhile, from another device
    heal.click()                                          # sent on reconnecting: Vex has no wound now, refused
    ref.context.set_offline(False)

    dialog = ref.locator("dialog[aria-label='Not allowed by the rules']")
    expect(dialog).to_contain_text("As the referee you may rule that it stands")
    dialog.get_by_role("button", name="Rule that it stands").click()
    ref.locator("dialog #reason").fill("Vex was wounded by a card nobody entered")
    ref.locator("dialog").get_by_role("button", name="Confirm").click()

    ref.locator("[data-tab='log']").click()
    entry = ref.locator("ol.log li[data-type='heal']").first
    expect(entry).to_contain_text("Ruled by the referee: Vex was wounded by a card nobody entered")
    expect(entry).to_contain_text("entered by Referee")
    refused = ref.locator("ol.log li.refused")
    expect(refused).to_contain_text("applied anyway")
    expect(refused.locator("[data-action='enter-again']")).to_have_count(0)
    phones.shot(ref, "04-referee-ruling")
    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log li[data-type='heal']").first).to_contain_text("Ruled by the referee")
    assert len([e for e in events(server, game) if e["type"] == "heal"]) == 2
