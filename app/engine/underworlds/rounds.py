"""Rounds: each is an action phase then an end phase; after the last round the game is over.

The phases' own steps are elsewhere: turns.py (the action phase's turns and minor steps), objectives.py (the end
phase sequence). Both hand back to this module when their phase ends.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Consequence
from .state import UnderworldsState, order_from, present
from .victory import held_asked

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def begin_action_phase(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """Start the round's action phase: activations reset, the roll-off decides who takes the first turn."""
    cite = rs.edition.rule
    state["phase"] = "action"
    state["step"] = "roll_off"
    state["turn"] = None
    state["power"] = None
    state["pending"] = None
    state["minor"] = False
    for s in state["seats"].values():
        s["activations_left"] = rs.edition.turns_per_round[state["players"]]
        s["turns_taken"] = 0
    data: dict[str, Any] = {"round": state["round"]}
    if state["round"] == rs.rounds(state)[0] and state.get("finished_first"):
        data["adds_critical"] = state["finished_first"]
    return [Consequence("action_phase_begins", data, cite("action_phase"))]


def begin_end_phase(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """The end phase: each player in order of play, from the player who took the first turn."""
    first = present(state, "turn")["first"]
    state["phase"] = "end"
    state["step"] = "end"
    state["pending"] = None
    state["minor"] = True  # the Inspire step after the last power step is open until the first end phase event
    end = state["end"] = {"order": order_from(state, first), "i": 0, "stage": 1}
    rule = rs.edition.rule("end_phase" if state["players"] == 2 else "mp_end_phase")
    return [Consequence("end_phase_begins", {"round": state["round"], "order": end["order"]}, rule)]


def game_over(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """The game ends: its outcome by the edition's Victory rule."""
    state["phase"] = "over"
    state["step"] = "over"
    state["turn"] = None
    state["minor"] = False
    return [Consequence("game_over", {"outcome": rs.outcome(state)}, rs.edition.rule("victory"))]


def end_of_round(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """After the end phase: clear Move, Charge, Guard and Stagger tokens and blocked hex tokens; next round."""
    cite = rs.edition.rule
    cleared = {}
    for fid, f in state["fighters"].items():
        n = sum(f["tokens"][t] for t in rs.edition.end_of_round_clear)
        if n:
            cleared[fid] = n
            for t in rs.edition.end_of_round_clear:
                f["tokens"][t] = 0
    removed = []
    for key, feat in state["features"].items():
        if feat["on_board"] and feat["face"] == "blocked":
            feat["on_board"] = False
            feat["fighter"] = None
            removed.append(key)
    cons = [Consequence("round_ends", {"round": state["round"], "tokens_cleared": cleared,
                                       "blocked_tokens_removed": removed}, cite("end_phase"))]
    state["end"] = None
    state["granted"] = {}  # Attack actions granted by cards last only as long as the round
    rounds = rs.rounds(state)
    later = [r for r in rounds if r > state["round"]]
    if not later:
        asked = held_asked(state)
        if asked:
            # Tied on glory with fighters left: what each holds decides (Victory), and only the table knows it.
            state["step"] = "held"
            state["held_asked"] = asked
            state["turn"] = None
            state["minor"] = False
            cons.append(Consequence("held_asked", {"seats": asked}, cite("victory")))
            return cons
        return cons + game_over(rs, state)
    if later[0] != state["round"] + 1:
        cons.append(Consequence("round_skipped", {"round": state["round"] + 1, "players": state["players"],
                                                  "rounds": list(rounds)}, cite("mp_round_2")))
    state["round"] = later[0]
    cons.extend(begin_action_phase(rs, state))
    return cons
