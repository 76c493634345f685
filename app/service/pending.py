"""A game's open seats: seats its own phones set up before the game starts (the rest is in seatsetup.py)."""
from __future__ import annotations

from app.engine.core import PLAYER_SEATS

from .errors import ApiError

PENDING = "pending"   # the setup's key while seats are still open
OPEN = {"open": True}


def is_pending(game: dict) -> bool:
    """A game whose seats are not all set up yet (no state, no log)."""
    return bool((game.get("setup") or {}).get(PENDING))


def open_seats(setup: dict) -> list[str]:
    """The seats of a pending setup that no phone has set up yet."""
    seats = setup.get("seats") or []
    return [PLAYER_SEATS[i] for i, s in enumerate(seats[:len(PLAYER_SEATS)]) if s == OPEN]


def refuse_open(body: dict, meta: dict | None) -> None:
    """Open seats fit a game made here whose seats each have their own phone; refused where they cannot."""
    options = body["options"]
    why = None
    if body.get("shared_device"):
        why = "One phone for the whole table sets every seat itself: no seat can be left open."
    elif options.get("match") or options.get("campaign"):
        why = "A match or campaign keeps each seat's warband from its first game: set every seat when making it."
    elif meta:
        why = "An event table's seats come from its registration."
    if why:
        raise ApiError(400, "no_open_seats", why, fields={"seats": why})


def public_options(setup: dict) -> dict:
    """The game's options a joining phone needs to set its seat (format, players, the table's card choices)."""
    options = setup.get("options") or {}
    return {k: options[k] for k in ("format", "players", "card_list", "community_cards") if k in options}
