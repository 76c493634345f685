"""Whether each player has paid the entry fee (the staff's to know; filtered at check-in, in the staff's exports).

Entry type: paid {player, paid: bool}
"""
from __future__ import annotations

from . import copies
from .refusals import CONFLICT, Refusal
from .types import Data, Handler, TournamentState, Who


def _check_paid(state: TournamentState, d: Data) -> Refusal | None:
    p = state["players"][d["player"]]
    if p["status"] == "merged":
        return Refusal("not_active", f"{p['name']} was merged into another registration.", CONFLICT)
    return None


def _apply_paid(s: TournamentState, d: Data, who: Who) -> None:
    s["players"][d["player"]]["paid"] = bool(d["paid"])


HANDLERS = {"paid": Handler(_check_paid, _apply_paid, copies.with_player)}
