"""Marshmallow schemas of the deck checks' bodies (POST /api/content/<game>/deck-check)."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

from app.content.underworlds.listing import PRINTING_PREFERENCE

from .wire import BoundedList, StrictBool


class UnderworldsDeckCheckSchema(Schema):
    """{format, warband, deck, ruleset?, card_list?, fighters?}: a seat's deck checked as a game's setup would."""

    class Meta:
        unknown = RAISE

    format = fields.Str(required=True, validate=validate.Length(min=1, max=40))
    warband = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=80))
    deck = fields.Raw(load_default=None, allow_none=True, metadata={
        "description": "a content deck id, {custom_id}, or a built deck {rivals, objectives, power}"})
    ruleset = fields.Str(load_default=None, allow_none=True, validate=validate.OneOf(list(PRINTING_PREFERENCE)))
    card_list = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=64))
    fighters = BoundedList(fields.Dict(), load_default=None, allow_none=True, max_length=40)


class ConquestDeckCheckSchema(Schema):
    """{warlord, deck: {cards: [{name, count}], format?}, community?}: a registered Conquest deck."""

    class Meta:
        unknown = RAISE

    warlord = fields.Str(required=True, validate=validate.Length(min=1, max=80))
    deck = fields.Dict(keys=fields.Str(), load_default=None, allow_none=True,
                       metadata={"description": "{cards: [{name, count}], format?}"})
    community = StrictBool(load_default=False)
