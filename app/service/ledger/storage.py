"""A store that fails (its disk, its server, a lock held too long) answers 503 with one code and one sentence,
whichever log was being read or written, and each failure is counted."""
from __future__ import annotations

import logging
from typing import Callable

from app.store import DuplicateKey, StoreError

from ..errors import ApiError

log = logging.getLogger(__name__)

STORE_DOWN = "storage_unavailable"


def store_unavailable() -> ApiError:
    """The 503 a client gets while the store cannot be used (nothing was written)."""
    return ApiError(503, STORE_DOWN, "The event store is unavailable; try again shortly.")


class StoreGuard:
    """Calls into the store with its failures answered as `store_unavailable()`; `on_error` counts them."""

    def __init__(self, on_error: Callable[[], None] | None = None):
        self.on_error = on_error   # the metric of store failures (/metrics), set by the server

    def __call__(self, fn: Callable, *args, **kw):
        """`fn(*args, **kw)`; a StoreError becomes the 503 (a taken unique key is passed on: the store is fine and
        the caller draws another id)."""
        try:
            return fn(*args, **kw)
        except DuplicateKey:
            raise
        except StoreError as exc:
            log.warning("store unavailable: %s", exc)
            if self.on_error is not None:
                self.on_error()
            raise store_unavailable() from exc
