"""The `attack` event: its fields, the profile filled from the fighter, its checks, resolution and roll bounds."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...core import Violation, check_fields
from ..dice import ATTACK_FACES, DEFENCE_FACES, MAGIC_FACES, MAX_DICE, SUCCESS
from .checks import check_attack_input, is_int, profile_is_spell
from .editions import ATTACK_SYMBOLS, DEFENCE_SYMBOLS, MAX_DAMAGE, MAX_SUPPORT, SPELL_SYMBOLS, CombatRules
from .sequence import AttackResult, resolve_attack

COUNT_FIELD = {"type": "int", "min": 0, "max": MAX_DICE, "required": False}
PROFILE_FIELDS: dict[str, dict[str, Any]] = {
    "name": {"type": "str", "max_length": 100, "required": False, "help": "Attack action name"},
    "range": {"type": "int", "min": 0, "max": 20, "required": False, "help": "Range characteristic"},
    "dice": {"type": "int", "min": 0, "max": MAX_DICE, "required": False,
             "help": "Dice characteristic (omit for a spell rolling its wizard level)"},
    "symbol": {"type": "enum", "choices": list(ATTACK_SYMBOLS + SPELL_SYMBOLS), "required": False,
               "help": "Success symbol: smash or fury (attack dice), channel or focus (magic dice)"},
    "damage": {"type": "int", "min": 0, "max": MAX_DAMAGE, "required": False, "help": "Damage characteristic"},
    # Six keywords are known (cleave, ensnare, scything, stagger, grievous, knockback): a weapon prints each once.
    "keywords": {"type": "list", "items": {"type": "str", "max_length": 40}, "required": False, "max_items": 6,
                 "help": "cleave, ensnare, scything, stagger, grievous X, knockback X"},
    "spell": {"type": "bool", "required": False, "help": "Spell Attack action (magic dice)"},
}
# The counts form (dice.py): the non-critical successes as the table counted them, instead of their faces.
SUCCESS_FIELD = {**COUNT_FIELD, "help": "Other successes (not critical), counted instead of their faces"}
ATTACK_ROLL_FIELDS: dict[str, dict[str, Any]] = {
    "dice": {**COUNT_FIELD, "help": "Dice rolled (faces: they add up to it; counts: at least their sum)"},
    **{face: {**COUNT_FIELD, "help": f"Dice showing {face}"} for face in dict.fromkeys(ATTACK_FACES + MAGIC_FACES)},
    SUCCESS: SUCCESS_FIELD,
}
DEFENCE_ROLL_FIELDS: dict[str, dict[str, Any]] = {
    "dice": {**COUNT_FIELD, "help": "Dice rolled (faces: they add up to it; counts: at least their sum)"},
    **{face: {**COUNT_FIELD, "help": f"Dice showing {face}"} for face in DEFENCE_FACES},
    SUCCESS: SUCCESS_FIELD,
}
ATTACK_FIELDS: dict[str, dict[str, Any]] = {
    "attacker": {"type": "fighter", "help": "Fighter making the Attack action"},
    "target": {"type": "fighter", "help": "Fighter targeted"},
    "profile": {"type": "object", "fields": PROFILE_FIELDS,
                "help": "The Attack action used (name, and any characteristic a card changed)"},
    "attack_roll": {"type": "object", "fields": ATTACK_ROLL_FIELDS, "help": "Attack roll, counts per face"},
    "defence_roll": {"type": "object", "fields": DEFENCE_ROLL_FIELDS, "help": "Defence roll, counts per face"},
    "supporting": {"type": "object", "required": False,
                   "help": "Supporting fighters on each side (multiplayer: only the two warbands involved)",
                   "fields": {"attacker": {"type": "int", "min": 0, "max": MAX_SUPPORT, "required": False},
                              "target": {"type": "int", "min": 0, "max": MAX_SUPPORT, "required": False}}},
    "trapped": {"type": "bool", "required": False,
                "help": "No empty hex next to the target further from the attacker"},
    "cover": {"type": "bool", "required": False, "help": "The target is on a cover hex"},
    "defence": {"type": "object", "required": False, "help": "The target's Defence if a card changed it",
                "fields": {"dice": {"type": "int", "min": 0, "max": MAX_DICE, "required": False},
                           "symbol": {"type": "enum", "choices": list(DEFENCE_SYMBOLS)}}},
    "innate": {"type": "object", "required": False, "help": "The one innate symbol added to each roll",
               "fields": {"attacker": {"type": "enum", "choices": list(dict.fromkeys(ATTACK_FACES + MAGIC_FACES)),
                                       "required": False},
                          "target": {"type": "enum", "choices": list(DEFENCE_FACES), "required": False}}},
    "cannot_be_driven_back": {"type": "bool", "required": False,
                              "help": "A card stops the target being pushed or driven back (so it cannot be trapped)"},
}


def complete_profile(event_profile: Mapping[str, Any],
                     fighter_profiles: Sequence[Mapping[str, Any]] | None) -> dict[str, Any]:
    """The event's profile with missing characteristics filled from the fighter's profile of the same name."""
    if not isinstance(event_profile, Mapping):
        return event_profile  # left for check_attack_input to report
    out = dict(event_profile)
    name = out.get("name")
    for known in fighter_profiles or ():
        if isinstance(known, Mapping) and name and known.get("name") == name:
            for key in ("range", "dice", "symbol", "damage", "keywords", "spell"):
                if out.get(key) is None and known.get(key) is not None:
                    out[key] = known[key]
            break
    return out


def _flag(data: Mapping[str, Any], name: str) -> Any:
    value = data.get(name)
    return False if value is None else value  # a non-bool is reported by check_attack_input


def _event_kwargs(data: Mapping[str, Any], facts: Mapping[str, Any]) -> dict[str, Any]:
    innate = data.get("innate") or {}
    return dict(
        profile=data.get("profile"), attack_roll=data.get("attack_roll"),
        defence=data.get("defence") or facts.get("defence"), defence_roll=data.get("defence_roll"),
        supporting=data.get("supporting"), guard=facts.get("guard", False),
        cover=_flag(data, "cover"), trapped=_flag(data, "trapped"),
        cannot_be_driven_back=_flag(data, "cannot_be_driven_back"),
        innate_attack=innate.get("attacker") or facts.get("innate_attack"),
        innate_defence=innate.get("target") or facts.get("innate_defence"),
        target_staggered=facts.get("target_staggered", False),
        target_wounds_left=facts.get("target_wounds_left"),
        attacker_wounds_left=facts.get("attacker_wounds_left"))


def check_attack_event(rules: CombatRules, data: Any, **facts: Any) -> list[Violation]:
    """Field check plus check_attack_input for an `attack` event's data and facts from state (defence, guard...)."""
    problems = check_fields(ATTACK_FIELDS, data)
    if problems:
        return problems
    kwargs = _event_kwargs(data, facts)
    return check_attack_input(rules, kwargs.pop("profile"), kwargs.pop("attack_roll"), kwargs.pop("defence"),
                              kwargs.pop("defence_roll"), **kwargs)


