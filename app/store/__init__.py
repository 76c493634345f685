"""Event store: SQLite file under instance/ by default, PostgreSQL when DATABASE_URL names one."""
from __future__ import annotations

import os
from typing import Callable

from .base import AppendResult, DuplicateKey, EventStore, StoreError  # noqa: F401
from .sqlite import SqliteStore


def open_store(database_url: str, instance_path: str, offload: Callable | None = None,
               make_queue: Callable | None = None, pool_size: int = 4, spawn: Callable | None = None) -> EventStore:
    """The store DATABASE_URL asks for: postgresql://... or sqlite:///path, "" = instance/tablewarden.sqlite3.

    spawn(fn) runs blocking work in a real thread without waiting (SQLite checkpoints its WAL there)."""
    url = (database_url or "").strip()
    kw = {"offload": offload, "make_queue": make_queue, "pool_size": pool_size}
    if url.startswith(("postgresql://", "postgres://")):
        from .postgres import PostgresStore  # noqa: PLC0415 - psycopg is the optional [postgres] extra
        return PostgresStore(url, **kw)
    if url == "":
        path = os.path.join(instance_path, "tablewarden.sqlite3")
    elif url.startswith("sqlite:///"):
        path = url[len("sqlite:///"):]
        if not os.path.isabs(path):
            path = os.path.join(instance_path, path)
    elif url.startswith("sqlite://"):
        raise ValueError("DATABASE_URL for SQLite is sqlite:///relative/path or sqlite:////absolute/path")
    else:
        raise ValueError("DATABASE_URL must start with postgresql:// or sqlite:///")
    return SqliteStore(path, spawn=spawn, **kw)
