"""The organiser's bookkeeping entries in one table for the fold (model.py): time extensions and table calls,
penalties, paid status and the deck deadline, each folded by its own module."""
from __future__ import annotations

from . import deckcheck, paid, penalties, timeext
from .refusals import Refusal

_MODULES = (timeext, penalties, paid, deckcheck)
BY_TYPE = {t: m for m in _MODULES for t in m.ENTRY_TYPES}
ENTRY_TYPES = frozenset(BY_TYPE)
CHECKS = {t: c for m in _MODULES for t, c in m.CHECKS.items()}


def new_parts() -> dict:
    """Their part of a tournament before anything happened."""
    return {"penalties": [], "deck_deadline": None}


def copy_for(s: dict, t: str, d: dict) -> None:
    """What an entry of these types changes, copied into `s`."""
    BY_TYPE[t].copy_for(s, t, d)


def apply(s: dict, t: str, d: dict, who: dict) -> None:
    """Fold one such entry into the state, in place."""
    BY_TYPE[t].apply(s, t, d, who)


def refusal(state: dict, t: str, d: dict) -> Refusal | None:
    """Why another module's entry cannot be added because of these (a deck changed past the deadline), or None."""
    return deckcheck.refusal(state, t, d)
