"""Reactions from the cards held: the engine offers the gambits a player said it holds first, one tap each (a held
ploy whose step our content does not give asks only for the step), the deck's other reactions small beside them,
and a typed name that is no card of the deck is asked about once."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, fighter, join
from .uw_rest import post

pytestmark = pytest.mark.e2e


def _game(server, ben: dict, options: dict | None = None) -> dict:
    """Ana's typed-in Vex against Ben's seat, set up over REST up to Ana's first activation."""
    return api_game(server, seats=[{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex", True)]},
                                   {"name": "Ben", **ben}], options=options)


def _phones(phones, game):
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    return ana, ben


def test_a_held_card_of_a_deck_known_by_name_is_a_reaction_in_three_taps(phones, server):
    """Ben (a Rivals deck our content knows by card names only: Blazing Assault) said he holds Sidestep.
    After Ana's Move his reaction box offers it first, from his hand: a tap, the step, Enter. It joins the chain
    on both phones and leaves his hand (5 power cards, now 4)."""
    game = _game(server, {"warband": "garreks-reavers", "deck": "blazing-assault"})
    post(server, game["id"], game["tokens"]["p2"], "p2", "hand", power=["Sidestep", "Twist the Knife"])
    ana, ben = _phones(phones, game)
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="move", fighter="p1.vex")
    box = ben.locator("#reaction-step")
    expect(box).to_contain_text("From your hand:")
    held = box.locator("[data-suggestion='reaction']", has_text="Sidestep")
    expect(held).to_have_class("btn")
    expect(box.locator("[data-suggestion='reaction']", has_text="Twist the Knife")).to_have_count(1)
    phones.shot(ben, "01-reaction-from-the-hand")
    held.click()                                                              # tap 1
    sheet = ben.locator("dialog")
    sheet.get_by_role("radio", name="After an activation step").click()       # tap 2
    sheet.get_by_role("button", name="Enter").click()                         # tap 3
    for phone in (ana, ben):
        expect(phone.locator("#reaction-step")).to_contain_text("Ben: Sidestep")
    expect(ana.locator("[data-seat='p2'] [data-warband]")).to_contain_text("hand 3 objectives, 4 power")
    expect(ben.locator("#reaction-step [data-suggestion='reaction']", has_text="Sidestep")).to_have_count(0)


def test_the_decks_other_reactions_are_small_beside_the_one_held(phones, server):
    """Ana's attack takes Rok out of action. Ben holds Final Blow (after an enemy's Attack action takes a friendly
    fighter out of action, 1 damage to the attacker): a full-size button, then its one confirm saying what it does. The deck's other reactions that fit (not held) are small
    buttons under "Not in your hand", never full-size beside it."""
    game = _game(server, {"warband": "custom", "deck": "garreks-reavers-shadespire",
                          "fighters": [fighter("rok", "Rok", True, 1), fighter("mara", "Mara", False, 3)]},
                 {"deck_override": {"reason": "our Shadespire cards"}})
    post(server, game["id"], game["tokens"]["p2"], "p2", "hand", power=["Final Blow"])
    ana, ben = _phones(phones, game)
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="attack", fighter="p1.vex")
    post(server, game["id"], game["tokens"]["p1"], "p1", "attack", attacker="p1.vex", target="p2.rok",
         profile={"name": "Blade"}, attack_roll={"smash": 2}, defence_roll={})
    box = ben.locator("#reaction-step")
    held = box.locator("[data-suggestion='reaction']", has_text="Final Blow")
    expect(held).to_have_class("btn")
    quiet = box.locator("[data-not-held] [data-suggestion='reaction']")
    expect(quiet.first).to_be_visible()
    assert quiet.count() >= 1 and all(c == "btn ghost small" for c in quiet.evaluate_all("els => els.map(e => e.className)"))
    assert "Final Blow" not in " ".join(quiet.all_inner_texts())
    expect(box.locator("[data-not-held]")).to_contain_text("Not in your hand:")
    # Held first: the hand's card comes before the deck's other cards and the typed entry.
    order = box.locator("button").all_inner_texts()
    assert order.index("React: Final Blow") < order.index("Another reaction (name it)"), order
    held.scroll_into_view_if_needed()
    phones.shot(ben, "02-held-card-first-others-small")
    held.click()                                                              # tap 1
    sheet = ben.locator("dialog [data-dialog='card-play']")                   # what the card does, from the preview
    expect(sheet.locator("[data-effect]").first).to_have_text("Final Blow: 1 damage to Vex")
    sheet.locator("[data-action='confirm-card']").click()                     # tap 2: the one confirm
    for phone in (ana, ben):
        expect(phone.locator("#reaction-step")).to_contain_text("Ben: Final Blow")
    expect(ana.locator("[data-fighter='p1.vex'] [data-wounds]")).to_contain_text("1 damage taken")


def test_a_typed_name_that_is_no_card_of_the_deck_is_asked_about_once(phones, server):
    """Ben types 'Sidestpe' (a typo): the phone asks once ('No card of your deck is called ...'),
    he changes the name, and the card goes in under the deck's spelling; a fighter's own reaction typed by name
    goes in after 'Play it anyway'."""
    game = _game(server, {"warband": "garreks-reavers", "deck": "blazing-assault"})
    ana, ben = _phones(phones, game)
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="move", fighter="p1.vex")
    box = ben.locator("#reaction-step")
    box.get_by_role("button", name="Another reaction (name it)").click()
    dialog = ben.locator("dialog")
    dialog.get_by_role("radio", name="After an activation step").click()
    dialog.locator("[data-field='name']").fill("Sidestpe")
    dialog.get_by_role("button", name="Enter").click()
    ask = ben.locator("dialog [data-dialog='unknown-reaction']")
    expect(ask).to_contain_text("No card of your deck is called “Sidestpe”. Play it anyway?")
    phones.shot(ben, "03-typo-asked-once")
    ask.get_by_role("button", name="Change the name").click()
    name = ben.locator("dialog [data-field='name']")
    expect(name).to_have_value("Sidestpe")                     # what was typed is kept
    name.fill("sidestep")
    ben.locator("dialog").get_by_role("button", name="Enter").click()
    expect(ben.locator("dialog")).to_have_count(0)                           # a card of the deck: not asked
    for phone in (ana, ben):
        expect(phone.locator("#reaction-step")).to_contain_text("Ben: Sidestep")
    expect(ana.locator("[data-seat='p2'] [data-warband]")).to_contain_text("hand 3 objectives, 4 power")   # it left his hand
    # Ana's turn is not over: Ben names an ability of his own (no card) after the chain's reaction.
    box.get_by_role("button", name="Another reaction (name it)").click()
    dialog.get_by_role("radio", name="In reaction to a reaction (secondary chain)").click()
    dialog.locator("[data-field='name']").fill("Blood-frenzy")
    dialog.get_by_role("button", name="Enter").click()
    ben.locator("dialog [data-action='play-anyway']").click()
    for phone in (ana, ben):
        expect(phone.locator("#reaction-step")).to_contain_text("Ben: Blood-frenzy")
