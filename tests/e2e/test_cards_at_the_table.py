"""The engine knows the cards, on the phones: a real Rivals deck on each side (Ana: Cyreni's Razors with their
Rivals deck; Ben: Steelheart's Champions with Breakneck Slaughter), current rules. A held reaction is played in two
taps with what it does shown first, a met surge objective is scored in one tap, a ploy's fixed effect goes in with
its one confirm (the fighter chosen with it), and the end phase says which held objectives are met."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.reach import look

from .flows import api_game, join
from .uw_rest import post, state

pytestmark = pytest.mark.e2e

ANA = {"name": "Ana", "warband": "cyrenis-razors", "printing": "second-edition", "deck": "cyrenis-razors-rivals"}
BEN = {"name": "Ben", "warband": "steelhearts-champions", "deck": "breakneck-slaughter"}
SEVERIN = "p2.severin-steelheart"


def _table(phones, server):
    """Both Rivals decks, set up over REST to Ana's first activation; both phones at the table."""
    game = api_game(server, seats=[ANA, BEN])
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    return game, ana, ben


def _say(server, game, seat, **hand):
    post(server, game["id"], game["tokens"][seat], seat, "hand", **hand)


def test_a_reaction_from_the_hand_shows_what_it_does_and_goes_in_in_two_taps(phones, server):
    """Ben holds Quick Juke (after the attack roll against a friendly fighter: the target goes on Guard). Ana's
    attack on Severin opens the step: Ben's box offers it from his hand, his power-step ploys never under it; a tap
    shows "Quick Juke: Severin Steelheart gets a Guard token", the confirm enters it, and Severin is on Guard on
    both phones. Reckless Charge typed in as a reaction is refused in words, citing the card."""
    game, ana, ben = _table(phones, server)
    _say(server, game, "p2", power=["Quick Juke", "Reckless Charge"])
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="attack", fighter="p1.cyreni")
    post(server, game["id"], game["tokens"]["p1"], "p1", "attack", attacker="p1.cyreni", target=SEVERIN,
         profile={"name": "Range 1 Smash"}, attack_roll={"single": 1}, defence_roll={"block": 1})
    box = ben.locator("#reaction-step")
    held = box.locator("[data-suggestion='reaction']", has_text="Quick Juke")
    expect(held).to_be_visible()
    assert "Reckless Charge" not in box.inner_text()          # a power-step ploy is never a reaction
    # Typed in by name anyway, it is refused in words, citing the card.
    box.get_by_role("button", name="Another reaction (name it)").click()
    typed = ben.locator("dialog")
    typed.get_by_role("radio", name="After the attack roll").click()
    typed.locator("[data-field='name']").fill("Reckless Charge")
    typed.get_by_role("button", name="Enter").click()
    refused = ben.locator("dialog [data-dialog='rejection']")
    expect(refused).to_contain_text("Reckless Charge is played in a power step, not as a reaction.")
    expect(refused).to_contain_text("Rule: Card: Reckless Charge (BS18)")
    phones.shot(ben, "00-power-step-ploy-refused-as-a-reaction")
    refused.get_by_role("button", name="OK").click()
    taps = 0
    held.click()
    taps += 1
    sheet = ben.locator("dialog [data-dialog='card-play']")
    expect(sheet.locator("[data-effect]")).to_have_text("Quick Juke: Severin Steelheart gets a Guard token")
    phones.shot(ben, "01-reaction-shows-what-it-does")
    sheet.locator("[data-action='confirm-card']").click()
    taps += 1
    assert taps <= 2
    for phone in (ana, ben):
        expect(phone.locator(f"[data-fighter='{SEVERIN}']")).to_contain_text("Guard")
    expect(ana.locator("#happened")).to_contain_text("Quick Juke: Severin Steelheart gets a Guard token")
    phones.shot(ana, "02-told-what-the-reaction-did")


