"""Field specifications: the shape of each event type's data, checked the same way for every ruleset."""
from __future__ import annotations

from typing import Any

from .codes import BAD_CHOICE, MALFORMED, MISSING_FIELD, OUT_OF_RANGE, UNKNOWN_FIELD, Violation

# ---------------------------------------------------------------------------------------------
# Field specifications: each ruleset's catalogue describes the data of each event type with these
# plain dicts, so clients can build forms and the core can reject malformed events generically.
#   {"type": "str"|"int"|"bool"|"seat"|"fighter"|"enum"|"object"|"list"|"any",
#    "required": bool (default True), "choices": [...] (enum), "min"/"max" (int),
#    "fields": {...} (object), "items": {...} (list), "help": str,
#    "max_items" (list, default MAX_ITEMS), "max_keys" (object without fields, default MAX_KEYS)}
# Every size is bounded: a field's own bound comes from its game's rules or content; these defaults are the
# most any field without one may hold. An override never lifts them (MALFORMED is structural).
# ---------------------------------------------------------------------------------------------
MAX_ITEMS = 64
MAX_KEYS = 64

def check_fields(spec: dict[str, dict[str, Any]], data: Any, path: str = "data") -> list[Violation]:
    """Structural check of event data against a field spec; every problem names its field path."""
    if not isinstance(data, dict):
        return [MALFORMED(f"{path} must be an object.")]
    problems: list[Violation] = []
    for name, fspec in spec.items():
        where = f"{path}.{name}"
        if name not in data or data[name] is None:
            if fspec.get("required", True):
                problems.append(MISSING_FIELD(f"{where} is required."))
            continue
        problems.extend(_check_value(fspec, data[name], where))
    for name in data:
        if name not in spec:
            problems.append(UNKNOWN_FIELD(f"{path}.{name} is not a field of this event."))
    return problems


def _check_value(fspec: dict[str, Any], value: Any, where: str) -> list[Violation]:
    kind = fspec.get("type", "any")
    if kind in ("str", "seat", "fighter"):
        if not isinstance(value, str) or not value:
            return [MALFORMED(f"{where} must be a non-empty string.")]
        if len(value) > fspec.get("max_length", 2000):
            return [MALFORMED(f"{where} is too long.")]
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return [MALFORMED(f"{where} must be a whole number.")]
        if "min" in fspec and value < fspec["min"]:
            return [OUT_OF_RANGE(f"{where} must be at least {fspec['min']}.")]
        if "max" in fspec and value > fspec["max"]:
            return [OUT_OF_RANGE(f"{where} must be at most {fspec['max']}.")]
    elif kind == "bool":
        if not isinstance(value, bool):
            return [MALFORMED(f"{where} must be true or false.")]
    elif kind == "enum":
        if value not in fspec.get("choices", ()):
            allowed = ", ".join(str(c) for c in fspec.get("choices", ()))
            return [BAD_CHOICE(f"{where} must be one of: {allowed}.")]
    elif kind == "object":
        if "fields" in fspec:
            return check_fields(fspec["fields"], value, where)
        if not isinstance(value, dict):
            return [MALFORMED(f"{where} must be an object.")]
        if len(value) > fspec.get("max_keys", MAX_KEYS):
            return [MALFORMED(f"{where} holds at most {fspec.get('max_keys', MAX_KEYS)} entries.")]
    elif kind == "list":
        if not isinstance(value, list):
            return [MALFORMED(f"{where} must be a list.")]
        if len(value) > fspec.get("max_items", MAX_ITEMS):
            return [MALFORMED(f"{where} holds at most {fspec.get('max_items', MAX_ITEMS)} items.")]
        item = fspec.get("items")
        if item:
            out: list[Violation] = []
            for i, v in enumerate(value):
                out.extend(_check_value(item, v, f"{where}[{i}]"))
            return out
    return []


NOTE_SPEC = {"text": {"type": "str", "max_length": 2000, "help": "What happened"},
             # A note about one entry (a referee's ruling on it, a player's flag for the referee); the log
             # checks that the entry exists (check_note_target), and the note still changes nothing.
             "seq": {"type": "int", "min": 1, "required": False, "help": "The entry this note is about"}}
REVERT_SPEC = {"seq": {"type": "int", "min": 1, "help": "Event to take back"},
               "reason": {"type": "str", "max_length": 500, "help": "Why"}}
