"""What the engine knows of a deck's cards: each card classified by the behaviour data it carries."""
from __future__ import annotations

from typing import Any

from .card_terms import DECIDING_KEYS

# The core sets' card groups of the 2018 and 2019 rulesets (Shadespire and Dreadfane boxes).
CORE_SET_DECKS = ("garreks-reavers-shadespire", "steelhearts-champions-shadespire", "shadespire-universal",
                  "dreadfane--ironsouls-condemners", "dreadfane--lady-harrows-mournflight")
# The Deathgorge core set's four Rivals decks (Deathgorge rulebook, Contents).
DEATHGORGE_DECKS = ("cyrenis-razors-rivals", "thricefold-discord-rivals", "breakneck-slaughter", "force-of-frost")


def _asks(clauses: list[dict[str, Any]]) -> bool:
    for clause in clauses:
        (key, body), = clause.items()
        if key == "ask" or (key in ("any", "all") and _asks(body)):
            return True
    return False


def classify(card: dict[str, Any]) -> str:
    """One of: reaction, power_step, upgrade, decided (objective the game decides), asked (objective with a
    part the players are asked), unknown (no behaviour data)."""
    if not any(card.get(k) not in (None, [], {}) for k in DECIDING_KEYS):
        return "unknown"
    kind = card["type"]
    if kind == "objective":
        cond = card.get("condition")
        if not cond:
            return "unknown"
        return "asked" if _asks(cond.get("all") or cond.get("any") or []) else "decided"
    if kind == "upgrade":
        return "upgrade"
    if card.get("reaction"):
        return "reaction"
    return "power_step" if card.get("play") == "power_step" else "unknown"


def tally_deck(deck: dict[str, Any]) -> dict[str, int]:
    """The deck's cards counted by classify()."""
    out = dict.fromkeys(("reaction", "power_step", "upgrade", "decided", "asked", "unknown"), 0)
    for card in deck["cards"]:
        out[classify(card)] += 1
    return out
