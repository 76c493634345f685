"""Winning the game: 16 VP and more than the opponent when the first player starts a turn, or the last units
standing; the outcome, with the campaign standings after its final scenario."""
from __future__ import annotations

from ..core import Consequence, Outcome, as_outcome
from . import campaign, rules
from .types import BattleLoreState, BattleLoreUnit


def check_vp_victory(state: BattleLoreState, seat: str) -> list[Consequence]:
    """When the first player starts a turn: 16+ VP and more than the opponent wins. (Winning)"""
    if seat != state["first"] or state["winner"]:
        return []
    need = state["options"]["vp_to_win"]
    vps = {s: v["vp"] for s, v in state["seats"].items()}
    for s, vp in vps.items():
        others = [v for o, v in vps.items() if o != s]
        if vp >= need and all(vp > v for v in others):
            state["winner"] = {"winners": [s], "draw": False, "decided_by": "victory_points", "vp": vps}
            state["phase"] = "over"
            state["step"] = None
            return [Consequence("game_over", dict(state["winner"]), rules.WINNING)]
    return []


def living(state: BattleLoreState, seat: str) -> list[BattleLoreUnit]:
    """The seat's units still in the game."""
    return [state["units"][u] for u in state["seats"][seat]["units"] if state["units"][u]["alive"]]


def check_elimination_win(state: BattleLoreState) -> list[Consequence]:
    """All of a player's units eliminated: the opponent wins at once, whatever the VPs. (Winning)"""
    if state["winner"] or state["phase"] not in ("main", "upkeep"):
        return []
    out = [s for s in state["seats"] if not living(state, s)]
    if not out:
        return []
    if len(out) == 2:
        # Not covered by the summary (only possible through effects that hurt both sides at
        # once): we call it a draw rather than guess a winner.
        state["winner"] = {"winners": [], "draw": True, "decided_by": "elimination"}
    else:
        win = next(s for s in state["seats"] if s not in out)
        state["winner"] = {"winners": [win], "draw": False, "decided_by": "elimination"}
    state["phase"] = "over"
    state["step"] = None
    return [Consequence("game_over", dict(state["winner"]), rules.WINNING)]


def outcome(state: BattleLoreState) -> Outcome | None:
    """None while playing; the winner and how, plus campaign standings after the fourth scenario."""
    if not state.get("winner"):
        return None
    out = dict(state["winner"])
    out["vp"] = {s: v["vp"] for s, v in state["seats"].items()}
    camp = state["options"].get("campaign")
    if camp:
        out["campaign_game"] = camp["game"]
        result = campaign.result_of(state)
        if camp["game"] == campaign.GAMES and result:
            out["campaign"] = campaign.standings([*camp["history"], result])
    return as_outcome(out)
