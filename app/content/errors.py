"""ContentError, the one error of every game's content, and how a failed validation is put into words."""
from __future__ import annotations

from typing import Any

from marshmallow import ValidationError


class ContentError(Exception):
    """A content file is missing or invalid; the message names the file, the record and the field."""


def _flatten(messages: Any, path: tuple = ()) -> list[tuple[tuple, str]]:
    """marshmallow's nested error dict -> [(path, message)]; '_schema' keys stay with their parent."""
    out: list[tuple[tuple, str]] = []
    if isinstance(messages, dict):
        for key, val in messages.items():
            sub = path if key == "_schema" else (*path, key)
            out.extend(_flatten(val, sub))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out.extend((path, m) for m in messages)
    elif isinstance(messages, list):
        for m in messages:
            out.extend(_flatten(m, path))
    else:
        out.append((path, str(messages)))
    return out


def _path_str(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(whole record)"


def _record_label(data: Any, path: tuple, root_kind: str = "record") -> str:
    """Name of the innermost named record along `path` ("fighter 'targor'"), for error messages."""
    label = root_kind
    cur = data
    kind = root_kind
    for part in path:
        if isinstance(cur, dict):
            ident = cur.get("slug") or cur.get("id") or cur.get("name")
            if isinstance(ident, str):
                label = f"{kind} '{ident}'"
            kind = {"fighters": "fighter", "profiles": "profile", "printings": "printing",
                    "cards": "card", "objectives": "card", "power": "card",
                    "abilities": "ability"}.get(part, kind)
            cur = cur.get(part) if isinstance(part, str) else None
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
        else:
            break
    if isinstance(cur, dict):
        ident = cur.get("slug") or cur.get("id") or cur.get("name")
        if isinstance(ident, str):
            label = f"{kind} '{ident}'"
    return label


def describe_errors(err: ValidationError, data: Any, root_kind: str = "record") -> list[dict]:
    """Each problem of a failed load as {record, field, message} (the field as a dotted path)."""
    out = []
    for path, msg in _flatten(err.messages):
        out.append({"record": _record_label(data, path, root_kind), "field": _path_str(path), "message": msg})
    return out


def invalid_file(rel: str, err: ValidationError, data: Any, root_kind: str = "record") -> ContentError:
    """The error of a content file that failed its schema: one line per problem, naming the record and the field."""
    lines = [f"{rel}: {p['record']}, field {p['field']}: {p['message']}" for p in describe_errors(err, data, root_kind)]
    return ContentError("Invalid content file\n  " + "\n  ".join(lines))
