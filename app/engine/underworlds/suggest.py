"""suggest(): the legal next events for one seat, the open step, reaction windows and who the game waits for.

Every suggestion is a complete event or a template whose missing fields have finite `choices` or `bounds`
(int, str, or a list field: `{"type": "list", "items", "max"}`), built from the same checks that accept or refuse
events, so a client, bot or test can play a whole game from suggestions alone. Groups (for the phone app's buttons): "Set up", "Activate <fighter>",
"Player action", "Attack", "Power step", "Reaction", "Inspire", "Objectives", "End phase", "My hand"
(which cards the player holds), "Table" (card effects entered by hand: damage, tokens, pushes, feature tokens...).
"""
from __future__ import annotations

import json
import pickle
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import orjson

from ..core import Advice, Event, ImpliedPass, Suggestion
from . import activations, attacks, card_plays, cards, effects, held, inspire, objectives, passes, power, scoring, setup
from .per_state import once_per_state
from .power import after_minor_steps, power_seat
from .reactions import REACTION_STEPS, window_steps
from .setup import do_over_seat
from .state import STATIC_KEYS, UnderworldsState, fighter_name, seat_of
from .turns import active_seat

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

# The optional steps ahead, closed as passed one at a time: [(the pass, the state after it)] (passes.read_only_ahead).
Chain = list[tuple[ImpliedPass, UnderworldsState]]
# A state's content as a chain depends on it: the dynamic part pickled, then the static parts (by identity).
ContentKey = tuple[Any, ...]


def step_info(rs: UnderworldsRuleset, state: UnderworldsState) -> dict[str, Any]:
    """Where the game is: phase, step, round, whose turn, the power step's go, the end phase's player."""
    info: dict[str, Any] = {"phase": state["phase"], "step": state["step"], "round": state["round"],
                            "rounds": list(rs.rounds(state))}
    if state["phase"] == "setup":
        # Place feature tokens (pg 14): the player who chose the first board places first (three tokens).
        info["first_board"] = state.get("first_board")
    if state.get("finished_first") and state["round"] == rs.rounds(state)[0] and state["step"] == "roll_off":
        info["adds_critical"] = state["finished_first"]
    turn, pending, power_step, end = state.get("turn"), state.get("pending"), state.get("power"), state.get("end")
    if turn:
        per = rs.edition.turns_per_round[state["players"]]
        info["turn"] = active_seat(state)
        info["turn_number"] = state["seats"][turn["seat"]]["turns_taken"] + (state["step"] == "activation")
        info["turns_per_round"] = per
    if pending:
        info["pending_attack"] = pending["attacker"]
    if power_step:
        info["power_go"] = power_seat(state)
        info["power_players"] = power_step["order"]
    if end:
        info["end_seat"] = objectives.end_seat(state)
        info["end_stage"] = end["stage"]
    if state.get("minor"):
        info["minor_steps_open"] = ["inspire", "surge"]
    return info


def waiting_for(rs: UnderworldsRuleset, state: UnderworldsState) -> list[str]:
    """Seats the game is waiting on now."""
    step = state["step"]
    if step == "do_overs":
        return [_step_seat(do_over_seat(state))]
    if state["phase"] == "over":
        return []
    drive, w, pending = state.get("drive_back"), state.get("reaction"), state.get("pending")
    if drive:
        return [seat_of(drive["attacker"])]
    if w:
        return [s for s in w["order"] if s not in w["passed"]]
    if step == "activation":
        return [pending["attacker"].split(".")[0]] if pending else [_step_seat(active_seat(state))]
    if step == "power":
        return [_step_seat(power_seat(state))]
    if step == "end":
        return [_step_seat(objectives.end_seat(state))]
    if step == "held":
        return held.asked(state)   # one of them enters it
    return list(state["order"])


def _step_seat(seat: str | None) -> str:
    """The seat whose decision the step open now waits for: the step's part of the state names one for as long as the
    step is open (the turn, the power step, the end phase sequence, the do-overs), so None is never answered here."""
    if seat is None:
        raise TypeError("the step open now names no seat")
    return seat


def reaction_window(rs: UnderworldsRuleset, state: UnderworldsState) -> dict[str, Any] | None:
    """The open reaction steps: which, who may react and in what order, the chain so far."""
    w = state.get("reaction")
    if not w:
        return None
    return {"steps": [{"id": s, "label": REACTION_STEPS[s]} for s in window_steps(w)],
            "order": w["order"], "may_react": [s for s in w["order"] if s not in w["passed"]],
            "passed": list(w["passed"]), "chain": list(w["chain"]),
            "rule": rs.edition.rule("reaction_limits")}


