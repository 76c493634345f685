"""The entries about the event's players, one check and one apply each: register, check_in, fixed_table, drop, merge,
edit (edits.py) and publish_decks.

  register    {player, name, warband, printing?, warband_name, deck, deck_problems, from_round}
  check_in    {player}                drop {player, reason}
  fixed_table {player, table | None}  (the table a player always plays at, for accessibility)
  merge       {keep, remove}          (a duplicate registration folded into the first)
  publish_decks {}                    (the organiser publishes every registered deck)
"""
from __future__ import annotations

from . import copies, edits
from .reads import current_round, has_played, name_key
from .refusals import CONFLICT, INVALID, NOT_FOUND, Refusal
from .types import Data, Handler, Player, TournamentState, Who

GONE = ("dropped", "merged")


def check_register(state: TournamentState, d: Data, most: int) -> Refusal | None:
    """Why this player cannot be registered in an event of at most `most` registrations (None when they can)."""
    if d["player"] in state["players"]:
        return Refusal("already_registered", "That player is already registered.", CONFLICT)
    if len(state["order"]) >= most:
        return Refusal("event_full", f"An event holds at most {most} registrations.", CONFLICT)
    return None


def register(s: TournamentState, d: Data) -> None:
    """A player joins the event (registered by staff, or a self-registration accepted)."""
    s["players"][d["player"]] = Player(
        id=d["player"], name=d["name"], warband=d.get("warband"), printing=d.get("printing"), fixed_table=None,
        warband_name=d.get("warband_name"), deck=d.get("deck"), deck_problems=d.get("deck_problems") or [],
        deck_override=d.get("deck_override"), status="registered", from_round=d.get("from_round", 1),
        merged_into=None, dropped_after=None)
    s["order"].append(d["player"])


def apply_register(s: TournamentState, d: Data, who: Who) -> None:
    """Fold a registration: the player joins."""
    register(s, d)


def _check_check_in(state: TournamentState, d: Data) -> Refusal | None:
    p = state["players"][d["player"]]
    if p["status"] in GONE:
        return Refusal("not_active", f"{p['name']} has {p['status']}; register them again to bring them back.",
                       CONFLICT)
    return None


def _apply_check_in(s: TournamentState, d: Data, who: Who) -> None:
    s["players"][d["player"]]["status"] = "checked_in"


def _check_fixed_table(state: TournamentState, d: Data) -> Refusal | None:
    p = state["players"][d["player"]]
    if p["status"] in GONE:
        return Refusal("not_active", f"{p['name']} has {p['status']}.", CONFLICT)
    if d.get("table") is not None:
        holder = next((q for q in state["players"].values() if q.get("fixed_table") == d["table"]
                       and q["id"] != p["id"] and q["status"] not in GONE), None)
        if holder is not None:
            return Refusal("table_taken", f"Table {d['table']} is already kept for {holder['name']}.", CONFLICT)
    return None


def _apply_fixed_table(s: TournamentState, d: Data, who: Who) -> None:
    s["players"][d["player"]]["fixed_table"] = d.get("table")


def _check_drop(state: TournamentState, d: Data) -> Refusal | None:
    p = state["players"][d["player"]]
    if p["status"] in GONE:
        return Refusal("not_active", f"{p['name']} has already {p['status']}.", CONFLICT)
    return None


def _apply_drop(s: TournamentState, d: Data, who: Who) -> None:
    p = s["players"][d["player"]]
    p["status"], p["dropped_after"] = "dropped", current_round(s)


def _check_merge(state: TournamentState, d: Data) -> Refusal | None:
    keep, remove = state["players"].get(d.get("keep") or ""), state["players"].get(d.get("remove") or "")
    if keep is None or remove is None:
        return Refusal("no_such_player", "Merge two registered players.", NOT_FOUND)
    if keep is remove:
        return Refusal("same_player", "A player cannot be merged with themselves.", INVALID)
    if remove["status"] == "merged" or keep["status"] == "merged":
        return Refusal("not_active", "One of them has already been merged.", CONFLICT)
    if has_played(state, remove["id"]):
        return Refusal("has_played", f"{remove['name']} has already been paired in a published round; drop that "
                                     "registration instead of merging it.", CONFLICT)
    return None


def _copy_merge(state: TournamentState, d: Data) -> TournamentState:
    """The removed player copied, and every draft round (a draft that paired them goes stale)."""
    s = copies.with_player(state, {"player": d["remove"]})
    s["rounds"] = {n: r if r["published"] else r.copy() for n, r in state["rounds"].items()}
    return s


def _apply_merge(s: TournamentState, d: Data, who: Who) -> None:
    removed = s["players"][d["remove"]]
    removed["status"], removed["merged_into"] = "merged", d["keep"]
    for rnd in s["rounds"].values():  # a draft that paired the duplicate is paired again
        if not rnd["published"] and (rnd["bye"] == d["remove"] or any(d["remove"] in x["players"] for x in rnd["tables"])):
            rnd["stale"] = True


def _check_edit(state: TournamentState, d: Data) -> Refusal | None:
    return edits.check(state, d, name_key)


def _apply_edit(s: TournamentState, d: Data, who: Who) -> None:
    edits.apply(s["players"], d, who)


def _check_publish_decks(state: TournamentState, d: Data) -> Refusal | None:
    if state["decks_published"]:
        return Refusal("already_published", "The deck lists are already published.", CONFLICT)
    return None


def _apply_publish_decks(s: TournamentState, d: Data, who: Who) -> None:
    s["decks_published"] = who["at"] or True


# `register` is the fold's own (model.py): its check reads the event's bound on registrations there.
HANDLERS = {
    "check_in": Handler(_check_check_in, _apply_check_in, copies.with_player),
    "fixed_table": Handler(_check_fixed_table, _apply_fixed_table, copies.with_player),
    "drop": Handler(_check_drop, _apply_drop, copies.with_player),
    "merge": Handler(_check_merge, _apply_merge, _copy_merge),
    "edit": Handler(_check_edit, _apply_edit, copies.with_player),
    "publish_decks": Handler(_check_publish_decks, _apply_publish_decks, copies.shallow),
}
