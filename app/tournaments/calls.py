"""Judge calls closed: a call stays open until a judge settles the table (its result entered or confirmed) or closes it
by hand (`close_call` {round, table, reason}); the Judge tab and the dashboard list only open calls."""
from __future__ import annotations

from .refusals import CONFLICT, Refusal
from .types import Record, Table, Who


def open_calls(table: Table) -> list[Record]:
    """The table's judge calls nobody has closed yet."""
    return [c for c in table["judge_calls"] if not c.get("closed")]


def close_all(table: Table, who: Who, how: str) -> None:
    """Every open call of the table closed (the table is a copy: copies.with_table); `how`: settled or by_hand."""
    if not open_calls(table):
        return
    table["judge_calls"] = [c if c.get("closed") else {**c, "closed": {**who, "how": how}} for c in table["judge_calls"]]


def check_close(table: Table) -> Refusal | None:
    """Why the table's calls cannot be closed by hand (None when they can)."""
    if not open_calls(table):
        return Refusal("no_open_call", f"Table {table['table']} has no open judge call.", CONFLICT)
    return None