def ahead(rs: UnderworldsRuleset, state: UnderworldsState, seat: str, shared: Chain | None = None) -> Chain:
    """The optional steps open now, closed as passed one at a time before `seat`'s next event of the sequence
    (core.Ruleset.passes_ahead): [(ImpliedPass, state after it)].

    Who enters the next event matters only at a drive back (passes.implied_pass: only the attacking player
    moves the game past it), so the chain every seat shares is worked out once per state and only the
    attacking player's continuation past a drive back is added to it (`shared`: that chain, when the caller has it
    already)."""
    chain = _shared_chain(rs, state) if shared is None else shared
    last = chain[-1][1] if chain else state
    drive = last.get("drive_back")
    if seat and drive and seat_of(drive["attacker"]) == seat:
        return chain + _passes(rs, last, seat)
    return chain


def _passes(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> Chain:
    return passes.read_only_ahead(rs, state, Event("activate", seat, {}))


# The last state's shared chain, per ruleset: the views of one event ask for it once per seat, and working it out
# takes far longer than reading a state's content (benchmarks/README.md, "Figures behind the code"). The key is that
# content, the dynamic part as pickled bytes beside the static cards and decks by identity (never changed), so a
# state changed in place after it was asked about (core.Ruleset.apply_in_place) never meets a stale chain.
_LAST_CHAIN: dict[int, tuple[UnderworldsRuleset, ContentKey, Chain]] = {}


def _content_key(state: UnderworldsState) -> ContentKey:
    """What the chain depends on: the dynamic part's content (pickled: exact, and a Rule in a reaction window is
    kept as one), the static parts by identity."""
    dynamic = pickle.dumps({k: v for k, v in state.items() if k not in STATIC_KEYS}, pickle.HIGHEST_PROTOCOL)
    return (dynamic, *(state.get(k) for k in STATIC_KEYS))


def _same_key(a: ContentKey, b: ContentKey) -> bool:
    return a[0] == b[0] and all(x is y for x, y in zip(a[1:], b[1:]))


def _shared_chain(rs: UnderworldsRuleset, state: UnderworldsState) -> Chain:
    # The same state object again (the next seat's view of one event): its chain without reading its content again.
    # A state changed in place is forgotten there (per_state.py), so it is read again.
    return once_per_state(rs, state, "chain", lambda: _chain_by_content(rs, state))


def _chain_by_content(rs: UnderworldsRuleset, state: UnderworldsState) -> Chain:
    key = _content_key(state)
    hit = _LAST_CHAIN.get(id(rs))
    if hit is not None and hit[0] is rs and _same_key(hit[1], key):
        return hit[2]
    chain = _passes(rs, state, "")
    _LAST_CHAIN[id(rs)] = (rs, key, chain)
    return chain


def optional_steps(chain: Chain) -> list[dict[str, Any]]:
    """What is open only for optional plays, in order: [{"step": "reaction"|"power", "seats": [...]}]."""
    out: list[dict[str, Any]] = []
    for implied, _ in chain:
        if implied.step == "drive_back":
            continue
        if not out or out[-1]["step"] != implied.step:
            out.append({"step": implied.step, "seats": []})
        if implied.event.by not in out[-1]["seats"]:
            out[-1]["seats"].append(implied.event.by)
    return out


def suggest(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> Advice:
    """Advice for one seat: what is legal now, and what becomes legal once the optional steps open now pass
    (the next activation while a reaction step or a power step nobody plays in is open)."""
    out: list[Suggestion] = []
    phase = state["phase"]
    # Who the game waits for: the seats of the first step that needs a decision (nobody waits for a pass).
    everyone = ahead(rs, state, "")
    decision = everyone[-1][1] if everyone else state
    if seat in state["seats"] and phase != "over":
        if phase == "setup":
            out += setup.suggest_setup(rs, state, seat)
        else:
            if state.get("reaction"):
                out += card_plays.suggest_reactions(rs, state, seat)
            db = state.get("drive_back")
            if db and seat_of(db["attacker"]) == seat:
                target = fighter_name(state, db["fighter"])
                out.append(Suggestion("drive_back", seat, f"Drive back {target}", {"fighter": db["fighter"]},
                                      choices={"into": attacks.into_choices(rs)},
                                      bounds={"hexes": {"type": "int", "min": 1, "max": db["hexes"]}}, group="Attack"))
                out.append(Suggestion("drive_back", seat, f"{target} is not driven back",
                                      {"fighter": db["fighter"], "hexes": 0}, group="Attack"))
            for att in (state.get("granted") or {}):
                if seat_of(att) == seat and not state["fighters"][att]["out"]:
                    out += attacks.attack_templates(rs, state, seat, att, [])
            out += _step(rs, state, seat)
            seen = {_key(s) for s in out}
            # The step that needs this seat's decision first (its next activation), then its optional plays.
            chain = ahead(rs, state, seat, everyone)
            for _implied, later in reversed(chain):
                for s in _step(rs, later, seat):
                    # A pass out of turn is not inferred (passes.py): only the player whose go it is passes.
                    if _key(s) not in seen and not (s.type == "power" and s.data.get("play") == "pass"):
                        seen.add(_key(s))
                        out.append(s)
            # The end phase as the game will be once the steps open now are passed: a later player's own sequence
            # can be entered from the last power step on, as at the table.
            out += [s for s in _end_phase_ahead(rs, chain[-1][1] if chain else state, seat) if _key(s) not in seen]
            if state.get("minor") or inspire.in_power_step(state):
                out += inspire.suggest_inspire(rs, state, seat)
            if phase == "action":
                out += objectives.suggest_reveal(rs, state, seat)
            out += effects.suggest_table(rs, state, seat)
            out += cards.suggest_hand(rs, state, seat, likely=scoring.likely_first)
    info = step_info(rs, state)
    if state["step"] == "end" and seat == objectives.end_seat(state):
        # Which held objectives the game says are met and which not: the holder's own (its hand is private),
        # so only in the advice of the seat whose end phase sequence it is.
        info["objectives"] = scoring.end_phase_report(state, seat)
    if everyone:
        info["optional"] = optional_steps(everyone)
        # What the seats waited for will do: the next activation, or the end phase once the last power step passes.
        info["next_step"] = decision["step"]
    return Advice(seat, info, out, reaction_window(rs, state), waiting_for(rs, decision))


def _step(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """The events of the step the game is at (roll-off, activation, power step, end phase) for `seat`."""
    step = state["step"]
    if step == "roll_off":
        return [setup.roll_off_suggestion(state, seat, "first_turn")]
    if step == "activation" and state.get("pending"):
        return attacks.suggest_pending_attack(rs, state, seat)
    if step == "activation" and seat == active_seat(state):
        return _activations(rs, state, seat)
    if step == "power" and seat == power_seat(state):
        # The first play meets the game after the surge step that precedes it (surge glory can pay for it).
        return power.suggest_power(rs, after_minor_steps(rs, state, Event("power", seat, {})), seat)
    if step == "end" and seat == objectives.end_seat(state):
        return objectives.suggest_end_phase(rs, state, seat, power.suggest_upgrades(rs, state, seat))
    if step == "held":
        return held.suggest_held(rs, state, seat)
    return []


def _end_phase_ahead(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """In the end phase, a player's own sequence (a later player) or the next round's roll-off (the player running
    their sequence now, or one who has finished), as the game is once the sequences before it are finished: entering
    it says they are (passes.py infers each "done": Deathgorge rulebook, End phase pg 38, the next round begins once
    every player has finished theirs)."""
    end = state.get("end")
    if state["phase"] != "end" or not end or seat not in end["order"]:
        return []
    probe = "objective" if seat in end["order"][end["i"] + 1:] else "roll_off"
    chain = passes.read_only_ahead(rs, state, Event(probe, seat, {}))
    # Only what infers those "done"s (after the last end phase comes no round, and what is asked then waits for it).
    closes = (*passes.END_PHASE_EVENTS, *passes.NEXT_ROUND_EVENTS)
    return [s for s in _step(rs, chain[-1][1], seat) if s.type in closes] if chain else []


# The last activations worked out, per ruleset and seat, by the state's content (as the chain's): the next activation
# after a reaction step is often the same position one event later (a reaction passed aloud), and checking every
# action of every fighter is the seat's largest piece of advice (benchmarks/README.md, "Figures behind the code").
_LAST_ACTIVATIONS: dict[tuple[int, str], tuple[UnderworldsRuleset, ContentKey, list[Suggestion]]] = {}


def _activations(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    key = _content_key(state)
    hit = _LAST_ACTIVATIONS.get((id(rs), seat))
    if hit is None or hit[0] is not rs or not _same_key(hit[1], key):
        hit = (rs, key, activations.suggest_activations(rs, state, seat))
        _LAST_ACTIVATIONS[(id(rs), seat)] = hit
    # Each caller its own copies: an edition filters a seat's choices in place (editions/suggestions.py).
    return [replace(s, choices=dict(s.choices)) for s in hit[2]]


def _key(s: Suggestion) -> bytes:
    """What tells two suggestions apart (keys sorted; values not JSON as their str): orjson, several times
    quicker than json.dumps here, and the same equal-or-not answer for every key suggest() builds."""
    parts = [s.type, s.data, s.choices, s.bounds]
    try:
        return orjson.dumps(parts, default=str, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except orjson.JSONEncodeError:  # (an integer past 64 bits, say: the standard library's text, as bytes)
        return json.dumps(parts, sort_keys=True, default=str).encode()


