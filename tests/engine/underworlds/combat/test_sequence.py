"""The combat sequence (Deathgorge, Dreadfane, Shadespire), steps 2 to 7: one test per rule."""

import pytest

from app.engine.underworlds.combat import (
    check_attack_input,
    is_vulnerable,
    parse_keywords,
    scything_attacks,
    support_faces,
)

from .helpers import BLOCK, DF, DG, DODGE, SS, attack, prof, spell

# ---------------------------------------------------------------------------------------------
# Deathgorge, Combat sequence step 4 (pg 21): the five results
# ---------------------------------------------------------------------------------------------

def test_more_criticals_is_a_critical_hit_whatever_the_successes():
    """Deathgorge rulebook, Combat sequence, step 4, count critical successes (pg 21): more crits -> critical hit."""
    r = attack(a={"crit": 1}, d={"block": 3})
    assert (r.result, r.success, r.damage, r.attack_successes, r.defence_successes) == ("critical_hit", True, 2, 1, 3)
    assert any("count critical successes (pg 21)" in rule for rule in r.rules)


def test_more_defence_criticals_is_a_critical_defence():
    """Deathgorge rulebook, Combat sequence, step 4 (pg 21): the target rolled more crits -> critical defence, fails."""
    r = attack(a={"smash": 3}, d={"crit": 1})
    assert (r.result, r.success, r.damage, r.drive_back) == ("critical_defence", False, 0, False)
    assert r.book_result == "critical defence"


def test_more_successes_with_a_critical_is_a_critical_hit():
    """Deathgorge rulebook, Combat sequence, step 4, count successes (pg 21): equal crits, more successes, a crit rolled."""
    r = attack(a={"crit": 1, "smash": 1}, d={"crit": 1})
    assert (r.result, r.success, r.attack_successes, r.defence_successes) == ("critical_hit", True, 2, 1)


def test_more_successes_without_a_critical_is_a_hit():
    """Deathgorge rulebook, Combat sequence, step 4, count successes (pg 21): more successes, no crit -> hit."""
    r = attack(a={"smash": 2}, d={"block": 1})
    assert (r.result, r.success, r.damage, r.drive_back, r.critical_abilities) == ("hit", True, 2, True, None)


def test_equal_successes_is_a_draw_with_drive_back():
    """Deathgorge rulebook, Combat sequence, step 4 (pg 21): same successes, at least one -> draw, skip to step 7."""
    r = attack(a={"smash": 1, "fury": 1}, d={"block": 1})
    assert (r.result, r.success, r.damage, r.drive_back, r.knockback) == ("draw", False, 0, True, 0)


def test_equal_criticals_only_is_a_draw():
    """Deathgorge rulebook, Combat sequence, step 4 (pg 21): one crit each and nothing else -> draw."""
    r = attack(a={"crit": 1, "fury": 1}, d={"crit": 1, "dodge": 1})
    assert (r.result, r.attack_crits, r.defence_crits) == ("draw", 1, 1)


def test_no_successes_is_a_miss():
    """Deathgorge rulebook, Combat sequence, step 4 (pg 21): no successes on either side -> miss, no drive back."""
    r = attack(a={"fury": 2}, d={"dodge": 1})
    assert (r.result, r.success, r.drive_back) == ("miss", False, False)


def test_fewer_successes_is_a_miss():
    """Deathgorge rulebook, Combat sequence, step 4 (pg 21): fewer successes -> miss, skip to step 8."""
    r = attack(a={"smash": 1}, d={"block": 2}, defence={"dice": 2, "symbol": "block"})
    assert (r.result, r.success, r.drive_back) == ("miss", False, False)


# ---------------------------------------------------------------------------------------------
# Support (Deathgorge pg 22) and relative support (Dreadfane pg 12, Shadespire pg 21)
# ---------------------------------------------------------------------------------------------

def test_one_supporter_counts_single_support():
    """Deathgorge rulebook, Support (pg 22): one supporting fighter -> single support is a success."""
    r = attack(a={"single": 1, "double": 1}, d={}, supporting={"attacker": 1, "target": 0})
    assert (r.attack_successes, r.result) == (1, "hit")
    assert any(rule.startswith("Deathgorge rulebook, Support (pg 22)") for rule in r.rules)


