"""Spell actions and spell reactions from fighter and upgrade cards (Deathgorge rulebook, Spells pg 28).

An `activate {action: ability, name, casting_roll, casting_value}` or a `reaction {..., fighter, casting_roll,
casting_value}` with a casting roll is a spell: the fighter must be a wizard on the battlefield; the casting
roll is one magic dice per wizard level; two or more criticals is backlash (1 damage to the wizard, who then
may be taken out of action and the spell fails); the spell is cast when the roll matches the casting value.
(Gambit spells are played in the power step: power.py.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from ..core import Consequence, Violation
from . import combat, damage
from . import violations as V
from .state import UnderworldsState, traits

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def check(rs: UnderworldsRuleset, state: UnderworldsState, caster: str | None, roll: Any, value: Any,
          card: dict[str, Any] | None = None) -> list[Violation]:
    """A spell needs a wizard caster on the battlefield, a casting roll and a casting value."""
    cite = rs.edition.rule
    if roll is None:
        return []
    if not caster:
        return [V.CASTER_NEEDED("Choose the wizard who casts the spell.", cite("spells"))]
    out = []
    if "wizard" not in traits(state, caster) or state["fighters"][caster]["out"]:
        out.append(V.NOT_A_WIZARD("Only a wizard on the battlefield can cast a spell.", cite("spells")))
    if value is None:
        return out + [V.CASTING_VALUE_NEEDED("Enter the spell's casting value.", cite("casting"))]
    level = state["fighter_cards"][caster].get("wizard_level") or None
    out += combat.check_casting_input(rs.edition.combat, roll, value,
                                      wizard_level=level)
    return out


def cast(rs: UnderworldsRuleset, state: UnderworldsState, caster: str, roll: Mapping[str, Any], value: Any,
         name: str | None) -> tuple[list[Consequence], list[str]]:
    """Casting sequence: backlash first, then cast or fail. Returns the consequences and the reaction steps."""
    cite = rs.edition.rule
    f = state["fighters"][caster]
    result = combat.resolve_casting(rs.edition.combat, roll, value,
                                    wizard_level=state["fighter_cards"][caster].get("wizard_level") or None,
                                    caster_wounds_left=None if f["wounds"] is None else max(0, f["wounds"] - f["damage"]))
    cons: list[Consequence] = []
    steps = ["after_casting_roll"]
    if result.backlash:
        cons.extend(damage.deal_damage(rs, state, caster, result.backlash, caster, "backlash"))
        steps += ["after_backlash", "after_damage"] + (["after_out_of_action"] if f["out"] else [])
    ok = result.cast and not f["out"]
    cons.append(Consequence("spell_cast" if ok else "spell_failed",
                            {"caster": caster, "spell": name, "backlash": result.backlash}, cite("casting")))
    return cons, steps + ["after_spell"]
