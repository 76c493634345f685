"""What every payload must be before anything reads it: finite numbers, real text, shallow nesting.

JSON allows things a game log must never hold: `NaN`/`Infinity` (Python's json reads them, browsers
cannot parse them back, so one such number would make every later reply for the game unreadable),
numbers too large for a float (`1e400` reads as infinity), strings with a lone UTF-16 surrogate
(`"\\ud800"`: they cannot be stored as UTF-8) and nesting thousands of levels deep (the parser and
every recursive reader run out of stack). `loads` and `check` refuse them, naming the field.
"""
from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 32  # the deepest real payload (a game setup's decks) nests under 10 levels
_SURROGATE = re.compile("[\ud800-\udfff]")


class WireProblem(Exception):
    """A payload that breaks one of the rules above; `field` is its dotted path ("" for the body)."""

    def __init__(self, field: str, message: str):
        super().__init__(f"{field or 'body'}: {message}")
        self.field = field or "_schema"
        self.message = message


def loads(raw: bytes | str) -> Any:
    """Parse JSON text and `check` it; raises WireProblem (naming the field) or ValueError (not JSON).

    WireProblem is not a ValueError on purpose: `request.get_json(silent=True)` must not swallow it.
    """
    try:
        value = json.loads(raw)
    except RecursionError:
        raise WireProblem("", f"The JSON is nested more than {MAX_DEPTH} levels deep.") from None
    check(value)
    return value


def _join(path: str, key) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def check(value: Any) -> None:
    """Raise WireProblem for the first non-finite number, lone surrogate or too-deep nesting in `value`."""
    stack: list[tuple[Any, str, int]] = [(value, "", 0)]
    while stack:
        item, path, depth = stack.pop()
        if isinstance(item, str):
            if _SURROGATE.search(item):
                raise WireProblem(path, "Text with a lone surrogate (not valid Unicode).")
        elif isinstance(item, float):
            if not math.isfinite(item):
                raise WireProblem(path, "Numbers must be finite (no NaN or Infinity).")
        elif isinstance(item, (dict, list, tuple)):
            if depth >= MAX_DEPTH:
                raise WireProblem(path, f"Nested more than {MAX_DEPTH} levels deep.")
            if isinstance(item, dict):
                for key, sub in item.items():
                    if isinstance(key, str) and _SURROGATE.search(key):
                        raise WireProblem(path, "A key with a lone surrogate (not valid Unicode).")
                    stack.append((sub, _join(path, key), depth + 1))
            else:
                for i, sub in enumerate(item):
                    stack.append((sub, _join(path, i), depth + 1))
