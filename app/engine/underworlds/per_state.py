"""Work every seat's suggestions share, done once per state: the views of one event ask for each seat's advice of
the same state, one seat after the other.

States are values here (apply() returns a new one; nothing changes a state that has been handed out), so the state
object itself is the key; the slot holds the state, so its id cannot be reused while the answer is remembered. The
one path that changes a state in place, Ruleset.apply_in_place (a fold's own states), forgets it (forget() below),
so a state changed there never meets an answer worked out before. One slot per ruleset object and kind of work:
the last state asked about.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping, TypeVar

T = TypeVar("T")

_LAST: dict[tuple[int, str], tuple[Mapping[str, Any], Any]] = {}


def once_per_state(rs: object, state: Mapping[str, Any], what: str, work: Callable[[], T]) -> T:
    """`work()` for this state and this kind of work, remembered until another state asks for it."""
    key = (id(rs), what)
    hit = _LAST.get(key)
    if hit is not None and hit[0] is state:
        found: T = hit[1]  # what `work` gave for this (ruleset, kind of work)
        return found
    value = work()
    _LAST[key] = (state, value)
    return value


def forget(state: Mapping[str, Any]) -> None:
    """Drop every answer remembered for this state object (it is about to change, or has changed, in place)."""
    for key in [k for k, (held, _) in _LAST.items() if held is state]:
        del _LAST[key]