def test_a_met_surge_objective_is_scored_in_one_tap(phones, server):
    """Ben holds Beat to the Punch (the only successful Attack action of the phase). After Ana passes, his hit on
    Renglaith meets it: his phone offers "Score Beat to the Punch … met" as the prominent button, one tap scores
    it, Ana's phone says so, and the surge step after it scores it."""
    game, ana, ben = _table(phones, server)
    _say(server, game, "p2", objectives=["Beat to the Punch", "Gale Force", "Need for Speed"])
    post(server, game["id"], game["tokens"]["p1"], "p1", "player_action", action="pass")
    post(server, game["id"], game["tokens"]["p1"], "p1", "power", play="pass")
    post(server, game["id"], game["tokens"]["p2"], "p2", "power", play="pass")
    post(server, game["id"], game["tokens"]["p2"], "p2", "activate", action="attack", fighter=SEVERIN)
    post(server, game["id"], game["tokens"]["p2"], "p2", "attack", attacker=SEVERIN, target="p1.renglaith",
         profile={"name": "Broadsword"}, attack_roll={"smash": 2}, defence_roll={})
    post(server, game["id"], game["tokens"]["p2"], "p2", "drive_back", fighter="p1.renglaith", hexes=0)
    score = ben.locator("[data-suggestion='objective']", has_text="Beat to the Punch")
    expect(score).to_have_class("btn primary")
    expect(score).to_contain_text("met")
    expect(score).to_be_in_viewport()                                  # above the open reaction step: in view
    judged = ben.locator("[data-suggestion='objective']", has_text="if its text fit").first
    if judged.count():
        assert "primary" not in (judged.get_attribute("class") or "")   # the players' yes is a plain button
    phones.shot(ben, "03-met-surge-objective")
    score.click()                                                       # the one tap
    for phone in (ana, ben):
        expect(phone.locator("[data-seat='p2']")).to_contain_text("Revealed: Beat to the Punch (1)")
    expect(ana.locator("#happened")).to_contain_text("Beat to the Punch")
    expect(ben.locator("[data-suggestion='objective']", has_text="Beat to the Punch")).to_have_count(0)
    # Revealed, it is scored in the surge step that follows (Deathgorge rulebook, Surge objectives): Ben's power
    # step passes, and the glory is his with no other tap.
    post(server, game["id"], game["tokens"]["p2"], "p2", "power", play="pass")
    expect(ana.locator("[data-seat='p2'] .stat.glory b")).to_have_text("1")


def test_a_ploy_with_a_fixed_effect_goes_in_with_its_fighter_in_one_confirm(phones, server):
    """Ana holds Eerie Distortion (a chosen friendly fighter goes on Guard). In her power step the ploy's button
    opens one button per fighter, each saying what it does; the tap on Cephanyr is the confirm: Cephanyr is on
    Guard on both phones, and Ben's phone says which card did it."""
    game, ana, ben = _table(phones, server)
    _say(server, game, "p1", power=["Eerie Distortion", "Resurfacing Memory"])
    post(server, game["id"], game["tokens"]["p1"], "p1", "player_action", action="pass")
    play = ana.locator("[data-suggestion='power']", has_text="Play Eerie Distortion")
    taps = 0
    play.click()
    taps += 1
    sheet = ana.locator("dialog [data-dialog='card-play']")
    choice = sheet.locator("[data-card-choice='p1.cephanyr']")
    expect(choice).to_have_text("Eerie Distortion: Cephanyr gets a Guard token")
    expect(sheet.locator("[data-card-choice^='p2.']")).to_have_count(0)   # friendly fighters only
    phones.shot(ana, "04-ploy-fighter-with-its-effect")
    choice.click()
    taps += 1
    assert taps == 2                                                    # the play, and the fighter that is its confirm
    for phone in (ana, ben):
        expect(phone.locator("[data-fighter='p1.cephanyr']")).to_contain_text("Guard")
    expect(ben.locator("#happened")).to_contain_text("Eerie Distortion: Cephanyr gets a Guard token")
    phones.shot(ben, "05-told-what-the-ploy-did")
    ben.locator("[data-tab='log']").click()                             # the log (and the referee's desk) too
    expect(ben.locator("ol.log")).to_contain_text("Eerie Distortion: Cephanyr gets a Guard token")


