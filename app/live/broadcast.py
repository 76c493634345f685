"""Pushes stored events to the table: `applied` to the game's room, then each seat's own `view`.

One background task per process drains a queue, so pushes leave in the order events were stored and
the submitter's ack is not held back by computing every seat's view.
"""
from __future__ import annotations

import logging

from app.engine.core import ROLES
from app.games.service import Applied, GameService, applied_payload

NAMESPACE = "/live"
log = logging.getLogger(__name__)


def game_room(game_id: str) -> str:
    """Room of everyone following a game."""
    return f"game:{game_id}"


def seat_room(game_id: str, seat: str) -> str:
    """Room of the sockets of one seat or role of a game (they share one view)."""
    return f"game:{game_id}:{seat}"


class Broadcaster:
    """Ordered, asynchronous pushes of applied events and per-seat views."""

    def __init__(self, server, service: GameService):
        # The python-socketio server this app was bound to (not the module-level SocketIO object,
        # which follows whichever app was created last).
        self.server = server
        self.service = service
        self._queue = None
        self._started = False

    def publish(self, applied: Applied, skip_sid: str | None) -> None:
        """Queue one stored event for the table (called by GameService after the store commits)."""
        if not self._started:
            self._queue = self.server.eio.create_queue()
            self._started = True
            self.server.start_background_task(self._run)
        self._queue.put((applied, skip_sid))

    def _run(self) -> None:
        while True:
            applied, skip_sid = self._queue.get()
            try:
                self.send(applied, skip_sid)
            except Exception:  # noqa: BLE001 - one bad push must not stop the others
                log.exception("push of %s #%s failed", applied.game_id, applied.record.get("seq"))

    def send(self, applied: Applied, skip_sid: str | None) -> None:
        """Emit `applied` to the room and each seat's `view` to its seat room (submitter skipped)."""
        gid = applied.game_id
        seq = applied.record["seq"]
        everyone = [*applied.seats, *ROLES]
        shown = {seat: applied.rs.redact_event(applied.state, applied.record, seat) for seat in everyone}
        if all(rec is applied.record or rec == applied.record for rec in shown.values()):
            self.server.emit("applied", applied_payload(applied.record), to=game_room(gid),
                               skip_sid=skip_sid, namespace=NAMESPACE)
        else:  # a secret choice: each seat gets the event as it may see it
            for seat, rec in shown.items():
                self.server.emit("applied", applied_payload(rec), to=seat_room(gid, seat),
                                   skip_sid=skip_sid, namespace=NAMESPACE)
        for seat in everyone:
            view = GameService._view(applied.rs, applied.state, seq, seat)
            self.server.emit("view", view, to=seat_room(gid, seat), skip_sid=skip_sid, namespace=NAMESPACE)
