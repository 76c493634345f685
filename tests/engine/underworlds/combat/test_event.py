"""The attack event's input checks, fields, resolution with facts from the state, bounds and citations."""
import json

import pytest

from app.engine.core import check_fields
from app.engine.underworlds.combat import (
    ATTACK_FIELDS,
    EDITIONS,
    attack_bounds,
    check_attack_event,
    check_attack_input,
    combat_rules,
    complete_profile,
    resolve_attack,
    resolve_attack_event,
)
from app.engine.underworlds.dice import check_roll

from .helpers import BLOCK, DF, DG, SS, attack, prof, spell

# ---------------------------------------------------------------------------------------------
# Input checks and the event
# ---------------------------------------------------------------------------------------------

def test_roll_faces_must_add_up_to_the_dice_rolled():
    """Tablewarden: the entered faces must add up to the dice rolled."""
    problems = check_roll("attack", {"dice": 3, "smash": 1}, "attack_roll")
    assert [(p.code, p.overridable) for p in problems] == [("roll_total", False)]
    assert check_roll("attack", {"dice": 2, "smash": 1, "double": 1}, "attack_roll") == []


@pytest.mark.parametrize("roll,code", [({"smash": -1}, "malformed"), ({"smash": True}, "malformed"),
                                       ({"block": 1}, "bad_face"), ("3 smash", "malformed"),
                                       ({"smash": 21}, "malformed")])
def test_bad_rolls(roll, code):
    """Tablewarden: bad roll input is a structural violation naming the field."""
    problems = check_roll("attack", roll, "attack_roll")
    assert [p.code for p in problems] == [code] and all(not p.overridable for p in problems)


def test_malformed_attack_is_reported_not_raised():
    """Tablewarden: resolve_attack never raises on malformed input; it returns the violations."""
    r = resolve_attack(DG, {"symbol": "smash"}, {"smash": 1}, {"symbol": "armour"}, None)
    assert r.valid is False and r.result is None and r.damage == 0
    assert {p.code for p in r.violations} == {"missing_field", "bad_choice", "malformed"}
    assert r.summary().startswith("not resolved")


def test_profile_spell_flag_must_match_symbol():
    """Deathgorge rulebook, Attack action: Dice characteristic (pg 20): spells use magic dice symbols."""
    problems = check_attack_input(DG, prof(symbol="smash", spell=True), {"channel": 1}, BLOCK, {})
    assert [p.code for p in problems] == ["bad_choice"]
    problems = check_attack_input(DG, prof(symbol="focus", spell=False), {"focus": 1}, BLOCK, {})
    assert [p.code for p in problems] == ["bad_choice"]


def test_unknown_keyword_is_overridable_and_ignored():
    """Deathgorge rulebook, Attack action keywords (pg 25-26): an unknown keyword is flagged, can be overridden, and is ignored."""
    problems = check_attack_input(DG, prof(keywords=["cleeve"]), {"smash": 1}, BLOCK, {})
    assert [(p.code, p.overridable) for p in problems] == [("unknown_keyword", True)]
    r = attack(profile=prof(keywords=["cleeve"]), a={"smash": 1}, d={"block": 1})
    assert (r.valid, r.result) == (True, "draw")


def event_data(**over):
    data = {"attacker": "p1.cyreni", "target": "p2.vexmor", "profile": {"name": "Blade"},
            "attack_roll": {"dice": 2, "crit": 1, "smash": 1}, "defence_roll": {"dice": 1, "block": 1},
            "supporting": {"attacker": 1, "target": 0}, "trapped": False, "cover": False}
    data.update(over)
    return data


def test_attack_fields_accept_the_design_envelope():
    """docs/architecture.md, Event envelope: the attack event's data passes the core field check."""
    assert check_fields(ATTACK_FIELDS, event_data()) == []
    assert check_fields(ATTACK_FIELDS, event_data(innate={"attacker": "smash"}, defence=BLOCK,
                                                  cannot_be_driven_back=True)) == []
    bad = check_fields(ATTACK_FIELDS, event_data(attack_roll={"smash": -1}, luck=3))
    assert {p.code for p in bad} == {"out_of_range", "unknown_field"}


def test_resolve_attack_event_with_state_facts():
    """Deathgorge rulebook, Combat sequence (pg 21): the event plus facts from state resolve like resolve_attack."""
    record = [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 2,
               "keywords": ["grievous 1"], "spell": False}]
    data = event_data(profile=complete_profile({"name": "Blade"}, record))
    assert data["profile"]["damage"] == 2 and data["profile"]["keywords"] == ["grievous 1"]
    facts = {"defence": BLOCK, "guard": False, "target_staggered": True, "target_wounds_left": 5}
    assert check_attack_event(DG, data, **facts) == []
    r = resolve_attack_event(DG, data, **facts)
    assert (r.result, r.damage, r.drive_back, r.attack_rerolls, r.target_out_of_action) == \
        ("critical_hit", 3, True, 1, False)
    # A card changed the target's Defence: the event's own `defence` wins over the state's.
    r = resolve_attack_event(DG, event_data(profile=record[0], defence={"dice": 1, "symbol": "dodge"}), **facts)
    assert r.defence_successes == 0
    # Without a Defence characteristic anywhere: a structural violation, not an exception.
    assert [p.code for p in check_attack_event(DG, event_data(profile=record[0]))] == ["malformed"]


