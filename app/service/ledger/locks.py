"""One lock per log (a game, a tournament): appends to one log take turns, appends to different logs do not wait."""
from __future__ import annotations

from typing import Any, Callable


class LockTable:
    """Locks made on first use per key, bounded: once more than `bound` are held, only the locks of the keys `keep`
    names (the logs still cached, the ones in use) are kept, so a long-running server does not gather one lock per
    log it ever served."""

    def __init__(self, lock_factory: Callable[[], Any], bound: int, keep: Callable[[str], bool]):
        self._factory = lock_factory
        self._bound = bound
        self._keep = keep
        self._locks: dict[str, Any] = {}
        self._guard = lock_factory()

    def lock(self, key: str):
        """The lock of `key` (the same one for every caller while it is kept)."""
        with self._guard:
            found = self._locks.get(key)
            if found is None:
                if len(self._locks) > self._bound:
                    self._locks = {k: v for k, v in self._locks.items() if self._keep(k)}
                found = self._locks[key] = self._factory()
            return found

    def __len__(self) -> int:
        return len(self._locks)