def test_two_supporters_count_single_and_double_support():
    """Deathgorge rulebook, Support (pg 22): two or more supporting fighters -> single and double are successes."""
    r = attack(a={"single": 1, "double": 1}, d={"single": 1}, supporting={"attacker": 3, "target": 1})
    assert (r.attack_successes, r.defence_successes, r.result) == (2, 1, "hit")


def test_support_in_current_rules_is_not_relative():
    """Deathgorge rulebook, Support (pg 22): each side counts its own supporters, not the difference."""
    r = attack(a={"single": 1}, d={"single": 1}, supporting={"attacker": 1, "target": 1})
    assert (r.attack_successes, r.defence_successes, r.result) == (1, 1, "draw")


@pytest.mark.parametrize("rules", [DF, SS], ids=["dreadfane", "shadespire"])
@pytest.mark.parametrize("own,enemy,faces", [(1, 1, ()), (2, 1, ("single",)), (3, 1, ("single", "double")),
                                             (0, 2, ()), (1, 0, ("single",))])
def test_relative_support(rules, own, enemy, faces):
    """Dreadfane rulebook, Support (pg 12) / Shadespire rulebook, Support (pg 21): one more supporter -> single; two more -> both."""
    assert support_faces(rules, own, enemy) == faces


def test_relative_support_in_an_attack():
    """Dreadfane rulebook, Support (pg 12): one supporter each -> neither side counts support symbols."""
    r = attack(DF, a={"single": 1, "smash": 1}, d={"single": 1}, supporting={"attacker": 1, "target": 1})
    assert (r.attack_successes, r.defence_successes, r.result) == (1, 0, "hit")
    r = attack(DF, a={"single": 1}, d={"single": 1, "double": 1}, supporting={"attacker": 0, "target": 2})
    assert (r.attack_successes, r.defence_successes, r.result) == (0, 2, "miss")


# ---------------------------------------------------------------------------------------------
# Guard, cover, Cleave, Ensnare
# ---------------------------------------------------------------------------------------------

def test_guard_counts_block_and_dodge():
    """Deathgorge rulebook, Guard action (pg 27): on Guard, block and dodge are both successes."""
    r = attack(a={"smash": 2}, d={"block": 1, "dodge": 1}, defence=DODGE, guard=True)
    assert (r.defence_successes, r.result) == (2, "draw")


def test_guard_stops_drive_back():
    """Deathgorge rulebook, Guard action (pg 27): a fighter on Guard cannot be driven back."""
    r = attack(a={"smash": 2}, d={}, guard=True)
    assert (r.result, r.drive_back, r.knockback) == ("hit", False, 0)


def test_guard_is_driven_back_by_knockback_in_current_rules():
    """Deathgorge rulebook, Guard action (pg 27): a fighter on Guard can be driven back by an Attack action with Knockback."""
    r = attack(profile=prof(keywords=["knockback 1"]), a={"smash": 2}, d={}, guard=True)
    assert (r.result, r.drive_back, r.knockback) == ("hit", True, 1)


def test_guard_is_not_driven_back_by_knockback_in_dreadfane():
    """Dreadfane rulebook, Guard action (pg 14): on Guard a fighter cannot be driven back, Knockback or not."""
    r = attack(DF, profile=prof(keywords=["knockback 1"]), a={"smash": 2}, d={}, guard=True)
    assert (r.result, r.drive_back, r.knockback) == ("hit", False, 0)


def test_shadespire_guard_does_not_stop_drive_back():
    """Shadespire rulebook, Guard (pg 22, with the errata): Guard only makes block and dodge successes;
    unlike the 2019 and current books it says nothing about drive back."""
    r = attack(SS, profile=prof(keywords=["knockback 1"]), a={"smash": 2}, d={}, guard=True)
    assert (r.result, r.drive_back, r.knockback) == ("hit", True, 1)
    r = attack(SS, a={"smash": 1}, d={"block": 1}, guard=True)
    assert (r.result, r.success, r.drive_back) == ("draw", False, True)


def test_cover_counts_the_cover_symbol():
    """Deathgorge rulebook, Cover hexes (pg 10): on a cover hex one symbol (read as single support) is a success in defence."""
    r = attack(a={"smash": 1}, d={"single": 1}, cover=True)
    assert (r.defence_successes, r.result) == (1, "draw")
    assert "Deathgorge rulebook, Cover hexes (pg 10)" in r.rules
    assert attack(a={"smash": 1}, d={"single": 1}).result == "hit"


