"""The organiser's bookkeeping over the log: time extensions and table calls, penalties, paid status, the deck deadline."""
from __future__ import annotations

from typing import Any

from app.service import ApiError

from .log import Member, TournamentLog
from .orgschemas import CallTableSchema, DeckDeadlineSchema, ExtendSchema, PaidSchema, PenaltySchema


class Bookkeeping(TournamentLog):
    """Each a checked entry of the tournament's log (model.check, orgtools)."""

    def extend(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """A table's round clock runs `minutes` longer (a judge's ruling took that long), with the reason."""
        self.may(member, "extend")
        body = self.load(ExtendSchema(), raw)
        return self._append(member, "extend", {"round": round_no, "table": table_no, "minutes": body["minutes"],
                                               "reason": body["reason"].strip()}, body["id"])

    def call_table(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """The staff call a table (its phones alert): e.g. to the desk for a deck check."""
        self.may(member, "call_table")
        body = self.load(CallTableSchema(), raw if raw is not None else {})
        return self._append(member, "call_table", {"round": round_no, "table": table_no, "note": body["note"].strip()},
                            body["id"])

    def penalty(self, member: Member, pid: str, raw: Any) -> dict:
        """A judge records a warning, a glory or game penalty, or event points against a player, with a reason."""
        self.may(member, "penalty")
        body = self.load(PenaltySchema(), raw)
        return self._append(member, "penalty", {"player": pid, "kind": body["kind"], "amount": body["amount"],
                                                "reason": body["reason"].strip(), "round": body["round"]}, body["id"])

    def mark_paid(self, member: Member, pid: str, raw: Any) -> dict:
        """A player has paid the entry fee (or not)."""
        self.may(member, "paid")
        body = self.load(PaidSchema(), raw)
        return self._append(member, "paid", {"player": pid, "paid": body["paid"]}, body["id"])

    def deck_deadline(self, member: Member, raw: Any) -> dict:
        """The organiser sets (or lifts) the time after which registered decks are locked."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser sets the deck deadline.")
        body = self.load(DeckDeadlineSchema(), raw)
        return self._append(member, "deck_deadline", {"at": body["at"]}, body["id"])
