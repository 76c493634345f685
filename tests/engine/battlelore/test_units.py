"""Unit records and derived values: weak units, movement, dice."""
from app.engine.battlelore.units import dice_for, is_weak, missing_numbers, problems_in_record, unit_from_record

from .helpers import unit


def make(**kw):
    return unit_from_record("p1", "p1.x-1", unit("x", **kw))


def test_record_problems_name_the_field():
    """Unit numbers are data: malformed records are reported, unknown numbers are null."""
    assert problems_in_record({"slug": "a", "health": "4"}) == ["health must be a whole number >= 0 or null"]
    assert problems_in_record({"slug": "a", "attack": "magic"}) == ["attack must be melee or ranged"]
    assert missing_numbers({"slug": "a", "attack": "ranged", "health": 3, "movement": 1, "combat": 2,
                            "muster": 4}) == ["range"]


def test_weak_at_one_figure_never_for_damage_token_units():
    """Combat, Weak units."""
    u = make(health=3)
    u["damage"] = 2
    assert is_weak(u)
    t = make(health=3, damage_tokens=True)
    t["damage"] = 2
    assert not is_weak(t)
    t["tokens"].append("blight")
    assert is_weak(t), "Markers, Blight: blighted damage-token units are weak too"


def test_unyielding_is_never_weak():
    """Unit abilities, Unyielding: this unit is never weak."""
    u = make(health=2, abilities=["Unyielding"])
    u["damage"] = 1
    assert not is_weak(u)


def test_forest_cap_then_modifiers():
    """Combat, 2 and Terrain, Forest: cap at 2 before modifiers."""
    a, t = make(combat=4), make()
    a["pos"] = {"terrain": "clear"}
    t["pos"] = {"terrain": "forest"}
    assert dice_for(a, t)[0] == 2
    assert dice_for(a, t, modifier=2)[0] == 4