def test_cover_symbol_is_an_editable_setting():
    """Deathgorge rulebook, Cover hexes (pg 10): the lost icon is a named setting; a correction is one line."""
    fixed = DG.replace(cover_symbol="double")
    assert attack(fixed, a={"smash": 1}, d={"single": 1}, cover=True).defence_successes == 0
    assert attack(fixed, a={"smash": 1}, d={"double": 1}, cover=True).defence_successes == 1
    assert DG.cover_symbol == "single"


def test_no_cover_hexes_in_dreadfane():
    """Dreadfane rulebook: no cover hexes, so `cover` is flagged (overridable) and ignored."""
    problems = check_attack_input(DF, prof(), {"smash": 1}, BLOCK, {"single": 1}, cover=True)
    assert [(p.code, p.overridable) for p in problems] == [("no_cover_hexes", True)]
    assert attack(DF, a={"smash": 1}, d={"single": 1}, cover=True).result == "hit"


def test_cleave_stops_block_even_on_guard():
    """Deathgorge rulebook, Attack action keywords: Cleave (pg 25): block cannot be a success in the defence roll."""
    r = attack(profile=prof(keywords=["cleave"]), a={"smash": 1}, d={"block": 1, "dodge": 1}, guard=True)
    assert (r.defence_successes, r.result) == (1, "draw")
    r = attack(profile=prof(keywords=["cleave"]), a={"smash": 1}, d={"block": 2, "crit": 0})
    assert (r.defence_successes, r.result) == (0, "hit")


def test_cleave_does_not_stop_criticals():
    """Deathgorge rulebook, Cleave (pg 25) and Combat sequence step 4 (pg 21): a critical success is always a success."""
    r = attack(profile=prof(keywords=["cleave"]), a={"smash": 2}, d={"crit": 1})
    assert r.result == "critical_defence"


def test_shadespire_cleave_on_guard():
    """Shadespire rulebook, Cleave (pg 22): the target cannot use block as a success, even on Guard."""
    r = attack(SS, profile=prof(keywords=["cleave"]), a={"smash": 1}, d={"block": 1}, guard=True)
    assert (r.defence_successes, r.result) == (0, "hit")
    assert "Shadespire rulebook (2018), Cleave (pg 22)" in r.rules


def test_ensnare_stops_dodge():
    """Deathgorge rulebook, Attack action keywords: Ensnare (pg 25): dodge cannot be a success in the defence roll."""
    r = attack(profile=prof(keywords=["ensnare"]), a={"smash": 1}, d={"dodge": 1, "block": 1}, defence=DODGE,
               guard=True)
    assert (r.defence_successes, r.result) == (1, "draw")
    r = attack(profile=prof(keywords=["ensnare"]), a={"smash": 1}, d={"dodge": 1}, defence=DODGE)
    assert (r.defence_successes, r.result) == (0, "hit")


def test_ensnare_in_shadespire_cites_the_book_that_defines_it():
    """Dreadfane rulebook, Ensnare (pg 14): not in the Shadespire book; applied, citing its source."""
    r = attack(SS, profile=prof(keywords=["ensnare"]), a={"smash": 1}, d={"dodge": 1}, defence=DODGE)
    assert r.result == "hit"
    assert any("Ensnare (pg 14) (not in the Shadespire rulebook)" in rule for rule in r.rules)


# ---------------------------------------------------------------------------------------------
# Trapped
# ---------------------------------------------------------------------------------------------

def test_trapped_adds_a_success():
    """Deathgorge rulebook, Combat sequence step 4: Trapped (pg 21): a trapped target gives +1 success if one was rolled."""
    r = attack(a={"smash": 1}, d={"block": 1}, trapped=True)
    assert (r.attack_successes, r.result, r.trapped, r.drive_back) == (2, "hit", True, False)
    assert "Deathgorge rulebook, Combat sequence, step 4: Trapped (pg 21)" in r.rules


def test_trapped_needs_a_rolled_success():
    """Deathgorge rulebook, Combat sequence step 4: Trapped (pg 21): no success rolled, no extra success."""
    r = attack(a={"fury": 2}, d={}, trapped=True)
    assert (r.attack_successes, r.result, r.trapped) == (0, "miss", False)


