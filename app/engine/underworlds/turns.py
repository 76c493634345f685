"""Rounds, phases and turns: the order of the game and its minor steps.

A round is an action phase then an end phase (rounds played and turns per player come from the edition:
2 players four turns each, 3 players three each, 4 players four each and round 2 skipped).
A turn (Deathgorge rulebook, Steps of a turn pg 16) is:

    Inspire step, surge step          <- open while the activation step waits ("minor" is true)
    activation step  (+ reaction steps after each action / the activation step)
    Inspire step, surge step          <- open until the first play of the power step
    power step       (+ reaction steps after each power card)
    Inspire step, surge step          <- open until the next turn's activation (or the first end-phase event)

Minor steps "pass without comment": nobody has to enter anything. Inspire events are accepted while they
are open; revealed surge objectives are scored automatically in the next surge step, which the engine runs
when play moves past it (the activation, the first play of the power step, the power step's end).
Reading chosen: in each pair the Inspire step comes before the surge step (the turn diagram is lost in the
text; the glossary lists Inspire first). Easy to change: `MINOR_ORDER`.
"""
from __future__ import annotations

from ..core import Consequence
from . import inspire, objectives
from .state import next_seat, order_from

MINOR_ORDER = ("inspire", "surge")


def begin_action_phase(rs, state) -> list[Consequence]:
    """Start the round's action phase: activations reset, the roll-off decides who takes the first turn."""
    R = rs.edition.rule
    state["phase"] = "action"
    state["step"] = "roll_off"
    state["turn"] = None
    state["power"] = None
    state["pending"] = None
    state["minor"] = False
    for s in state["seats"].values():
        s["activations_left"] = rs.edition.turns_per_round[state["players"]]
        s["turns_taken"] = 0
    data = {"round": state["round"]}
    if state["round"] == rs.rounds(state)[0] and state.get("finished_first"):
        data["adds_critical"] = state["finished_first"]
    return [Consequence("action_phase_begins", data, R("action_phase"))]


def begin_first_turn(rs, state, first: str) -> list[Consequence]:
    """The roll-off winner's choice takes the first turn of the phase."""
    state["turn"] = {"seat": first, "first": first, "n": 0}
    state["step"] = "activation"
    state["minor"] = True
    return [Consequence("turn_begins", {"seat": first, "turn": 1}, rs.edition.rule("action_phase"))]


def active_seat(state) -> str | None:
    """The player whose turn it is (None outside the action phase)."""
    return state["turn"]["seat"] if state.get("turn") else None


def run_surge_step(rs, state) -> list[Consequence]:
    """The minor steps passed now: the Inspire step (automatic Inspires, inspire.py), then the surge step:
    revealed surge objectives are scored, starting with the player who last took an activation."""
    start = state.get("last_activation") or active_seat(state) or state["order"][0]
    cons: list[Consequence] = inspire.run_inspire_step(rs, state)
    for seat in order_from(state, start):
        cons.extend(objectives.score_revealed(rs, state, seat))
    return cons


def activation_taken(rs, state, seat: str) -> list[Consequence]:
    """Before an activation: the Inspire/surge steps before the activation step close (surge scored)."""
    cons = run_surge_step(rs, state)
    state["minor"] = False
    s = state["seats"][seat]
    s["activations_left"] -= 1
    s["turns_taken"] += 1
    state["last_activation"] = seat
    return cons


def finish_activation(rs, state) -> list[Consequence]:
    """The activation step is over: its Inspire/surge steps open, then the power step."""
    seat = active_seat(state)
    state["pending"] = None
    state["step"] = "power"
    state["minor"] = True
    # Two players: both take part. Three or four: the player whose turn it is and the next in order of play
    # (for the last turn of the round, the player whose turn would be next) (Multiplayer games, Power step).
    order = [seat, next_seat(state, seat)]
    state["power"] = {"order": order, "next": 0, "passes": 0, "delved": [], "started": False}
    return []


def power_started(rs, state) -> list[Consequence]:
    """First play of the power step: the Inspire/surge steps after the activation step close."""
    if state["power"]["started"]:
        return []
    state["power"]["started"] = True
    cons = run_surge_step(rs, state)
    state["minor"] = False
    return cons


def end_power_step(rs, state) -> list[Consequence]:
    """Both players passed in succession: the power step ends, the next turn (or the end phase) begins."""
    R = rs.edition.rule
    cons = [Consequence("power_step_ends", {"seat": active_seat(state)}, R("power_step"))]
    cons.extend(run_surge_step(rs, state))
    state["power"] = None
    turn = state["turn"]
    turn["n"] += 1
    total = state["players"] * rs.edition.turns_per_round[state["players"]]
    if turn["n"] >= total:
        cons.extend(objectives.begin_end_phase(rs, state))
        return cons
    seat = next_seat(state, turn["seat"])
    turn["seat"] = seat
    state["step"] = "activation"
    state["minor"] = True
    cons.append(Consequence("turn_begins", {"seat": seat, "turn": turn["n"] + 1}, R("action_phase")))
    return cons


def end_of_round(rs, state) -> list[Consequence]:
    """After the end phase: clear Move, Charge, Guard and Stagger tokens and blocked hex tokens; next round."""
    R = rs.edition.rule
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
                                       "blocked_tokens_removed": removed}, R("end_phase"))]
    state["end"] = None
    state["granted"] = {}  # Attack actions granted by cards last only as long as the round
    rounds = rs.rounds(state)
    later = [r for r in rounds if r > state["round"]]
    if not later:
        state["phase"] = "over"
        state["step"] = "over"
        state["turn"] = None
        state["minor"] = False
        cons.append(Consequence("game_over", {"outcome": rs.outcome(state)}, R("victory")))
        return cons
    if later[0] != state["round"] + 1:
        cons.append(Consequence("round_skipped", {"round": state["round"] + 1}, R("mp_round_2")))
    state["round"] = later[0]
    cons.extend(begin_action_phase(rs, state))
    return cons
