"""Casting rolls (Deathgorge rulebook, Spells: Casting spells, pg 28)."""

import pytest

from app.engine.core import check_fields
from app.engine.underworlds.combat import CASTING_FIELDS, check_casting_input, resolve_casting

from .helpers import DG

# ---------------------------------------------------------------------------------------------
# Casting rolls (Deathgorge, Spells: Casting spells, pg 28)
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("roll,cast", [({"channel": 2}, True), ({"channel": 1, "crit": 1}, True),
                                       ({"channel": 1, "focus": 1}, False), ({"focus": 2}, False)])
def test_casting_matches_symbols(roll, cast):
    """Deathgorge rulebook, Casting spells step 3 (pg 28): each symbol needs a match; a crit matches any symbol."""
    r = resolve_casting(DG, roll, ["channel", "channel"], wizard_level=2)
    assert (r.cast, r.backlash, r.violations) == (cast, 0, [])


def test_casting_backlash():
    """Deathgorge rulebook, Casting spells step 2 (pg 28): two crits -> backlash 1; the spell is cast if the wizard survives."""
    r = resolve_casting(DG, {"crit": 2}, {"channel": 2}, wizard_level=2, caster_wounds_left=3)
    assert (r.cast, r.backlash, r.caster_out_of_action) == (True, 1, False)
    r = resolve_casting(DG, {"crit": 2}, {"channel": 2}, wizard_level=2, caster_wounds_left=1)
    assert (r.cast, r.backlash, r.caster_out_of_action) == (False, 1, True)


def test_casting_dice_follow_wizard_level():
    """Deathgorge rulebook, Casting spells step 1 (pg 28): roll magic dice equal to the wizard level (overridable)."""
    problems = check_casting_input(DG, {"channel": 1}, ["channel"], wizard_level=2)
    assert [(p.code, p.overridable) for p in problems] == [("casting_dice", True)]


def test_casting_innate():
    """Deathgorge rulebook, Innate symbols (pg 22): innate symbols are added to casting rolls too."""
    assert resolve_casting(DG, {"focus": 1}, ["focus", "channel"], innate="channel").cast is True
    assert resolve_casting(DG, {"focus": 1}, ["focus", "channel"]).cast is False


def test_casting_fields():
    """Deathgorge rulebook, Casting spells (pg 28): a casting roll entered as an event passes the field check."""
    data = {"caster": "p1.wizard", "roll": {"dice": 2, "channel": 1, "crit": 1}, "casting_value": {"channel": 2}}
    assert check_fields(CASTING_FIELDS, data) == []
    assert resolve_casting(DG, data["roll"], data["casting_value"], wizard_level=2).cast is True
    assert [p.code for p in check_fields(CASTING_FIELDS, {**data, "roll": {"smash": 1}})] == ["unknown_field"]


def test_casting_bad_input_is_structural():
    """Tablewarden: a malformed casting roll is reported, never raised."""
    r = resolve_casting(DG, {"smash": 1}, ["wild"])
    assert r.valid is False and r.cast is False
    assert {p.code for p in r.violations} == {"bad_face", "malformed"}
