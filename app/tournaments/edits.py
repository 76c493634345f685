"""A registration edited (name, warband, printing, deck), folded from the tournament's log.

Entry type (data fields):
  edit  {player, name?, warband?, printing?, warband_name?, deck?, deck_problems?, deck_override?, before, round}
        (only the fields that change; `before` holds the old name, warband and printing, never the old deck, so the
        deck lists stay the organiser's until published; `round` is the round under way when it was made)
Every edit is kept on the player (`edits`: who, when, which fields) and, once round 1 is published, the staff's view
of the player's table in the current round lists it, so a judge at the table sees what changed.
"""
from __future__ import annotations

from typing import Any, Callable, cast

from .refusals import CONFLICT, INVALID, Refusal
from .types import Data, Player, TournamentState, Who

EDITABLE = ("name", "warband", "printing", "deck")
# What an edit entry may set on the player (the deck's check comes with the deck, the warband's name with the warband).
SETS = ("name", "warband", "printing", "warband_name", "deck", "deck_problems", "deck_override")
MAX_EDITS = 50  # edits of one registration: far above a day's few fixes, and bounds what a view carries per player


def name_holder(state: TournamentState, player: str, key: str, name_key: Callable[[str], str]) -> Player | None:
    """Another registration (not merged away) whose name is the same as `key` (case, spacing and accents aside)."""
    return next((q for q in state["players"].values() if q["id"] != player and q["status"] != "merged"
                 and name_key(q["name"]) == key), None)


def check(state: TournamentState, d: Data, name_key: Callable[[str], str]) -> Refusal | None:
    """Why this edit cannot be added now (None when it can)."""
    p = state["players"][d["player"]]
    if p["status"] == "merged":
        return Refusal("not_active", f"{p['name']} was merged into another registration; edit that one.", CONFLICT)
    if not any(k in d for k in SETS):
        return Refusal("nothing_changed", "This edit changes nothing.", INVALID)
    if len(p.get("edits") or []) >= MAX_EDITS:
        return Refusal("too_many_edits", f"{p['name']}'s registration was already edited {MAX_EDITS} times.", CONFLICT)
    if "name" in d:
        if not str(d["name"]).strip():
            return Refusal("invalid", "A name is needed.", INVALID)
        holder = name_holder(state, p["id"], name_key(d["name"]), name_key)
        if holder is not None:
            return Refusal("name_taken", f"{holder['name']} is already registered under that name.", CONFLICT)
    return None


def apply(players: dict[str, Player], d: Data, who: Who) -> None:
    """The player's registration after the edit (the player's record is a copy: copies.with_player)."""
    p = players[d["player"]]
    fields_of = cast(dict[str, Any], p)  # the keys an edit sets are named by the entry's data
    for key in SETS:
        if key in d:
            fields_of[key] = d[key]
    fields = [k for k in EDITABLE if k in d]
    p["edits"] = [*(p.get("edits") or []), {**who, "fields": fields, "before": dict(d.get("before") or {}),
                                            "round": d.get("round", 0)}]


def table_changes(state: TournamentState, players: list[str], round_no: int) -> list[dict[str, Any]]:
    """The edits of these players made once round 1 was published and by this round (what a judge at their table is
    shown): who, when, which fields, and the old and new name and warband (never a deck)."""
    out = []
    for pid in players:
        p = state["players"].get(pid) if pid is not None else None
        if p is None:
            continue
        for e in p.get("edits") or []:
            if 1 <= e.get("round", 0) <= round_no:
                out.append({"player": pid, "name": p["name"], "fields": e["fields"], "actor": e["actor"], "at": e["at"],
                            "round": e["round"], "before": {k: v for k, v in e["before"].items() if k != "deck"},
                            "now": {"name": p["name"], "warband": p.get("warband_name") or p["warband"]}})
    return out
