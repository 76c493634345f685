"""The log: undo of your own last event; the referee reverts any event with a reason and steps back."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, create_game, go_to_table, join, referee_phone, revert_in_log, seated
from .uw_rest import post

pytestmark = pytest.mark.e2e


def wounds(page, fid):
    return page.locator(f"[data-fighter='{fid}'] .wounds .count b")


def test_undo_own_last_and_referee_revert_and_step_back(phones, server):
    """Ana undoes her own last event; the referee takes back an older one with a reason and looks back."""
    game = api_game(server)
    ana, ben = seated(phones, game)

    # Ana's own last event: a wound on Vex, then Undo.
    ana.locator("[data-fighter='p1.vex']").get_by_role("button", name="+1 damage to Vex").click()
    expect(wounds(ben, "p1.vex")).to_have_text("2")
    ana.locator("[data-tab='log']").click()
    ana.locator("ol.log li[data-type='damage']").get_by_role("button", name="Undo").click()
    expect(ana.locator("ol.log li[data-type='damage']")).to_have_class("reverted")
    expect(wounds(ben, "p1.vex")).to_have_text("3")
    phones.shot(ana, "01-undo")

    # Ben enters two wounds on Rok; the referee takes back the first one, saying why.
    rok = ben.locator("[data-fighter='p2.rok']")
    rok.get_by_role("button", name="+1 damage to Rok").click()
    expect(wounds(ben, "p2.rok")).to_have_text("2")
    rok.get_by_role("button", name="+1 damage to Rok").click()
    expect(wounds(ben, "p2.rok")).to_have_text("1")

    ref = referee_phone(phones, game)
    expect(ref.get_by_role("radiogroup", name="Referee enters events for")).to_be_visible()
    ref.locator("[data-tab='log']").click()
    first_rok = ref.locator("ol.log li[data-type='damage']", has_text="Rok").last
    first_seq = first_rok.get_attribute("data-seq")
    revert_in_log(ref, first_rok, "entered twice by mistake")
    expect(wounds(ben, "p2.rok")).to_have_text("2")
    expect(ana.locator("ol.log li[data-type='revert']").first).to_contain_text(f"Took back #{first_seq}: entered twice by mistake")
    phones.shot(ref, "02-referee-log")

    # Step back: the game as it was after the first-turn roll-off (no wounds yet).
    ref.locator("ol.log li[data-type='roll_off']").first.get_by_role("button", name="More for").click()
    ref.locator("dialog [data-dialog='entry-tools']").get_by_role("button", name="State after this").click()
    expect(ref.locator("#main")).to_contain_text("As it was after event")
    expect(wounds(ref, "p2.rok")).to_have_text("3")
    phones.shot(ref, "03-step-back")
    ref.get_by_role("button", name="Back to now").click()
    expect(wounds(ref, "p2.rok")).to_have_text("2")


def test_a_players_phone_offers_no_undo_of_the_referees_entry(phones, server):
    """The referee enters a wound for Ana: her phone shows who entered it and offers no Undo (a ruling stands)."""
    game = api_game(server)
    (ana,) = seated(phones, game, "p1")
    ref = referee_phone(phones, game)
    ref.locator("[data-fighter='p1.vex']").get_by_role("button", name="+1 damage to Vex").click()
    expect(wounds(ana, "p1.vex")).to_have_text("2")
    expect(ana.locator("[data-action='undo-last']")).to_have_count(0)
    ana.locator("[data-tab='log']").click()
    entry = ana.locator("ol.log li[data-type='damage']")
    expect(entry).to_contain_text("entered by Referee")
    expect(entry.get_by_role("button", name="Undo")).to_have_count(0)
    phones.shot(ana, "04-referee-entry-on-player-log")
    ref.locator("[data-tab='log']").click()
    expect(ref.locator("ol.log li[data-type='damage']").get_by_role("button", name="Revert…")).to_be_visible()


def test_the_hosts_phone_becomes_the_referees_only_when_confirmed_and_the_log_says_so(phones, server):
    """The host (Ana) opens "Referee on this phone": a sheet says it shows every hand and is for a table without a
    referee; once confirmed, a note in the log tells Ben's phone that Ana's phone opened the referee's view."""
    ana = phones.new("ana")
    code = create_game(ana, phones, shots=False)
    go_to_table(ana)
    ben = phones.new("ben")
    join(ben, code, "p2")
    ana.locator("[data-tab='game']").click()
    ana.locator("details.card summary", has_text="Referee").click()
    ana.get_by_role("button", name="Referee on this phone").click()
    sheet = ana.locator("dialog[aria-label='Referee on this phone?']")
    expect(sheet).to_contain_text("every player's hand")
    phones.shot(ana, "05-referee-on-this-phone")
    sheet.get_by_role("button", name="Cancel").click()
    ben.locator("[data-tab='log']").click()
    expect(ben.locator("ol.log li[data-type='note']")).to_have_count(0)

    ana.get_by_role("button", name="Referee on this phone").click()
    sheet.get_by_role("button", name="Open the referee's view").click()
    expect(ana.get_by_role("radiogroup", name="Referee enters events for")).to_be_visible()
    expect(ben.locator("ol.log li[data-type='note']")).to_contain_text("Ana's phone opened the referee's view")


def test_a_players_log_folds_the_inferred_passes_and_the_referees_keeps_them(phones, server):
    """Ben's activation closed Ana's reaction and power steps: the passes it inferred are folded away on Ana's Log
    (one tick under the filters shows them) and shown on the referee's."""
    game = api_game(server)
    (ana,) = seated(phones, game, "p1")
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="move", fighter="p1.vex")
    post(server, game["id"], game["tokens"]["p2"], "p2", "activate", action="move", fighter="p2.rok")
    ana.locator("[data-tab='log']").click()
    passes = ana.locator("ol.log .cons li[data-cons='passes_inferred']").first
    expect(passes).to_be_attached()
    expect(passes).to_be_hidden()
    ana.locator("#log-quiet-toggle").click()              # one tap shows them
    expect(passes).to_be_visible()
    expect(ana.locator("#log-quiet-toggle")).to_have_text("Fold passes and rules")
    ref = referee_phone(phones, game)
    ref.locator("[data-tab='log']").click()
    expect(ref.locator("ol.log .cons li[data-cons='passes_inferred']").first).to_be_visible()
