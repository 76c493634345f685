"""A table's own time: a judge's extension (minutes added to that table's round clock) and a staff call to a table.

No Underworlds rulebook times a round or extends one (the round length is the organiser's, set on the event): an
extension is the organiser's or judge's ruling at one table, e.g. the minutes a ruling took, added to that table
alone. Entry types:
  extend     {round, table, minutes, reason}   (that table's clock ends `minutes` later; its phones are told)
  call_table {round, table, note}              (the staff call a table, e.g. to the desk for a deck check)
"""
from __future__ import annotations

from typing import Any

from . import copies
from .reads import checked_table, table_of
from .refusals import CONFLICT, INVALID, NOT_FOUND, Refusal
from .types import Data, Handler, Table, TournamentState, Who

MAX_TABLE_EXTENSIONS = 10   # extensions one table gets in a round: far above a real round's one or two rulings
MAX_EXTRA_MINUTES = 120     # a table's extensions in a round, added up: a round is 30 to 90 minutes


def extra_minutes(table: Table) -> int:
    """The minutes a table's round clock runs on past the round's own (its extensions added up)."""
    return sum(x["minutes"] for x in table.get("extensions", ()))


def _published_table(state: TournamentState, d: Data) -> tuple[Table | None, Refusal | None]:
    rnd = state["rounds"].get(d["round"]) if isinstance(d.get("round"), int) else None
    if rnd is None or not rnd["published"]:
        return None, Refusal("not_published", f"Round {d.get('round')} is not published yet.", CONFLICT)
    table = table_of(state, d["round"], d.get("table"))
    if table is None:
        return None, Refusal("no_such_table", f"Round {d['round']} has no table {d.get('table')}.", NOT_FOUND)
    return table, None


def _check_extend(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _published_table(state, d)
    if table is None:
        return refusal
    if table["status"] == "confirmed":
        return Refusal("already_confirmed", f"Table {table['table']}'s result is confirmed: its game is over.",
                       CONFLICT)
    if len(table.get("extensions", ())) >= MAX_TABLE_EXTENSIONS:
        return Refusal("too_many_extensions", f"Table {table['table']} already has {MAX_TABLE_EXTENSIONS} extensions "
                                              "this round.", CONFLICT)
    if extra_minutes(table) + d["minutes"] > MAX_EXTRA_MINUTES:
        return Refusal("too_much_time", f"A table gets at most {MAX_EXTRA_MINUTES} extra minutes in a round.", CONFLICT)
    if not str(d.get("reason") or "").strip():
        return Refusal("reason_needed", "Say why the table gets more time: its players read it.", INVALID)
    return None


def _check_call_table(state: TournamentState, d: Data) -> Refusal | None:
    return _published_table(state, d)[1]


def _apply_extend(s: TournamentState, d: Data, who: Who) -> None:
    table = checked_table(s, d["round"], d["table"])
    table.setdefault("extensions", []).append({**who, "minutes": d["minutes"], "reason": d.get("reason", "")})


def _apply_call_table(s: TournamentState, d: Data, who: Who) -> None:
    checked_table(s, d["round"], d["table"])["called"] = {**who, "note": d.get("note", "")}


HANDLERS = {"extend": Handler(_check_extend, _apply_extend, copies.with_table),
            "call_table": Handler(_check_call_table, _apply_call_table, copies.with_table)}


def table_view(table: Table, reasons: bool) -> dict[str, Any]:
    """A table's extra minutes and its call, as a view's table row carries them (each extension's reason for the
    staff and the table's own phones)."""
    called = table.get("called")
    out: dict[str, Any] = {"extra_minutes": extra_minutes(table),
                 "called": {k: called.get(k) for k in ("note", "at", "seq")} if called else None}
    if reasons:
        out["extensions"] = [{k: x.get(k) for k in ("minutes", "reason", "actor", "at")} for x in table.get("extensions", ())]
    return out
