"""Correct… turns a die to a face the entry lacks: "that block was a dodge" is one less block and one more dodge on the
defence roll, checked by the server and entered in five referee taps (target: six at most); a player's phone has no
Correct…."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .desk import disputed_round, entry, referee_phone
from .flows import seated

pytestmark = pytest.mark.e2e


def test_a_die_is_corrected_to_a_face_the_entry_lacks_in_five_taps(phones, server):
    game = disputed_round(server)
    (ben,) = seated(phones, game, "p2")
    ref = referee_phone(phones, game)
    taps = 0
    ref.locator("[data-tab='log']").click()
    entry(ref, "attack", "Rok").locator("[data-action='correct']").click()
    sheet = ref.locator("dialog.sheet")
    sheet.locator("details.dice summary").click()
    taps += 2
    # The entry had no dodge (and no crit, smash or fury): every face of each roll has its stepper.
    for face in ("attack roll crit", "attack roll smash", "attack roll fury", "defence roll dodge", "defence roll crit"):
        expect(sheet.get_by_role("button", name=f"One more: {face}")).to_be_visible()
    expect(sheet.locator("output[data-number='defence_roll.dodge']")).to_have_text("0")
    for button in ("One less: defence roll block", "One more: defence roll dodge"):
        sheet.get_by_role("button", name=button).click()
        taps += 1
    expect(sheet.locator("#correction-preview")).to_contain_text("Corrected:")
    phones.shot(ref, "01-face-corrected")
    sheet.locator("[data-action='confirm-correction']:not([disabled])").click()
    taps += 1
    revert = ref.locator("ol.log > li[data-type='revert']")
    expect(revert).to_contain_text("defence roll block 1 → 0")
    expect(revert).to_contain_text("defence roll dodge 0 → 1")
    assert taps == 5 <= 6  # Correct…, the dice, block −, dodge +, Correct (the Log tab aside: the referee is there)
    ben.locator("[data-tab='log']").click()
    expect(ben.locator("ol.log > li[data-type='revert']")).to_contain_text("defence roll dodge 0 → 1")
    expect(ben.locator("[data-action='correct']")).to_have_count(0)
