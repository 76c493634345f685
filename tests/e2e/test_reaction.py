"""A reaction declared by name joins the chain, seen on every phone (reaction steps)."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, attack_sheet, roll, seated, tap

pytestmark = pytest.mark.e2e


def test_named_reaction_joins_the_chain(phones, server):
    """After Ana's attack, Ben names a reaction for a step the engine offers; both phones show the chain."""
    game = api_game(server)
    ana, ben = seated(phones, game)

    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")
    roll(sheet, "attack", "crit", "crit")
    roll(sheet, "defence", "crit")                          # critical, critical v critical
    expect(sheet.locator("[data-preview]")).not_to_have_attribute("data-preview", "")
    sheet.get_by_role("button", name="Commit attack").click()

    box = ben.locator("#reaction-step")
    expect(box).to_be_visible()
    box.get_by_role("button", name="Another reaction (name it)").click()
    dialog = ben.locator("dialog")
    dialog.get_by_role("radio", name="After an attack action (combat step 8, end sequence)").click()
    dialog.locator("[data-field='name']").fill("Sidestep")
    phones.shot(ben, "01-name-a-reaction")
    dialog.get_by_role("button", name="Enter").click()
    for phone in (ana, ben):
        expect(phone.locator("#reaction-step")).to_contain_text("Ben: Sidestep")
    phones.shot(ana, "02-chain")
