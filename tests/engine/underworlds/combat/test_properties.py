"""Properties of the combat sequence: any valid roll resolves consistently; bad input never raises."""
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.underworlds.combat import (
    EDITIONS,
    RESULTS,
    check_attack_event,
    check_attack_input,
    resolve_attack,
    resolve_attack_event,
    resolve_casting,
)
from app.engine.underworlds.dice import ATTACK_FACES, DEFENCE_FACES, MAGIC_FACES

# ---------------------------------------------------------------------------------------------
# Property: any valid roll resolves, consistently
# ---------------------------------------------------------------------------------------------

def _roll(faces, max_dice=6):
    return st.lists(st.sampled_from(faces), max_size=max_dice).map(
        lambda xs: {"dice": len(xs), **{f: xs.count(f) for f in set(xs)}})


@st.composite
def attacks(draw):
    rules = draw(st.sampled_from(list(EDITIONS.values())))
    is_spell = draw(st.booleans())
    kws = draw(st.lists(st.sampled_from(["cleave", "ensnare", "scything", "stagger", "grievous 1",
                                         "knockback 1", "grievous 2"]), max_size=3))
    profile = {"dice": draw(st.integers(0, 6)),
               "symbol": draw(st.sampled_from(["channel", "focus"] if is_spell else ["smash", "fury"])),
               "damage": draw(st.integers(0, 5)), "keywords": kws, "spell": is_spell}
    a = draw(_roll(MAGIC_FACES if is_spell else ATTACK_FACES))
    d = draw(_roll(DEFENCE_FACES))
    kw = dict(supporting={"attacker": draw(st.integers(0, 4)), "target": draw(st.integers(0, 4))},
              guard=draw(st.booleans()), cover=draw(st.booleans()), trapped=draw(st.booleans()),
              cannot_be_driven_back=draw(st.booleans()), target_staggered=draw(st.booleans()),
              innate_attack=draw(st.none() | st.sampled_from(MAGIC_FACES if is_spell else ATTACK_FACES)),
              innate_defence=draw(st.none() | st.sampled_from(DEFENCE_FACES)),
              target_wounds_left=draw(st.none() | st.integers(1, 6)),
              attacker_wounds_left=draw(st.none() | st.integers(1, 6)))
    defence = {"dice": len(d) and d["dice"], "symbol": draw(st.sampled_from(["block", "dodge"]))}
    return rules, profile, a, defence, d, kw


@settings(max_examples=300, deadline=None)
@given(attacks())
def test_property_resolve_attack_is_consistent(case):
    """Deathgorge rulebook, Combat sequence (pg 21) and the older books: any valid roll gives one consistent result."""
    rules, profile, a, defence, d, kw = case
    assert [p for p in check_attack_input(rules, profile, a, defence, d, **kw) if not p.overridable] == []
    r = resolve_attack(rules, profile, a, defence, d, **kw)
    json.dumps(r.to_dict())
    assert r.valid and r.steps
    if r.aborted:
        assert (r.result, r.success, r.damage, r.drive_back, r.backlash) == (None, False, 0, False, 1)
        return
    assert r.result in RESULTS
    assert r.success == (r.result in ("critical_hit", "hit"))
    assert r.damage == ((profile["damage"] + r.grievous) if r.success else 0)
    assert r.grievous == 0 or r.result == "critical_hit"
    assert not r.drive_back or (r.result in ("critical_hit", "hit", "draw") and not kw["trapped"]
                                and not kw["cannot_be_driven_back"])
    assert r.knockback == 0 or (r.drive_back and r.success)
    assert r.critical_abilities == ("attacker" if r.result == "critical_hit" else
                                    "target" if r.result == "critical_defence" and rules.critical_defence_abilities
                                    else None)
    if r.result == "critical_hit":
        assert r.attack_crits >= 1
    if r.result == "critical_defence":
        assert r.defence_crits > r.attack_crits
    if r.result == "draw":
        assert r.attack_successes == r.defence_successes >= 1 and r.attack_crits == r.defence_crits
    if r.result == "miss":
        assert r.attack_successes <= r.defence_successes
    assert r.backlash == (1 if profile["spell"] and r.attack_crits >= 2 else 0)
    assert not r.target_staggered or (rules.stagger and r.success)
    assert r.attack_rerolls == (1 if rules.stagger and kw["target_staggered"] else 0)
    if "cleave" in profile["keywords"]:
        assert "block" not in r.defence_success_faces
    if "ensnare" in profile["keywords"]:
        assert "dodge" not in r.defence_success_faces
    if r.trapped:
        assert kw["trapped"] and not kw["cannot_be_driven_back"] and not r.drive_back
        if rules.trapped_mode == "draw_succeeds":
            assert r.success and r.attack_successes == r.defence_successes
    assert all(s["rule"] for s in r.steps)


_junk = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.sampled_from(
    ["smash", "crit", "block", "channel", "grievous 1", "p1.a", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["dice", "symbol", "damage", "keywords", "spell", "crit", "smash", "block", "attacker", "target",
         "profile", "attack_roll", "defence_roll", "supporting", "innate", "defence", "trapped"]), inner,
        max_size=6), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(list(EDITIONS.values())), _junk, _junk, _junk, _junk, _junk)
def test_property_bad_input_never_raises(rules, profile, a, defence, d, data):
    """Tablewarden: bad input gives structural violations, never an exception."""
    r = resolve_attack(rules, profile, a, defence, d, supporting=data)
    assert r.valid or r.result is None
    json.dumps(r.to_dict())
    for problem in check_attack_event(rules, data, defence=defence):
        assert problem.code and problem.message
    json.dumps(resolve_attack_event(rules, data, defence=defence).to_dict())
    json.dumps(resolve_casting(rules, a, profile, wizard_level=2).to_dict())
