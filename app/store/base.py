"""The event store interface and the SQL shared by its backends (SQLite, PostgreSQL).

A game is a row in `games` (ruleset, setup, join code, table options) plus its append-only log in
`events`; seats hold token hashes (never tokens). `append` gives each event the next gapless seq of
its game inside the transaction that stores it, refuses a stale head and returns the stored record
for a repeated event id, so nothing is applied twice and nothing is half-written.

No snapshots table: the game service keeps each game's fold in memory and replays a log only when a
process first needs it (the engine target is 1,000 events in under 100 ms), and a stored state would go stale
whenever the rules code changes, while the log replays under the new code.

Every public method runs its database work through `offload` on a pooled connection: under eventlet
that is `eventlet.tpool.execute`, so SQLite's fsync or a PostgreSQL round trip never blocks the hub.
The pool is a queue made by the async mode (green under eventlet/gevent), so waiting for a free
connection is cooperative too.
"""
from __future__ import annotations

import json
import queue
import secrets
import time
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from .clock import now_iso
from .errors import DuplicateKey, StoreError
from .handovers import HANDOVER_DDL, HANDOVER_WRITES, HandoverTables
from .leagues import LEAGUE_DDL, LEAGUE_WRITES, LeagueTables
from .records import record_from_row
from .tournaments import TOURNAMENT_DDL, TOURNAMENT_WRITES, TournamentTables


class AsyncQueue(Protocol):
    """What the store uses of a queue made by the async mode (queue.Queue, or eventlet's or gevent's green one)."""

    def get(self, block: bool = ...) -> Any:
        """Take the next item, waiting for one unless block is False."""

    def put(self, item: Any) -> None:
        """Add an item."""


@dataclass
class AppendResult:
    """Outcome of `append`: status "ok" (stored now), "duplicate" (stored before) or "stale"."""

    status: str
    record: dict | None = None
    head: int = 0


def _direct(fn, *args):
    return fn(*args)


def _dumps(value: Any) -> str | None:
    return None if value is None else json.dumps(value, separators=(",", ":"), sort_keys=True)


def _loads(value: str | None) -> Any:
    return None if value is None else json.loads(value)


