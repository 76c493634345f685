"""Damage, elimination and recovery."""
from __future__ import annotations

from ..core import Consequence
from . import rules
from .types import BattleLoreState
from .units import remaining
from .victory import check_elimination_win


def suffer(state: BattleLoreState, uid: str, amount: int, rule: str, source: str) -> list[Consequence]:
    """The unit suffers damage: figures removed or damage tokens placed; eliminated at zero. (Damage)"""
    unit = state["units"][uid]
    if amount <= 0 or not unit["alive"]:
        return []
    taken = min(amount, remaining(unit))
    unit["damage"] += taken
    cons = [Consequence("damage", {"unit": uid, "amount": taken, "source": source,
                                   "left": remaining(unit)}, rule)]
    if remaining(unit) == 0:
        cons.extend(eliminate(state, uid))
    return cons


def eliminate(state: BattleLoreState, uid: str) -> list[Consequence]:
    """Remove the unit from the game (its tokens go with it) and check for an elimination win."""
    unit = state["units"][uid]
    unit["alive"] = False
    unit["tokens"] = []  # Other rules, Poison: the token is removed when the unit is eliminated
    cons = [Consequence("eliminated", {"unit": uid, "seat": unit["seat"]}, rules.DAMAGE)]
    cons.extend(check_elimination_win(state))
    return cons


def recover(state: BattleLoreState, uid: str, amount: int) -> list[Consequence]:
    """Recover health: remove damage tokens or add figures, never above the health value."""
    unit = state["units"][uid]
    healed = min(amount, unit["damage"])
    unit["damage"] -= healed
    return [Consequence("recovered", {"unit": uid, "amount": healed, "left": remaining(unit)}, rules.RECOVER)]