def test_trapped_draw_is_not_driven_back():
    """Deathgorge rulebook, Combat sequence step 7: Drive back (pg 21): a trapped target is not driven back."""
    r = attack(a={"smash": 1}, d={"block": 2}, defence={"dice": 2, "symbol": "block"}, trapped=True)
    assert (r.attack_successes, r.result, r.drive_back) == (2, "draw", False)


def test_trapped_does_not_change_critical_counting():
    """Deathgorge rulebook, Combat sequence step 4 (pg 21): the trapped success is not a critical success."""
    r = attack(a={"smash": 1}, d={"crit": 1}, trapped=True)
    assert (r.attack_successes, r.result) == (2, "critical_defence")


def test_guard_cannot_be_trapped():
    """Deathgorge rulebook, Advanced rules: Combat sequence (pg 21): a fighter that cannot be driven back (on Guard) cannot be trapped."""
    r = attack(a={"smash": 1}, d={"block": 1}, guard=True, trapped=True)
    assert (r.attack_successes, r.result, r.trapped, r.drive_back) == (1, "draw", False, False)
    assert "Deathgorge rulebook, Advanced rules: Combat sequence (pg 21)" in r.rules


def test_guard_against_knockback_can_be_trapped():
    """Deathgorge rulebook, Guard action (pg 27) with Advanced rules: Combat sequence (pg 21): against Knockback a
    guarded fighter can be driven back, so it can be trapped (our reading; see the comment in combat/sequence.py)."""
    r = attack(profile=prof(keywords=["knockback 1"]), a={"smash": 1}, d={"block": 1}, guard=True, trapped=True)
    assert (r.attack_successes, r.result, r.trapped, r.drive_back, r.knockback) == (2, "hit", True, False, 0)


def test_card_that_stops_drive_back_also_stops_trapped():
    """Deathgorge rulebook, Advanced rules: Combat sequence (pg 21): cannot be driven back -> cannot be trapped."""
    r = attack(a={"smash": 1}, d={"block": 1}, trapped=True, cannot_be_driven_back=True)
    assert (r.result, r.trapped, r.drive_back) == ("draw", False, False)


@pytest.mark.parametrize("rules", [DF, SS], ids=["dreadfane", "shadespire"])
def test_older_trapped_draw_succeeds(rules):
    """Dreadfane rulebook, Driven back: Trapped (pg 13) / Shadespire rulebook, Combat: Trapped (pg 20): a draw that cannot push succeeds."""
    r = attack(rules, a={"smash": 1}, d={"block": 1}, trapped=True)
    assert (r.result, r.success, r.damage, r.trapped, r.drive_back, r.attack_successes) == \
        ("hit", True, 2, True, False, 1)
    assert r.book_result.endswith("(trapped)")


@pytest.mark.parametrize("rules", [DF, SS], ids=["dreadfane", "shadespire"])
def test_older_trapped_draw_with_criticals_is_a_critical_hit(rules):
    """Dreadfane rulebook, Critical hit (pg 13) / Shadespire Critical hit (pg 22): a successful attack with a crit is a critical hit."""
    r = attack(rules, profile=prof(keywords=["grievous 1"]), a={"crit": 1}, d={"crit": 1}, trapped=True)
    assert (r.result, r.damage, r.critical_abilities) == ("critical_hit", 3, "attacker")


@pytest.mark.parametrize("rules", [DF, SS], ids=["dreadfane", "shadespire"])
def test_older_trapped_only_matters_for_a_draw(rules):
    """Dreadfane rulebook, Trapped (pg 13): no extra success; a successful attack on a trapped target just is not pushed."""
    r = attack(rules, a={"smash": 2}, d={"block": 1}, trapped=True)
    assert (r.result, r.attack_successes, r.trapped, r.drive_back) == ("hit", 2, False, False)
    r = attack(rules, a={"fury": 1}, d={}, trapped=True)
    assert (r.result, r.success) == ("miss", False)


def test_dreadfane_guard_cannot_be_trapped():
    """Dreadfane rulebook, Trapped (pg 13) and Guard (pg 14): a target that could not be driven back is not trapped."""
    r = attack(DF, a={"smash": 1}, d={"block": 1}, guard=True, trapped=True)
    assert (r.result, r.success, r.drive_back) == ("draw", False, False)


def test_shadespire_guarded_target_can_be_trapped():
    """Shadespire rulebook, Combat: Trapped (pg 20) and Guard (pg 22): Guard does not stop drive back there,
    so a guarded target with nowhere to go is trapped and the draw succeeds."""
    r = attack(SS, a={"smash": 1}, d={"block": 1}, guard=True, trapped=True)
    assert (r.result, r.success, r.trapped) == ("hit", True, True)


