"""Input checks of an Attack action: the profile, the rolls, the facts given, and what this edition lacks."""
from __future__ import annotations

from typing import Any, Mapping

from ...core import BAD_CHOICE, MALFORMED, MISSING_FIELD, UNKNOWN_FIELD, Violation
from .. import violations as V
from ..dice import ATTACK_FACES, DEFENCE_FACES, MAGIC_FACES, MAX_DICE, check_roll
from .editions import ATTACK_SYMBOLS, DEFENCE_SYMBOLS, MAX_DAMAGE, MAX_SUPPORT, SPELL_SYMBOLS, CombatRules
from .keywords import parse_keywords


def is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def profile_is_spell(profile: Mapping[str, Any]) -> bool:
    """A profile is a spell Attack action when flagged so or when it needs magic dice symbols."""
    return bool(profile.get("spell")) or profile.get("symbol") in SPELL_SYMBOLS


def _check_profile(profile: Any) -> list[Violation]:
    if not isinstance(profile, Mapping):
        return [MALFORMED("profile must be an object (the Attack action's characteristics).")]
    problems: list[Violation] = []
    symbol = profile.get("symbol")
    spell_flag = profile.get("spell")
    if symbol not in ATTACK_SYMBOLS + SPELL_SYMBOLS:
        problems.append(BAD_CHOICE("profile.symbol must be one of: smash, fury (attack dice), "
                                   "channel, focus (magic dice)."))
    if spell_flag is not None and not isinstance(spell_flag, bool):
        problems.append(MALFORMED("profile.spell must be true or false."))
    elif spell_flag is True and symbol in ATTACK_SYMBOLS:
        problems.append(BAD_CHOICE("A spell Attack action rolls magic dice: its symbol is channel "
                                   "or focus, not " + str(symbol) + "."))
    elif spell_flag is False and symbol in SPELL_SYMBOLS:
        problems.append(BAD_CHOICE(f"profile.symbol {symbol} is a magic dice symbol; mark the "
                                   "profile as a spell or use smash or fury."))
    dice = profile.get("dice")
    if dice is None:
        if not profile_is_spell(profile):
            problems.append(MISSING_FIELD("profile.dice is required (the Dice characteristic)."))
        # A spell Attack action may have "-": roll dice equal to the wizard level (Deathgorge pg 20).
    elif not is_int(dice, 0, MAX_DICE):
        problems.append(MALFORMED(f"profile.dice must be a whole number from 0 to {MAX_DICE}."))
    damage = profile.get("damage")
    if damage is None:
        problems.append(MISSING_FIELD("profile.damage is required (the Damage characteristic)."))
    elif not is_int(damage, 0, MAX_DAMAGE):
        problems.append(MALFORMED(f"profile.damage must be a whole number from 0 to {MAX_DAMAGE}."))
    keywords = profile.get("keywords")
    if keywords is not None and (not isinstance(keywords, list)
                                 or not all(isinstance(k, str) and 0 < len(k) <= 40 for k in keywords)):
        problems.append(MALFORMED("profile.keywords must be a list of short words, "
                                  "e.g. [\"cleave\", \"grievous 1\"]."))
    return problems


def check_innate(value: Any, faces: tuple[str, ...], where: str, rules: CombatRules) -> list[Violation]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        # Innate symbols do not stack: only one applies to a roll (the player chooses which).
        return [V.ONE_INNATE(f"{where}: only one innate symbol applies to a roll; choose one.", rules.ref("innate"))]
    if value not in faces:
        return [BAD_CHOICE(f"{where} must be one of: {', '.join(faces)}.")]
    return []


def check_attack_input(rules: CombatRules, profile: Any, attack_roll: Any, defence: Any, defence_roll: Any, *,
                       supporting: Any = None, guard: Any = False, cover: Any = False, trapped: Any = False,
                       cannot_be_driven_back: Any = False, innate_attack: Any = None,
                       innate_defence: Any = None, target_staggered: Any = False,
                       target_wounds_left: Any = None, attacker_wounds_left: Any = None) -> list[Violation]:
    """Problems with an attack's input: structural ones (overridable=False) first, then edition ones."""
    problems = _check_profile(profile)
    spell = isinstance(profile, Mapping) and profile_is_spell(profile)
    problems += check_roll("magic" if spell else "attack", attack_roll, "attack_roll", by_counts=True)
    if not isinstance(defence, Mapping):
        problems.append(MALFORMED("defence must be the target's Defence characteristic "
                                  "{dice, symbol}."))
    else:
        if defence.get("symbol") not in DEFENCE_SYMBOLS:
            problems.append(BAD_CHOICE("defence.symbol must be block or dodge."))
        if defence.get("dice") is not None and not is_int(defence.get("dice"), 0, MAX_DICE):
            problems.append(MALFORMED(f"defence.dice must be a whole number from 0 to {MAX_DICE}."))
    problems += check_roll("defence", defence_roll, "defence_roll", by_counts=True)
    if supporting is not None:
        if not isinstance(supporting, Mapping):
            problems.append(MALFORMED("supporting must be {attacker, target} counts."))
        else:
            for key, value in supporting.items():
                if key not in ("attacker", "target"):
                    problems.append(UNKNOWN_FIELD(f"supporting.{key}: use attacker and target."))
                elif value is not None and not is_int(value, 0, MAX_SUPPORT):
                    problems.append(MALFORMED(f"supporting.{key} must be a whole number "
                                              f"from 0 to {MAX_SUPPORT}."))
    for name, value in (("guard", guard), ("cover", cover), ("trapped", trapped),
                        ("cannot_be_driven_back", cannot_be_driven_back), ("target_staggered", target_staggered)):
        if not isinstance(value, bool):
            problems.append(MALFORMED(f"{name} must be true or false."))
    for name, value in (("target_wounds_left", target_wounds_left), ("attacker_wounds_left", attacker_wounds_left)):
        if value is not None and not is_int(value, 0, 99):
            problems.append(MALFORMED(f"{name} must be a whole number or null."))
    problems += check_innate(innate_attack, MAGIC_FACES if spell else ATTACK_FACES, "innate_attack", rules)
    problems += check_innate(innate_defence, DEFENCE_FACES, "innate_defence", rules)
    if problems:
        return problems
    return _edition_problems(rules, profile, cover=cover, target_staggered=target_staggered)


def _edition_problems(rules: CombatRules, profile: Mapping[str, Any], *, cover: bool,
                      target_staggered: bool) -> list[Violation]:
    """Rule (overridable) problems: things this edition does not have."""
    out: list[Violation] = []
    kw = parse_keywords(profile.get("keywords"))
    for word in kw.unknown:
        out.append(V.UNKNOWN_KEYWORD(f"'{word}' is not an Attack action keyword the rules know "
                                     "(cleave, ensnare, scything, stagger, grievous X, knockback X); "
                                     "it will be ignored.", rules.ref("keywords")))
    if cover and rules.cover_symbol is None:
        out.append(V.NO_COVER_HEXES(f"The {rules.book} has no cover hexes; cover is ignored.",
                                    rules.ref("defence_roll")))
    if not rules.stagger and (kw.stagger or target_staggered):
        out.append(V.NO_STAGGER(f"The {rules.book} has no Stagger tokens or Stagger keyword; "
                                "they are ignored.", rules.ref("keywords")))
    return out
