"""Damage and out of action: wound counters, a fighter leaving the battlefield, then the bounty.

Shared by everything that deals damage (attacks, spells, power cards, hazards, the damage event).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Consequence
from . import glory
from .state import UnderworldsState

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def deal_damage(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, amount: int, dealer: str | None,
                source: str) -> list[Consequence]:
    """Give wound counters, then check out of action (bounty follows)."""
    f = state["fighters"][fid]
    if f["out"] or amount <= 0:
        return []
    f["damage"] += amount
    cons = [Consequence("damage_dealt", {"fighter": fid, "amount": amount, "by": dealer, "source": source},
                        rs.edition.rule("damage"))]
    if f["wounds"] is not None and f["damage"] >= f["wounds"]:  # unknown Wounds: the table says (out_of_action)
        cons.extend(take_out_of_action(rs, state, fid, dealer, source))
    return cons


def take_out_of_action(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, dealer: str | None,
                       source: str) -> list[Consequence]:
    """Off the battlefield: tokens and counters cleared (not 'removed'), upgrades kept; then the bounty."""
    f = state["fighters"][fid]
    f["out"] = True
    f["damage"] = 0
    # "clear all counters from their fighter card and from their upgrades" (Out of action pg 24): named ones too.
    f["counters"] = {}
    for t in f["tokens"]:  # every token, Raise included: "clear all of their tokens" (pg 24)
        f["tokens"][t] = 0
    if f["feature"]:
        state["features"][f["feature"]]["fighter"] = None
        f["feature"] = None
    pending = state.get("pending")
    if pending and pending["attacker"] == fid:
        pending["left"] = 0  # the activation ends: the ruleset finishes it after this event
    cons = [Consequence("out_of_action", {"fighter": fid, "by": dealer, "source": source},
                        rs.edition.rule("out_of_action"))]
    cons.extend(glory.bounty(rs, state, fid, dealer, source))
    return cons