# ---------------------------------------------------------------------------------------------
# Older books: criticals, draws, wording
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [DF, SS], ids=["dreadfane", "shadespire"])
def test_older_more_criticals_succeed(rules):
    """Dreadfane rulebook, Critical successes (pg 13) / Shadespire Critical successes (pg 20): more crits succeed."""
    r = attack(rules, a={"crit": 1}, d={"block": 3}, defence={"dice": 3, "symbol": "block"})
    assert (r.result, r.success, r.critical_abilities) == ("critical_hit", True, "attacker")


@pytest.mark.parametrize("rules", [DF, SS], ids=["dreadfane", "shadespire"])
def test_older_more_target_criticals_fail_without_drive_back(rules):
    """Shadespire Critical successes (pg 20): target has more crits -> fails, cannot be driven back; no target critical abilities."""
    r = attack(rules, a={"smash": 3}, d={"crit": 1})
    assert (r.result, r.success, r.drive_back, r.critical_abilities) == ("critical_defence", False, False, None)


def test_shadespire_draw_with_a_success_drives_back():
    """Shadespire rulebook, Combat (pg 20) and Errata and FAQs v1.4: equal totals with a success -> fails, can drive back."""
    r = attack(SS, a={"crit": 1}, d={"crit": 1})
    assert (r.result, r.success, r.drive_back, r.book_result) == \
        ("draw", False, True, "fails, but the target can be driven back")
    assert any("FAQs v1.4" in rule for rule in r.rules)


def test_dreadfane_reference_table():
    """Dreadfane rulebook, reference sheet 'Determining success': every row of the table."""
    rows = [({"fury": 1}, {"block": 1}, "fails"),          # no attack success: fails
            ({"smash": 1}, {}, "succeeds"),
            ({"smash": 1}, {"block": 1}, "fails but drive back"),
            ({"smash": 1}, {"block": 2}, "fails"),
            ({"smash": 2}, {"block": 1}, "succeeds"),
            ({"smash": 2}, {"crit": 1}, "fails (the target rolled more critical successes)"),
            ({"crit": 1}, {"block": 2}, "succeeds (critical hit)"),
            ({"crit": 1}, {"crit": 1}, "fails but drive back"),
            ({"crit": 1}, {"crit": 1, "block": 1}, "fails"),
            ({"crit": 1, "smash": 1}, {"crit": 1}, "succeeds (critical hit)"),
            ({"crit": 1, "smash": 1}, {"crit": 1, "block": 1}, "fails but drive back"),
            ({"crit": 1, "smash": 1}, {"crit": 2}, "fails (the target rolled more critical successes)"),
            ({"crit": 2}, {"crit": 1}, "succeeds (critical hit)")]
    got = [attack(DF, a=a, d=d, defence={"dice": 2, "symbol": "block"}).book_result for a, d, _ in rows]
    assert got == [want for _, _, want in rows]


def test_older_critical_hit_needs_success():
    """Shadespire Critical hit (pg 22): a crit in a failed attack is no critical hit (no critical abilities)."""
    r = attack(SS, a={"crit": 1}, d={"crit": 1, "block": 1})
    assert (r.result, r.critical_abilities) == ("miss", None)


# ---------------------------------------------------------------------------------------------
# Critical abilities, Grievous, damage
# ---------------------------------------------------------------------------------------------

def test_critical_abilities_attacker_on_critical_hit():
    """Deathgorge rulebook, Critical abilities (pg 22): the attacker's player uses them after a critical hit."""
    assert attack(a={"crit": 1}, d={}).critical_abilities == "attacker"


def test_critical_abilities_target_on_critical_defence():
    """Deathgorge rulebook, Critical abilities (pg 22): the target's player uses them after a critical defence."""
    r = attack(a={}, d={"crit": 1})
    assert (r.result, r.critical_abilities) == ("critical_defence", "target")


def test_grievous_adds_damage_on_a_critical_hit():
    """Deathgorge rulebook, Grievous (pg 25): +X Damage when the Attack action results in a critical hit."""
    r = attack(profile=prof(damage=2, keywords=["grievous 2"]), a={"crit": 1}, d={})
    assert (r.damage, r.grievous) == (4, 2)


