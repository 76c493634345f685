"""The sharing rule of states, enforced: what the engine hands out is never changed by whoever receives it.

A view shares every part it does not rewrite with the state it was made from (a stored, cached state: copying
each view whole would cost more than making it), so a caller that changed a view would change the game's state
behind the log's back. With checks on (the test suite turns them on), every view is handed out read-only: a
change to any part of it raises `SharedStateChanged` where it is made, so a test fails at the culprit. With checks
off (serving), a view is handed out as it is made, at no cost.

Read-only parts are dict and list subclasses, so JSON encoders, `==` and reading code treat them as plain data;
a copy of one (copy.copy, copy.deepcopy, `thawed`) is plain again and free to change. The wrapper is shallow and
wraps each part as it is read, so checking costs a small copy per view, not a deep one. It catches changes made the
ordinary way (item assignment, update, append...); code that reaches around it (dict.__setitem__ on a part, or a
`{**view}` spread whose parts it then changes) is not caught.
"""
from __future__ import annotations

from typing import Any, Iterator, NoReturn

_checks = False


class SharedStateChanged(TypeError):
    """A part of a state or view the engine handed out was changed: copy it first (`thawed`)."""


def _refuse(*_args: Any, **_kwargs: Any) -> NoReturn:
    raise SharedStateChanged("this view shares its parts with the game's stored state and cannot be changed: "
                             "change a copy (app.engine.sharing.thawed)")


def _read_only(value: Any) -> Any:
    """A dict or list seen through a read-only wrapper (a shallow one: its own parts are wrapped when read)."""
    kind = type(value)
    if kind is dict:
        return FrozenDict(value)
    if kind is list:
        return FrozenList(value)
    return value


class FrozenDict(dict[Any, Any]):
    """A dict that refuses every change, and whose parts, read through it, refuse every change too.

    Wrapping is shallow and happens as parts are read, so handing a view out read-only costs one small copy of its
    top level, not a copy of the whole view."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _refuse

    def __getitem__(self, key: Any) -> Any:
        return _read_only(dict.__getitem__(self, key))

    def get(self, key: Any, default: Any = None) -> Any:
        return _read_only(dict.get(self, key, default))

    # values() and items() answer lists, not dict views, so that each part can be wrapped as it is read.
    def values(self) -> list[Any]:  # type: ignore[override]
        return [_read_only(v) for v in dict.values(self)]

    def items(self) -> list[tuple[Any, Any]]:  # type: ignore[override]
        return [(k, _read_only(v)) for k, v in dict.items(self)]

    def __copy__(self) -> dict[Any, Any]:
        return _thawed_dict(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> dict[Any, Any]:
        return _thawed_dict(self)

    def __reduce__(self) -> tuple[type[dict[Any, Any]], tuple[dict[Any, Any]]]:
        return (dict, (_thawed_dict(self),))


class FrozenList(list[Any]):
    """A list that refuses every change, and whose items, read through it, refuse every change too."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = clear = sort = reverse = _refuse
    __iadd__ = __imul__ = _refuse

    def __getitem__(self, index: Any) -> Any:
        item = list.__getitem__(self, index)
        return FrozenList(item) if isinstance(index, slice) else _read_only(item)

    def __iter__(self) -> Iterator[Any]:
        return (_read_only(v) for v in list.__iter__(self))

    def __copy__(self) -> list[Any]:
        return _thawed_list(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> list[Any]:
        return _thawed_list(self)

    def __reduce__(self) -> tuple[type[list[Any]], tuple[list[Any]]]:
        return (list, (_thawed_list(self),))


def frozen(value: Any) -> Any:
    """Plain data seen read-only: a change to it, or to any part read through it, raises SharedStateChanged."""
    return _read_only(value)


def thawed(value: Any) -> Any:
    """A plain deep copy of plain data, read-only or not: free to change."""
    if isinstance(value, dict):
        return _thawed_dict(value)
    if isinstance(value, list):
        return _thawed_list(value)
    return value


def _thawed_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return {k: thawed(v) for k, v in dict.items(value)}


def _thawed_list(value: list[Any]) -> list[Any]:
    return [thawed(v) for v in list.__iter__(value)]


def check_sharing(on: bool = True) -> None:
    """Turn the checks on (the test suite does) or off (serving: the default)."""
    global _checks
    _checks = on


def handed_out(view: dict[str, Any]) -> dict[str, Any]:
    """A view as it leaves the engine: read-only while checks are on, else itself."""
    # as frozen() hands it out: a plain dict wrapped, anything else as it is
    return FrozenDict(view) if _checks and type(view) is dict else view
