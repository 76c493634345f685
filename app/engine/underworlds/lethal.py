"""Lethal hexes and the fighters they cannot harm, read from the traits on the fighter cards.

A fighter moved, pushed, driven back or placed into a lethal hex is dealt 1 damage (Deathgorge rulebook, Lethal
hexes, pg 10). Two traits spare it:
  ethereal  never harmed by lethal hexes (Dreadfane rulebook (2019), The battlefield, "Lethal hexes?", pg 6:
            "ethereal fighters such as Lady Harrow's Mournflight are not affected by them"). The box says "not
            affected", so a push or a placement spares them as much as a Move action does.
  flying    not harmed during its own Move action (Deathgorge rulebook, Fighter cards: Flying, pg 7); a push or
            drive back still harms it.
The page of the Dreadfane box is that of the battlefield section it sits in (the extracted text prints none).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Consequence, Rule
from . import damage
from .rules import ETHEREAL_RULE, FLYING_RULE, LETHAL_RULE
from .state import UnderworldsState, traits

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

__all__ = ["ETHEREAL_RULE", "FLYING_RULE", "LETHAL_RULE", "enter_lethal_hexes", "spared_by"]


def spared_by(state: UnderworldsState, fid: str, moving: bool) -> Rule | None:
    """The rule that keeps lethal hexes from harming this fighter now, or None when they harm it."""
    fighter_traits = traits(state, fid)
    if "ethereal" in fighter_traits:
        return ETHEREAL_RULE
    if moving and "flying" in fighter_traits:
        return FLYING_RULE
    return None


def enter_lethal_hexes(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, hexes: int,
                       moving: bool) -> list[Consequence]:
    """1 damage per lethal hex entered (the hex dealt it), or a consequence naming the trait that spares it."""
    if hexes <= 0:
        return []
    rule = spared_by(state, fid, moving)
    if rule is not None:
        return [Consequence("lethal_hex_no_effect", {"fighter": fid, "hexes": hexes}, rule)]
    cons: list[Consequence] = []
    for _ in range(hexes):
        cons.extend(damage.deal_damage(rs, state, fid, 1, None, "lethal_hex"))
    return cons
