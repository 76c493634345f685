"""Inspire conditions the engine can check, and the automatic part of each Inspire step.

A fighter record's `inspire_condition.check` (vocabulary in content/README.md) is either null (the player
Inspires the fighter by hand when the text's condition is met) or one of:
friendly_out_of_action_at_least / enemy_out_of_action_at_least / fighters_out_of_action_at_least {count},
self_wounded_at_least {count}, friendly_returned_at_least {count}, chosen_by_ploy (not checkable here),
any_of / all_of {checks}.
In each Inspire step, starting with the player who last took an activation, fighters whose machine-checkable
condition is met are Inspired automatically (Deathgorge rulebook, Advanced rules, Inspire pg 6).
"""
from __future__ import annotations

from ..core import Consequence
from .state import order_from


def condition_met(state, fid: str) -> bool | None:
    """True/False for a machine-checkable condition; None when only the players can judge it."""
    cond = state["cards"][fid].get("inspire_condition") or {}
    return _check(state, fid, cond.get("check") if isinstance(cond, dict) else None)


def _check(state, fid, check) -> bool | None:
    if not isinstance(check, dict):
        return None
    kind = check.get("kind")
    seat = state["fighters"][fid]["seat"]
    count = check.get("count", 1)
    fighters = state["fighters"]
    if kind == "friendly_out_of_action_at_least":
        return sum(1 for f in fighters.values() if f["seat"] == seat and f["out"]) >= count
    if kind == "enemy_out_of_action_at_least":
        return sum(1 for f in fighters.values() if f["seat"] != seat and f["out"]) >= count
    if kind == "fighters_out_of_action_at_least":
        return sum(1 for f in fighters.values() if f["out"]) >= count
    if kind == "self_wounded_at_least":
        return fighters[fid]["damage"] >= count
    if kind == "friendly_returned_at_least":
        return state["seats"][seat].get("returned", 0) >= count
    if kind in ("any_of", "all_of"):
        results = [_check(state, fid, c) for c in check.get("checks") or []]
        if kind == "any_of":
            return True if any(r is True for r in results) else (None if None in results else False)
        return False if any(r is False for r in results) else (None if None in results else True)
    return None


def run_inspire_step(rs, state) -> list[Consequence]:
    """Inspire every surviving fighter whose machine-checkable condition is met (order: last activation first)."""
    start = state.get("last_activation") or (state["turn"]["seat"] if state.get("turn") else state["order"][0])
    cons = []
    for seat in order_from(state, start):
        for fid, f in state["fighters"].items():
            if f["seat"] == seat and not f["out"] and not f["inspired"] and condition_met(state, fid):
                f["inspired"] = True
                cons.append(Consequence("inspired", {"fighter": fid}, rs.edition.rule("inspire_adv")))
    return cons
