"""The objectives held when a game ends tied on glory: asked of the players, since positions are seldom entered.

Every edition's Victory rule decides a glory tie between players with surviving fighters by what they hold at the
end: the highest combined value of objectives (Deathgorge rulebook, Victory pg 39; Multiplayer games, Victory), the
greatest number of objective tokens (Shadespire, Victory pg 25; Multiplayer games, Victory pg 27) or objective hexes
(Dreadfane, Victory pg 19). After the last end phase such a game waits at the `held` step (rounds.py) for one
`objectives_held {held: {seat: n}}` entry, any player's, for every tied player; then it ends, decided by those
numbers (victory.py, editions/victory.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Consequence, Event, Suggestion, Violation
from . import rounds
from . import violations as V
from .state import UnderworldsState, held_count, hold_value

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

MAX_HELD = 20   # a bound, not a rule: the board has fewer objective tokens (or their values) than this


def asked(state: UnderworldsState) -> list[str]:
    """The tied players the game asks about (the consequence that opened the step says so)."""
    return list(state.get("held_asked") or [])


def check_objectives_held(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Only at the held step; a number for each tied player and for nobody else."""
    cite = rs.edition.rule
    if state["phase"] != "end" or state["step"] != "held":
        return [V.NOT_NOW("What each player holds is asked only when the game ends tied on glory.", cite("victory"),
                          overridable=False)]
    held = event.data["held"]
    want = asked(state)
    out = []
    if sorted(held) != sorted(want):
        out.append(V.HELD_FOR_TIED(f"Say what each tied player holds: {', '.join(want)}.", cite("victory"),
                                   overridable=False))
    if any(not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MAX_HELD for n in held.values()):
        out.append(V.HELD_FOR_TIED(f"Each number is from 0 to {MAX_HELD}.", cite("victory"), overridable=False))
    return out


def apply_objectives_held(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """The numbers entered decide the tie: the game ends."""
    state["held"] = {seat: int(n) for seat, n in event.data["held"].items()}
    state["held_asked"] = []
    return rounds.game_over(rs, state)


def suggest_held(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    """The one entry the game waits for, any player's, with what the engine knows of the positions as its start."""
    counting = rs.edition.objective_tiebreak == "count"
    worth = "how many objectives each holds" if counting else "the combined value of the objectives each holds"
    start = {s: _known(rs, state, s) for s in asked(state)}
    return [Suggestion("objectives_held", seat, f"Tied on glory: {worth}", {"held": start},
                       bounds={f"held.{s}": {"type": "int", "min": 0, "max": MAX_HELD} for s in start},
                       group="End of the game")]


def _known(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> int:
    return held_count(state, seat) if rs.edition.objective_tiebreak == "count" else hold_value(state, seat)
