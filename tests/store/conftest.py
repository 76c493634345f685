"""Every store test runs on both backends: a fresh SQLite file, and a PostgreSQL database emptied after each test."""
from __future__ import annotations

import pytest

from app.store import open_store


@pytest.fixture(scope="module")
def pg_url(postgres):
    """One PostgreSQL database for this module (emptied after each test)."""
    return postgres.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
def store(request, tmp_path):
    """A fresh store of each backend."""
    if request.param == "sqlite":
        s = open_store(f"sqlite:///{tmp_path / 's.db'}", str(tmp_path))
        yield s
        s.close()
        return
    url = request.getfixturevalue("pg_url")
    s = open_store(url, str(tmp_path))
    yield s
    s.close()
    import psycopg  # noqa: PLC0415 - the optional [postgres] extra, needed only with a PostgreSQL server
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("TRUNCATE events, seats, games, custom_content, league_events, leagues, tournament_log, "
                     "tournament_tokens, tournaments")
