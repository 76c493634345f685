"""GameService: the game service's parts, built once over one GameLogs, each given the parts it uses."""
from __future__ import annotations

from typing import Callable

from .access import Access
from .create import Creating
from .flags import Flagging
from .gamelogs import GameLogs
from .handover import Handovers
from .reading import Reading
from .seats import Seats
from .seatsetup import SeatSetups
from .submit import Applied, Submitting
from .transfer import Transfer


class GameService:
    """Everything the REST API, /live and the tournaments do with games, one part per concern; callers use the part
    they need (`service.submitting.submit(...)`, `service.logs.folded(...)`). Safe under eventlet, gevent or threads.

    on_applied: called with each stored event (and the submitting socket's id) to tell the table.
    on_handover: called with (game, seat, payload) to tell a seat's phones about a handover of that seat.
    """

    def __init__(self, logs: GameLogs, *, on_applied: Callable[[Applied, str | None], None] | None = None,
                 on_handover: Callable[[str, str, dict], None] | None = None, import_max_events: int = 20_000,
                 import_max_seconds: float = 20.0):
        self.logs = logs
        self.access = Access(logs)
        self.reading = Reading(logs, self.access)
        self.submitting = Submitting(logs, self.access, self.reading, on_applied)
        self.flagging = Flagging(logs, self.access, self.submitting)
        self.handovers = Handovers(logs.store, self.access.mint, on_handover)
        self.seats = Seats(logs, self.access, self.handovers)
        self.creating = Creating(logs, self.access)
        self.seat_setups = SeatSetups(logs, self.creating)
        self.transfer = Transfer(logs, self.creating, import_max_events, import_max_seconds)
