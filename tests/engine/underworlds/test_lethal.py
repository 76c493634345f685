"""Lethal hexes and the traits that spare a fighter (app/engine/underworlds/lethal.py)."""
from __future__ import annotations

import copy

from app.content.underworlds.setup import expand_setup
from app.engine.underworlds import DREADFANE
from app.engine.underworlds.lethal import ETHEREAL_RULE
from tests.support.play import underworlds_setup

from .editions.helpers import STEELHEART, Table, to_action
from .helpers import attack, codes, play, started

ETHEREAL = "Dreadfane rulebook (2019), The battlefield, Lethal hexes? (ethereal fighters are not affected) (pg 6)"


def mournflight_game() -> Table:
    """A Dreadfane game: Lady Harrow's Mournflight from the content (an attack entered for each, as the table
    would from the cards) against Steelheart's Champions, Ana's turn."""
    seats = expand_setup("underworlds/dreadfane", {"seats": [
        {"name": "Ana", "warband": "lady-harrows-mournflight"}]})["seats"]
    fighters = copy.deepcopy(seats[0]["fighters"])
    for f in fighters:
        f["profiles"] = [{"name": "Claws", "range": 1, "dice": 2, "symbol": "fury", "damage": 1, "keywords": []}]
        f.get("inspired", {}).pop("profiles", None)
    t = Table(DREADFANE, {"ruleset": "underworlds/dreadfane", "options": {"format": "standard"}, "seats": [
        {"name": "Ana", "warband": "custom", "fighters": fighters},
        {"name": "Ben", "warband": "custom", "fighters": [dict(f) for f in STEELHEART]}]})
    t.start()
    to_action(t)
    return t


def test_the_content_gives_every_mournflight_fighter_the_ethereal_trait():
    """Dreadfane, The battlefield, Lethal hexes? (pg 6): the trait is content the engine reads."""
    seat = expand_setup("underworlds/dreadfane", {"seats": [{"name": "A", "warband": "lady-harrows-mournflight"}]})
    assert [f["traits"] for f in seat["seats"][0]["fighters"]] == [["ethereal"]] * 4


def test_lethal_hexes_do_not_affect_lady_harrows_mournflight():
    """Ethereal fighters are not affected by lethal hexes (Dreadfane, pg 6): not in a Move action, not when pushed,
    and damage entered as from a lethal hex is refused with that rule; an enemy pushed in is still harmed."""
    t = mournflight_game()
    cons = t.play("activate", "p1", action="move", fighter="p1.lady-harrow", lethal=2)
    assert t.state["fighters"]["p1.lady-harrow"]["damage"] == 0
    spared = [c for c in cons if c.type == "lethal_hex_no_effect"]
    assert spared and spared[0].rule == ETHEREAL == ETHEREAL_RULE
    t.power_passes()
    t.play("push", "p2", fighter="p1.widow-caitha", hexes=1, into="lethal")
    assert t.state["fighters"]["p1.widow-caitha"]["damage"] == 0
    assert t.refuse("damage", "p2", fighter="p1.widow-caitha", amount=1, source="lethal_hex") == ["lethal_hex_no_effect"]
    assert t.refuse("damage", "p2", fighter="p1.widow-caitha", amount=1, source="card") == []
    t.play("push", "p1", fighter="p2.severin", hexes=1, into="lethal")
    assert t.state["fighters"]["p2.severin"]["damage"] == 1


def test_an_ethereal_fighter_in_the_current_rules_too():
    """The trait is the fighter card's: under the Deathgorge rules an ethereal fighter is spared as well, while a
    flying one is spared only in its own Move action (Fighter cards: Flying, pg 7)."""
    setup = underworlds_setup(2)
    setup["seats"][0]["fighters"][1]["traits"] = ["ethereal"]
    state = started(setup=setup)
    assert "lethal_hex_no_effect" in codes(state, "damage", "p2", fighter="p1.brute", amount=1, source="lethal_hex")
    state, cons = play(state, "push", "p2", fighter="p1.brute", hexes=1, into="lethal")
    assert state["fighters"]["p1.brute"]["damage"] == 0 and cons == ["lethal_hex_no_effect"]
    # A flying fighter's damage entered as from a lethal hex is not refused (a push or placement harms it).
    flyer = underworlds_setup(2)
    flyer["seats"][0]["fighters"][1]["traits"] = ["flying"]
    assert codes(started(setup=flyer), "damage", "p2", fighter="p1.brute", amount=1, source="lethal_hex") == []


def test_an_ethereal_fighter_driven_back_into_a_lethal_hex_takes_no_damage():
    """Combat step 7, Drive back (pg 21) pushes the target; an ethereal target is not affected by the lethal hex
    (Dreadfane, pg 6): it keeps only the attack's damage and no damage reaction step opens for the hex."""
    setup = underworlds_setup(2)
    setup["seats"][1]["fighters"][1]["traits"] = ["ethereal"]
    state = started(setup=setup)
    state, _ = play(state, "activate", "p1", action="attack", fighter="p1.leader")
    state, _ = attack(state, tgt="p2.brute", defence={"single": 2})
    before = state["fighters"]["p2.brute"]["damage"]
    state, cons = play(state, "drive_back", "p1", fighter="p2.brute", hexes=1, into="lethal")
    assert state["fighters"]["p2.brute"]["damage"] == before and "lethal_hex_no_effect" in cons
