"""Victory and its tiebreaks (Deathgorge rulebook, Victory pg 39; Multiplayer games, Victory).

1. Most glory points, spent and unspent.
2. Tied players: the only one with surviving fighters wins (tied players with none drop out when another has some).
3. Tied players with surviving fighters: the highest combined value of objective tokens held wins.
4. Still tied: a draw between those players (the others lose).
Who holds which objective at the end is seldom in the log (positions are entered only when a card needs them), so
when the tiebreak of step 3 decides, the game asks the players (`held_asked`, the `objectives_held` entry) before it
ends, and decides by what they entered; the engine's own count from the positions it knows is the suggestion.
The 2018 and 2019 rules ask the same, counting tokens or hexes held rather than their values (editions/victory.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Outcome, as_outcome
from . import glory
from .state import UnderworldsState, hold_value, surviving

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def held_asked(state: UnderworldsState) -> list[str]:
    """The players tied on the most glory who have surviving fighters, when two or more are: what they hold at the end
    decides (every edition's Victory rule), so the players are asked before the game ends. [] otherwise."""
    seats = list(state["order"])
    totals = {s: glory.total(state, s) for s in seats}
    best = max(totals.values())
    alive = [s for s in seats if totals[s] == best and surviving(state, s)]
    return alive if len(alive) > 1 else []


def outcome(rs: UnderworldsRuleset, state: UnderworldsState) -> Outcome | None:
    """None while playing; else {winners, draw, decided_by, glory, objective_value}."""
    if state["phase"] != "over":
        return None
    seats = list(state["order"])
    totals = {s: glory.total(state, s) for s in seats}
    entered = state.get("held") or {}
    held = {s: entered.get(s, hold_value(state, s)) for s in seats}
    base = {"glory": totals, "objective_value": held}
    best = max(totals.values())
    tied = [s for s in seats if totals[s] == best]
    if len(tied) == 1:
        return as_outcome({**base, "winners": tied, "draw": False, "decided_by": "glory"})
    alive = [s for s in tied if surviving(state, s)]
    if len(alive) == 1:
        return as_outcome({**base, "winners": alive, "draw": False, "decided_by": "surviving_fighters"})
    if not alive:
        return as_outcome({**base, "winners": tied, "draw": True, "decided_by": "draw"})
    top = max(held[s] for s in alive)
    lead = [s for s in alive if held[s] == top]
    if len(lead) == 1:
        return as_outcome({**base, "winners": lead, "draw": False, "decided_by": "objective_value"})
    return as_outcome({**base, "winners": lead, "draw": True, "decided_by": "draw"})
