"""Store tables of tournaments: the tournament row, its role tokens (hashes only) and its append-only log.

Mixed into EventStore, so both backends (SQLite, PostgreSQL) keep tournaments beside games with the same
guarantees: each log entry gets the next gapless seq of its tournament inside the transaction that stores
it, a repeated entry id returns what was stored the first time, and a stale head writes nothing.
"""
from __future__ import annotations

import json
from typing import Any, Callable

from .clock import now_iso
from .errors import DuplicateKey

TOURNAMENT_DDL = [
    """CREATE TABLE IF NOT EXISTS tournaments (
        id TEXT PRIMARY KEY,
        setup TEXT NOT NULL,
        created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tournament_tokens (
        token_hash TEXT PRIMARY KEY,
        tournament_id TEXT NOT NULL REFERENCES tournaments(id),
        role TEXT NOT NULL,
        subject TEXT NOT NULL DEFAULT '',
        created_at TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tournament_log (
        tournament_id TEXT NOT NULL REFERENCES tournaments(id),
        seq INTEGER NOT NULL,
        entry_id TEXT NOT NULL,
        type TEXT NOT NULL,
        actor TEXT NOT NULL,
        data TEXT NOT NULL,
        created_at TEXT NOT NULL,
        PRIMARY KEY (tournament_id, seq),
        UNIQUE (tournament_id, entry_id))""",
]

TOURNAMENT_WRITES = frozenset({"_op_create_tournament", "_op_add_tournament_token", "_op_replace_tournament_tokens",
                               "_op_spend_tournament_token",
                               "_op_append_entry"})

LOG_COLUMNS = "seq, entry_id, type, actor, data, created_at"


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


def _entry_row(row) -> dict:
    seq, entry_id, etype, actor, data, created_at = row
    return {"seq": seq, "id": entry_id, "type": etype, "actor": actor, "data": json.loads(data),
            "created_at": created_at}


