"""The decks the deck-list tests register, and the deck ids and names a payload carries (that it should not)."""
from __future__ import annotations

import json

# Each player's deck, by content id and by name: neither may reach a payload it should not.
DECKS = {"Ana": ("cyrenis-razors", "cyrenis-razors-rivals", "Cyreni's Razors Rivals Deck"),
         "Ben": ("garreks-reavers", "force-of-frost", "Force of Frost Rivals Deck"),
         "Cai": ("steelhearts-champions", "breakneck-slaughter", "Breakneck Slaughter Rivals Deck")}


def deck_marks(names=DECKS) -> list[str]:
    """The deck ids and names of these players' decks."""
    return [mark for name in names for mark in DECKS[name][1:]]


def leaks(payload, allowed=()) -> list[str]:
    """The deck ids and names a payload (JSON or text) carries, beside those of `allowed` players."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    return [m for m in deck_marks([n for n in DECKS if n not in allowed]) if m in text]
