"""Objective conditions in play: which held objectives the game says are met, and a score the log contradicts.

The condition data is the card's (content/README.md, Objectives); conditions.py reads it. A card is the rule
here (Deathgorge rulebook, Objective cards pg 38: score an objective when its condition is met), so a refusal
cites the card and stays overridable: a card may say more than our data does.
"""
from __future__ import annotations

from typing import Any

from ..core import Suggestion, Violation
from . import violations as V
from .conditions import ASK, MET, UNMET, Verdict, has_condition, verdict
from .reactions import REACTION_STEPS
from .state import UnderworldsState

__all__ = ["check_condition", "offer", "end_phase_report", "names_by_verdict", "likely_first", "cite", "reason",
           "has_condition"]

# What each failing clause means, for the refusal's sentence.
WHY = {
    "not_end_phase": "it is scored in the end phase",
    "attack": "the Attack action that just ended is not the one it needs",
    "fighters": "the fighters are not as it needs",
    "tally": "what has happened so far is not what it needs",
    "more": "you do not have more than your opponents",
    "upgrades": "the upgrades in play are not what it needs",
    "glory": "the glory gained is not what it needs",
    "scored": "the objectives scored are not what it needs",
    "hand": "the cards in hand are not what it needs",
    "round": "it is not the round it needs",
    "turn": "it was not the activation it needs",
    "none_of": "none of its conditions holds",
    "condition": "its condition is not met",
}
ASKS = {"positions": "where the fighters stand", "territory": "territories", "objective_tokens": "objectives held",
        "feature_tokens": "feature tokens", "dice": "the dice rolled", "cards": "the cards", "other": "its text"}


def cite(card: dict[str, Any]) -> str:
    """The card as a rule is cited: its name and number."""
    return f"Card: {card['name']}" + (f" ({card['number']})" if card.get("number") else "")


def reason(v: Verdict) -> str:
    """The first failing clause of an unmet condition, in words."""
    first = v.why[0]
    if first["code"] == "not_at_moment":
        return f"it is scored right {REACTION_STEPS.get(first['moment'], 'after a power step')}"
    return WHY.get(first["code"], WHY["condition"])


def check_condition(state: UnderworldsState, seat: str, card: dict[str, Any] | None,
                    at_moment: bool = True) -> list[Violation]:
    """A reveal or score of an objective whose condition the game contradicts (none when it holds, asks the
    players, or the card has no condition data)."""
    if card is None or not has_condition(card):
        return []
    v = verdict(state, seat, card, at_moment=at_moment)
    if v.status != UNMET:
        return []
    return [V.OBJECTIVE_CONDITION_NOT_MET(f"{card['name']} is not met: {reason(v)}.", cite(card))]


def offer(state: UnderworldsState, seat: str, name: str, card: dict[str, Any], data: dict[str, Any], group: str,
          worth: str) -> Suggestion | None:
    """The score (or reveal) of a held objective when the game says its condition is met (one tap), or asks the
    players one yes/no (the tap is the yes); None when its condition is not met. A card without condition data is
    offered as before, for the players to judge."""
    if not has_condition(card):
        return Suggestion("objective", seat, f"Score {name}{worth}", data, group=group, players_judge=True)
    v = verdict(state, seat, card)
    if v.status == MET:
        return Suggestion("objective", seat, f"Score {name}{worth}: met", data, group=MET_GROUP)
    if v.status == ASK:
        about = " and ".join(ASKS[a] for a in dict.fromkeys(v.asks))
        return Suggestion("objective", seat, f"Score {name}{worth} if {about} fit", data, group=MET_GROUP,
                          players_judge=True)
    return None


MET_GROUP = "Objective met"


def end_phase_report(state: UnderworldsState, seat: str) -> dict[str, Any]:
    """The held objectives with conditions, split into met (or asked) and not met, for the end phase."""
    deck = state["decks"].get(seat) or {}
    met: list[str] = []
    unmet: list[str] = []
    for name in state["seats"][seat]["cards"]["objectives"]:
        card = (deck.get("objectives") or {}).get(name)
        if not card or not has_condition(card) or card.get("scoring") == "surge":
            continue
        v = verdict(state, seat, card)
        (unmet if v.status == UNMET else met).append(name)
    return {"met": met, "not_met": unmet}


def names_by_verdict(state: UnderworldsState, seat: str, names: list[str]) -> list[str]:
    """Names with met objectives first (held cards keep their order within each part)."""
    deck = state["decks"].get(seat) or {}
    def rank(name: str) -> int:
        card = (deck.get("objectives") or {}).get(name)
        if not card or not has_condition(card):
            return 1
        return 0 if verdict(state, seat, card).status != UNMET else 2
    return sorted(names, key=rank)



# Why a condition fails that says only that it is not its moment yet: the card could still be met now.
NOT_YET = {"not_end_phase", "not_at_moment"}


def likely_first(state: UnderworldsState, seat: str, names: list[str]) -> list[str]:
    """Objective names, the likeliest to be scored first, for a player saying which it drew: those whose condition
    the game says is met, or could be met now (it fails only for not being its moment, or asks the players), then
    those with no condition data, then those the game says are not met now. The order within each part is kept."""
    deck = state["decks"].get(seat) or {}

    def rank(name: str) -> int:
        card = (deck.get("objectives") or {}).get(name)
        if not card or not has_condition(card):
            return 1
        v = verdict(state, seat, card, at_moment=False)
        return 0 if v.status != UNMET or {w["code"] for w in v.why} <= NOT_YET else 2
    return sorted(names, key=rank)
