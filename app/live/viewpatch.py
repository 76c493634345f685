"""A seat's `view` frames as changes: after the first, each is sent as what changed since the one before.

A view is the whole state as one seat sees it plus its advice (~15 KB for four Underworlds players), and an
event changes a small part of it (a fighter's wounds, a glory count, the suggestions). So the broadcaster
sends {seq, seat, base, patch} when the seat's previous view (seq - 1) went out from this process, and the
phone applies the patch to the view it holds (static/js/viewpatch.js does the same as `apply`). A phone
whose view is not `base` asks for a full one (`sync`); a whole view is sent when there is no base.

A patch is a list of operations on nested objects: [path, value] sets path to value, [path] removes it, and
[path, refs, items] makes the list at path anew: each ref is the index of an item of the old list to keep, or -1
for the next of `items` (the suggestions change a few entries at a time, and most stay). A path is a list of
object keys ([] is the whole view). An object whose keys changed order is set whole.
"""
from __future__ import annotations

from collections import OrderedDict

from . import fastjson

MAX_OPS = 400  # beyond this, a patch saves little over the whole view: send the view


def diff(old: dict, new: dict) -> list[list]:
    """The operations that turn `old` into `new` (both JSON-like dicts)."""
    ops: list[list] = []
    _diff(old, new, [], ops)
    return ops


def _diff(old: dict, new: dict, path: list, ops: list) -> None:
    kept = [key for key in new if key in old]
    if kept != [key for key in old if key in new] or list(new)[:len(kept)] != kept:
        # Keys in another order, or a new one before an old one: set the whole object, so the order the
        # phone shows things in (fighters, seats) is the server's.
        ops.append([path, new])
        return
    for key, value in new.items():
        if key not in old:
            ops.append([[*path, key], value])
            continue
        before = old[key]
        if before is value:
            continue
        if _same(before, value):
            continue
        if isinstance(before, dict) and isinstance(value, dict):  # (a view may be read-only: sharing.py)
            _diff(before, value, [*path, key], ops)
        elif isinstance(before, list) and isinstance(value, list):
            op = _list_op([*path, key], before, value)
            if op:
                ops.append(op)
        else:
            ops.append([[*path, key], value])
    for key in old:
        if key not in new:
            ops.append([[*path, key]])


def _same(a, b) -> bool:
    """Equal as JSON: Python's == first (C speed, and most of a view is unchanged), then the JSON text, since
    == takes 1 for True."""
    return a == b and fastjson.dumps(a) == fastjson.dumps(b)


def _list_op(path: list, old: list, new: list) -> list | None:
    """The operation that makes `new` from `old` (None when they are the same): the old items kept by index,
    the others sent, or the whole list when most of it is new. Items are compared as JSON text, so 1 and True,
    which Python's == takes for equal, are told apart."""
    if len(new) < 4:
        return [path, new]  # (the caller found the lists different)
    index: dict = {}
    for i, item in enumerate(old):
        index.setdefault(fastjson.dumps(item), i)
    refs, items = [], []
    for item in new:
        i = index.get(fastjson.dumps(item))
        refs.append(-1 if i is None else i)
        if i is None:
            items.append(item)
    if not items and refs == list(range(len(old))):
        return None
    return [path, refs, items] if 2 * len(items) <= len(new) else [path, new]


def apply(base: dict, ops: list[list]) -> dict:
    """`base` with the operations applied; `base` and what it holds are left unchanged (copies along paths)."""
    root = dict(base)
    for op in ops:
        path = op[0]
        if not path:  # the whole object
            root = dict(op[1])
            continue
        node = root
        for key in path[:-1]:
            child = node.get(key)
            node[key] = dict(child) if isinstance(child, dict) else {}
            node = node[key]
        if len(op) == 1:
            node.pop(path[-1], None)
        elif len(op) == 3:
            old, items = node.get(path[-1]) or [], iter(op[2])
            node[path[-1]] = [old[ref] if ref >= 0 else next(items) for ref in op[1]]
        else:
            node[path[-1]] = op[1]
    return root


class LastViews:
    """The last view sent to each seat room by this process (bounded: the oldest rooms are forgotten)."""

    def __init__(self, most: int = 20_000):
        self.most = most
        self._views: OrderedDict[str, dict] = OrderedDict()

    def seq(self, room: str) -> int:
        """The seq of the last view sent to the room (-1: none remembered)."""
        view = self._views.get(room)
        return -1 if view is None else view["seq"]

    def frame(self, room: str, view: dict) -> dict:
        """What to send to `room` for `view`: a patch on the room's previous view when that is seq - 1,
        else the view itself. Remembers `view` as the room's base for the next one."""
        before = self._views.pop(room, None)
        self._views[room] = view
        if len(self._views) > self.most:
            self._views.popitem(last=False)
        if before is None or before.get("seq") != view["seq"] - 1 or before.get("seat") != view["seat"]:
            return view
        ops = diff(before, view)
        if len(ops) > MAX_OPS:
            return view
        return {"seq": view["seq"], "seat": view["seat"], "base": before["seq"], "patch": ops}


def full_view(held: dict | None, frame: dict) -> dict | None:
    """The whole view a `view` frame stands for, given the view a phone holds; None when the phone must ask
    for a full one (its view is not the patch's base). For tests and Python clients."""
    if "patch" not in frame:
        return frame
    if held is None or held.get("seq") != frame["base"]:
        return None
    return apply(held, frame["patch"])
