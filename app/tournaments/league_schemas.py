"""Marshmallow schema of a new league: its name and the rule its standings add the events up by."""
from __future__ import annotations

from marshmallow import ValidationError, fields, validate, validates_schema

from .leagues import MAX_EVENTS, RULES
from .schemas import Strict


class LeagueSchema(Strict):
    """POST /api/leagues: {name, rule: points | best, best?: N (the best N events count)}."""

    name = fields.Str(required=True, validate=validate.Length(min=1, max=100))
    rule = fields.Str(load_default="points", validate=validate.OneOf(RULES))
    best = fields.Int(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=MAX_EVENTS))
    events = fields.Int(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=1, max=MAX_EVENTS))

    @validates_schema
    def _best_of(self, data, **_):
        if data["rule"] == "best" and data["best"] is None:
            raise ValidationError("Say how many events count (best N).", "best")
        if data["rule"] == "points" and data["best"] is not None:
            raise ValidationError("Only a best-N league counts some events.", "best")
        if data["best"] and data["events"] and data["best"] > data["events"]:
            raise ValidationError("Best N counts at most the league's M events.", "best")