def test_attack_bounds_follow_the_characteristics():
    """Deathgorge rulebook, Combat sequence steps 2-3 (pg 21): roll dice equal to the Dice / Defence characteristic."""
    b = attack_bounds(prof(dice=3), {"dice": 2, "symbol": "block"})
    assert b["attack_roll.smash"] == {"type": "int", "min": 0, "max": 3}
    assert b["defence_roll.dodge"]["max"] == 2 and "attack_roll.channel" not in b
    b = attack_bounds(spell(dice=None), BLOCK, wizard_level=2)
    assert b["attack_roll.channel"]["max"] == 2 and b["supporting.attacker"]["max"] == 0


def test_complete_profile_keeps_changed_characteristics():
    """Tablewarden: an event's profile overrides the record (a card changed it); missing ones come from the record."""
    got = complete_profile({"name": "Blade", "dice": 3}, [{"name": "Blade", "dice": 2, "damage": 1}])
    assert got == {"name": "Blade", "dice": 3, "damage": 1}


def test_every_step_names_its_book():
    """Tablewarden principle 4: every decision names its rule source in the edition's own book."""
    for rules, book in ((DG, "Deathgorge"), (DF, "Dreadfane"), (SS, "Shadespire")):
        r = attack(rules, profile=prof(keywords=["cleave", "knockback 1", "grievous 1"]), a={"crit": 1},
                   d={"block": 1}, supporting={"attacker": 2, "target": 1}, guard=True)
        assert r.steps and all(s["rule"].startswith(book) for s in r.steps), r.steps
        assert json.loads(json.dumps(r.to_dict()))["rules"] == r.rules


def test_every_edition_cites_every_rule():
    """Tablewarden: each edition has a citation for every rule key (older books cite Deathgorge, saying so)."""
    for rules in (DF, SS):
        assert set(DG.refs) <= set(rules.refs)
        assert rules.ref("stagger").endswith(f"(the {rules.book} has no such rule)")


def test_editions_lookup():
    """Tablewarden: the three editions are data, looked up by id."""
    assert combat_rules("dreadfane") is DF and set(EDITIONS) == {"deathgorge", "dreadfane", "shadespire"}
    assert json.loads(json.dumps(SS.to_dict()))["support_mode"] == "relative"


# ---------------------------------------------------------------------------------------------
# The counts form of a roll (dice.py): its checks
# ---------------------------------------------------------------------------------------------

def test_an_attack_roll_may_be_entered_by_its_counts():
    """Tablewarden: an Attack action's rolls may be entered as the table reads them, {crit, success}; dice that
    failed are not entered, so `dice` is at least their sum."""
    assert check_roll("attack", {"crit": 1, "success": 2}, "attack_roll", by_counts=True) == []
    assert check_roll("defence", {"dice": 3, "success": 1}, "defence_roll", by_counts=True) == []
    short = check_roll("attack", {"dice": 1, "crit": 1, "success": 1}, "attack_roll", by_counts=True)
    assert [(p.code, p.overridable) for p in short] == [("roll_total", False)]


@pytest.mark.parametrize("roll,code", [({"success": 1, "smash": 1}, "malformed"), ({"success": -1}, "malformed"),
                                       ({"success": 21}, "malformed"), ({"success": 15, "crit": 6}, "out_of_range")])
def test_bad_counted_rolls(roll, code):
    """Tablewarden: a roll by faces and by counts at once, or a count out of bounds, is structural and changes nothing."""
    problems = check_roll("attack", roll, "attack_roll", by_counts=True)
    assert [p.code for p in problems] == [code] and all(not p.overridable for p in problems)


def test_a_casting_roll_has_no_counts_form():
    """Tablewarden: only an Attack action's rolls have the counts form; a casting roll names its faces."""
    assert [p.code for p in check_roll("magic", {"success": 1}, "roll")] == ["bad_face"]


def test_the_attack_event_takes_counted_rolls():
    """Tablewarden: the attack event's fields and checks accept the counts form."""
    data = {"attacker": "p1.a", "target": "p2.b", "profile": prof(), "attack_roll": {"crit": 1, "success": 1},
            "defence_roll": {"success": 1}}
    assert check_attack_event(DG, data, defence=BLOCK) == []
    assert resolve_attack_event(DG, data, defence=BLOCK).result == "critical_hit"
