"""The sharing rule of states, enforced: what the engine hands out is never changed by whoever receives it.

A view shares every part it does not rewrite with the state it was made from (a stored, cached state: copying
each view whole would cost more than making it), so a caller that changed a view would change the game's state
behind the log's back. With checks on (the test suite turns them on), every view is handed out read-only: a
change to any part of it raises `SharedStateChanged` where it is made, so a test fails at the culprit. With checks
off (serving), a view is handed out as it is made, at no cost.

Read-only parts are dict and list subclasses, so JSON encoders, `==` and reading code treat them as plain data;
a copy of one (copy.deepcopy, `frozen`'s opposite `thawed`) is plain again and free to change.
"""
from __future__ import annotations

from typing import Any, NoReturn

_checks = False


class SharedStateChanged(TypeError):
    """A part of a state or view the engine handed out was changed: copy it first (`thawed`)."""


def _refuse(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise SharedStateChanged("this view shares its parts with the game's stored state and cannot be changed: "
                             "change a copy (app.engine.sharing.thawed)")


class FrozenDict(dict):
    """A dict that refuses every change."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo: dict) -> dict:
        return thawed(self)

    def __reduce__(self):
        return (dict, (dict(self),))


class FrozenList(list):
    """A list that refuses every change."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __copy__(self) -> list:
        return list(self)

    def __deepcopy__(self, memo: dict) -> list:
        return thawed(self)

    def __reduce__(self):
        return (list, (list(self),))


def frozen(value: Any) -> Any:
    """A read-only deep copy of plain data (dicts and lists become FrozenDict and FrozenList)."""
    if isinstance(value, dict):
        return FrozenDict({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list):
        return FrozenList(frozen(v) for v in value)
    return value


def thawed(value: Any) -> Any:
    """A plain deep copy of plain data, frozen or not: free to change."""
    if isinstance(value, dict):
        return {k: thawed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [thawed(v) for v in value]
    return value


def check_sharing(on: bool = True) -> None:
    """Turn the checks on (the test suite does) or off (serving: the default)."""
    global _checks
    _checks = on


def checking() -> bool:
    """True while views are handed out read-only."""
    return _checks


def handed_out(view: dict) -> dict:
    """A view as it leaves the engine: read-only while checks are on, else itself."""
    return frozen(view) if _checks else view