def test_grievous_does_nothing_on_a_hit():
    """Deathgorge rulebook, Grievous (pg 25): a critical ability, so a plain hit deals only the Damage characteristic."""
    r = attack(profile=prof(damage=2, keywords=["grievous 2"]), a={"smash": 1}, d={})
    assert (r.result, r.damage, r.grievous) == ("hit", 2, 0)


def test_grievous_stacks_and_bare_grievous_is_one():
    """Deathgorge rulebook, Advanced rules: Grievous (pg 25): bare Grievous is Grievous 1; two rules add up."""
    assert parse_keywords(["grievous", "Grievous 1", "knockback 1", "knockback 2"]).grievous == 2
    assert parse_keywords(["knockback 1", "knockback 2"]).knockback == 3
    r = attack(profile=prof(damage=1, keywords=["grievous", "grievous 1"]), a={"crit": 1}, d={})
    assert r.damage == 3


def test_target_out_of_action_is_not_driven_back():
    """Deathgorge rulebook, Combat sequence step 6 (pg 21): a target taken out of action skips drive back."""
    r = attack(a={"smash": 2}, d={}, target_wounds_left=2)
    assert (r.target_out_of_action, r.drive_back) == (True, False)
    r = attack(a={"smash": 2}, d={}, target_wounds_left=3)
    assert (r.target_out_of_action, r.drive_back) == (False, True)


def test_vulnerable():
    """Deathgorge rulebook, Vulnerable (pg 23): one wound short of out of action; never with Wounds 1."""
    assert is_vulnerable(4, 3) is True
    assert is_vulnerable(4, 2) is False
    assert is_vulnerable(1, 0) is False


# ---------------------------------------------------------------------------------------------
# Knockback, Stagger, Scything, innate symbols
# ---------------------------------------------------------------------------------------------

def test_knockback_on_success():
    """Deathgorge rulebook, Knockback (pg 26): a successful attack can drive back X more hexes."""
    r = attack(profile=prof(keywords=["knockback 2"]), a={"smash": 1}, d={})
    assert (r.drive_back, r.knockback) == (True, 2)


def test_knockback_not_on_a_draw():
    """Deathgorge rulebook, Knockback (pg 26): only a successful Attack action adds hexes; a draw drives back 1."""
    r = attack(profile=prof(keywords=["knockback 2"]), a={"smash": 1}, d={"block": 1})
    assert (r.result, r.drive_back, r.knockback) == ("draw", True, 0)


def test_stagger_keyword_staggers_on_success():
    """Deathgorge rulebook, Stagger (pg 25): after a successful Attack action with Stagger, the target gets a Stagger token."""
    assert attack(profile=prof(keywords=["stagger"]), a={"smash": 1}, d={}).target_staggered is True
    assert attack(profile=prof(keywords=["stagger"]), a={"smash": 1}, d={"block": 1}).target_staggered is False
    assert attack(profile=prof(keywords=["stagger"]), a={"smash": 1}, d={},
                  target_wounds_left=1).target_staggered is False


def test_staggered_target_lets_the_attacker_reroll_one_dice():
    """Deathgorge rulebook, Stagger token (pg 25): against a staggered target the attacker may re-roll one attack dice."""
    r = attack(a={"smash": 1}, d={}, target_staggered=True)
    assert r.attack_rerolls == 1
    assert attack(a={"smash": 1}, d={}).attack_rerolls == 0


def test_no_stagger_in_older_rules():
    """Dreadfane rulebook: no Stagger tokens or keyword; flagged (overridable) and ignored."""
    problems = check_attack_input(DF, prof(keywords=["stagger"]), {"smash": 1}, BLOCK, {}, target_staggered=True)
    assert [(p.code, p.overridable) for p in problems] == [("no_stagger", True)]
    r = attack(DF, profile=prof(keywords=["stagger"]), a={"smash": 1}, d={}, target_staggered=True)
    assert (r.target_staggered, r.attack_rerolls) == (False, 0)


@pytest.mark.parametrize("rules,rule", [(DG, "Deathgorge rulebook, Attack action keywords: Scything (pg 25)"),
                                        (DF, "Dreadfane rulebook (2019), Attack action keywords: Scything (pg 14)"),
                                        (SS, "Shadespire rulebook (2018), Attacking multiple targets (pg 21)")])