class TournamentTables:
    """Tournament storage of an EventStore: create_tournament, get_tournament,
    add_tournament_token, replace_tournament_tokens, spend_tournament_token, tournament_for_token, append_entry,
    entries."""

    # What the EventStore this is mixed into provides (app/store/base.py), declared so each use is checked.
    _run: Callable[..., Any]
    _q: Callable[..., Any]
    integrity_errors: tuple[type[BaseException], ...]

    def _op_create_tournament(self, conn, tid: str, setup: dict, tokens: list[tuple[str, str, str]], created: str):
        self._q(conn, "INSERT INTO tournaments (id, setup, created_at) VALUES (?, ?, ?)", (tid, _dumps(setup), created))
        for token_hash, role, subject in tokens:
            self._q(conn, "INSERT INTO tournament_tokens (token_hash, tournament_id, role, subject, created_at) "
                          "VALUES (?, ?, ?, ?, ?)", (token_hash, tid, role, subject, created))

    def _op_get_tournament(self, conn, tid: str):
        row = self._q(conn, "SELECT id, setup, created_at FROM tournaments WHERE id = ?", (tid,)).fetchone()
        return {"id": row[0], "setup": json.loads(row[1]), "created_at": row[2]} if row else None

    def _op_add_tournament_token(self, conn, tid: str, token_hash: str, role: str, subject: str, created: str):
        self._q(conn, "INSERT INTO tournament_tokens (token_hash, tournament_id, role, subject, created_at) "
                      "VALUES (?, ?, ?, ?, ?)", (token_hash, tid, role, subject, created))

    def _op_replace_tournament_tokens(self, conn, tid: str, role: str, subject: str, token_hash: str, created: str):
        gone = self._q(conn, "DELETE FROM tournament_tokens WHERE tournament_id = ? AND role = ? AND subject = ?",
                       (tid, role, subject)).rowcount
        if gone:
            self._op_add_tournament_token(conn, tid, token_hash, role, subject, created)
        return gone

    def _op_spend_tournament_token(self, conn, token_hash: str, role: str, replacements: list, created: str):
        row = self._q(conn, "SELECT tournament_id FROM tournament_tokens WHERE token_hash = ? AND role = ?",
                      (token_hash, role)).fetchone()
        if row is None:
            return None
        # The DELETE decides: of requests spending one token at once, one deletes its row and the others none.
        if not self._q(conn, "DELETE FROM tournament_tokens WHERE token_hash = ? AND role = ?",
                       (token_hash, role)).rowcount:
            return None
        for new_role, subject, new_hash in replacements:
            self._q(conn, "DELETE FROM tournament_tokens WHERE tournament_id = ? AND role = ? AND subject = ?",
                    (row[0], new_role, subject))
            self._op_add_tournament_token(conn, row[0], new_hash, new_role, subject, created)
        return row[0]

    def _op_tournament_for_token(self, conn, token_hash: str):
        row = self._q(conn, "SELECT tournament_id, role, subject FROM tournament_tokens WHERE token_hash = ?",
                      (token_hash,)).fetchone()
        return (row[0], row[1], row[2]) if row else None

    def _op_entry_head(self, conn, tid: str) -> int:
        row = self._q(conn, "SELECT COALESCE(MAX(seq), 0) FROM tournament_log WHERE tournament_id = ?", (tid,)).fetchone()
        return int(row[0])

    def _op_entries(self, conn, tid: str, since: int):
        rows = self._q(conn, f"SELECT {LOG_COLUMNS} FROM tournament_log WHERE tournament_id = ? AND seq > ? ORDER BY seq",
                       (tid, since)).fetchall()
        return [_entry_row(r) for r in rows]

    def _op_append_entry(self, conn, tid: str, expected_head: int, rec: dict, created: str):
        row = self._q(conn, f"SELECT {LOG_COLUMNS} FROM tournament_log WHERE tournament_id = ? AND entry_id = ?",
                      (tid, rec["id"])).fetchone()
        if row:
            return "duplicate", _entry_row(row)
        head = self._op_entry_head(conn, tid)
        if head != expected_head:
            return "stale", head
        stored = {"seq": head + 1, "id": rec["id"], "type": rec["type"], "actor": rec["actor"],
                  "data": rec.get("data") or {}, "created_at": created}
        self._q(conn, f"INSERT INTO tournament_log (tournament_id, {LOG_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (tid, stored["seq"], stored["id"], stored["type"], stored["actor"], _dumps(stored["data"]), created))
        return "ok", stored

    # -- public ------------------------------------------------------------------------------------
    def create_tournament(self, tid: str, setup: dict, tokens: list[tuple[str, str, str]]) -> None:
        """Store a new tournament with its role token hashes [(hash, role, subject)], all or nothing."""
        try:
            self._run(self._op_create_tournament, tid, setup, tokens, now_iso())
        except self.integrity_errors as exc:
            raise DuplicateKey(str(exc)) from exc

    def get_tournament(self, tid: str) -> dict | None:
        """The tournament row {id, setup, created_at}, or None."""
        return self._run(self._op_get_tournament, tid)

    def add_tournament_token(self, tid: str, token_hash: str, role: str, subject: str = "") -> None:
        """Remember one more role token (its hash) of a tournament; subject: the player or table it is for.
        Raises `DuplicateKey` if that hash is already stored (a player's link derived twice at once)."""
        try:
            self._run(self._op_add_tournament_token, tid, token_hash, role, subject, now_iso())
        except self.integrity_errors as exc:
            raise DuplicateKey(str(exc)) from exc

    def replace_tournament_tokens(self, tid: str, role: str, subject: str, token_hash: str) -> int:
        """A lost link: every token of this role and subject stops working and this one replaces them, in one
        transaction. Returns how many were replaced (0: there was no such link, and nothing is added)."""
        return self._run(self._op_replace_tournament_tokens, tid, role, subject, token_hash, now_iso())

    def spend_tournament_token(self, token_hash: str, role: str, replacements: list[tuple[str, str, str]]) -> str | None:
        """A one-use token of this role spent, in one transaction with its replacements ((role, subject, hash):
        every older token of that role and subject stops working). The tournament id, or None when the token is
        not there (never was, or spent already: of several at once only one spends it)."""
        return self._run(self._op_spend_tournament_token, token_hash, role, replacements, now_iso())

    def tournament_for_token(self, token_hash: str) -> tuple[str, str, str] | None:
        """(tournament id, role, subject) for a token hash, or None."""
        return self._run(self._op_tournament_for_token, token_hash)

    def entries(self, tid: str, since: int = 0) -> list[dict]:
        """The tournament's log entries after seq `since`, in order."""
        return self._run(self._op_entries, tid, since)

    def append_entry(self, tid: str, expected_head: int, record: dict) -> tuple[str, Any]:
        """Store one entry as seq expected_head+1: ("ok", stored) / ("duplicate", original) / ("stale", head)."""
        try:
            return self._run(self._op_append_entry, tid, expected_head, record, now_iso())
        except self.integrity_errors:
            # Another process stored this seq or this id between the read and the insert.
            return "stale", self._run(self._op_entry_head, tid)