def test_the_end_phase_says_which_held_objectives_are_met(phones, server):
    """Ana holds Soul Harvesters (an enemy fighter out of action, none of hers) and Mind Erosion (an enemy
    staggered). With Obryn out of action and nobody staggered, her end phase lists Soul Harvesters as met and Mind
    Erosion as not met; Ben's phone lists neither."""
    game, ana, ben = _table(phones, server)
    _say(server, game, "p1", objectives=["Soul Harvesters", "Mind Erosion", "Means of Survival"])
    for _ in range(2):
        post(server, game["id"], game["tokens"]["p1"], "p1", "damage", fighter="p2.obryn-the-bold", amount=3, source="card")
    for _ in range(40):   # every activation and power step passed, to Ana's end phase sequence
        st = state(server, game["id"], game["tokens"]["p1"])["state"]
        if st["phase"] == "end":
            break
        seat = st["power"]["order"][st["power"]["next"]] if st["step"] == "power" else st["turn"]["seat"]
        if st["step"] == "power":
            post(server, game["id"], game["tokens"][seat], seat, "power", play="pass")
        else:
            post(server, game["id"], game["tokens"][seat], seat, "player_action", action="pass")
    report = ana.locator("[data-objectives]")
    expect(report.locator("[data-objectives-met]")).to_contain_text("Soul Harvesters")
    expect(report.locator("[data-objectives-unmet]")).to_contain_text("Mind Erosion")
    expect(ben.locator("[data-objectives]")).to_have_count(0)
    phones.shot(ana, "06-end-phase-held-objectives")


def test_the_opening_hand_is_told_in_one_tap_a_card(phones, server):
    """At the start of the game Ana's three objectives are open on her table by themselves (no tap to open them):
    under the actions on her phone (her activation is hers to enter), above them on Ben's (nothing for him to do).
    Three taps, and the hand is saved by itself (no Save). Ben puts his away with one tap and it stays away; the
    spectator's phone never shows one."""
    game, ana, ben = _table(phones, server)
    panel = ana.locator("[data-opening-hand]")
    expect(panel).to_contain_text("Tap your 3 objective cards (3 to go)")
    above = ana.evaluate("() => document.querySelector('[data-opening-hand]').compareDocumentPosition("
                         "document.querySelector('section.actions')) & Node.DOCUMENT_POSITION_FOLLOWING")
    assert not above                                                  # under the activation she is waited for
    expect(ben.locator("[data-opening-hand]")).to_be_in_viewport()     # Ben is not waited for: at the top
    phones.shot(ana, "07-opening-hand-under-the-actions", full_page=True)
    phones.shot(ben, "08-opening-hand-while-waiting")
    ben.evaluate("window.scrollTo(0, document.body.scrollHeight)")   # Ben looks at the board below meanwhile
    seq = int(ben.locator("#table").get_attribute("data-seq"))
    taps = 0
    for name in ("Mind Erosion", "Soul Harvesters", "Snuff Out"):
        panel.locator(f"[data-opening-card='{name}']").click()
        taps += 1
    assert taps == 3
    expect(panel).to_have_count(0)
    # Ana's entry on Ben's phone brings back into view what he has to do, below the sticky banner.
    ben.wait_for_function("(seq) => Number(document.getElementById('table').dataset.seq) > seq", arg=seq)
    first = ben.locator("[data-opening-hand] [data-opening-card]").first
    expect(first).to_be_in_viewport()
    assert look(first)[0] == "", look(first)
    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log")).to_contain_text("Cards in hand noted: ")          # it went in
    told = state(server, game["id"], game["tokens"]["p1"])["state"]["seats"]["p1"]["cards"]["objectives"]
    assert sorted(told) == ["Mind Erosion", "Snuff Out", "Soul Harvesters"]
    ben.locator("[data-opening-hand] [data-action='opening-hand-later']").click()
    expect(ben.locator("[data-opening-hand]")).to_have_count(0)
    ben.reload()
    expect(ben.locator("#banner")).to_contain_text("Activation step")
    expect(ben.locator("[data-opening-hand]")).to_have_count(0)
    watcher = phones.new("watcher")
    join(watcher, game["join_code"], "spectator")
    expect(watcher.locator("#banner")).to_contain_text("Activation step")
    expect(watcher.locator("[data-opening-hand]")).to_have_count(0)
