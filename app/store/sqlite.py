"""SQLite backend: one file under instance/, WAL journal, synchronous=FULL (an ack means it is on disk)."""
from __future__ import annotations

import os
import sqlite3

from .base import EventStore, StoreError

# How long a write waits for another process's lock before the request answers 503. Phones resend
# from their outbox, so a quick "busy" beats a request that hangs until the phone gives up.
BUSY_TIMEOUT_SECONDS = 3


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


class SqliteStore(EventStore):
    """Event store in one SQLite file; every connection uses WAL and synchronous=FULL."""

    integrity_errors = (sqlite3.IntegrityError,)
    operational_errors = (sqlite3.OperationalError, sqlite3.DatabaseError)
    placeholder = "?"
    serialise_writes = True
    group_commit = True

    def __init__(self, path: str, **kw):
        self.path = path
        directory = os.path.dirname(os.path.abspath(path))
        os.makedirs(directory, exist_ok=True)
        check_writable(path)
        super().__init__(**kw)

    def _connect(self):
        # isolation_level=None: we issue BEGIN IMMEDIATE / COMMIT ourselves, so a transaction takes
        # the write lock up front and two writers never deadlock on a lock upgrade.
        conn = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_SECONDS * 1000}")
        return conn

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

    def _in_transaction(self, conn, fn, args):
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

