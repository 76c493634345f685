"""Inspire conditions the engine can check, and the automatic part of each Inspire step.

A fighter record's `inspire_condition.check` (vocabulary in content/README.md) is either null (the player
Inspires the fighter by hand when the text's condition is met) or one of:
friendly_out_of_action_at_least / enemy_out_of_action_at_least / fighters_out_of_action_at_least {count},
self_wounded_at_least {count}, friendly_returned_at_least {count}, chosen_by_ploy (not checkable here),
any_of / all_of {checks}.
In each Inspire step, starting with the player who last took an activation, fighters whose machine-checkable
condition is met are Inspired automatically (Deathgorge rulebook, Advanced rules, Inspire pg 6).
A condition met during a power step (a ploy's effect, say) may be entered there and then, with no pass first: the
fighter "will become Inspired at the next Inspire step" (Inspire pg 6), the one that follows the power step, so
the entry is kept in `inspire_due` until that step runs.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Consequence, Event, Suggestion, Violation
from . import effects
from . import violations as V
from .state import UnderworldsState, fighter_name, order_from, seat_of, surviving

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def condition_met(state: UnderworldsState, fid: str) -> bool | None:
    """True/False for a machine-checkable condition; None when only the players can judge it."""
    cond = state["fighter_cards"][fid].get("inspire_condition") or {}
    return _check(state, fid, cond.get("check") if isinstance(cond, dict) else None)


def _check(state: UnderworldsState, fid: str, check: object) -> bool | None:
    if not isinstance(check, dict):
        return None
    kind = check.get("kind")
    seat = state["fighters"][fid]["seat"]
    count: int = check.get("count", 1)
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


def run_inspire_step(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """Inspire every surviving fighter whose machine-checkable condition is met (order: last activation first)."""
    turn = state.get("turn")
    start = state.get("last_activation") or (turn["seat"] if turn else state["order"][0])
    cons = []
    due = state.pop("inspire_due", None) or []
    for seat in order_from(state, start):
        for fid, f in state["fighters"].items():
            said = fid in due
            if f["seat"] == seat and not f["out"] and not f["inspired"] and (said or condition_met(state, fid)):
                f["inspired"] = True
                cons.append(Consequence("inspired", {"fighter": fid, **({"entered": True} if said else {})},
                                        rs.edition.rule("inspire_adv")))
    return cons


# -- the inspire and uninspire events ------------------------------------------------------------

def inspire_open(state: UnderworldsState) -> bool:
    """An Inspire step is open now (see turns.py)."""
    return bool(state.get("minor")) and state["phase"] in ("action", "end")


def in_power_step(state: UnderworldsState) -> bool:
    """A power step is under way: an Inspire entered now takes effect in the Inspire step after it."""
    return state["phase"] == "action" and state["step"] == "power" and bool(state.get("power"))


def check_inspire(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Fighters Inspire in an Inspire step, if their own condition is met; not out of action; not twice."""
    cite = rs.edition.rule
    fid = event.data["fighter"]
    out = effects.on_battlefield(rs, state, fid, "become Inspired")
    if seat_of(fid) != event.by:
        out.append(V.NOT_FRIENDLY("Each player Inspires their own fighters.", cite("inspire_adv")))
    if state["fighters"][fid]["inspired"]:
        out.append(V.ALREADY_INSPIRED(f"{fid} is already Inspired.", cite("inspire_adv")))
    elif fid in (state.get("inspire_due") or []):
        out.append(V.ALREADY_INSPIRED(f"{fid} becomes Inspired in the Inspire step after this power step.",
                                      cite("inspire_adv")))
    if condition_met(state, fid) is False:
        out.append(V.INSPIRE_CONDITION_NOT_MET(f"{fid}'s Inspire condition is not met.", cite("inspire")))
    if rs.edition.inspire_steps and not inspire_open(state) and not in_power_step(state):
        out.append(V.NO_INSPIRE_STEP("Fighters become Inspired in an Inspire step: before or after an "
                                     "activation step, or after a power step.", cite("inspire")))
    return out


def apply_inspire(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Flip the fighter card; tokens, counters and upgrades stay. During a power step: at the Inspire step after it."""
    fid = event.data["fighter"]
    if rs.edition.inspire_steps and not inspire_open(state) and in_power_step(state):
        state["inspire_due"] = [*(state.get("inspire_due") or []), fid]
        return []
    state["fighters"][fid]["inspired"] = True
    return []


def check_uninspire(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Only an Inspired fighter can be un-Inspired (usually by an ability)."""
    fid = event.data["fighter"]
    out = effects.on_battlefield(rs, state, fid, "be un-Inspired")
    if not state["fighters"][fid]["inspired"]:
        out.append(V.NOT_INSPIRED(f"{fid} is not Inspired.", rs.edition.rule("inspire_adv")))
    return out


def apply_uninspire(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Flip back; tokens, counters and upgrades stay."""
    state["fighters"][event.data["fighter"]]["inspired"] = False
    return []


def suggest_inspire(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """The fighters check() lets this player Inspire now (its condition met or left to the players, in an Inspire
    step). A card that Inspires a fighter otherwise is entered as an override with the card as its reason."""
    return [inspire_suggestion(state, seat, f)
            for f in surviving(state, seat) if not rs.check(state, Event("inspire", seat, {"fighter": f}))]


def inspire_suggestion(state: UnderworldsState, seat: str, fid: str) -> Suggestion:
    """Inspire `fid`, offered as what it is: due now when the engine sees its condition met; otherwise only the
    players can say (a condition in words only), so it is a secondary Table play, never a button on its own.

    Every edition Inspires a fighter only once its condition is met: Deathgorge (Inspire and Advanced rules,
    Inspire, pg 6) at the next Inspire step; Shadespire (The fighters, pg 13) and Dreadfane (Inspire, pg 17) at
    once. A condition the engine cannot read is never known to be met, so nothing then says Inspire is due."""
    name = fighter_name(state, fid)
    if condition_met(state, fid):
        return Suggestion("inspire", seat, f"Inspire {name}", {"fighter": fid}, group="Inspire")
    # The app did not check the condition: the label asks the table rather than telling it the condition is met.
    return Suggestion("inspire", seat, f"Inspire {name} (if the table sees its condition met)", {"fighter": fid},
                      group="Table", players_judge=True)
