"""GameService: everything the REST API and the /live namespace do with games, composed of one part per concern."""
from __future__ import annotations

import threading
from typing import Any, Callable

from app.store import EventStore

from .flags import Flagging
from .handover import Handovers
from .seats import Seats
from .submit import Applied
from .transfer import Transfer


class GameService(Transfer, Seats, Flagging):
    """Games, seats, tokens and the log, over an EventStore; safe under eventlet, gevent or threads."""

    def __init__(self, store: EventStore, *, lock_factory: Callable[[], Any] = threading.Lock,
                 on_applied: Callable[[Applied, str | None], None] | None = None,
                 offload: Callable | None = None, import_max_events: int = 20_000,
                 import_max_seconds: float = 20.0):
        super().__init__(store, lock_factory)
        self.on_applied = on_applied
        # Long replays (imports) run through `offload`: a real thread under eventlet/gevent, so the
        # event loop keeps serving every other phone meanwhile.
        self.offload = offload or (lambda fn, *args: fn(*args))
        self.import_max_events = import_max_events
        self.import_max_seconds = import_max_seconds
        self._held: set[tuple[str, str]] = set()
        self._tokens_seen: dict[str, tuple[str, str]] = {}   # token hash -> (game, seat), oldest first
        self.handovers = Handovers(store, self.mint)