def test_scything_makes_one_attack_per_adjacent_enemy(rules, rule):
    """Deathgorge Scything (pg 25) / Dreadfane Scything (pg 14): one Attack action per adjacent enemy; a superaction if more than one."""
    assert scything_attacks(rules, ["p2.a", "p2.b", "p2.a"]) == {"targets": ["p2.a", "p2.b"], "superaction": True,
                                                                 "rule": rule}
    assert scything_attacks(rules, ["p2.a"])["superaction"] is False
    assert attack(rules, profile=prof(keywords=["scything"]), a={"smash": 1}, d={}).scything is True


def test_innate_symbol_is_added_to_the_roll():
    """Deathgorge rulebook, Innate symbols (pg 22): the innate symbol is added to the roll."""
    r = attack(a={"fury": 1}, d={"block": 1}, innate_attack="smash")
    assert (r.attack_successes, r.result) == (1, "draw")
    r = attack(a={"smash": 1}, d={}, innate_defence="crit")
    assert (r.defence_crits, r.result) == (1, "critical_defence")


def test_innate_support_symbol_needs_support():
    """Deathgorge rulebook, Innate symbols (pg 22) and Support (pg 22): an innate single support counts only with support."""
    assert attack(a={}, d={}, innate_attack="single").result == "miss"
    assert attack(a={}, d={}, innate_attack="single", supporting={"attacker": 1}).result == "hit"


def test_only_one_innate_symbol():
    """Deathgorge rulebook, Advanced rules: Innate symbols (pg 22): innate symbols do not stack; only one applies."""
    problems = check_attack_input(DG, prof(), {"smash": 1}, BLOCK, {}, innate_attack=["smash", "crit"])
    assert [(p.code, p.overridable, p.rule) for p in problems] == \
        [("one_innate", False, "Deathgorge rulebook, Innate symbols (pg 22)")]


# ---------------------------------------------------------------------------------------------
# Spell Attack actions (Deathgorge pg 28)
# ---------------------------------------------------------------------------------------------

def test_spell_uses_magic_dice():
    """Deathgorge rulebook, Combat sequence step 2 (pg 21): a spell Attack action rolls magic dice (channel/focus)."""
    r = attack(profile=spell(), a={"channel": 1, "focus": 1}, d={})
    assert (r.spell, r.attack_successes, r.result) == (True, 1, "hit")
    problems = check_attack_input(DG, spell(), {"smash": 1}, BLOCK, {})
    assert [p.code for p in problems] == ["bad_face"] and "attack dice" in problems[0].message


def test_spell_attacker_has_no_support():
    """Deathgorge rulebook, Support (pg 22): fighters cannot support an attacker making a spell Attack action."""
    r = attack(profile=spell(), a={"channel": 1}, d={"single": 1, "block": 1},
               supporting={"attacker": 2, "target": 1})
    assert (r.defence_successes, r.result) == (2, "miss")
    assert "Deathgorge rulebook, Support: no support for spell Attack actions (pg 22)" in r.rules


def test_spell_backlash_on_two_criticals():
    """Deathgorge rulebook, Casting spell Attack actions (pg 28): two or more crits in the attack roll -> backlash, 1 damage to the caster."""
    r = attack(profile=spell(), a={"crit": 2}, d={})
    assert (r.backlash, r.result, r.success, r.caster_out_of_action) == (1, "critical_hit", True, None)
    assert attack(profile=spell(), a={"crit": 1, "channel": 1}, d={}).backlash == 0


def test_backlash_that_takes_the_caster_out_fails_the_spell():
    """Deathgorge rulebook, Casting spell Attack actions (pg 28): if backlash takes the wizard out of action the attack fails."""
    r = attack(profile=spell(keywords=["knockback 1"]), a={"crit": 2}, d={}, attacker_wounds_left=1)
    assert (r.backlash, r.caster_out_of_action, r.aborted, r.result, r.success, r.damage, r.drive_back) == \
        (1, True, "backlash", None, False, 0, False)
    r = attack(profile=spell(), a={"crit": 2}, d={}, attacker_wounds_left=2)
    assert (r.caster_out_of_action, r.success) == (False, True)


def test_attack_dice_never_backlash():
    """Deathgorge rulebook, Spells (pg 28): backlash is for spells; two crits on attack dice are just a critical hit."""
    assert attack(a={"crit": 2}, d={}).backlash == 0


