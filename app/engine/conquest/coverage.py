"""What the engine knows of the core set's cards: each card classified by its ability record.

- decided: the engine plays it all (no ability, keywords it applies, or an Action/Reaction/Interrupt whose window,
  cost, choice and effects are all in the vocabulary);
- asked: the engine knows its type and window, and some part the players carry out (`ask`);
- unknown: no record.
"""
from __future__ import annotations

from typing import Any

COLUMNS = ("decided", "asked", "unknown")
CORE_SET = "Core Set"


def classify(record: dict[str, Any] | None) -> str:
    """decided, asked or unknown (see the module's docstring)."""
    if not record:
        return "unknown"
    return "asked" if record.get("ask") else "decided"


def core_cards(pool: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The core set's cards that go into decks (warlords, army units, supports, events, attachments)."""
    return [c for c in pool if c.get("set") == CORE_SET and c["type"] not in ("planet", "token")]


def tally(pool: list[dict[str, Any]], records: dict[str, dict[str, Any]]) -> dict[str, dict[str, int]]:
    """Per faction (and "all"): the core set's cards counted by classify()."""
    out: dict[str, dict[str, int]] = {}
    for card in core_cards(pool):
        for key in (card["faction"] or "Neutral", "all"):
            row = out.setdefault(key, dict.fromkeys(("cards", *COLUMNS), 0))
            row["cards"] += 1
            row[classify(records.get(card["name"]))] += 1
    return out
