"""Store tables of leagues: a league row (its setup and its organiser token's hash) and its events in order.

Mixed into EventStore, so both backends keep leagues beside the tournaments they list. A tournament is in one
league at most (its id is unique in league_events), and a league's events are numbered in the order they were added.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .clock import now_iso
from .errors import DuplicateKey

LEAGUE_DDL = [
    """CREATE TABLE IF NOT EXISTS leagues (
        id TEXT PRIMARY KEY,
        setup TEXT NOT NULL,
        organiser_hash TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS league_events (
        league_id TEXT NOT NULL REFERENCES leagues(id),
        tournament_id TEXT NOT NULL UNIQUE REFERENCES tournaments(id),
        position INTEGER NOT NULL,
        PRIMARY KEY (league_id, position))""",
]

LEAGUE_WRITES = frozenset({"_op_create_league", "_op_add_league_event"})


class LeagueTables:
    """League storage of an EventStore: create_league, get_league, league_for_token, add_league_event, league_events,
    league_of."""

    # What the EventStore this is mixed into provides (app/store/base.py), declared so each use is checked.
    _run: Callable[..., Any]
    _q: Callable[..., Any]
    integrity_errors: tuple[type[BaseException], ...]

    def _op_create_league(self, conn, lid: str, setup: dict, organiser_hash: str, created: str):
        self._q(conn, "INSERT INTO leagues (id, setup, organiser_hash, created_at) VALUES (?, ?, ?, ?)",
                (lid, json.dumps(setup, sort_keys=True), organiser_hash, created))

    def _op_get_league(self, conn, lid: str):
        row = self._q(conn, "SELECT id, setup, created_at FROM leagues WHERE id = ?", (lid,)).fetchone()
        return {"id": row[0], "setup": json.loads(row[1]), "created_at": row[2]} if row else None

    def _op_league_for_token(self, conn, organiser_hash: str):
        row = self._q(conn, "SELECT id FROM leagues WHERE organiser_hash = ?", (organiser_hash,)).fetchone()
        return row[0] if row else None

    def _op_add_league_event(self, conn, lid: str, tid: str, most: int) -> bool:
        count = int(self._q(conn, "SELECT COUNT(*) FROM league_events WHERE league_id = ?", (lid,)).fetchone()[0])
        if count >= most:
            return False
        self._q(conn, "INSERT INTO league_events (league_id, tournament_id, position) VALUES (?, ?, ?)", (lid, tid, count + 1))
        return True

    def _op_league_events(self, conn, lid: str) -> list[str]:
        rows = self._q(conn, "SELECT tournament_id FROM league_events WHERE league_id = ? ORDER BY position", (lid,))
        return [r[0] for r in rows.fetchall()]

    def _op_league_of(self, conn, tid: str):
        row = self._q(conn, "SELECT league_id FROM league_events WHERE tournament_id = ?", (tid,)).fetchone()
        return row[0] if row else None

    # -- public ------------------------------------------------------------------------------------
    def create_league(self, lid: str, setup: dict, organiser_hash: str) -> None:
        """Store a new league with its organiser token's hash."""
        try:
            self._run(self._op_create_league, lid, setup, organiser_hash, now_iso())
        except self.integrity_errors as exc:
            raise DuplicateKey(str(exc)) from exc

    def get_league(self, lid: str) -> dict | None:
        """The league row {id, setup, created_at}, or None."""
        return self._run(self._op_get_league, lid)

    def league_for_token(self, organiser_hash: str) -> str | None:
        """The league whose organiser token has this hash, or None."""
        return self._run(self._op_league_for_token, organiser_hash)

    def add_league_event(self, lid: str, tid: str, most: int) -> bool:
        """Add a tournament as the league's next event; False when the league already has `most` events."""
        return self._run(self._op_add_league_event, lid, tid, most)

    def league_events(self, lid: str) -> list[str]:
        """The league's tournament ids in the order they were added."""
        return self._run(self._op_league_events, lid)

    def league_of(self, tid: str) -> str | None:
        """The league a tournament is in, or None."""
        return self._run(self._op_league_of, tid)
