"""A table's own time: a judge's extension (minutes added to that table's round clock) and a staff call to a table.

No Underworlds rulebook times a round or extends one (the round length is the organiser's, set on the event): an
extension is the organiser's or judge's ruling at one table, e.g. the minutes a ruling took, added to that table
alone. Entry types:
  extend     {round, table, minutes, reason}   (that table's clock ends `minutes` later; its phones are told)
  call_table {round, table, note}              (the staff call a table, e.g. to the desk for a deck check)
"""
from __future__ import annotations

import copy

from .reads import checked_table, table_of
from .refusals import CONFLICT, INVALID, NOT_FOUND, Refusal

ENTRY_TYPES = ("extend", "call_table")
MAX_TABLE_EXTENSIONS = 10   # extensions one table gets in a round: far above a real round's one or two rulings
MAX_EXTRA_MINUTES = 120     # a table's extensions in a round, added up: a round is 30 to 90 minutes


def extra_minutes(table: dict) -> int:
    """The minutes a table's round clock runs on past the round's own (its extensions added up)."""
    return sum(x["minutes"] for x in table.get("extensions", ()))


def _published_table(state: dict, d: dict):
    rnd = state["rounds"].get(d.get("round"))
    if rnd is None or not rnd["published"]:
        return None, Refusal("not_published", f"Round {d.get('round')} is not published yet.", CONFLICT)
    table = table_of(state, d["round"], d.get("table"))
    if table is None:
        return None, Refusal("no_such_table", f"Round {d['round']} has no table {d.get('table')}.", NOT_FOUND)
    return table, None


def _check_extend(state: dict, d: dict) -> Refusal | None:
    table, refusal = _published_table(state, d)
    if refusal:
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


def _check_call_table(state: dict, d: dict) -> Refusal | None:
    return _published_table(state, d)[1]


CHECKS = {"extend": _check_extend, "call_table": _check_call_table}


def copy_for(s: dict, t: str, d: dict) -> None:
    """The round and the one table an entry changes, copied into `s` (the rest stays shared)."""
    s["rounds"] = dict(s["rounds"])
    rnd = s["rounds"][d["round"]] = dict(s["rounds"][d["round"]])
    rnd["tables"] = [copy.deepcopy(x) if x["table"] == d["table"] else x for x in rnd["tables"]]


def apply(s: dict, t: str, d: dict, who: dict) -> None:
    """Fold an extension or a table call into its table."""
    table = checked_table(s, d["round"], d["table"])
    if t == "extend":
        table.setdefault("extensions", []).append({**who, "minutes": d["minutes"], "reason": d.get("reason", "")})
    else:
        table["called"] = {**who, "note": d.get("note", "")}


def table_view(table: dict, reasons: bool) -> dict:
    """A table's extra minutes and its call, as a view's table row carries them (each extension's reason for the
    staff and the table's own phones)."""
    called = table.get("called")
    out: dict = {"extra_minutes": extra_minutes(table),
                 "called": {k: called.get(k) for k in ("note", "at", "seq")} if called else None}
    if reasons:
        out["extensions"] = [{k: x.get(k) for k in ("minutes", "reason", "actor", "at")} for x in table.get("extensions", ())]
    return out
