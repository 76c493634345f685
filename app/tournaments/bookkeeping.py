"""The organiser's bookkeeping over the log: time extensions and table calls, penalties, paid status, the deck deadline."""
from __future__ import annotations

from typing import Any

from app.service import ApiError

from .log import Member, TournamentLog
from .orgschemas import CallTableSchema, DeckDeadlineSchema, ExtendSchema, PaidSchema, PenaltySchema


class Bookkeeping:
    """Each a checked entry of the tournament's log (model.check, orgtools)."""

    def __init__(self, log: TournamentLog):
        self.log = log

    def extend(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """A table's round clock runs `minutes` longer (a judge's ruling took that long), with the reason."""
        self.log.may(member, "extend")
        body = self.log.load(ExtendSchema(), raw)
        return self.log.append(member, "extend", {"round": round_no, "table": table_no, "minutes": body["minutes"],
                                               "reason": body["reason"].strip()}, body["id"])

    def call_table(self, member: Member, round_no: int, table_no: int, raw: Any) -> dict:
        """The staff call a table (its phones alert): e.g. to the desk for a deck check."""
        self.log.may(member, "call_table")
        body = self.log.load(CallTableSchema(), raw if raw is not None else {})
        return self.log.append(member, "call_table", {"round": round_no, "table": table_no, "note": body["note"].strip()},
                            body["id"])

    def penalty(self, member: Member, pid: str, raw: Any) -> dict:
        """A judge records a warning, a glory or game penalty, or event points against a player, with a reason."""
        self.log.may(member, "penalty")
        body = self.log.load(PenaltySchema(), raw)
        return self.log.append(member, "penalty", {"player": pid, "kind": body["kind"], "amount": body["amount"],
                                                "reason": body["reason"].strip(), "round": body["round"]}, body["id"])

    def mark_paid(self, member: Member, pid: str, raw: Any) -> dict:
        """A player has paid the entry fee (or not)."""
        self.log.may(member, "paid")
        body = self.log.load(PaidSchema(), raw)
        return self.log.append(member, "paid", {"player": pid, "paid": body["paid"]}, body["id"])

    def deck_deadline(self, member: Member, raw: Any) -> dict:
        """The organiser sets (or lifts) the time after which registered decks are locked."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser sets the deck deadline.")
        body = self.log.load(DeckDeadlineSchema(), raw)
        return self.log.append(member, "deck_deadline", {"at": body["at"]}, body["id"])
