"""Unit records and derived values: weak units, movement, dice."""
from app.engine.battlelore.units import dice_for, is_weak, missing_numbers, problems_in_record, unit_from_record

from .helpers import unit


def make(**kw):
    return unit_from_record("p1", "p1.x-1", unit("x", **kw))


def test_record_problems_name_the_field():
    """Unit numbers are data: malformed records are reported, unknown numbers are null."""
    assert problems_in_record({"slug": "a", "health": "4"}) == ["health must be a whole number from 0 to 30, or null"]
    assert problems_in_record({"slug": "a", "attack": "magic"}) == ["attack must be melee or ranged"]
    assert missing_numbers({"slug": "a", "attack": "ranged", "health": 3, "movement": 1, "combat": 2,
                            "muster": 4}) == ["range"]


def test_every_number_and_list_of_a_unit_card_has_a_bound():
    """No override lifts these: a card past them would build millions of figures, hexes or dice."""
    assert problems_in_record({"slug": "a", "movement": 3_000_000}) == ["movement must be a whole number from 0 to 12, or null"]
    assert problems_in_record({"slug": "a", "combat": 13}) and problems_in_record({"slug": "a", "health": 31})
    assert problems_in_record({"slug": "a", "muster": 56}) and not problems_in_record({"slug": "a", "muster": 55})
    assert problems_in_record({"slug": "a", "abilities": ["x"] * 21}) == ["abilities must be a list of at most 20 words"]
    assert problems_in_record({"slug": "a", "traits": ["y" * 41]})
    assert problems_in_record({"slug": "a" * 61}) and problems_in_record({"slug": "a", "name": "n" * 61})
    assert problems_in_record({"slug": "a", "padding": "x"}) == ["a unit card has no padding"]


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
