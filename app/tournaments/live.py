"""Socket.IO namespace /event: the scorekeeper's dashboard and every event page, live.

Clients connect with `auth {event, token?}` (no token: the public). They get `changed {head, entry}`
whenever the event's log grows (then read the event again over REST), and staff also get `table`
{round, table, progress} each time an entry is stored in one of the round's tracked games, so the
dashboard moves with the tables without anyone reloading; everyone gets `game_over {round, table}`
when a tracked game ends (its players then have a result to confirm). Same Socket.IO server (and connection
manager in the browser) as /live, so with REDIS_URL the pushes reach every process's sockets.
"""
from __future__ import annotations

import logging

from flask import request
from flask_socketio import ConnectionRefusedError, Namespace, join_room

from app.service import ApiError

from . import progress

NAMESPACE = "/event"
log = logging.getLogger(__name__)


def event_room(tid: str) -> str:
    """Everyone following an event."""
    return f"event:{tid}"


def staff_room(tid: str) -> str:
    """The event's organiser, scorekeepers and judges."""
    return f"event:{tid}:staff"


class EventNamespace(Namespace):
    """The /event namespace, bound to the event service."""

    def __init__(self, events, limiter):
        super().__init__(NAMESPACE)
        self.events = events
        self.limiter = limiter

    def on_connect(self, auth=None):
        """Join the event's room (and the staff room for staff tokens)."""
        auth = auth if isinstance(auth, dict) else {}
        tid = auth.get("event") if isinstance(auth.get("event"), str) else None
        token = auth.get("token") if isinstance(auth.get("token"), str) else None
        if not tid:
            raise ConnectionRefusedError("Name the event.", {"error": {"code": "invalid", "message": "Name the event."}})
        try:
            if self.limiter.hit(f"event:{request.remote_addr}"):
                raise ApiError(429, "rate_limited", "Too many connections at once; slow down.")
            member = self.events.member(tid, token)
        except ApiError as err:
            raise ConnectionRefusedError(err.message, err.body()) from err
        join_room(event_room(tid))
        if member.is_staff:
            join_room(staff_room(tid))


class EventPusher:
    """Pushes event changes and table progress to the /event rooms."""

    def __init__(self, server, games):
        self.server = server
        self.games = games

    def changed(self, tid: str, entry: dict) -> None:
        """An entry was stored: everyone re-reads the event."""
        self.server.emit("changed", {"head": entry["seq"], "type": entry["type"]}, to=event_room(tid),
                         namespace=NAMESPACE)

    def game_applied(self, applied, skip_sid=None) -> None:
        """A tracked table's game moved: the staff's dashboard gets its progress."""
        cached = self.games._cache.get(applied.game_id)
        game = cached.game if cached is not None else None
        meta = (game or {}).get("meta") or {}
        if not meta.get("event"):
            return
        outcome = applied.rs.outcome(applied.state)
        row = {**progress.summary(applied.state, outcome), "head": applied.record["seq"],
               "last_entry_at": applied.record.get("created_at"), "minutes_since_entry": 0.0}
        where = {"round": meta.get("round"), "table": meta.get("table")}
        self.server.emit("table", {**where, "progress": row}, to=staff_room(meta["event"]), namespace=NAMESPACE)
        if outcome is not None:
            # The game is over: the table's players (and device) now have a result to confirm.
            self.server.emit("game_over", where, to=event_room(meta["event"]), namespace=NAMESPACE)
