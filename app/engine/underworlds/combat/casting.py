"""Casting rolls of spells other than spell Attack actions: the roll against the casting value, and backlash."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core import MALFORMED, Violation
from .. import violations as V
from ..dice import MAGIC_FACES, MAX_DICE, check_roll, counts, dice_rolled, with_innate
from .checks import check_innate, is_int
from .editions import CombatRules
from .event import COUNT_FIELD
from .sequence import Trail


@dataclass
class CastingResult:
    """The outcome of a casting roll: cast or not, backlash, with the rules behind it."""

    edition: str
    cast: bool = False
    backlash: int = 0
    caster_out_of_action: bool | None = None
    needed: dict[str, Any] = field(default_factory=dict)
    rolled: dict[str, Any] = field(default_factory=dict)
    missing: int = 0                 # symbols of the casting value left unmatched
    steps: list[dict[str, Any]] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)

    @property
    def rules(self) -> list[str]:
        """The rule sources that applied, in order, each once."""
        return list(dict.fromkeys(s["rule"] for s in self.steps))

    @property
    def valid(self) -> bool:
        """False when the input was malformed and nothing was resolved."""
        return not any(not v.overridable for v in self.violations)

    def to_dict(self) -> dict[str, Any]:
        """JSON form."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out["steps"] = [dict(s) for s in self.steps]
        out["violations"] = [v.to_dict() for v in self.violations]
        out["rules"] = self.rules
        return out


MAGIC_ROLL_FIELDS: dict[str, dict[str, Any]] = {
    "dice": {**COUNT_FIELD, "help": "Magic dice rolled (one per wizard level)"},
    **{face: {**COUNT_FIELD, "help": f"Dice showing {face}"} for face in MAGIC_FACES},
}
CASTING_FIELDS: dict[str, dict[str, Any]] = {
    "caster": {"type": "fighter", "help": "Wizard attempting the spell"},
    "roll": {"type": "object", "fields": MAGIC_ROLL_FIELDS, "help": "Casting roll, counts per face"},
    "casting_value": {"type": "object", "help": "The spell's symbols, e.g. {channel: 2}",
                      "fields": {face: {**COUNT_FIELD} for face in MAGIC_FACES}},
    "innate": {"type": "enum", "choices": list(MAGIC_FACES), "required": False,
               "help": "The one innate symbol added to the casting roll"},
}


def _casting_needs(casting_value: Any) -> dict[str, int] | None:
    """{"channel": n, "focus": n, "crit": n} from a list of symbols or a mapping; None if malformed."""
    if isinstance(casting_value, (list, tuple)):
        if not all(v in MAGIC_FACES for v in casting_value):
            return None
        return {face: list(casting_value).count(face) for face in MAGIC_FACES}
    if isinstance(casting_value, Mapping):
        if any(k not in MAGIC_FACES or not is_int(v, 0, MAX_DICE) for k, v in casting_value.items()):
            return None
        return {face: int(casting_value.get(face, 0)) for face in MAGIC_FACES}
    return None


def check_casting_input(rules: CombatRules, roll: Any, casting_value: Any, *, wizard_level: Any = None,
                        innate: Any = None, caster_wounds_left: Any = None) -> list[Violation]:
    """Problems with a casting roll's input: structural first, then rule ones (dice vs wizard level)."""
    problems = check_roll("magic", roll, "roll")
    needs = _casting_needs(casting_value)
    if needs is None or sum(needs.values()) == 0:
        problems.append(MALFORMED("casting_value must list the spell's symbols, e.g. "
                                  "[\"channel\", \"channel\"] or {\"focus\": 1}."))
    if wizard_level is not None and not is_int(wizard_level, 0, MAX_DICE):
        problems.append(MALFORMED("wizard_level must be a whole number."))
    if caster_wounds_left is not None and not is_int(caster_wounds_left, 0, 99):
        problems.append(MALFORMED("caster_wounds_left must be a whole number or null."))
    problems += check_innate(innate, MAGIC_FACES, "innate", rules)
    if problems:
        return problems
    if wizard_level is not None and dice_rolled("magic", roll) != wizard_level:
        problems.append(V.CASTING_DICE(f"A casting roll is one magic dice per wizard level "
                                       f"({wizard_level}), but {dice_rolled('magic', roll)} were "
                                       "entered.", rules.ref("casting_roll")))
    return problems


def resolve_casting(rules: CombatRules, roll: Mapping[str, Any], casting_value: Any, *, wizard_level: int | None = None,
                    innate: str | None = None, caster_wounds_left: int | None = None) -> CastingResult:
    """Resolve a casting roll against a spell's casting value (criticals match any symbol); never raises."""
    out = CastingResult(edition=rules.edition,
                        violations=check_casting_input(rules, roll, casting_value, wizard_level=wizard_level,
                                                       innate=innate, caster_wounds_left=caster_wounds_left))
    if not out.valid:
        return out
    trail = Trail(rules)
    if not rules.spell_rules:
        trail.add("casting", f"The {rules.book} has no spell rules: the Deathgorge casting sequence applies.")
    rolled = counts("magic", roll)
    trail.add("casting_roll", f"Casting roll of {sum(rolled.values())} magic dice.")
    if innate:
        rolled = with_innate(rolled, innate)
        trail.add("innate", f"Innate ({innate}) added to the casting roll.")
    needs = _casting_needs(casting_value) or {}  # never None here: check_casting_input refused that
    out.needed, out.rolled = needs, rolled
    if rolled["crit"] >= 2:
        out.backlash = 1
        trail.add("backlash", f"{rolled['crit']} critical successes: backlash, the caster is dealt 1 damage.")
        if caster_wounds_left is not None:
            out.caster_out_of_action = caster_wounds_left <= 1
        if out.caster_out_of_action:
            trail.add("backlash", "Backlash took the caster out of action: the spell fails.")
            out.missing = sum(needs.values())
            out.steps = trail.steps
            return out
    # Each symbol of the casting value needs its own face; each critical success matches any symbol.
    # A "crit" in the casting value can only be matched by a critical success.
    short = sum(max(0, needs[f] - rolled[f]) for f in ("channel", "focus"))
    spare_crits = rolled["crit"] - needs["crit"]
    if spare_crits < 0:
        out.missing = -spare_crits + short
    else:
        out.missing = max(0, short - spare_crits)
    out.cast = out.missing == 0
    trail.add("casting", "Every symbol of the casting value is matched: the spell is cast." if out.cast else
              f"{out.missing} symbol(s) of the casting value unmatched: the spell fails.")
    out.steps = trail.steps
    return out
