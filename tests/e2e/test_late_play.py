"""Optional steps on two phones: nobody taps through a reaction step or a power step, the banner says what is
open and for whom, and a play that comes too late (the other phone was quicker) is answered with the entry that
closed its step and the way to put it right."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, join, tap
from .uw_rest import post

pytestmark = pytest.mark.e2e


def _table(phones, server):
    game = api_game(server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    return game, ana, ben


def test_the_banner_says_what_is_open_and_the_next_activation_needs_no_passes(phones, server):
    """After Ana's Move, Ben's phone says it is his move and Ana may react or play a power card; Ana's phone says
    she may before Ben moves. 'No reaction' is there but secondary. Ben's Guard is entered at once."""
    game, ana, ben = _table(phones, server)
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="move", fighter="p1.vex")
    # One sentence, the same on both phones ("you" being each phone's own player).
    expect(ben.locator("#banner")).to_contain_text("You move next; Ana may react or play a power card first")
    expect(ana.locator("#banner")).to_contain_text("Ben moves next; you may react or play a power card first")
    expect(ben.locator("#banner")).not_to_contain_text("Next:")
    expect(ben.locator("#reaction-step .may-react")).to_contain_text("You may react — or just play on")
    # Ana is not the one who plays on: her reaction box says she may react before Ben does.
    expect(ana.locator("#reaction-step .may-react")).to_have_text("You may react before Ben plays on.")
    expect(ben.locator("#reaction-step [data-suggestion='reaction_pass']")).to_have_class("btn ghost small")
    expect(ana.locator("section.actions [data-pass='true']", has_text="Pass")).to_have_class("btn ghost small")
    # Ben's own next step (his activation) comes before the power cards he may also play now.
    groups = ben.locator("section.actions .group h2").all_inner_texts()
    assert groups.index("Activate Rok") < groups.index("Power step"), groups
    phones.shot(ben, "01-ben-your-move-ana-may-react")
    phones.shot(ana, "02-ana-may-react-or-let-ben-play-on")
    tap(ben, "Guard")
    expect(ana.locator("#banner")).to_contain_text("You move next; Ben may react or play a power card first")
    expect(ben.locator("#banner")).to_contain_text("Ana moves next; you may react or play a power card first")
    phones.shot(ana, "03-ana-after-bens-guard")


def test_a_late_reaction_names_the_quicker_entry_and_the_owner_takes_it_back(phones, server):
    """Ana's attack misses; Ben (offline for a moment) enters his Guard and then remembers a reaction after the
    Attack action. His Guard closed Ana's reaction step, so the reaction is refused: the sheet names his own entry
    and offers to take it back, then the reaction goes in."""
    game, ana, ben = _table(phones, server)
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="attack", fighter="p1.vex")
    post(server, game["id"], game["tokens"]["p1"], "p1", "attack", attacker="p1.vex", target="p2.rok",
         profile={"name": "Blade"}, attack_roll={"fury": 2}, defence_roll={"block": 1})
    expect(ben.locator("#reaction-step")).to_be_visible()
    ben.context.set_offline(True)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "offline")
    tap(ben, "Guard")
    ben.locator("#reaction-step").get_by_role("button", name="Another reaction (name it)").click()
    dialog = ben.locator("dialog")
    dialog.get_by_role("radio", name="After an attack action (combat step 8, end sequence)").click()
    dialog.locator("[data-field='name']").fill("Sidestep")
    dialog.get_by_role("button", name="Enter").click()
    expect(ben.locator("#conn")).to_contain_text("2 waiting")   # the Guard and the reaction, in the outbox
    ben.context.set_offline(False)
    late = ben.locator("[data-dialog='late-play']")
    expect(late).to_contain_text("Your entry #", timeout=15_000)
    expect(late).to_contain_text("closed the reaction step and the power step as passed")
    phones.shot(ben, "04-too-late-take-back-offered")
    late.get_by_role("button", name="and enter mine").click()
    for phone in (ana, ben):
        expect(phone.locator("#reaction-step")).to_contain_text("Ben: Sidestep")
    phones.shot(ben, "05-reaction-entered")


def test_a_late_reaction_on_the_slower_phone_says_who_to_ask(phones, server):
    """Ana plays a ploy while Ben's phone is offline with his reaction queued: Ben is told Ana's ploy closed the
    step and to ask her to take it back; his entry stays in his Log with 'Enter again', which works after Ana's
    undo."""
    game, ana, ben = _table(phones, server)
    post(server, game["id"], game["tokens"]["p1"], "p1", "activate", action="move", fighter="p1.vex")
    expect(ben.locator("#reaction-step")).to_be_visible()
    ben.context.set_offline(True)
    expect(ben.locator("#conn")).to_have_attribute("data-state", "offline")
    ben.locator("#reaction-step").get_by_role("button", name="Another reaction (name it)").click()
    dialog = ben.locator("dialog")
    dialog.get_by_role("radio", name="After an activation step").click()
    dialog.locator("[data-field='name']").fill("Sidestep")
    dialog.get_by_role("button", name="Enter").click()
    expect(ben.locator("#conn")).to_contain_text("1 waiting")   # in the outbox before Ana's ploy lands
    tap(ana, "Play a ploy")
    # The ploy has landed once the server opened the reaction step after it (Ana's Undo was already there for her
    # Move, so it proves nothing); only then may Ben's phone come back and send its reaction.
    expect(ana.locator("#reaction-step")).to_contain_text("after a gambit is resolved")
    ben.context.set_offline(False)
    late = ben.locator("[data-dialog='late-play']")
    expect(late).to_contain_text("Ana's entry #", timeout=15_000)
    expect(late).to_contain_text("Ask Ana (Undo) or the referee to take back")
    expect(late.locator("[data-action='take-back']")).to_have_count(0)
    phones.shot(ben, "06-too-late-ask-ana")
    late.get_by_role("button", name="OK").click()
    ana.locator("[data-action='undo-last']").click()
    ben.locator("[data-tab='log']").click()
    ben.locator("[data-action='enter-again']").first.click()
    ben.locator("[data-tab='table']").click()
    for phone in (ana, ben):
        expect(phone.locator("#reaction-step")).to_contain_text("Ben: Sidestep")
