"""Socket.IO namespace /tournament: the scorekeeper's dashboard and every tournament page, live.

Clients connect with `auth {tournament, token?, table?}` (no token: the public; `table`: a feature table's
overlay, which then also gets `table_moved {round, table, head}` after each entry in that table's game and reads
the table again over REST: the frame carries nothing of the game). They get `changed {head, type, round?, table?}`
whenever the tournament's log grows by an entry they see (then read the tournament again over REST; the entries only
the staff see, STAFF_ENTRIES, reach only the staff), and staff also get `table`
{round, table, progress} each time an entry is stored in one of the round's tracked games, so the
dashboard moves with the tables without anyone reloading; everyone gets `game_over {round, table}`
when a tracked game ends (its players then have a result to confirm). Same Socket.IO server (and connection
manager in the browser) as /live, so with REDIS_URL the pushes reach every process's sockets.
"""
from __future__ import annotations

import logging

from socketio.exceptions import ConnectionRefusedError

from app.live.guarded import GuardedNamespace
from app.schemas import sanity
from app.service import ApiError, GameLogs
from app.service.errors import invalid_payload

from . import progress
from .members import Members

NAMESPACE = "/tournament"
log = logging.getLogger(__name__)


def tournament_room(tid: str) -> str:
    """Everyone following a tournament."""
    return f"tournament:{tid}"


def feature_room(tid: str, table: int) -> str:
    """The overlays following one table number of a tournament."""
    return f"tournament:{tid}:table:{table}"


MAX_TABLE = 500  # the highest table number the REST routes accept (app/api/tournaments.py)


# Entries that change nothing but what the staff see (views.py): a fixed table (an accessibility need), a draft's
# swaps and table modes before publishing, rulings, a replaced link, a paid mark (orgtools.py). Their frames go to the
# staff only, so the public and the players neither learn that they happened nor re-read for them.
STAFF_ENTRIES = frozenset({"fixed_table", "swap", "table_mode", "ruling", "new_link", "paid"})


def staff_room(tid: str) -> str:
    """The tournament's organiser, scorekeepers and judges."""
    return f"tournament:{tid}:staff"


class TournamentNamespace(GuardedNamespace):
    """The /tournament namespace, bound to the tournament service's members (who a connecting link is).

    A python-socketio namespace, registered on the server itself as /live is (app/live/handlers.py says why): its
    handler takes the socket's sid and its connect's WSGI environ instead of reading Flask's request.
    """

    def __init__(self, members: Members, limiter):
        super().__init__(NAMESPACE)
        self.members = members
        self.limiter = limiter

    def on_connect(self, sid, environ, auth=None):
        """Join the tournament's room (and the staff room for staff tokens)."""
        auth = auth if isinstance(auth, dict) else {}
        try:
            sanity.check(auth)   # lone surrogates, NaN, deep nesting: refused as /live refuses them, before any use
        except sanity.WireProblem as problem:
            refusal = invalid_payload(problem)
            raise ConnectionRefusedError(refusal.message, refusal.body()) from problem
        tid = auth.get("tournament") if isinstance(auth.get("tournament"), str) else None
        token = auth.get("token") if isinstance(auth.get("token"), str) else None
        if not tid:
            raise ConnectionRefusedError("Name the event.", {"error": {"code": "invalid", "message": "Name the event."}})
        table = auth.get("table")
        if table is not None and (type(table) is not int or not 0 < table <= MAX_TABLE):
            message = f"A table is a number from 1 to {MAX_TABLE}."
            raise ConnectionRefusedError(message, {"error": {"code": "invalid", "message": message}})
        try:
            # The phone's address (behind TRUST_PROXY, ProxyFix rewrote it): what Flask's request.remote_addr reads.
            if self.limiter.hit(f"tournament:{environ.get('REMOTE_ADDR')}"):
                raise ApiError(429, "rate_limited", "Too many connections at once; slow down.")
            member = self.members.member(tid, token)
        except ApiError as err:
            raise ConnectionRefusedError(err.message, err.body()) from err
        self.enter_room(sid, tournament_room(tid))
        if table is not None:
            self.enter_room(sid, feature_room(tid, table))
        if member.is_staff:
            self.enter_room(sid, staff_room(tid))


class TournamentPusher:
    """Pushes tournament changes and table progress to the /tournament rooms."""

    def __init__(self, server, logs: GameLogs):
        self.server = server
        self.logs = logs

    def changed(self, tid: str, entry: dict) -> None:
        """An entry was stored: everyone who sees what it changed re-reads the tournament (STAFF_ENTRIES: the staff)."""
        room = staff_room(tid) if entry["type"] in STAFF_ENTRIES else tournament_room(tid)
        # The round and table an entry is about, when it names them: a game page's strip re-reads only for its own.
        where = {k: v for k, v in (entry.get("data") or {}).items() if k in ("round", "table") and type(v) is int}
        self.server.emit("changed", {"head": entry["seq"], "type": entry["type"], **where}, to=room, namespace=NAMESPACE)

    def game_applied(self, applied, skip_sid=None) -> None:
        """A tracked table's game moved: the staff's dashboard gets its progress."""
        cached = self.logs.held(applied.game_id)
        game = cached.game if cached is not None else None
        meta = (game or {}).get("meta") or {}
        if not meta.get("event"):
            return
        outcome = applied.rs.outcome(applied.state)
        row = {**progress.summary(applied.state, outcome), "head": applied.record["seq"],
               "last_entry_at": applied.record.get("created_at"), "minutes_since_entry": 0.0}
        where = {"round": meta.get("round"), "table": meta.get("table")}
        self.server.emit("table", {**where, "progress": row}, to=staff_room(meta["event"]), namespace=NAMESPACE)
        if isinstance(meta.get("table"), int):
            self.server.emit("table_moved", {**where, "head": applied.record["seq"]},
                             to=feature_room(meta["event"], meta["table"]), namespace=NAMESPACE)
        if outcome is not None:
            # The game is over: the table's players (and device) now have a result to confirm.
            self.server.emit("game_over", where, to=tournament_room(meta["event"]), namespace=NAMESPACE)
