"""How big each part of an imported game file may be: counted before parsing, and part by part after.

A file under the byte limit can still be padded by shape (millions of one-digit numbers, hundreds of
thousands of keys): parsing it holds the interpreter for the whole parse, and every later walk of it costs
as much again. So the text is counted first (a comma, `[` or `{` per value, with no parsing: milliseconds
for the largest file), and the parsed parts are then measured against their own budgets.
"""
from __future__ import annotations

from typing import Any

# Measured on an exported Underworlds game of 80 events: the setup held 377 values nested 9 deep, an event 15
# values on average (27 at most, nested 7 deep), the file 1,792 by the count of `values_in_text`.
# The parser holds the interpreter while it reads (tens of milliseconds for a million numbers: benchmarks/README.md,
# "Figures behind the code"), so a file is held under half a million values: at the 20,000-event limit, 25 per event, over
# one and a half times the measured average.
MAX_FILE_VALUES = 500_000
# A setup is the players' names, options and content picks (decks, fighters, unit lists): over 100 times that.
MAX_SETUP_VALUES = 50_000
MAX_SETUP_DEPTH = 16
# One event of the log: what a live submission carries (MAX_BODY_BYTES bounds those) plus its consequences.
MAX_EVENT_VALUES = 5_000
MAX_EVENT_DEPTH = 12


class ShapeProblem(Exception):
    """A part of the file over its budget; `field` names the part."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field
        self.message = message


# Counting holds the interpreter too (over a tenth of a second for a file at the size limit in one call:
# benchmarks/README.md, "Figures behind the code"), so the text is counted a slice at a time: between slices the
# server's other threads run.
COUNT_SLICE = 256 * 1024


def values_in_text(raw: bytes, limit: int | None = None) -> int:
    """An upper bound on the number of JSON values in `raw`, without parsing it (commas and openers);
    counting stops once `limit` is passed."""
    total = 1
    for start in range(0, len(raw), COUNT_SLICE):
        end = start + COUNT_SLICE
        total += raw.count(b",", start, end) + raw.count(b"[", start, end) + raw.count(b"{", start, end)
        if limit is not None and total > limit:
            break
    return total


def check_text(raw: bytes) -> None:
    """Refuse a file whose text holds more values than any export does, before it is parsed."""
    if values_in_text(raw, MAX_FILE_VALUES) > MAX_FILE_VALUES:
        raise ShapeProblem("_schema", f"An imported game file may hold at most {MAX_FILE_VALUES:,} values "
                                      "(numbers, texts, lists and objects).")


def measure(value: Any, limit: int) -> tuple[int, int]:
    """(values, depth) of a parsed JSON value, counting stops once `limit` values are passed."""
    count, deepest = 0, 0
    stack = [(value, 1)]
    while stack and count <= limit:
        item, depth = stack.pop()
        count += 1
        deepest = max(deepest, depth)
        if isinstance(item, dict):
            stack.extend((sub, depth + 1) for sub in item.values())
        elif isinstance(item, list):
            stack.extend((sub, depth + 1) for sub in item)
    return count, deepest


def _within(value: Any, field: str, what: str, max_values: int, max_depth: int) -> None:
    count, depth = measure(value, max_values)
    if count > max_values:
        raise ShapeProblem(field, f"{what} may hold at most {max_values:,} values.")
    if depth > max_depth:
        raise ShapeProblem(field, f"{what} may nest at most {max_depth} levels deep.")


def check_parts(body: Any) -> None:
    """Refuse a parsed file whose setup or any event is over its budget (the schema checks the rest)."""
    if not isinstance(body, dict):
        return
    _within(body.get("setup"), "setup", "The setup", MAX_SETUP_VALUES, MAX_SETUP_DEPTH)
    events = body.get("events")
    if isinstance(events, list):
        for i, ev in enumerate(events):
            _within(ev, f"events[{i}]", f"Event {i + 1} of the log", MAX_EVENT_VALUES, MAX_EVENT_DEPTH)
