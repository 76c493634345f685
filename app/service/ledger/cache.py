"""The folds of the logs used last, kept in memory: an LRU keyed by id that never steps a log back."""
from __future__ import annotations

from collections import OrderedDict
from typing import Generic, Protocol, TypeVar


class Headed(Protocol):
    """A fold of a log: `head` is the seq of the last entry folded in."""

    @property
    def head(self) -> int: ...


F = TypeVar("F", bound=Headed)


class FoldCache(Generic[F]):
    """At most `capacity` folds, the least recently kept dropped first."""

    def __init__(self, capacity: int):
        self.capacity = capacity
        self._folds: OrderedDict[str, F] = OrderedDict()

    def get(self, key: str) -> F | None:
        """The fold kept for `key`, or None; reading it does not count as a use."""
        return self._folds.get(key)

    def put(self, key: str, fold: F) -> F:
        """Keep `fold` as `key`'s, unless the one kept is further on (another request stored a newer entry while
        this one was folding): the log is never stepped back. Returns the fold kept."""
        current = self._folds.get(key)
        if current is not None and current.head > fold.head:
            fold = current
        self._folds[key] = fold
        self._folds.move_to_end(key)
        while len(self._folds) > self.capacity:
            self._folds.popitem(last=False)
        return fold

    def pop(self, key: str, default: F | None = None) -> F | None:
        """Forget `key`'s fold (its next read folds the log from the store)."""
        return self._folds.pop(key, default)

    def clear(self) -> None:
        """Forget every fold."""
        self._folds.clear()

    def __getitem__(self, key: str) -> F:
        return self._folds[key]

    def __contains__(self, key: object) -> bool:
        return key in self._folds

    def __len__(self) -> int:
        return len(self._folds)
