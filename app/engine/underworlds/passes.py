"""Steps that pass without comment: which open step the engine may close as passed, and which it never may.

The core (core.Ruleset.settle) asks `implied_pass` when a player enters an event the rules only allow once the
open step is over (the next activation during a power step, a power card during a reaction step...). Each pass
is the event a player would have entered, so the log and a replay are the same as with explicit passes.

Optional (closed as passed, one pass at a time):
- a reaction step: "these are called minor steps because often neither player will do anything in these steps,
  and they will pass without comment" (Deathgorge rulebook, Steps of a turn pg 16; Reactions pg 34: a reaction
  CAN be used). 2018/2019: one reaction per opportunity, the player with precedence decides first, "if they do
  not wish to play a reaction, the other player can" (Shadespire pg 24, Dreadfane pg 16).
- a power step go: players alternate playing a power card, salvaging, delving or passing until both pass in
  succession (Deathgorge Power step pg 29; Shadespire pg 22; Dreadfane pg 15): nothing played is a pass. A play
  by the other player passes the go of the player whose go it was (who plays again after it, as the step
  alternates); a "pass" out of turn does not, or the step would end before that player chose anything.
- a drive back the attacking player does not make, when that player moves on: "if the attacking player chooses
  not to, the fighter is not driven back" (Deathgorge Combat sequence, step 7 pg 21).
- an end phase sequence's "done", when the next player in the end phase enters a step of their own sequence, or
  anyone enters the next round's first event: each player runs through the sequence in turn (Deathgorge End phase
  pg 38; Shadespire Round 1, End Phase pg 25; Dreadfane End phase pg 19), so the next player's entry says the one
  before has finished. Reading chosen: finishing adds nothing the table must decide (the draws of steps 5-6 are
  automatic), so it is inferred as a pass is; the player's own entries never close their own sequence, except the
  next round's, and the last end phase of the game, after which nothing follows, is still closed by its player.
Never passed for a player (a decision only that player makes, or the sequence needs an entry):
- another player's drive back choice (combat step 7: the attacking player chooses);
- the activation step, a pending Attack action, roll-offs, do-overs, the end phase's steps, the hazard phase.
Inspire and surge steps need no pass: the engine runs them itself when play moves past them (turns.py), so a
revealed surge objective is always scored in its surge step, passes inferred or not.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..core import MAX_IMPLIED_PASSES, Event, ImpliedPass
from .objectives import end_seat
from .power import power_seat
from .state import ReactionWindow, UnderworldsState, seat_of

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

# Events of the game's sequence that come after the open reaction step and the attacking player's drive back
# choice (everything a turn, power step or end phase is made of): entered while those are open, they close them
# first (here: the reaction step passes without comment, the drive back is the attacker's alone).
SEQUENCE_EVENTS = ("activate", "player_action", "attack", "abandon", "power", "objective", "discard_power",
                   "end_phase_done", "roll_off")
# The first events of the next round (its hazard phase in the 2019 rules, else the roll-off for the first turn; no
# activation comes before them): entered during the end phase, they say every player still in it has finished.
NEXT_ROUND_EVENTS = ("roll_off", "hazard")
END_PHASE_EVENTS = ("objective", "discard_power", "power", "end_phase_done")   # the steps of a player's sequence


def implied_pass(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> ImpliedPass | None:
    """The pass closing the optional step open now, before `event` of the game's sequence (None: a decision, or
    the event is part of the open step: a reaction, a drive back, bookkeeping)."""
    if state["phase"] == "end" and state.get("end") and not state.get("reaction"):
        return _end_phase_done(rs, state, event)
    if state["phase"] in ("setup", "over") or event.type not in (*SEQUENCE_EVENTS, "hazard"):
        return None   # (a hazard draw opens the next round in the 2019 rules: the last power step passes before it)
    by = event.by
    cite = rs.edition.rule
    drive = state.get("drive_back")
    if drive:
        attacker = seat_of(drive["attacker"])
        if by != attacker:
            return None  # the attacking player's choice: nobody else moves the game past it
        return ImpliedPass(Event("drive_back", attacker, {"fighter": drive["fighter"], "hexes": 0}),
                           "drive_back", cite("combat"))
    window = state.get("reaction")
    if window:
        seat = next((s for s in window["order"] if s not in window["passed"]), None)
        if seat is None:
            return None
        return ImpliedPass(Event("reaction_pass", seat, {}), "reaction", cite("minor_steps"))
    if state["phase"] == "action" and state["step"] == "power" and state.get("power"):
        if event.type == "power" and event.data.get("play") == "pass" and by != power_seat(state):
            return None  # a pass out of turn would end the step before the player whose go it is chose anything
        return ImpliedPass(Event("power", cast(str, power_seat(state)), {"play": "pass"}), "power", cite("power_step"))
    return None


def _end_phase_done(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> ImpliedPass | None:
    """The end phase sequence of the player running it now, finished: implied by a later player's own sequence
    (a seat after them in the end phase's order) or by the next round's first event."""
    seat = end_seat(state)
    end = cast(dict[str, Any], state["end"])   # (called only while an end phase sequence runs)
    if seat is None or event.by not in state["seats"]:
        return None   # (the look-ahead every seat shares, suggest.py, stops at the end phase: someone must act)
    if event.type not in NEXT_ROUND_EVENTS and not (event.type in END_PHASE_EVENTS
                                                    and event.by in end["order"][end["i"] + 1:]):
        return None
    return ImpliedPass(Event("end_phase_done", seat, {}), "end_phase", rs.edition.rule("end_phase"))


def read_only_ahead(rs: UnderworldsRuleset, state: UnderworldsState,
                    event: Event) -> list[tuple[ImpliedPass, UnderworldsState]]:
    """What core.Ruleset.passes_ahead yields, (pass, state after it) without the consequences, for states that are
    only read (suggestions, what the game waits for): never applied to, nor changed in place.

    The first pass is applied to a whole copy, as there; a reaction pass after it to a copy of the reaction window
    alone, sharing every other part with the state before it (a state of this chain, which nothing changes), in a
    ruleset whose reaction pass changes nothing else in place (`window_pass_only`)."""
    out: list[tuple[ImpliedPass, UnderworldsState]] = []
    trial = state
    for _ in range(MAX_IMPLIED_PASSES):
        implied = rs.implied_pass(trial, event)
        if implied is None or rs.check_event(trial, implied.event):
            break
        # Never shared with the state given: it may be a fold's own, changed in place later, while this chain is
        # remembered by content (suggest.py). The light copy is several times quicker than a whole one
        # (benchmarks/README.md, "Figures behind the code").
        pending = trial.get("pending")
        if (out and rs.window_pass_only and implied.event.type == "reaction_pass"
                and not (pending and pending["left"] <= 0)):
            after: UnderworldsState = cast(UnderworldsState, dict(trial))
            window = cast(ReactionWindow, trial["reaction"])  # (a reaction pass is implied only while a window is open)
            after["reaction"] = {**window, "passed": list(window["passed"])}  # (apply_pass adds to `passed`)
        else:
            after = rs.copy_state(trial)
        trial = rs.apply_in_place(after, implied.event, passes=[])[0]
        out.append((implied, trial))
    return out
