"""Penalties and warnings a judge records against a player, and what they do to the standings.

No Underworlds rulebook has penalties: the event's own pack (the organiser's) says which infraction earns
what, and the judge records it here. Kinds:
  warning  recorded only;
  glory    `amount` glory taken from the player's total in the standings (total glory, glory difference);
           the game's confirmed result stands (a judge corrects the result when the penalty changes the winner);
  game     a game lost as a penalty: recorded here, the table's result is settled by the judge's ruling
           (results, "A judge's ruling", which may name any winner);
  points   `amount` event (match) points added (a bonus, > 0) or taken (a penalty, < 0) in the standings.
Entry type: penalty {player, kind, amount, reason, round?}
"""
from __future__ import annotations

from typing import Any

from .refusals import CONFLICT, INVALID, Refusal
from .types import Data, Handler, Penalty, TournamentState, Who

KINDS = ("warning", "glory", "game", "points")
MAX_PENALTIES = 2000     # an event's penalties, all players together: bounds the log and every view carrying them
MAX_GLORY = 20           # glory one penalty takes
MAX_POINTS = 100         # event points one bonus or penalty moves (a win is 3 by default, at most 100)


def _check_penalty(state: TournamentState, d: Data) -> Refusal | None:
    p = state["players"][d["player"]]
    if p["status"] == "merged":
        return Refusal("not_active", f"{p['name']} was merged into another registration.", CONFLICT)
    if len(state["penalties"]) >= MAX_PENALTIES:
        return Refusal("too_many_penalties", f"An event holds at most {MAX_PENALTIES} penalties.", CONFLICT)
    kind, amount = d.get("kind"), d.get("amount", 0)
    if kind == "glory" and not 1 <= amount <= MAX_GLORY:
        return Refusal("bad_amount", f"A glory penalty takes 1 to {MAX_GLORY} glory.", INVALID)
    if kind == "points" and (amount == 0 or abs(amount) > MAX_POINTS):
        return Refusal("bad_amount", f"Event points: -{MAX_POINTS} to {MAX_POINTS}, not 0 (> 0 a bonus, < 0 a penalty).",
                       INVALID)
    if kind in ("warning", "game") and amount:
        return Refusal("bad_amount", f"A {kind} carries no amount.", INVALID)
    if not str(d.get("reason") or "").strip():
        return Refusal("reason_needed", "Say why: the player reads the reason on their page.", INVALID)
    return None


def _copy_penalty(state: TournamentState, d: Data) -> TournamentState:
    """The list of penalties copied (the entry appends to it)."""
    s = state.copy()
    s["penalties"] = list(state["penalties"])
    return s


def _apply_penalty(s: TournamentState, d: Data, who: Who) -> None:
    s["penalties"].append(Penalty(actor=who["actor"], seq=who["seq"], at=who["at"], player=d["player"], kind=d["kind"],
                                  amount=d.get("amount", 0), reason=d.get("reason", ""), round=d.get("round")))


HANDLERS = {"penalty": Handler(_check_penalty, _apply_penalty, _copy_penalty)}


def adjust(state: TournamentState, recs: dict[str, Any]) -> None:
    """Apply the penalties to the players' standings records (standings.Record), in place."""
    for pen in state["penalties"]:
        rec = recs.get(pen["player"])
        if rec is None:
            continue
        if pen["kind"] == "points":
            rec.points += pen["amount"]
        elif pen["kind"] == "glory":
            rec.glory_for -= pen["amount"]


def adjustments(state: TournamentState) -> dict[str, dict[str, int]]:
    """Per player, the event points and glory their penalties moved (what the standings show beside the points)."""
    out: dict[str, dict[str, int]] = {}
    for pen in state["penalties"]:
        if pen["kind"] in ("points", "glory"):
            row = out.setdefault(pen["player"], {"points": 0, "glory": 0})
            row["points" if pen["kind"] == "points" else "glory"] += pen["amount"] if pen["kind"] == "points" else -pen["amount"]
    return out


def of_player(state: TournamentState, player: str) -> list[dict[str, Any]]:
    """A player's own record (what their page shows): kind, amount, reason, round, when."""
    return [{k: pen[k] for k in ("kind", "amount", "reason", "round", "at")}
            for pen in state["penalties"] if pen["player"] == player]


def listing(state: TournamentState) -> list[dict[str, Any]]:
    """Every penalty with its player's name (the staff's view and exports)."""
    names = {p: state["players"][p]["name"] for p in state["players"]}
    return [{**pen, "name": names.get(pen["player"], pen["player"])} for pen in state["penalties"]]
