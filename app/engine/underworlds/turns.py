"""Turns: the action phase of a round, turn by turn, and its minor steps.

The action phase of a round (rounds.py) is its turns (rounds played and turns per player come from the edition:
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

from typing import TYPE_CHECKING

from ..core import Consequence
from . import inspire, objectives, reactions, rounds
from .state import UnderworldsState, next_seat, order_from, present

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

MINOR_ORDER = ("inspire", "surge")


def begin_first_turn(rs: UnderworldsRuleset, state: UnderworldsState, first: str) -> list[Consequence]:
    """The roll-off winner's choice takes the first turn of the phase."""
    state["turn"] = {"seat": first, "first": first, "n": 0}
    state["step"] = "activation"
    state["minor"] = True
    return [Consequence("turn_begins", {"seat": first, "turn": 1}, rs.edition.rule("action_phase"))]


def active_seat(state: UnderworldsState) -> str | None:
    """The player whose turn it is (None outside the action phase)."""
    turn = state.get("turn")
    return turn["seat"] if turn else None


def run_surge_step(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """The minor steps passed now: the Inspire step (automatic Inspires, inspire.py), then the surge step:
    revealed surge objectives are scored, starting with the player who last took an activation."""
    start = state.get("last_activation") or active_seat(state) or state["order"][0]
    cons: list[Consequence] = inspire.run_inspire_step(rs, state)
    for seat in order_from(state, start):
        cons.extend(objectives.score_revealed(rs, state, seat))
    return cons


def activation_taken(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Consequence]:
    """Before an activation: the Inspire/surge steps before the activation step close (surge scored)."""
    cons = run_surge_step(rs, state)
    state["minor"] = False
    s = state["seats"][seat]
    s["activations_left"] -= 1
    s["turns_taken"] += 1
    state["last_activation"] = seat
    return cons


def finish_activation(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """The activation step is over: its Inspire/surge steps open, then the power step."""
    seat = present(state, "turn")["seat"]  # the active seat: a turn is under way
    state["pending"] = None
    state["step"] = "power"
    state["minor"] = True
    # Two players: both take part. Three or four: the player whose turn it is and the next in order of play
    # (for the last turn of the round, the player whose turn would be next) (Multiplayer games, Power step).
    order = [seat, next_seat(state, seat)]
    state["power"] = {"order": order, "next": 0, "passes": 0, "delved": [], "started": False}
    return []


def power_started(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """First play of the power step: the Inspire/surge steps after the activation step close."""
    power = present(state, "power")
    if power["started"]:
        return []
    power["started"] = True
    cons = run_surge_step(rs, state)
    state["minor"] = False
    return cons


def end_power_step(rs: UnderworldsRuleset, state: UnderworldsState) -> list[Consequence]:
    """Both players passed in succession: the power step ends, the next turn (or the end phase) begins."""
    cite = rs.edition.rule
    cons = [Consequence("power_step_ends", {"seat": active_seat(state)}, cite("power_step"))]
    cons.extend(run_surge_step(rs, state))
    reactions.set_moment(state, ["after_power_step"], {"seat": active_seat(state)})
    state["power"] = None
    turn = present(state, "turn")
    turn["n"] += 1
    total = state["players"] * rs.edition.turns_per_round[state["players"]]
    if turn["n"] >= total:
        cons.extend(rounds.begin_end_phase(rs, state))
        return cons
    seat = next_seat(state, turn["seat"])
    turn["seat"] = seat
    state["step"] = "activation"
    state["minor"] = True
    cons.append(Consequence("turn_begins", {"seat": seat, "turn": turn["n"] + 1}, cite("action_phase")))
    return cons
