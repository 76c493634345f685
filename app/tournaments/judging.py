"""Closing a table's judge calls by hand (a judge or the scorekeeper): POST .../rounds/<n>/tables/<t>/judge/close."""
from __future__ import annotations

from typing import Any

from .log import Member, TournamentLog
from .schemas import NoteSchema


class JudgeCalls:
    """A call answered without a new result (a question at the table, a call made by mistake) is closed by hand."""

    def __init__(self, log: TournamentLog):
        self.log = log

    def close_call(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """Close every open judge call of a table (logged, with an optional reason); 409 no_open_call when none is."""
        body = self.log.load(NoteSchema(), raw if raw is not None else {})
        return self.log.append(member, "close_call", {"round": round_no, "table": table_no, "reason": body["reason"]},
                            body["id"])
