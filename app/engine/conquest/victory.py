"""Winning and losing: three planets of a type, a defeated bloodied warlord, an empty deck, ties, the last planet."""
from __future__ import annotations

from typing import Any

from ..core import Consequence
from . import rules
from .board import in_line, other, seats
from .types import ConquestState


def planet_type_win(state: ConquestState, seat: str) -> str | None:
    """The type shared by three planets in the seat's victory display, or None."""
    counts: dict[str, int] = {}
    for name in state["seats"][seat]["victory"]:
        for t in state["planets"].get(name, {}).get("types", []):
            counts[t] = counts.get(t, 0) + 1
    for t in sorted(counts):
        if counts[t] >= 3:
            return t
    return None


def _loses(state: ConquestState, seat: str) -> tuple[str, str] | None:
    s = state["seats"][seat]
    if s.get("defeated"):
        return "warlord", rules.LOSE_WARLORD
    if s["deck"] <= 0:
        return "deck", rules.LOSE_DECK
    return None


def evaluate(state: ConquestState) -> list[Consequence]:
    """Check every winning and losing condition now; set the result when the game is over."""
    if state.get("result"):
        return []
    wins: dict[str, tuple[str, str]] = {}
    for seat in seats(state):
        t = planet_type_win(state, seat)
        if t:
            wins[seat] = (f"planets:{t}", rules.WIN_PLANETS)
        lost = _loses(state, seat)
        if lost:
            wins.setdefault(other(state, seat), lost)
    if not wins:
        return []
    if len(wins) == 2:
        return finish(state, [], True, "tie", rules.TIE, {s: w[0] for s, w in wins.items()})
    (winner, (how, rule)), = wins.items()
    return finish(state, [winner], False, how.split(":")[0], rule, {winner: how})


def finish(state: ConquestState, winners: list[str], draw: bool, decided_by: str, rule: str,
           detail: dict[str, Any] | None = None) -> list[Consequence]:
    """End the game with this result."""
    state["result"] = {"winners": winners, "draw": draw, "decided_by": decided_by, "rule": rule,
                       "detail": detail or {}}
    state["phase"] = "over"
    state["step"] = {"name": "over"}
    state["pending"] = []
    return [Consequence("game_over", dict(state["result"]), rule)]


def last_planet(state: ConquestState) -> list[Consequence]:
    """After the battle for the last planet: the player who most recently captured a planet wins, else a tie."""
    if state.get("result") or in_line(state):
        return []
    last = state.get("last_capture")
    if last:
        return finish(state, [last], False, "last_planet", rules.LAST_PLANET)
    return finish(state, [], True, "last_planet", rules.LAST_PLANET)


def draw_cards(state: ConquestState, seat: str, n: int) -> int:
    """Move up to n cards from the deck to the hand; returns how many were drawn."""
    s = state["seats"][seat]
    got = max(0, min(n, s["deck"]))
    s["deck"] -= got
    s["hand"] += got
    return got
