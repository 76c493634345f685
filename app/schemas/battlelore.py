"""Marshmallow schema of a BattleLore unit card a player saves on the server (custom kind battlelore_unit)."""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

SLUG = validate.Regexp(r"^[a-z0-9][a-z0-9-]*$", error="must be lower-case letters, digits and dashes")
WORD = fields.String(validate=validate.Length(min=1, max=40))


def _number(top: int, required: bool = True):
    if required:
        return fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=top))
    return fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=top))


class BattleLoreUnitSchema(Schema):
    """The numbers of one unit reference card, typed once and offered again at every muster."""

    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=60))
    slug = fields.String(required=True, validate=[validate.Length(max=60), SLUG])
    faction = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    health = _number(30)
    movement = _number(12)
    combat = _number(12)
    attack = fields.String(required=True, validate=validate.OneOf(("melee", "ranged")))
    range = _number(12, required=False)
    min_range = _number(12, required=False)
    muster = _number(60)
    damage_tokens = fields.Boolean(load_default=False)
    legend = fields.Boolean(load_default=False)
    abilities = fields.List(WORD, load_default=list, validate=validate.Length(max=20))
    traits = fields.List(WORD, load_default=list, validate=validate.Length(max=20))

    @validates_schema
    def _ranged_has_a_range(self, data, **_kwargs):
        """A ranged unit names its range (Unit reference card)."""
        if data["attack"] == "ranged" and not data.get("range"):
            raise ValidationError("a ranged unit needs its range", "range")
