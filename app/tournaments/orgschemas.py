"""Marshmallow schemas of the organiser's bookkeeping bodies: time extensions, table calls, penalties, paid, deck deadline."""
from __future__ import annotations

from marshmallow import fields, validate

from app.schemas.wire import StrictBool

from .penalties import KINDS, MAX_POINTS
from .schemas import Strict


def entry_id() -> fields.Str:
    """The client's id of a bookkeeping entry (optional): the same id again is the same entry."""
    return fields.Str(load_default=None, validate=validate.Length(min=1, max=100))


class ExtendSchema(Strict):
    """POST .../rounds/<n>/tables/<t>/extend: minutes added to one table's clock, and why."""

    id = entry_id()
    minutes = fields.Int(required=True, strict=True, validate=validate.Range(min=1, max=60))
    reason = fields.Str(required=True, validate=validate.Length(min=1, max=300))


class CallTableSchema(Strict):
    """POST .../rounds/<n>/tables/<t>/call: the staff call a table (the note says where, or why)."""

    id = entry_id()
    note = fields.Str(load_default="", validate=validate.Length(max=300))


class PenaltySchema(Strict):
    """POST .../players/<p>/penalties: a warning, a glory or game penalty, or event points (bonus > 0, penalty < 0)."""

    id = entry_id()
    kind = fields.Str(required=True, validate=validate.OneOf(KINDS))
    amount = fields.Int(load_default=0, strict=True, validate=validate.Range(min=-MAX_POINTS, max=MAX_POINTS))
    reason = fields.Str(required=True, validate=validate.Length(min=1, max=300))
    round = fields.Int(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=99))


class PaidSchema(Strict):
    """POST .../players/<p>/paid: the player has paid (true) or not (false)."""

    id = entry_id()
    paid = StrictBool(required=True)  # true or false, not "yes" or 1


class DeckDeadlineSchema(Strict):
    """POST .../decks/deadline: the time decks lock (ISO, UTC), or null to lift it."""

    id = entry_id()
    at = fields.Str(required=True, allow_none=True, validate=validate.Length(min=10, max=40))
