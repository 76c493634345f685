"""The organiser's bookkeeping entries in one table for the fold (model.py): time extensions and table calls,
penalties, paid status and the deck deadline, each folded by its own module."""
from __future__ import annotations

from . import deckcheck, paid, penalties, timeext
from .refusals import Refusal
from .types import Data, TournamentState

HANDLERS = {**timeext.HANDLERS, **penalties.HANDLERS, **paid.HANDLERS, **deckcheck.HANDLERS}


def refusal(state: TournamentState, t: str, d: Data) -> Refusal | None:
    """Why another module's entry cannot be added because of these (a deck changed past the deadline), or None."""
    return deckcheck.refusal(state, t, d)
