"""SQLite backend: one file under instance/, WAL journal, synchronous=FULL (an ack means it is on disk)."""
from __future__ import annotations

import logging
import os
import sqlite3
from typing import Callable

from .base import EventStore, StoreError

log = logging.getLogger(__name__)

# How long a write waits for another process's lock before the request answers 503. Phones resend
# from their outbox, so a quick "busy" beats a request that hangs until the phone gives up.
BUSY_TIMEOUT_SECONDS = 3
# Write transactions between two checkpoints of the WAL into the database file, when they run in the
# background. SQLite's own default runs one inside whichever commit passes 1,000 WAL pages, and with
# synchronous=FULL that commit also waits for the database file's fsync, holding the appends behind it
# (benchmarks/README.md, "Figures behind the code").
CHECKPOINT_EVERY_WRITES = 200


class UnusableDatabase(StoreError):
    """The SQLite file or its WAL companions cannot be written: the server must not start on them."""


def check_writable(path: str) -> None:
    """Refuse a database whose file, -wal or -shm exists but cannot be opened for writing.

    SQLite maps the -shm file into memory; one it cannot write ends the process with SIGBUS on the
    first write instead of an error, so this is checked before any connection is opened.
    """
    for name in (path, path + "-wal", path + "-shm"):
        if not os.path.lexists(name):
            continue
        try:
            os.close(os.open(name, os.O_RDWR))
        except OSError as exc:
            raise UnusableDatabase(f"The database file {name} cannot be written ({exc.strerror}); fix its "
                                   "permissions or remove it (an -shm/-wal file left by a crash may be removed "
                                   "while no server runs).") from exc
    directory = os.path.dirname(os.path.abspath(path))
    if not os.access(directory, os.W_OK):
        raise UnusableDatabase(f"The database folder {directory} cannot be written.")


class SharedMemoryLost(StoreError):
    """The -shm file the open connections map can no longer be written (or was cut short) while the server runs."""


def shm_problem(path: str, seen_size: int) -> tuple[str | None, int]:
    """(why the database's -shm file is unsafe to use now or None, its size now).

    Every SQLite transaction, a read too (it marks which WAL frames it reads), writes into the -shm file's
    memory map; a map whose file became immutable or shorter ends the process with SIGBUS on that write
    (measured with `chattr +i` and truncate on SQLite 3.40; a chmod or a replaced file does not affect the
    map). So each transaction first checks that the file still opens for writing and has not shrunk.
    """
    name = path + "-shm"
    try:
        fd = os.open(name, os.O_RDWR)
    except FileNotFoundError:
        return None, 0  # not created yet, or unlinked: the open connections keep their own, nothing faults
    except OSError as exc:
        return f"{name} cannot be written ({exc.strerror})", seen_size
    try:
        size = os.fstat(fd).st_size
    finally:
        os.close(fd)
    if size < seen_size:
        return f"{name} was cut short ({size} bytes, {seen_size} before)", seen_size
    return None, size


class SqliteStore(EventStore):
    """Event store in one SQLite file; every connection uses WAL and synchronous=FULL."""

    integrity_errors = (sqlite3.IntegrityError,)
    operational_errors = (sqlite3.OperationalError, sqlite3.DatabaseError)
    database_errors = (sqlite3.Error,)
    placeholder = "?"
    serialise_writes = True
    group_commit = True

    def __init__(self, path: str, spawn: Callable | None = None, **kw):
        """path: the database file. spawn(fn): run blocking fn in a real thread without waiting for it; given,
        the WAL is checkpointed there every CHECKPOINT_EVERY_WRITES writes instead of inside a commit."""
        self.path = path
        self._spawn = spawn
        self._writes_since_checkpoint = 0
        self._checkpointing = False
        self._checkpoint_conn: sqlite3.Connection | None = None
        self._shm_size = 0  # the largest -shm size seen while connections are open (it never shrinks then)
        self._shm_lost = False
        directory = os.path.dirname(os.path.abspath(path))
        os.makedirs(directory, exist_ok=True)
        check_writable(path)
        super().__init__(**kw)

    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: we issue BEGIN IMMEDIATE / COMMIT ourselves, so a transaction takes
        # the write lock up front and two writers never deadlock on a lock upgrade.
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
        if self._spawn is not None:
            conn.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run in the background (see _run)
        return conn

    def _run(self, fn, *args):
        out = super()._run(fn, *args)
        if self._spawn is not None and fn.__name__ in self.writes:
            self._writes_since_checkpoint += 1
            if self._writes_since_checkpoint >= CHECKPOINT_EVERY_WRITES and not self._checkpointing:
                self._writes_since_checkpoint = 0
                self._checkpointing = True
                self._spawn(self.checkpoint)
        return out

    def checkpoint(self) -> tuple[int, int]:
        """Copy the WAL's committed pages into the database file (PASSIVE: writers and readers go on meanwhile).

        Returns (pages in the WAL, pages copied). Runs on its own connection, so it takes no pooled one and
        never waits for the write lock; durability does not depend on it (a commit is on disk in the WAL).
        """
        try:
            self._check_shm()
            conn = self._checkpoint_conn
            if conn is None:
                conn = self._checkpoint_conn = self._connect()
            _busy, in_wal, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            return in_wal, copied
        except (sqlite3.Error, SharedMemoryLost) as exc:  # the next one retries; the WAL grows, nothing is lost
            log.warning("WAL checkpoint failed: %s", exc)
            return -1, -1
        finally:
            self._checkpointing = False

    def close(self) -> None:
        """Close every pooled connection and the checkpoint's own."""
        super().close()
        if self._checkpoint_conn is not None:
            self._checkpoint_conn.close()
            self._checkpoint_conn = None

    def _begin(self, conn, write: bool) -> None:
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")

    def _commit(self, conn) -> None:
        conn.execute("COMMIT")

    def _rollback(self, conn) -> None:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    def _healthy(self, conn) -> bool:
        try:
            conn.execute("SELECT 1")
            return True
        except sqlite3.Error:
            return False

    def _check_shm(self) -> None:
        """Raise SharedMemoryLost (a StoreError: 503) instead of letting SQLite touch a -shm map that faults."""
        problem, self._shm_size = shm_problem(self.path, self._shm_size)
        if problem and not self._shm_lost:
            log.error("the database's shared memory is unusable: %s; every store operation answers 503 until the "
                      "file is writable again (or the server is restarted on a sound database)", problem)
        elif not problem and self._shm_lost:
            log.warning("the database's shared memory is writable again: the store is back")
        self._shm_lost = problem is not None
        if problem:
            raise SharedMemoryLost(problem)

    def _in_transaction(self, conn, fn, args):
        self._check_shm()
        # Reads do not need the write lock; only take it for functions that write.
        write = fn.__name__ in self.writes
        conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        try:
            out = fn(conn, *args)
        except BaseException:
            self._rollback(conn)
            raise
        conn.execute("COMMIT")
        return out

    def pragma(self, name: str):
        """Read a PRAGMA on a pooled connection (tests check WAL and synchronous)."""
        return self._run(lambda conn: conn.execute(f"PRAGMA {name}").fetchone()[0])

