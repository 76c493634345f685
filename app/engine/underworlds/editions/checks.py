"""Rule checks only the 2018/2019 rulesets have, added to the base checks; ruleset.py calls them.

One reaction per opportunity by precedence, no Plunder, sudden-death restrictions and the match roll-off.
(Switches the base checks read themselves - Move and Charge tokens, objectives scored immediately, Inspire
at any time - are fields of the `Edition`.)
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Event, Violation
from .. import violations as V
from ..state import ReactionWindow, UnderworldsState
from . import matched_play, victory
from . import reactions as rx

if TYPE_CHECKING:
    from ..ruleset import UnderworldsRuleset


def check_precedence(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """One reaction per opportunity: only the first seat in precedence order that has not passed may answer."""
    if not rs.edition.single_reaction:
        return []
    window = state.get("reaction")
    if not window:
        return []
    first = rx.may_react_now(window)
    if first is not None and event.by != first:
        return [V.REACTION_PRECEDENCE(f"{first} has precedence at this reaction opportunity: "
                                      f"they react or pass first.", window.get("rule") or rs.edition.rule("reactions"))]
    return []


def check_reaction(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    cite = rs.edition.rule
    out = check_precedence(rs, state, event)
    window: ReactionWindow | dict[str, Any] = state.get("reaction") or {}
    step = event.data["step"]
    if step in rx.END_STEPS and step in window.get("used", []):
        rule = rx.END_OF_ACTIVATION_2019 if rs.edition.reaction_to_reaction == "opponent_of_last" else rx.END_OF_ACTIVATION_2018
        out.append(V.END_OF_ACTIVATION_USED("A reaction was already played at the end of this activation: the end "
                                            "of its last action and the end of the activation are one opportunity.",
                                            rule))
    if not rs.edition.plunder and event.data["name"].strip().lower() == "plunder":
        out.append(V.NO_PLUNDER("There is no Plunder reaction in these rules.", cite("plunder")))
    return out


def check_after_superaction(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Dreadfane (Superactions pg 14; Inspire pg 17): while a superaction is under way (a Charge's Attack action, or
    a Scything attack's further targets, still to come) a fighter is not Inspired and no surge objective is scored:
    both wait until it is resolved. Reading chosen: the superaction is resolved once its last action is entered
    (the engine's pending Attack action is cleared); the reaction step after it comes after it."""
    pending = state.get("pending")
    if not rs.edition.after_superaction or not pending or not pending.get("superaction"):
        return []
    scoring_now = event.type == "objective" and event.data["action"] == "score" and state["phase"] == "action"
    if event.type != "inspire" and not scoring_now:
        return []
    what = "The fighter is Inspired" if event.type == "inspire" else "The surge objective is scored"
    return [V.AFTER_SUPERACTION(f"{what} after the superaction under way is resolved: enter it then.",
                                rs.edition.rule("after_superaction"))]


def check_sudden_death(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    rule = matched_play.SUDDEN_DEATH_RULE
    d = event.data
    if event.type == "power" and d["play"] != "pass":
        return [V.SUDDEN_DEATH("In a sudden death round neither player may play power cards.", rule)]
    if event.type == "player_action" and d["action"] in ("draw_power", "swap_objective"):
        return [V.SUDDEN_DEATH("In a sudden death round neither player may draw cards.", rule)]
    if event.type == "objective" and d["action"] == "score":
        return [V.SUDDEN_DEATH("In a sudden death round neither player may score objective cards.", rule)]
    if event.type == "reaction" and d.get("card"):
        return [V.SUDDEN_DEATH("In a sudden death round neither player may play power cards.", rule)]
    return []


def check_match_roll_off(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Violation]:
    if state["phase"] == "over" and victory.match_roll_off_needed(rs, state):
        return []
    return [V.NOT_NOW("A match roll-off is only made when the match is tied with no fighters left "
                      "and equal glory.", matched_play.ROLL_OFF_RULE, overridable=True)]
