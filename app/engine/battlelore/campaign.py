"""Campaign variant: four linked scenarios, campaign totals and the final bonus. (Campaign variant)"""
from __future__ import annotations

import copy
from typing import Any

from ..core import SetupError
from . import rules
from .types import BattleLoreState

GAMES = 4


def result_of(state: BattleLoreState) -> dict[str, Any] | None:
    """The record a finished scenario leaves for the campaign: winner and each player's VPs."""
    if not state.get("winner") or not state["winner"]["winners"]:
        return None
    return {"winner": state["winner"]["winners"][0],
            "vp": {s: v["vp"] for s, v in state["seats"].items()}}


def next_setup(setup: dict[str, Any], state: BattleLoreState) -> dict[str, Any]:
    """The setup of the next scenario of a campaign, from the last one's setup and final state."""
    camp = (setup.get("options") or {}).get("campaign")
    if not camp:
        raise SetupError("This game is not part of a campaign.", "options.campaign")
    if camp.get("game", 1) >= GAMES:
        raise SetupError("The campaign has ended after four scenarios.", "options.campaign.game")
    result = result_of(state)
    if result is None:
        raise SetupError("The scenario has no winner yet.", "state.winner")
    nxt = copy.deepcopy(setup)
    nxt["options"]["campaign"] = {"game": camp.get("game", 1) + 1,
                                  "history": [*camp.get("history", []), result]}
    return nxt


def standings(history: list[dict[str, Any]]) -> dict[str, Any]:
    """Campaign totals after the final scenario, with the final winner's bonus and the campaign winner.

    Every scenario's VPs are added up; the winner of the final scenario adds 1 VP per scenario
    they won, the final one included. Highest total wins; a tie goes to the final winner.
    """
    totals = {"p1": 0, "p2": 0}
    for game in history:
        for seat in totals:
            totals[seat] += game["vp"][seat]
    final = history[-1]["winner"]
    bonus = sum(1 for g in history if g["winner"] == final)
    totals[final] += bonus
    other = "p2" if final == "p1" else "p1"
    winner = final if totals[final] >= totals[other] else other
    return {"totals": totals, "final_bonus": {final: bonus}, "winner": winner,
            "tiebreak": "final scenario winner" if totals[final] == totals[other] else None,
            "rule": rules.CAMPAIGN}
