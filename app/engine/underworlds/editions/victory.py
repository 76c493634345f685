"""Victory in the 2018 and 2019 rules, and what a game tells a matched-play match.

Shadespire (Victory, pg 25; Multiplayer Games, Victory, pg 27): most glory (spent and unspent); tied
players: the one with fighters still on the battlefield; then whoever controls the most objective
tokens (a count, not their values; the Katophrane Artefact is one of them); else a draw between them.
Dreadfane (Victory, pg 19): if only one player has surviving fighters when the game ends, they win;
otherwise most glory; tied with neither warband wiped out: the most objective hexes held; else a draw.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Outcome, as_outcome
from ..glory import total
from ..state import UnderworldsState, surviving
from ..state import held_count as objectives_held
from . import matched_play

if TYPE_CHECKING:
    from ..ruleset import UnderworldsRuleset


def game_result(rs: UnderworldsRuleset, state: UnderworldsState) -> dict[str, Any]:
    """The game's own result (no match): winners, draw, decided_by, glory and objectives held."""
    seats = list(state["classic"]["seating"])
    glory = {s: total(state, s) for s in seats}
    entered = state.get("held") or {}   # what the players said they hold (victory.held_asked), else the positions
    held = {s: entered.get(s, objectives_held(state, s)) for s in seats}
    alive = [s for s in seats if surviving(state, s)]
    base = {"glory": glory, "objectives_held": held, "rule": rs.edition.rule("victory")}
    if rs.edition.wipe_out_ends_game and len(alive) == 1:
        return {**base, "winners": alive, "draw": False, "decided_by": "wipe_out"}
    best = max(glory.values())
    tied = [s for s in seats if glory[s] == best]
    if len(tied) == 1:
        return {**base, "winners": tied, "draw": False, "decided_by": "glory"}
    tied_alive = [s for s in tied if s in alive]
    if rs.edition.wipe_out_ends_game:
        # Dreadfane: the objective-hex tiebreak is for games where neither warband was wiped out.
        if len(alive) < len(seats):
            return {**base, "winners": tied, "draw": True, "decided_by": "draw"}
    elif len(tied_alive) == 1:
        return {**base, "winners": tied_alive, "draw": False, "decided_by": "surviving_fighters"}
    pool = tied_alive if tied_alive else tied
    if not tied_alive:
        return {**base, "winners": tied, "draw": True, "decided_by": "draw"}
    top = max(held[s] for s in pool)
    lead = [s for s in pool if held[s] == top]
    if len(lead) == 1:
        return {**base, "winners": lead, "draw": False, "decided_by": "objectives_held"}
    return {**base, "winners": lead, "draw": True, "decided_by": "draw"}


def game_record(rs: UnderworldsRuleset, state: UnderworldsState) -> dict[str, Any]:
    """What a matched-play match needs from this game (matched_play.record_game)."""
    res = game_result(rs, state)
    return {"winners": res["winners"] if not res["draw"] else [], "draw": res["draw"], "glory": res["glory"],
            "wiped_out": [s for s in state["classic"]["seating"] if not surviving(state, s)]}


def match_record(rs: UnderworldsRuleset, state: UnderworldsState) -> dict[str, Any]:
    """The record handed to the match: at the end of round 3 (before any sudden death), plus its result."""
    cl = state["classic"]
    rec = dict(cl.get("record_before_sudden_death") or game_record(rs, state))
    if cl.get("sudden_death_result"):
        rec["sudden_death"] = dict(cl["sudden_death_result"])
    if cl.get("match_roll_off"):
        rec["match_roll_off"] = cl["match_roll_off"]
    return rec


def match_status(rs: UnderworldsRuleset, state: UnderworldsState) -> dict[str, Any] | None:
    """The match after this game, when the game is part of one."""
    ctx = state["classic"].get("match")
    if not ctx:
        return None
    match = matched_play.record_game(matched_play.match_from_context(ctx), match_record(rs, state))
    return matched_play.match_status(match)


def match_roll_off_needed(rs: UnderworldsRuleset, state: UnderworldsState) -> bool:
    """The match is tied with no fighters left and equal glory: the players roll off (pg 26)."""
    if state["phase"] != "over" or state["classic"].get("match_roll_off"):
        return False
    status = match_status(rs, state)
    return bool(status and status["roll_off"])


def outcome(rs: UnderworldsRuleset, state: UnderworldsState) -> Outcome | None:
    """None while playing; else the game's result, with the match's standing when it is part of one."""
    if state["phase"] != "over":
        return None
    cl = state["classic"]
    res = game_result(rs, state)
    if cl.get("sudden_death_result"):
        sd = cl["sudden_death_result"]
        res = {**res, "winners": [sd["winner"]] if sd["winner"] else list(cl["seating"]),
               "draw": sd["winner"] is None, "decided_by": "sudden_death", "rule": matched_play.SUDDEN_DEATH_RULE}
    res["ended_by"] = cl.get("ended_by") or "rounds"
    status = match_status(rs, state)
    if status is not None:
        res["record"] = match_record(rs, state)
        res["match"] = status
        res["match_winner"] = status["winner"]
        res["match_decided_by"] = status["decided_by"]
    return as_outcome(res)
