"""Each log's current fold: the cached one brought up to the store's head (other processes append to the same
logs), or the whole log folded when none is cached; and the lock its appends take."""
from __future__ import annotations

from typing import Any, Callable, Generic

from .cache import F, FoldCache
from .locks import LockTable

# Locks kept per cached fold before the lock table drops the locks of logs no longer cached.
LOCKS_PER_FOLD = 4


class FoldedLogs(Generic[F]):
    """The logs of one kind (games, tournaments) over the store, given how to read and fold them:

    `load(key)` folds the whole log (and says when there is none), `newer(key, head)` reads the entries stored
    after `head`, `bring_up(fold, entries)` is `fold` with those entries applied.
    """

    def __init__(self, capacity: int, lock_factory: Callable[[], Any], *, load: Callable[[str], F],
                 newer: Callable[[str, int], list], bring_up: Callable[[F, list], F]):
        self.cache: FoldCache[F] = FoldCache(capacity)
        self.locks = LockTable(lock_factory, LOCKS_PER_FOLD * capacity, self.cache.__contains__)
        self._load = load
        self._newer = newer
        self._bring_up = bring_up

    def lock(self, key: str):
        """The lock an append to `key`'s log holds from reading its head to storing the next entry."""
        return self.locks.lock(key)

    def held(self, key: str) -> F | None:
        """The fold of `key` kept in memory, or None; never reads the store."""
        return self.cache.get(key)

    def folded(self, key: str) -> F:
        """`key`'s fold at the store's head: the cached one with the entries after its head applied (none read
        means it is current), or the whole log folded; kept as the newest use, never stepping the cache back."""
        fold = self.cache.get(key)
        if fold is None:
            fold = self._load(key)
        else:
            newer = self._newer(key, fold.head)
            if newer:
                fold = self._bring_up(fold, newer)
        return self.cache.put(key, fold)

    def keep(self, key: str, fold: F) -> F:
        """Keep the fold an append just made (unless a newer one is kept already); returns the fold kept."""
        return self.cache.put(key, fold)