DDL = [
    """CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        setup TEXT NOT NULL,
        shared_device INTEGER NOT NULL DEFAULT 0,
        join_code TEXT NOT NULL UNIQUE,
        meta TEXT NOT NULL DEFAULT '{}',
        created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS seats (
        token_hash TEXT PRIMARY KEY,
        game_id TEXT NOT NULL REFERENCES games(id),
        seat TEXT NOT NULL,
        created_at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS seats_game ON seats (game_id, seat)",
    """CREATE TABLE IF NOT EXISTS events (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        event_id TEXT NOT NULL,
        type TEXT NOT NULL,
        by_seat TEXT NOT NULL,
        actor TEXT NOT NULL,
        data TEXT NOT NULL,
        override TEXT,
        consequences TEXT NOT NULL DEFAULT '[]',
        created_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq),
        UNIQUE (game_id, event_id))""",
    """CREATE TABLE IF NOT EXISTS custom_content (
        kind TEXT NOT NULL,
        id TEXT NOT NULL,
        payload TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (kind, id))""",
    *TOURNAMENT_DDL,
    *HANDOVER_DDL,
    *LEAGUE_DDL,
]

# Run at every start after DDL; each is idempotent.
MIGRATIONS = [
    # One-phone games stored before the device had a token of its own: their phone holds the first seat's token
    # made with the game (the same instant as the referee's), which entered events for every seat. That token
    # becomes the device's, so the phone on the table keeps working; seats joined later stay their own seat only.
    """UPDATE seats SET seat = 'device'
        WHERE seat = 'p1'
          AND game_id IN (SELECT id FROM games WHERE shared_device = 1)
          AND NOT EXISTS (SELECT 1 FROM seats d WHERE d.game_id = seats.game_id AND d.seat = 'device')
          AND created_at = (SELECT MIN(r.created_at) FROM seats r WHERE r.game_id = seats.game_id AND r.seat = 'referee')""",
]

# The columns of a log record, in the order of its fields (records.py, RECORD_FIELDS).
EVENT_COLUMNS = "seq, event_id, type, by_seat, actor, data, override, consequences, created_at"


def _event_row(row) -> dict:
    return record_from_row(tuple(row), _loads)


def _game_row(row) -> dict:
    gid, ruleset, setup, shared, code, meta, created_at = row
    return {"id": gid, "ruleset": ruleset, "setup": _loads(setup), "shared_device": bool(shared),
            "join_code": code, "meta": _loads(meta), "created_at": created_at}


GAME_COLUMNS = "id, ruleset, setup, shared_device, join_code, meta, created_at"


class EventStore(TournamentTables, HandoverTables, LeagueTables):
    """Event store interface (both backends). All methods are safe to call from any green thread.

    Games:   create_game, get_game, game_by_code, list_games, delete_game,
             replace_setup (a seat set up by its own phone before the game starts)
    Seats:   add_token, seat_for_token
    Log:     append, events, event_by_id, head
    Custom content (for app.content: player-made warbands, decks...):
             save_custom(kind, payload, id=None) -> id, get_custom(kind, id) -> payload | None,
             list_custom(kind) -> [{"id", "payload", "created_at"}],
             custom_page(kind, limit, offset) -> {"total", "rows"} (newest first)
    Tournaments: see TournamentTables (app/store/tournaments.py); leagues: LeagueTables (app/store/leagues.py)
    """

    serialise_writes = False  # SQLite: one writer at a time in process, so nobody sleeps in busy_timeout
    group_commit = False      # SQLite: appends waiting for the writer share its next transaction (one fsync)
    writes = frozenset({"_op_init_schema", "_op_create_game", "_op_add_token", "_op_append", "_op_append_many",
                        "_op_save_custom", "_op_delete_game"}) | TOURNAMENT_WRITES | HANDOVER_WRITES | LEAGUE_WRITES
    integrity_errors: tuple[type[BaseException], ...] = ()
    operational_errors: tuple[type[BaseException], ...] = ()
    database_errors: tuple[type[BaseException], ...] = ()  # every error of the backend's driver
    placeholder = "?"

    def __init__(self, offload: Callable | None = None, make_queue: Callable[[], AsyncQueue] | None = None,
                 pool_size: int = 4):
        self._offload = offload or _direct
        new_queue: Callable[[], AsyncQueue] = make_queue or queue.Queue
        self._pool = new_queue()
        self._pool_size = max(1, pool_size)
        self._closed = False
        # A one-token queue as a lock of the async mode's kind (green under eventlet/gevent).
        self._write_gate: AsyncQueue | None = None
        if self.serialise_writes:
            self._write_gate = new_queue()
            self._write_gate.put(True)
        self._group = GroupCommit(self, new_queue) if self.group_commit else None
        self._appends: set[tuple[str, object]] = set()   # (game, token) per append being stored now (thread-safe)
        for _ in range(self._pool_size):
            self._pool.put(self._connect())
        self._run(self._op_init_schema)

    # -- backend hooks -----------------------------------------------------------------------
    def _connect(self):
        raise NotImplementedError

    def _begin(self, conn, write: bool) -> None:
        raise NotImplementedError

    def _commit(self, conn) -> None:
        conn.commit()

    def _rollback(self, conn) -> None:
        try:
            conn.rollback()
        except self.database_errors:  # a dead connection cannot roll back; it is replaced
            pass

    def _healthy(self, conn) -> bool:
        return True

    def _lock_schema(self, conn) -> None:
        """Serialise schema creation between processes (PostgreSQL); nothing for SQLite."""

    # -- plumbing ----------------------------------------------------------------------------
    def _sql(self, text: str) -> str:
        return text if self.placeholder == "?" else text.replace("?", self.placeholder)

    def _run(self, fn: Callable, *args):
        """Run fn(conn, *args) in a transaction on a pooled connection, off the event loop."""
        if self._closed:
            raise StoreError("the store is closed")
        gate = self._write_gate if self._write_gate is not None and fn.__name__ in self.writes else None
        if gate is not None:
            gate.get()
            try:
                return self._run_on_connection(fn, args)
            finally:
                gate.put(True)
        return self._run_on_connection(fn, args)

    def _run_on_connection(self, fn: Callable, args: tuple):
        conn = self._pool.get()
        try:
            return self._offload(self._in_transaction, conn, fn, args)
        except self.integrity_errors:
            raise  # a constraint said no: the caller decides (duplicate id, taken join code...)
        except self.operational_errors as exc:
            conn = self._replace(conn)
            raise StoreError(str(exc).strip() or type(exc).__name__) from exc
        finally:
            self._pool.put(conn)

    def _in_transaction(self, conn, fn, args):
        self._begin(conn, write=True)
        try:
            out = fn(conn, *args)
        except BaseException:
            self._rollback(conn)
            raise
        self._commit(conn)
        return out

    def _replace(self, conn):
        if self._healthy(conn):
            return conn
        try:
            conn.close()
        except self.database_errors:  # already dead: nothing to close
            pass
        try:
            return self._connect()
        except self.database_errors:  # still down: keep the dead one, next call retries
            return conn

    def _q(self, conn, text: str, params: tuple = ()):
        cur = conn.cursor()
        cur.execute(self._sql(text), params)
        return cur

    def close(self) -> None:
        """Close every pooled connection."""
        self._closed = True
        while True:
            try:
                conn = self._pool.get_nowait() if hasattr(self._pool, "get_nowait") else self._pool.get(block=False)
            except queue.Empty:  # (eventlet's and gevent's queues raise it too)
                break
            try:
                conn.close()
            except self.database_errors:  # a dead connection: closing it fails, and it is gone anyway
                pass

    # -- operations (run inside a transaction on a real thread) -------------------------------
    def _op_init_schema(self, conn):
        self._lock_schema(conn)
        for stmt in [*DDL, *MIGRATIONS]:
            self._q(conn, stmt)

    def _op_create_game(self, conn, game: dict, tokens: list[tuple[str, str]], events: list[dict]):
        self._q(conn, f"INSERT INTO games ({GAME_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game["id"], game["ruleset"], _dumps(game["setup"]), 1 if game.get("shared_device") else 0,
                 game["join_code"], _dumps(game.get("meta") or {}), game.get("created_at") or now_iso()))
        created = now_iso()
        for token_hash, seat in tokens:
            self._q(conn, "INSERT INTO seats (token_hash, game_id, seat, created_at) VALUES (?, ?, ?, ?)",
                    (token_hash, game["id"], seat, created))
        for rec in events:
            self._insert_event(conn, game["id"], rec)

    def _insert_event(self, conn, game_id: str, rec: dict):
        self._q(conn, f"INSERT INTO events (game_id, {EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, rec["seq"], rec["id"], rec["type"], rec["by"], rec.get("actor") or rec["by"],
                 _dumps(rec.get("data") or {}), _dumps(rec.get("override")),
                 _dumps(rec.get("consequences") or []), rec.get("created_at") or now_iso()))

    def _op_get_game(self, conn, game_id):
        row = self._q(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
        return _game_row(row) if row else None

    def _op_replace_setup(self, conn, game_id, before, after):
        # Compare-and-set on the stored text: two phones setting their seats at once cannot lose one another's.
        head = self._q(conn, "SELECT COUNT(*) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
        if head:
            return False
        return self._q(conn, "UPDATE games SET setup = ? WHERE id = ? AND setup = ?",
                       (_dumps(after), game_id, _dumps(before))).rowcount == 1

    def _op_game_by_code(self, conn, code):
        row = self._q(conn, f"SELECT {GAME_COLUMNS} FROM games WHERE join_code = ?", (code,)).fetchone()
        return _game_row(row) if row else None

    def _op_list_games(self, conn, limit):
        rows = self._q(conn, f"SELECT {GAME_COLUMNS} FROM games ORDER BY created_at DESC LIMIT ?",
                       (limit,)).fetchall()
        return [_game_row(r) for r in rows]

    def _op_delete_game(self, conn, game_id):
        for table in ("events", "held_seats", "handovers"):  # the game's log and its seat handovers
            self._q(conn, f"DELETE FROM {table} WHERE game_id = ?", (game_id,))
        self._q(conn, "DELETE FROM seats WHERE game_id = ?", (game_id,))
        return self._q(conn, "DELETE FROM games WHERE id = ?", (game_id,)).rowcount > 0

    def _op_add_token(self, conn, game_id, seat, token_hash):
        self._q(conn, "INSERT INTO seats (token_hash, game_id, seat, created_at) VALUES (?, ?, ?, ?)",
                (token_hash, game_id, seat, now_iso()))

    def _op_seat_for_token(self, conn, token_hash):
        row = self._q(conn, "SELECT game_id, seat FROM seats WHERE token_hash = ?", (token_hash,)).fetchone()
        return (row[0], row[1]) if row else None

    def _op_head(self, conn, game_id):
        row = self._q(conn, "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()
        return int(row[0])

    def _op_events(self, conn, game_id, since, upto, limit):
        sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND seq > ?"
        params: list = [game_id, since]
        if upto is not None:
            sql += " AND seq <= ?"
            params.append(upto)
        sql += " ORDER BY seq"
        if limit is not None:
            sql += " LIMIT ?"
            params.append(limit)
        return [_event_row(r) for r in self._q(conn, sql, tuple(params)).fetchall()]

    def _op_event_by_id(self, conn, game_id, event_id):
        row = self._q(conn, f"SELECT {EVENT_COLUMNS} FROM events WHERE game_id = ? AND event_id = ?",
                      (game_id, event_id)).fetchone()
        return _event_row(row) if row else None

    def _op_append(self, conn, game_id, expected_head, rec):
        existing = self._op_event_by_id(conn, game_id, rec["id"])
        if existing is not None:
            return AppendResult("duplicate", existing, self._op_head(conn, game_id))
        head = self._op_head(conn, game_id)
        if head != expected_head:
            return AppendResult("stale", None, head)
        stored = dict(rec, seq=head + 1, created_at=rec.get("created_at") or now_iso())
        self._insert_event(conn, game_id, stored)
        return AppendResult("ok", stored, head + 1)

    def _op_append_many(self, conn, items):
        """Several appends in one transaction; each in a savepoint, so one refused or unstorable record spoils no other."""
        results = []
        for game_id, expected_head, rec in items:
            self._q(conn, "SAVEPOINT one_append")
            try:
                results.append(("ok", self._op_append(conn, game_id, expected_head, rec)))
            except self.operational_errors:
                raise  # the database itself failed (locked, disk full): the whole batch is not stored
            except (*self.database_errors, TypeError, ValueError) as exc:  # a refused or unstorable record fails alone
                self._q(conn, "ROLLBACK TO SAVEPOINT one_append")
                results.append(("error", exc))
            self._q(conn, "RELEASE SAVEPOINT one_append")
        return results

    def _op_save_custom(self, conn, kind, cid, payload):
        exists = self._q(conn, "SELECT 1 FROM custom_content WHERE kind = ? AND id = ?", (kind, cid)).fetchone()
        if exists:
            self._q(conn, "UPDATE custom_content SET payload = ? WHERE kind = ? AND id = ?",
                    (_dumps(payload), kind, cid))
        else:
            self._q(conn, "INSERT INTO custom_content (kind, id, payload, created_at) VALUES (?, ?, ?, ?)",
                    (kind, cid, _dumps(payload), now_iso()))
        return cid

    def _op_get_custom(self, conn, kind, cid):
        row = self._q(conn, "SELECT payload FROM custom_content WHERE kind = ? AND id = ?", (kind, cid)).fetchone()
        return _loads(row[0]) if row else None

    def _op_list_custom(self, conn, kind):
        rows = self._q(conn, "SELECT id, payload, created_at FROM custom_content WHERE kind = ? ORDER BY created_at, id",
                       (kind,)).fetchall()
        return [{"id": r[0], "payload": _loads(r[1]), "created_at": r[2]} for r in rows]

    def _op_custom_page(self, conn, kind, limit, offset):
        total = self._q(conn, "SELECT COUNT(*) FROM custom_content WHERE kind = ?", (kind,)).fetchone()[0]
        rows = self._q(conn, "SELECT id, payload, created_at FROM custom_content WHERE kind = ? "
                             "ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?", (kind, limit, offset)).fetchall()
        return {"total": total, "rows": [{"id": r[0], "payload": _loads(r[1]), "created_at": r[2]} for r in rows]}

    # -- public interface --------------------------------------------------------------------
    def create_game(self, game: dict, tokens: list[tuple[str, str]], events: list[dict] | None = None) -> None:
        """Store a new game, its seat token hashes and (for imports) its whole log, all or nothing.

        game: {"id", "ruleset", "setup", "shared_device", "join_code", "meta"?, "created_at"?};
        tokens: [(token_hash, seat)]; events: records with seq 1..N (see `append`).
        Raises `DuplicateKey` if the id or join code is taken.
        """
        try:
            self._run(self._op_create_game, game, tokens, list(events or []))
        except self.integrity_errors as exc:
            raise DuplicateKey(str(exc)) from exc

    def get_game(self, game_id: str) -> dict | None:
        """The game row, or None."""
        return self._run(self._op_get_game, game_id)

    def replace_setup(self, game_id: str, before: dict, after: dict) -> bool:
        """Replace a game's setup while its log is empty and its stored setup is still `before` (a seat set up by
        its own phone before the game starts); False when another write came first or the game has begun."""
        return self._run(self._op_replace_setup, game_id, before, after)

    def game_by_code(self, code: str) -> dict | None:
        """The game with this join code, or None."""
        return self._run(self._op_game_by_code, code)

    def list_games(self, limit: int = 100) -> list[dict]:
        """Most recent games first."""
        return self._run(self._op_list_games, limit)

    def delete_game(self, game_id: str) -> bool:
        """Remove a game, its log and its seat tokens in one transaction; False when there was no such game."""
        return self._run(self._op_delete_game, game_id)

    def add_token(self, game_id: str, seat: str, token_hash: str) -> None:
        """Remember one more bearer token (its hash) for a seat or role of a game."""
        self._run(self._op_add_token, game_id, seat, token_hash)

    def seat_for_token(self, token_hash: str) -> tuple[str, str] | None:
        """(game_id, seat) for a token hash, or None."""
        return self._run(self._op_seat_for_token, token_hash)

    def head(self, game_id: str) -> int:
        """The last seq of a game's log (0 when empty)."""
        return self._run(self._op_head, game_id)

    def events(self, game_id: str, since: int = 0, upto: int | None = None, limit: int | None = None) -> list[dict]:
        """Log records with since < seq <= upto, in order."""
        return self._run(self._op_events, game_id, since, upto, limit)

    def event_by_id(self, game_id: str, event_id: str) -> dict | None:
        """The stored record of a client event id, or None."""
        return self._run(self._op_event_by_id, game_id, event_id)

    def append(self, game_id: str, expected_head: int, record: dict) -> AppendResult:
        """Store one event as seq expected_head+1, in one transaction.

        record: {"id", "type", "by", "actor", "data", "override", "consequences"}.
        Returns "duplicate" with the original record if the id is already in the log, "stale" with
        the current head if the log moved past expected_head (nothing written), else "ok".
        """
        token = (game_id, object())
        self._appends.add(token)
        try:
            return self._append(game_id, expected_head, record)
        finally:
            self._appends.discard(token)

    def appending(self, besides: str | None = None) -> bool:
        """Whether an append of this process is being stored now, for a game other than `besides` when given (work
        that can wait, waits for it: see app/live/broadcast.py)."""
        return any(game != besides for game, _ in list(self._appends))   # (a copy: other threads may append)

    def _append(self, game_id: str, expected_head: int, record: dict) -> AppendResult:
        for _ in range(5):
            try:
                if self._group is not None:
                    return self._group.append(game_id, expected_head, record)
                return self._run(self._op_append, game_id, expected_head, record)
            except self.integrity_errors:
                # Another process stored this seq or this id between our read and our insert.
                existing = self.event_by_id(game_id, record["id"])
                if existing is not None:
                    return AppendResult("duplicate", existing, self.head(game_id))
                head = self.head(game_id)
                if head != expected_head:
                    return AppendResult("stale", None, head)
                time.sleep(0.005)
        raise StoreError("could not store the event; try again")

    def save_custom(self, kind: str, payload: Any, id: str | None = None) -> str:
        """Store a player-made content record (kind e.g. "warband", "deck"); returns its id.

        With `id` the record is replaced (or created under that id); without, a new id is made.
        The payload is any JSON-serialisable value; validation belongs to the caller (app.content).
        """
        if not isinstance(kind, str) or not kind or len(kind) > 64:
            raise ValueError("kind must be a short non-empty string")
        cid = id or secrets.token_urlsafe(9)
        json.dumps(payload)  # refuse what cannot be stored before touching the database
        return self._run(self._op_save_custom, kind, cid, payload)

    def get_custom(self, kind: str, id: str) -> Any | None:
        """A player-made content record's payload, or None."""
        return self._run(self._op_get_custom, kind, id)

    def list_custom(self, kind: str) -> list[dict]:
        """All records of a kind: [{"id", "payload", "created_at"}], oldest first."""
        return self._run(self._op_list_custom, kind)

    def custom_page(self, kind: str, limit: int, offset: int = 0) -> dict:
        """One page of a kind's records, newest first: {"total", "rows": [{"id", "payload", "created_at"}]}."""
        return self._run(self._op_custom_page, kind, int(limit), int(offset))


