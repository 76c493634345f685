"""A stored log record in the shapes the engine and the clients read."""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.core import Event
from app.store.records import log_record

if TYPE_CHECKING:
    from .gamelogs import Folded


def record_event(rec: dict) -> Event:
    """The engine's Event for a stored log record."""
    return Event(type=rec["type"], by=rec["by"], data=rec.get("data") or {}, id=rec.get("id"),
                 override=rec.get("override"), seq=rec.get("seq"))


def public_record(rec: dict) -> dict:
    """A log record as clients see it: every field of the stored record (app/store/records.py)."""
    return log_record(rec)


def applied_payload(rec: dict) -> dict:
    """Socket.IO `applied` frame: {seq, event, consequences}, the event being the record's other fields."""
    record = log_record(rec)
    event = {k: v for k, v in record.items() if k not in ("seq", "consequences")}
    return {"seq": record["seq"], "event": event, "consequences": record["consequences"]}


def redacted(folded: "Folded", rec: dict, seat: str) -> dict:
    """A stored record as `seat` may see it now (the ruleset hides secret choices not yet revealed)."""
    return folded.rs.redact_event(folded.state, rec, seat)