def resolve_attack_event(rules: CombatRules, data: Any, **facts: Any) -> AttackResult:
    """resolve_attack for an `attack` event's data plus facts from state (defence, guard, target_staggered...)."""
    problems = check_fields(ATTACK_FIELDS, data)
    if problems:
        return AttackResult(edition=rules.edition, violations=problems)
    kwargs = _event_kwargs(data, facts)
    return resolve_attack(rules, kwargs.pop("profile"), kwargs.pop("attack_roll"), kwargs.pop("defence"),
                          kwargs.pop("defence_roll"), **kwargs)


def attack_bounds(profile: Mapping[str, Any], defence: Mapping[str, Any], *,
                  wizard_level: int | None = None) -> dict[str, dict[str, Any]]:
    """Suggestion bounds (core.Suggestion.bounds) for an attack event's rolls, from the characteristics.

    The maximum of each face is the Dice (or Defence) characteristic, or MAX_DICE when unknown: cards
    add dice, so the bound is a hint for forms, not a rule check.
    """
    spell = isinstance(profile, Mapping) and profile_is_spell(profile)
    dice = profile.get("dice") if isinstance(profile, Mapping) else None
    if dice is None and spell:
        dice = wizard_level  # a spell Attack action with "-" rolls its wizard level (Deathgorge pg 20)
    defence_dice = defence.get("dice") if isinstance(defence, Mapping) else None
    out: dict[str, dict[str, Any]] = {}
    for face in (MAGIC_FACES if spell else ATTACK_FACES):
        out[f"attack_roll.{face}"] = {"type": "int", "min": 0, "max": dice if is_int(dice, 0, MAX_DICE) else MAX_DICE}
    for face in DEFENCE_FACES:
        out[f"defence_roll.{face}"] = {"type": "int", "min": 0,
                                       "max": defence_dice if is_int(defence_dice, 0, MAX_DICE) else MAX_DICE}
    out["supporting.attacker"] = {"type": "int", "min": 0, "max": 0 if spell else MAX_SUPPORT}
    out["supporting.target"] = {"type": "int", "min": 0, "max": MAX_SUPPORT}
    return out
