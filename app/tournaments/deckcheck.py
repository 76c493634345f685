"""Deck checks: the organiser's deadline after which registered decks are locked (judges check them from then on).

Entry type: deck_deadline {at: ISO time (UTC) | None}   (None lifts the deadline)
Once the deadline has passed, an entry that changes a registered player's deck (a registration edit's `deck`) is
refused, `decks_locked`; the organiser may move the deadline (logged) to let a deck check's finding be put right.
The lock is checked when an entry is added (the wall clock), never on a replay: the log holds only entries that applied.
"""
from __future__ import annotations

from datetime import datetime, timezone

from . import copies
from .refusals import CONFLICT, INVALID, Refusal
from .types import Data, Handler, TournamentState, Who

# Entries that change a registered player's deck, with the field that carries it.
DECK_CHANGES = {"edit": "deck"}


def parse(at: str) -> datetime | None:
    """An ISO time as an aware UTC datetime, or None when it is not one."""
    try:
        when = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except (AttributeError, ValueError):
        return None
    return when if when.tzinfo else when.replace(tzinfo=timezone.utc)


def locked(state: TournamentState, now: datetime | None = None) -> bool:
    """Whether the deck deadline has passed."""
    at = state["deck_deadline"]
    when = parse(at) if at else None
    return when is not None and (now or datetime.now(timezone.utc)) >= when


def _check_deadline(state: TournamentState, d: Data) -> Refusal | None:
    if d.get("at") is not None and parse(d["at"]) is None:
        return Refusal("bad_time", "The deadline is a date and time, e.g. 2026-12-05T10:00Z.", INVALID)
    return None


def refusal(state: TournamentState, t: str, d: Data) -> Refusal | None:
    """`decks_locked` for an entry that would change a registered deck after the deadline, else None."""
    field = DECK_CHANGES.get(t)
    if field is None or field not in d or not locked(state):
        return None
    player = state["players"].get(d.get("player") or "")
    if d[field] == (player["deck"] if player is not None else None):
        return None
    return Refusal("decks_locked", f"Decks were locked at the deck-check deadline ({state['deck_deadline']}); the "
                                   "organiser may move the deadline to let a deck be changed.", CONFLICT)


def _apply_deadline(s: TournamentState, d: Data, who: Who) -> None:
    s["deck_deadline"] = d.get("at")


HANDLERS = {"deck_deadline": Handler(_check_deadline, _apply_deadline, copies.shallow)}
