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

import orjson

from . import fastjson

MAX_OPS = 400  # beyond this, a patch saves little over the whole view: send the view


def diff(old: dict, new: dict, memo: dict | None = None) -> list[list]:
    """The operations that turn `old` into `new` (both JSON-like dicts). `memo` shares the work on the parts that
    several diffs compare: the views of one event, one per seat, share most of the state's parts with each other,
    and their previous views with each other (see LastViews.frame)."""
    ops: list[list] = []
    _diff(old, new, [], ops, memo)
    return ops


def _diff(old: dict, new: dict, path: list, ops: list, memo: dict | None = None, depth: int = 0) -> None:
    if list(new) != list(old) and _reordered(old, new):
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
        both_dicts = isinstance(before, dict) and isinstance(value, dict)  # (a view may be read-only: sharing.py)
        both_lists = isinstance(before, list) and isinstance(value, list)
        if memo is not None and 1 <= depth <= 2 and (both_dicts or both_lists):
            # A part of the state or of the advice, or a part of one (a seat, a fighter): worked out once for every
            # seat's view that shares it. (Deeper, a lookup costs more than it saves.)
            ops.extend([[*path, key, *op[0]], *op[1:]] for op in _shared_changes(before, value, memo, depth + 1))
            continue
        if _same(before, value):
            continue
        if both_dicts:
            _diff(before, value, [*path, key], ops, memo, depth + 1)
        elif both_lists:
            op = _list_op([*path, key], before, value)
            if op:
                ops.append(op)
        else:
            ops.append([[*path, key], value])
    for key in old:
        if key not in new:
            ops.append([[*path, key]])


def _reordered(old: dict, new: dict) -> bool:
    """Whether the keys both have are in another order, or a new key comes before an old one."""
    kept = [key for key in new if key in old]
    return kept != [key for key in old if key in new] or list(new)[:len(kept)] != kept


def _shared_changes(before, value, memo: dict, depth: int) -> list[list]:
    """The operations, relative to the part, that turn `before` into `value` (two dicts or two lists), remembered
    by the parts' identity. Each answer holds the two parts, so their ids are not reused while it is remembered."""
    hit = memo.get((id(before), id(value)))
    if hit is not None:
        return hit[2]
    ops: list[list] = []
    if not _same(before, value):
        if isinstance(value, dict):
            _diff(before, value, [], ops, memo, depth)
        else:
            op = _list_op([], before, value)
            if op:
                ops.append(op)
    memo[(id(before), id(value))] = (before, value, ops)
    return ops


def _same(a, b) -> bool:
    """Equal as JSON: Python's == first (C speed, and most of a view is unchanged), then the JSON text, since
    == takes 1 for True."""
    return a == b and _text(a) == _text(b)


def _text(value) -> bytes | str:
    """The JSON text of a value, to compare with another's: orjson's bytes (no copy into a str), or, for what
    orjson refuses, the standard library's text as the frames' encoder writes it (fastjson.py). Two values whose
    texts are equal are refused alike, or accepted alike."""
    try:
        return orjson.dumps(value, option=fastjson.OPTIONS)
    except TypeError:  # (orjson.JSONEncodeError is one)
        return fastjson.dumps(value)


def _list_op(path: list, old: list, new: list) -> list | None:
    """The operation that makes `new` from `old` (None when they are the same): the old items kept by index,
    the others sent, or the whole list when most of it is new. Items are compared as JSON text, so 1 and True,
    which Python's == takes for equal, are told apart."""
    if len(new) < 4:
        return [path, new]  # (the caller found the lists different)
    index: dict[bytes | str, int] = {}
    for i, item in enumerate(old):
        index.setdefault(_text(item), i)
    refs: list[int] = []
    items: list = []
    for item in new:
        at = index.get(_text(item))
        refs.append(-1 if at is None else at)
        if at is None:
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
        # The parts compared for the frames of one event (base seq, seq): the seats' views of one state share
        # most parts, as their previous views do. Kept for one event only: parts of views are never changed (a view
        # shares them with a stored state), and dropping them soon keeps old states from piling up.
        self._memo: dict = {}
        self._memo_for: tuple = ()

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
        if self._memo_for != (before["seq"], view["seq"]):
            self._memo, self._memo_for = {}, (before["seq"], view["seq"])
        ops = diff(before, view, self._memo)
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