class GroupCommit:
    """Group commit: appends that arrive while a commit is under way go out together in the next one.

    With synchronous=FULL every commit waits for the disk (an fsync, milliseconds). One writer at a
    time takes the queue of waiting appends, stores them all in one transaction (each re-checked and
    in its own savepoint) and answers each caller only after the commit: the same guarantees as one
    transaction per event, one fsync for many. Locks and queues come from the async mode (green
    under eventlet/gevent), so waiting is cooperative.
    """

    def __init__(self, store: EventStore, make_queue: Callable[[], AsyncQueue]):
        self.store = store
        self.make_queue = make_queue
        self.pending: list[tuple[tuple, Any]] = []
        self.flushing = False
        self.mutex = make_queue()
        self.mutex.put(True)

    def append(self, game_id: str, expected_head: int, record: dict) -> AppendResult:
        """Store one append with the next batch; returns its AppendResult after the commit."""
        reply = self.make_queue()
        self.mutex.get()
        try:
            self.pending.append(((game_id, expected_head, record), reply))
            lead = not self.flushing
            self.flushing = True
        finally:
            self.mutex.put(True)
        if lead:
            self._flush_once()
        while True:
            status, value = reply.get()
            if status == "lead":  # the previous writer handed over: commit the next batch (ours is in it)
                self._flush_once()
                continue
            if status == "error":
                raise value
            return value

    def _flush_once(self) -> None:
        """Commit every waiting append in one transaction, answer each, then hand the writing on."""
        self.mutex.get()
        try:
            batch, self.pending = self.pending, []
        finally:
            self.mutex.put(True)
        results: list = [("error", StoreError("the batch was not stored"))] * len(batch)
        try:
            if batch:
                results = self.store._run(self.store._op_append_many, [item for item, _ in batch])
        except BaseException as exc:  # noqa: BLE001 - not swallowed: each waiting writer raises it as its own
            results = [("error", exc)] * len(batch)
        finally:
            for (_, reply), result in zip(batch, results):
                reply.put(result)
            # Whoever waits first writes next; each writer answers its own caller without delay.
            self.mutex.get()
            try:
                if self.pending:
                    self.pending[0][1].put(("lead", None))
                else:
                    self.flushing = False
            finally:
                self.mutex.put(True)
