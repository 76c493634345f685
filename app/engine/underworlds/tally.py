"""What has happened, counted per seat and scope, for the conditions cards read (content/README.md, Tally facts).

state["tally"] = {"at": [round, phase],
                  "activation" | "phase" | "round" | "game" | "previous_action_phase": {seat: {fact: [n, [who]]}}}

Each fact keeps how many times it happened and who did it, each once: the fighters who did it (fighter ids), or
the seat for what a player does (gambits, ploys, spells_cast, upgrades_given, reactions, pushes); a `distinct`
count is the number of different ones. Its size is bounded by the number of fighters, not the game's length
(the state is copied at each entry). The seat is the one whose fighter or player did it:
`took_out_of_action` is kept under the seat that took an enemy out (its dealer), `lost_fighters` under the
seat that lost one.

One hook (`record`) reads every applied entry and its consequences, so no rule module counts for itself.
The activation scope starts again with each activation (an `activate` or `player_action`); the phase scope
when the phase changes, keeping the last action phase's as `previous_action_phase` (what an end-phase
objective reads as "the preceding action phase"); the round scope with each round.
"""
from __future__ import annotations

from typing import Any

from ..core import Consequence, Event
from .state import UnderworldsState, seat_of

SCOPES = ("activation", "phase", "round", "game")
# Every fact record() counts (card_terms.TALLY_FACTS names the ones cards may read: a test keeps them equal).
RECORDED = ("took_out_of_action", "took_out_leader", "lost_fighters", "charges", "moves", "attacks",
            "attacks_succeeded", "attacks_failed", "damage_dealt", "gambits", "ploys", "spells_cast",
            "upgrades_given", "inspired", "guards", "reactions", "pushes")
# Consequences that say one fact each: consequence type -> (fact, key naming who did it).
FROM_CONSEQUENCES = {"inspired": ("inspired", "fighter")}


def empty() -> dict[str, Any]:
    """A new game's tally."""
    return {"at": [0, "setup"], "activation": {}, "phase": {}, "round": {}, "game": {}, "previous_action_phase": {}}


def of(state: UnderworldsState) -> dict[str, Any]:
    """The state's tally (a state folded before tallies existed gets an empty one)."""
    tally = state.get("tally")
    if tally is None:
        tally = state["tally"] = empty()
    return tally


def count(state: UnderworldsState, scope: str, seat: str, fact: str) -> int:
    """How many times `fact` happened for `seat` in `scope`."""
    got = of(state)[scope].get(seat, {}).get(fact)
    return got[0] if got else 0


def who(state: UnderworldsState, scope: str, seat: str, fact: str) -> list[str]:
    """The different fighters (or the seat) that did `fact` for `seat` in `scope`, in the order they first did."""
    got = of(state)[scope].get(seat, {}).get(fact)
    return list(got[1]) if got else []


def _add(tally: dict[str, Any], seat: str | None, fact: str, by: str, times: int = 1) -> None:
    if not seat:
        return
    for scope in SCOPES:
        got = tally[scope].setdefault(seat, {}).setdefault(fact, [0, []])
        got[0] += times
        if by not in got[1]:
            got[1].append(by)


def record(state: UnderworldsState, event: Event, cons: list[Consequence], before: tuple[int, str]) -> None:
    """Count what this applied entry did; `before` is (round, phase) when the entry was entered."""
    tally = of(state)
    if list(before) != tally["at"]:
        _roll(tally, tally["at"], list(before))
    if event.type in ("activate", "player_action") and state["phase"] == "action":
        tally["activation"] = {}
    d = event.data
    if event.type == "activate":
        action = d.get("action")
        fact = {"move": "moves", "charge": "charges", "guard": "guards"}.get(str(action))
        if fact:
            _add(tally, seat_of(d["fighter"]), fact, d["fighter"])
    elif event.type == "power" and d.get("play") in ("ploy", "spell", "upgrade"):
        _played(tally, event.by, d.get("play"), cons)
    elif event.type == "reaction" and d.get("card"):
        _add(tally, event.by, "reactions", event.by)
        kind = (state["decks"].get(event.by) or {}).get("power", {}).get(d["card"], {}).get("type")
        if kind in ("ploy", "spell"):
            _played(tally, event.by, kind, cons)
    elif event.type == "push":
        _add(tally, event.by, "pushes", event.by)
    for c in cons:
        _consequence(state, tally, c)
    now = [state["round"], state["phase"]]
    if now != list(before):
        _roll(tally, list(before), now)
    tally["at"] = now


def _played(tally: dict[str, Any], seat: str, kind: str | None, cons: list[Consequence]) -> None:
    if kind == "upgrade":
        _add(tally, seat, "upgrades_given", seat)
        return
    _add(tally, seat, "gambits", seat)
    if kind == "ploy":
        _add(tally, seat, "ploys", seat)
    elif kind == "spell" and any(c.type == "spell_cast" for c in cons):
        _add(tally, seat, "spells_cast", seat)


def _consequence(state: UnderworldsState, tally: dict[str, Any], c: Consequence) -> None:
    data = c.data
    if c.type == "attack_resolved":
        att = data["attacker"]
        _add(tally, seat_of(att), "attacks", att)
        if data.get("success") is not None:
            _add(tally, seat_of(att), "attacks_succeeded" if data["success"] else "attacks_failed", att)
    elif c.type == "damage_dealt" and data.get("by"):
        by = data["by"]
        if seat_of(by) != seat_of(data["fighter"]):
            _add(tally, seat_of(by), "damage_dealt", by, data["amount"])
    elif c.type == "out_of_action":
        fid, by = data["fighter"], data.get("by")
        _add(tally, seat_of(fid), "lost_fighters", fid)
        if by and seat_of(by) != seat_of(fid):
            _add(tally, seat_of(by), "took_out_of_action", by)
            if state["fighter_cards"].get(fid, {}).get("leader"):
                _add(tally, seat_of(by), "took_out_leader", by)
    elif c.type in FROM_CONSEQUENCES:
        fact, key = FROM_CONSEQUENCES[c.type]
        _add(tally, seat_of(data[key]), fact, data[key])


def _roll(tally: dict[str, Any], was: list[Any], now: list[Any]) -> None:
    """The phase (and maybe the round) changed from `was` to `now`: start their scopes again."""
    if was[1] == "action":
        tally["previous_action_phase"] = tally["phase"]
    tally["phase"] = {}
    tally["activation"] = {}
    if was[0] != now[0]:
        tally["round"] = {}
