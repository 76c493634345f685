"""Pushes stored events to the table: `applied` to the game's room, then each seat's own `view`.

`applied` goes to everyone but the submitter, whose ack says the same, from a task of its own (in store
order) right after that ack; another background task per process computes and sends the views (the
submitter's seat first), so the ack is held back neither by the table's frames nor by computing views or
sending them, and that task holds a view while an append is being stored, so a commit's ack is not kept
behind a view either.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

from app.engine.core import PLAYER_SEATS, ROLES
from app.service.gamelogs import GameLogs
from app.service.reading import Reading
from app.service.records import applied_payload
from app.service.submit import Applied

from .viewbus import ViewBus
from .viewpatch import LastViews

NAMESPACE = "/live"
log = logging.getLogger(__name__)
# A view waits while an append of this process is being stored, this long at most, looking again every
# VIEW_HOLD_STEP: an ack is written as soon as its commit is done instead of after the view the event loop was
# computing meanwhile, and the store's thread does not wait for the interpreter behind it (benchmarks/README.md,
# "Figures behind the code"). The bound is above a commit's usual time, so a stalled disk does not stop the views.
# It also lets the `applied` frames already due go out before it (their task yields once, for the ack).
VIEW_HOLD_SECONDS = 0.005
VIEW_HOLD_STEP = 0.0005


def game_room(game_id: str) -> str:
    """Room of everyone following a game."""
    return f"game:{game_id}"


def seat_room(game_id: str, seat: str) -> str:
    """Room of the sockets of one seat or role of a game (they share one view)."""
    return f"game:{game_id}:{seat}"


@dataclass(frozen=True)
class Remote:
    """An event another process stored (viewbus.py): the views of this process's phones are due."""

    game_id: str
    seq: int


