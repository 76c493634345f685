"""Whether each player has paid the entry fee (the staff's to know; filtered at check-in, in the staff's exports).

Entry type: paid {player, paid: bool}
"""
from __future__ import annotations

from .refusals import CONFLICT, Refusal

ENTRY_TYPES = ("paid",)


def _check_paid(state: dict, d: dict) -> Refusal | None:
    p = state["players"][d["player"]]
    if p["status"] == "merged":
        return Refusal("not_active", f"{p['name']} was merged into another registration.", CONFLICT)
    return None


CHECKS = {"paid": _check_paid}


def copy_for(s: dict, t: str, d: dict) -> None:
    """The one player the entry changes, copied into `s`."""
    s["players"] = dict(s["players"])
    s["players"][d["player"]] = dict(s["players"][d["player"]])


def apply(s: dict, t: str, d: dict, who: dict) -> None:
    """Fold a paid mark into the player."""
    s["players"][d["player"]]["paid"] = bool(d["paid"])
