"""PostgreSQL backend (psycopg 3): the shared event store when several server processes serve one site."""
from __future__ import annotations

import psycopg

from .base import EventStore

SCHEMA_LOCK = 7_311_911  # arbitrary advisory lock id: two processes starting at once create tables once


class PostgresStore(EventStore):
    """Event store in PostgreSQL; selected when DATABASE_URL is postgresql://..."""

    integrity_errors = (psycopg.errors.IntegrityError,)
    operational_errors = (psycopg.OperationalError, psycopg.InterfaceError)
    database_errors = (psycopg.Error,)
    placeholder = "%s"

    def __init__(self, url: str, **kw):
        self.url = url
        super().__init__(**kw)

    def _connect(self):
        return psycopg.connect(self.url, autocommit=False, connect_timeout=10)

    def _begin(self, conn, write: bool) -> None:
        # psycopg opens a transaction implicitly on the first statement (autocommit off).
        pass

    def _healthy(self, conn) -> bool:
        return not conn.closed and not conn.broken

    def _lock_schema(self, conn) -> None:
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
