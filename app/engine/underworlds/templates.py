"""A suggestion as the ruleset's own checks allow it: the one source of legality for every suggestion builder."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Event, Suggestion, plain_copy
from .state import UnderworldsState

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def legal(rs: UnderworldsRuleset, state: UnderworldsState, sugg: Suggestion) -> Suggestion | None:
    """The suggestion as the ruleset's own checks allow it (one source of legality; editions change checks):
    a complete event if it passes; a template with one choice field keeps only the legal choices; other
    templates are kept when a sample filled from their first choices and lowest bounds passes."""
    def sample(extra: dict[str, Any]) -> Event:
        data = plain_copy(sugg.data)  # (as deepcopy gives it, without its bookkeeping: one per choice checked)
        for path, value in extra.items():
            cur = data
            parts = path.split(".")
            for part in parts[:-1]:
                cur = cur.setdefault(part, {})
            cur[parts[-1]] = value
        return Event(sugg.type, sugg.by, data)
    base = {p: (b.get("min", 0) if b.get("type") == "int" else "x") for p, b in sugg.bounds.items()}
    if len(sugg.choices) == 1:
        (path, values), = sugg.choices.items()
        ok = [v for v in values if not rs.check(state, sample({**base, path: v}))]
        if not ok:
            return None
        sugg.choices[path] = ok
        return sugg
    first = {p: v[0] for p, v in sugg.choices.items() if v}
    return None if rs.check(state, sample({**base, **first})) else sugg
