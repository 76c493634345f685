"""Lookup: how content reaches a player's saved records (custom warbands, decks, card lists, unit lists)."""
from __future__ import annotations

from typing import Callable

# lookup(kind, id) -> the saved record, or None; the caller passes its store's (EventStore.get_custom).
Lookup = Callable[[str, str], "dict | list | None"]
