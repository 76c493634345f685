"""Checks a state against its TypedDict: every key it holds is declared, at every level the TypedDict describes."""
from __future__ import annotations

import types
import typing
from typing import Any, get_args, get_origin, get_type_hints, is_typeddict


def undeclared(value: Any, hint: Any, path: str = "state") -> list[str]:
    """Paths of keys `value` holds that `hint` (a TypedDict, or a type built of them) does not declare."""
    if is_typeddict(hint):
        if not isinstance(value, dict):
            return [f"{path} is a {type(value).__name__}, not an object"]
        fields = get_type_hints(hint)
        out = [f"{path}.{key}" for key in value if key not in fields]
        for key, sub in fields.items():
            if key in value:
                out += undeclared(value[key], sub, f"{path}.{key}")
        return out
    origin = get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        for option in get_args(hint):
            if option is type(None) and value is None:
                return []
        return [p for option in get_args(hint) if option is not type(None) for p in undeclared(value, option, path)]
    if origin is dict and isinstance(value, dict):
        sub = get_args(hint)[1]
        return [p for key, item in value.items() for p in undeclared(item, sub, f"{path}.{key}")]
    if origin is list and isinstance(value, list):
        sub = get_args(hint)[0]
        return [p for i, item in enumerate(value) for p in undeclared(item, sub, f"{path}[{i}]")]
    return []