def test_spell_in_older_rules_uses_deathgorge_spell_rules():
    """Dreadfane rulebook has no spell rules: the Deathgorge rules (pg 28) apply, and say so."""
    r = attack(DF, profile=spell(), a={"crit": 2}, d={})
    assert r.backlash == 1
    assert any("(the Dreadfane rulebook has no such rule)" in rule for rule in r.rules)


# ---------------------------------------------------------------------------------------------
# Rolls entered by their counts (crit, success) in every edition: the same results as by faces
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [DG, DF, SS], ids=["deathgorge", "dreadfane", "shadespire"])
@pytest.mark.parametrize("faces_a,faces_d,counts_a,counts_d", [
    ({"crit": 1, "smash": 1}, {"block": 1}, {"crit": 1, "success": 1}, {"success": 1}),
    ({"smash": 1, "fury": 1}, {"block": 1}, {"success": 1}, {"success": 1}),
    ({"smash": 2}, {"dodge": 1}, {"success": 2}, {}),
    ({"fury": 2}, {"crit": 1}, {}, {"crit": 1}),
    ({"crit": 1}, {"block": 1, "crit": 1}, {"crit": 1}, {"crit": 1, "success": 1}),
])
def test_a_roll_by_its_counts_resolves_as_by_its_faces(rules, faces_a, faces_d, counts_a, counts_d):
    """Combat sequence, step 4 (Deathgorge pg 21; Dreadfane pg 12; Shadespire pg 20): the result, damage and drive
    back depend only on how many successes and critical successes each roll has, so a roll entered by its counts
    gives what the same roll entered by its faces gives."""
    by_faces, by_counts = attack(rules, a=faces_a, d=faces_d), attack(rules, a=counts_a, d=counts_d)
    keys = ("result", "success", "damage", "drive_back", "attack_successes", "defence_successes", "attack_crits",
            "defence_crits", "critical_abilities")
    assert [getattr(by_counts, k) for k in keys] == [getattr(by_faces, k) for k in keys]


def test_counted_successes_are_not_a_face_the_phone_is_told():
    """Tablewarden: the faces that count are the rules' own (the counts form's `success` is not one of them)."""
    r = attack(a={"success": 1}, d={})
    assert "success" not in r.attack_success_faces and r.attack_success_faces == ["crit", "smash"]


@pytest.mark.parametrize("rules,own,enemy,single_counts", [(DG, 1, 1, True), (DF, 1, 1, False), (SS, 2, 1, True)],
                         ids=["deathgorge-count", "dreadfane-relative", "shadespire-relative"])
def test_support_symbols_in_a_counted_roll_are_judged_by_the_engine(rules, own, enemy, single_counts):
    """Deathgorge rulebook, Support (pg 22): one supporting fighter lets single support succeed; Dreadfane (pg 12) and
    Shadespire (pg 21): only one MORE supporter than the enemy does. Support symbols given beside the counts are
    counted as the edition's support rule says."""
    r = attack(rules, a={"success": 1, "single": 1}, d={"success": 1}, supporting={"attacker": own, "target": enemy})
    assert r.attack_successes == (2 if single_counts else 1)
    assert r.result == ("hit" if single_counts else "draw")


def test_trapped_adds_a_success_to_a_counted_roll_with_a_success():
    """Deathgorge rulebook, Combat sequence, step 4: Trapped (pg 21): +1 success when the attack roll has a success."""
    r = attack(a={"success": 1}, d={"success": 1}, trapped=True)
    assert (r.result, r.attack_successes, r.trapped) == ("hit", 2, True)


def test_backlash_reads_the_criticals_of_a_counted_spell_roll():
    """Deathgorge rulebook, Spells: Casting spells, step 2 (pg 28): two or more criticals in a spell's attack roll are
    backlash, counted or by faces."""
    r = attack(profile=spell(dice=3), a={"crit": 2, "success": 1}, d={}, attacker_wounds_left=3)
    assert (r.backlash, r.result, r.damage) == (1, "critical_hit", 1)


def test_guard_and_cleave_are_what_the_table_counted():
    """Deathgorge rulebook, Guard action (pg 27): a guarded target counts block and dodge; the phone shows that and the
    table counts them into `success`: the engine takes the count and still keeps a guarded target from drive back."""
    r = attack(a={"success": 2}, d={"success": 1}, guard=True)
    assert (r.result, r.drive_back, r.defence_success_faces) == ("hit", False, ["block", "crit", "dodge"])
