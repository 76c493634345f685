"""Store tables of seat holding and handovers (mixed into EventStore, both backends).

A player seat is *held* once a phone joined it or opened the table with one of its tokens; a held seat gets a
new token only with consent: its holder approves a request, shows a one-time handover code, or the
referee joins the phone in. `handovers` keeps each request or code: only hashes of their secrets.
"""
from __future__ import annotations

from typing import Any, Callable

from .clock import now_iso

HANDOVER_DDL = [
    """CREATE TABLE IF NOT EXISTS held_seats (
        game_id TEXT NOT NULL,
        seat TEXT NOT NULL,
        held_at TEXT NOT NULL,
        PRIMARY KEY (game_id, seat))""",
    """CREATE TABLE IF NOT EXISTS handovers (
        id TEXT PRIMARY KEY,
        game_id TEXT NOT NULL,
        seat TEXT NOT NULL,
        kind TEXT NOT NULL,
        secret_hash TEXT NOT NULL,
        status TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        expires_at DOUBLE PRECISION NOT NULL,
        created_at TEXT NOT NULL)""",
    "CREATE INDEX IF NOT EXISTS handovers_seat ON handovers (game_id, seat, kind, status)",
]

HANDOVER_WRITES = frozenset({"_op_hold_seat", "_op_put_handover", "_op_move_handover", "_op_count_attempt"})

HANDOVER_COLUMNS = "id, game_id, seat, kind, secret_hash, status, attempts, expires_at, created_at"


def _handover_row(row) -> dict:
    return dict(zip([c.strip() for c in HANDOVER_COLUMNS.split(",")], row))


class HandoverTables:
    """hold_seat, seat_held, put_handover, get_handover, move_handover, open_handovers, count_attempt."""

    # What the EventStore this is mixed into provides (app/store/base.py), declared so each use is checked.
    _run: Callable[..., Any]
    _q: Callable[..., Any]
    integrity_errors: tuple[type[BaseException], ...]

    def _op_hold_seat(self, conn, game_id: str, seat: str, now: str) -> bool:
        cur = self._q(conn, "INSERT INTO held_seats (game_id, seat, held_at) VALUES (?, ?, ?) "
                            "ON CONFLICT (game_id, seat) DO NOTHING", (game_id, seat, now))
        return cur.rowcount == 1

    def _op_seat_held(self, conn, game_id: str, seat: str) -> bool:
        return self._q(conn, "SELECT 1 FROM held_seats WHERE game_id = ? AND seat = ?", (game_id, seat)).fetchone() is not None

    def _op_put_handover(self, conn, row: dict):
        self._q(conn, f"INSERT INTO handovers ({HANDOVER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                tuple(row[c.strip()] for c in HANDOVER_COLUMNS.split(",")))

    def _op_get_handover(self, conn, hid: str):
        row = self._q(conn, f"SELECT {HANDOVER_COLUMNS} FROM handovers WHERE id = ?", (hid,)).fetchone()
        return _handover_row(row) if row else None

    def _op_move_handover(self, conn, hid: str, from_status: str, to_status: str) -> bool:
        cur = self._q(conn, "UPDATE handovers SET status = ? WHERE id = ? AND status = ?", (to_status, hid, from_status))
        return cur.rowcount == 1

    def _op_open_handovers(self, conn, game_id: str, seat: str, kind: str, now: float):
        rows = self._q(conn, f"SELECT {HANDOVER_COLUMNS} FROM handovers WHERE game_id = ? AND seat = ? AND kind = ? "
                             "AND status = 'open' AND expires_at > ? ORDER BY created_at", (game_id, seat, kind, now)).fetchall()
        return [_handover_row(r) for r in rows]

    def _op_count_attempt(self, conn, hid: str, max_attempts: int):
        self._q(conn, "UPDATE handovers SET attempts = attempts + 1 WHERE id = ?", (hid,))
        self._q(conn, "UPDATE handovers SET status = 'spent' WHERE id = ? AND attempts >= ?", (hid, max_attempts))

    # -- public interface --------------------------------------------------------------------
    def hold_seat(self, game_id: str, seat: str) -> bool:
        """Mark a player seat held; True when this call took it (it was free)."""
        return self._run(self._op_hold_seat, game_id, seat, now_iso())

    def seat_held(self, game_id: str, seat: str) -> bool:
        """Whether a phone holds this player seat."""
        return self._run(self._op_seat_held, game_id, seat)

    def put_handover(self, row: dict) -> None:
        """Store a handover request or code: {id, game_id, seat, kind, secret_hash, status, attempts, expires_at, created_at}."""
        self._run(self._op_put_handover, row)

    def get_handover(self, hid: str) -> dict | None:
        """One handover row, or None."""
        return self._run(self._op_get_handover, hid)

    def move_handover(self, hid: str, from_status: str, to_status: str) -> bool:
        """Change a handover's status only if it still has `from_status` (so two answers never both win)."""
        return self._run(self._op_move_handover, hid, from_status, to_status)

    def open_handovers(self, game_id: str, seat: str, kind: str, now: float) -> list[dict]:
        """Open, unexpired handovers of one kind for a seat, oldest first."""
        return self._run(self._op_open_handovers, game_id, seat, kind, now)

    def count_attempt(self, hid: str, max_attempts: int) -> None:
        """One wrong try at a handover code; the code is spent after `max_attempts`."""
        self._run(self._op_count_attempt, hid, max_attempts)