class Broadcaster:
    """Ordered pushes of applied events (right after the ack) and per-seat views (from background tasks)."""

    def __init__(self, server, logs: GameLogs, redis_url: str = ""):
        # The python-socketio server this app was bound to (not the module-level SocketIO object,
        # which follows whichever app was created last).
        self.server = server
        self.logs = logs
        self._queue: Any = None   # the server's queue, made when the first event is pushed
        self._started = False
        self._applied: Any = None   # (Applied, the submitter's socket, its token) in store order, sent by their own task
        self._starting = threading.Lock()
        # A token per event published whose `applied` frames have not gone yet (views wait for them); a set, as
        # its add and discard are safe from any thread (the threading mode's tasks are threads).
        self._applied_due: set[tuple[str, object]] = set()
        self.last_views = LastViews()
        # Several processes: views are computed where the phones are (viewbus.py), not sent through Redis.
        self.bus = ViewBus(redis_url, server, self.views_from_elsewhere) if redis_url else None
        if self.bus:
            self.bus.start()

    def publish(self, applied: Applied, skip_sid: str | None) -> None:
        """Push one stored event: `applied` right after the submitter's ack, then the per-seat views.

        The game service calls this right after the store commits, inside the game's lock, so the events of
        one game enter the queue in seq order, and one task sends their `applied` frames in that order
        (after letting the ack just answered leave first: it is one small frame, the table's are several).
        Views take longer to compute (one per seat and role, with advice), so they follow from a queue of
        their own, in the same order, without holding back the ack or the `applied` frames.
        """
        with self._starting:  # (publishers may be threads: one task, one queue, whoever comes first)
            if self._applied is None:
                self._applied = self.server.eio.create_queue()
                self.server.start_background_task(self._send_applied_in_order)
        due = (applied.game_id, object())
        self._applied_due.add(due)
        self._applied.put((applied, skip_sid, due))

    def _send_applied_in_order(self) -> None:
        while True:
            applied, skip_sid, due = self._applied.get()
            self.server.sleep(0)  # the writer of the ack queued by the same submit goes first
            try:
                self.send_applied(applied, skip_sid)
            except Exception:  # the event is stored; a failed push is caught up on reconnect
                log.exception("applied %s of %s failed", applied.record.get("seq"), applied.game_id)
            finally:
                self._applied_due.discard(due)
            try:  # this task must outlive any one event: every later `applied` goes through it
                self._views_later(applied)
                if self.bus:
                    self.bus.announce(applied.game_id, applied.record["seq"])
            except Exception:  # as above: the phones catch up with the next event or a reconnect
                log.exception("views of %s #%s could not be queued", applied.game_id, applied.record.get("seq"))

    def _views_later(self, applied: "Applied | Remote") -> None:
        with self._starting:
            if not self._started:
                self._queue = self.server.eio.create_queue()
                self._started = True
                self.server.start_background_task(self._run)
        self._queue.put(applied)

    def views_from_elsewhere(self, game_id: str, seq: int) -> None:
        """Another process stored event `seq` of a game: the views of this process's phones of that game
        follow from the queue, worked out from this process's fold brought up to the store's head."""
        if any(self._listened(seat_room(game_id, seat)) for seat in (*PLAYER_SEATS, *ROLES)):
            self._views_later(Remote(game_id, seq))

    def _run(self) -> None:
        while True:
            applied = self._queue.get()
            # Let the sockets' writers send the `applied` frames (and the ack) already queued before
            # spending CPU on the views.
            self.server.sleep(0)
            try:
                if isinstance(applied, Remote):
                    applied = self._caught_up(applied)
                if applied is not None:
                    self.send_views(applied)
            except Exception:  # one bad push must not stop the others
                log.exception("views of %s failed", applied.game_id)

    def _caught_up(self, remote: "Remote") -> Applied | None:
        """The game as this process's fold has it now, as an Applied for the views (None: already sent)."""
        folded = self.logs.folded(remote.game_id)
        rooms = [seat_room(remote.game_id, seat) for seat in (*PLAYER_SEATS, *ROLES)]
        if folded.head < remote.seq or all(self.last_views.seq(room) >= folded.head for room in rooms):
            return None  # behind the announcement (it will come), or a later announcement was served already
        record = next((r for r in reversed(folded.records) if r["seq"] == folded.head), {"seq": folded.head})
        seats = folded.rs.seat_ids(folded.state)
        return Applied(remote.game_id, record, folded.state, folded.rs, seats,
                       {seat: Reading.inert_for(folded, seat) for seat in [*seats, *ROLES]})

    @staticmethod
    def _everyone(applied: Applied) -> list[str]:
        return [*applied.seats, *ROLES]

    def send(self, applied: Applied, skip_sid: str | None) -> None:
        """Emit `applied` and then every seat's `view`, now."""
        self.send_applied(applied, skip_sid)
        self.send_views(applied)

    def send_applied(self, applied: Applied, skip_sid: str | None) -> None:
        """Emit `applied` to the game's room, or per seat when the ruleset hides a secret choice."""
        gid = applied.game_id
        shown = {seat: applied.rs.redact_event(applied.state, applied.record, seat)
                 for seat in self._everyone(applied)}
        if all(rec is applied.record or rec == applied.record for rec in shown.values()):
            self.server.emit("applied", applied_payload(applied.record), to=game_room(gid),
                             skip_sid=skip_sid, namespace=NAMESPACE)
        else:  # a secret choice: each seat gets the event as it may see it
            for seat, rec in shown.items():
                self.server.emit("applied", applied_payload(rec), to=seat_room(gid, seat),
                                 skip_sid=skip_sid, namespace=NAMESPACE)

    def send_views(self, applied: Applied) -> None:
        """Emit each seat's own `view` to its seat room, the submitter included, its seat first.

        A view costs milliseconds (the state as that seat sees it, and its suggestions), so only seats
        with a phone listening get one, and the loop yields between views: acks and commits of other
        tables are not held up behind a whole table's views. A view whose room got the previous one from
        this process goes as the changes since then (viewpatch.py).
        """
        gid, seq = applied.game_id, applied.record["seq"]
        everyone = self._everyone(applied)
        actor = applied.record.get("actor")
        for seat in sorted(everyone, key=lambda s: s != actor):
            room = seat_room(gid, seat)
            if not self._listened(room) or self.last_views.seq(room) >= seq:
                continue  # no phone here, or a later view already went (worked out from another process's)
            self._after_appends(gid)
            view = Reading._view(applied.rs, applied.state, seq, seat, applied.inert.get(seat))
            self.server.emit("view", self.last_views.frame(room, view), to=room, namespace=NAMESPACE,
                             ignore_queue=True)
            self.server.sleep(0)

    def _after_appends(self, game_id: str) -> None:
        """Let the appends of other games being stored finish and their `applied` frames due go out (VIEW_HOLD_SECONDS
        or as many looks at most), then the frames they queued go first. A view is not held for its own game's next
        event: held, it would reach the phones after that next event's `applied`, out of order."""
        held = False
        for _ in range(round(VIEW_HOLD_SECONDS / VIEW_HOLD_STEP)):
            if any(game != game_id for game, _ in list(self._applied_due)):
                self.server.sleep(0)   # their task is ready to run: only a turn of the event loop away
            elif self.logs.store.appending(besides=game_id):
                self.server.sleep(VIEW_HOLD_STEP)
            else:
                break
            held = True
        if held:
            self.server.sleep(0)

    def _listened(self, room: str) -> bool:
        """Whether a socket of this process is in the room (phones on other processes get their views there)."""
        return bool(self.server.manager.rooms.get(NAMESPACE, {}).get(room))

    def handover(self, game_id: str, seat: str, payload: dict) -> None:
        """Tell a seat's phones (and the referee's) about a handover of that seat: asked, answered, handed over."""
        for room in {seat_room(game_id, seat), seat_room(game_id, "referee")}:
            self.server.emit("handover", payload, to=room, namespace=NAMESPACE)
