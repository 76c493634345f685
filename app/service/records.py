"""A stored log record in the shapes the engine and the clients read."""
from __future__ import annotations

from typing import TYPE_CHECKING

from app.engine.core import Event

if TYPE_CHECKING:
    from .folds import Folded


def record_event(rec: dict) -> Event:
    """The engine's Event for a stored log record."""
    return Event(type=rec["type"], by=rec["by"], data=rec.get("data") or {}, id=rec.get("id"),
                 override=rec.get("override"), seq=rec.get("seq"))


def public_record(rec: dict) -> dict:
    """A log record as clients see it (the `applied` payload's event plus seq/consequences)."""
    return {"seq": rec["seq"], "id": rec["id"], "type": rec["type"], "by": rec["by"],
            "actor": rec.get("actor"), "data": rec.get("data") or {}, "override": rec.get("override"),
            "consequences": rec.get("consequences") or [], "created_at": rec.get("created_at")}


def applied_payload(rec: dict) -> dict:
    """Socket.IO `applied` frame: {seq, event, consequences}."""
    event = {k: rec.get(k) for k in ("id", "type", "by", "actor", "data", "override", "created_at")}
    return {"seq": rec["seq"], "event": event, "consequences": rec.get("consequences") or []}


def redacted(folded: "Folded", rec: dict, seat: str) -> dict:
    """A stored record as `seat` may see it now (the ruleset hides secret choices not yet revealed)."""
    return folded.rs.redact_event(folded.state, rec, seat)
