"""Marshmallow schemas of BattleLore content: the content files, and a unit card a player saves on the server
(custom kind battlelore_unit)."""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from app.engine.battlelore.answers import LORE_WINDOWS
from app.engine.battlelore.units import MOST, MOST_WORDS, NAME_LENGTH, WORD_LENGTH

SLUG = validate.Regexp(r"^[a-z0-9][a-z0-9-]*$", error="must be lower-case letters, digits and dashes")
WORD = fields.String(validate=validate.Length(min=1, max=WORD_LENGTH))


def _number(top: int, required: bool = True):
    if required:
        return fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=top))
    return fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=top))


class BattleLoreUnitSchema(Schema):
    """The numbers of one unit reference card, typed once and offered again at every muster."""

    class Meta:
        unknown = RAISE

    name = fields.String(required=True, validate=validate.Length(min=1, max=NAME_LENGTH))
    slug = fields.String(required=True, validate=[validate.Length(max=NAME_LENGTH), SLUG])
    faction = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    health = _number(MOST["health"])
    movement = _number(MOST["movement"])
    combat = _number(MOST["combat"])
    attack = fields.String(required=True, validate=validate.OneOf(("melee", "ranged")))
    range = _number(MOST["range"], required=False)
    min_range = _number(MOST["min_range"], required=False)
    muster = _number(MOST["muster"])
    damage_tokens = fields.Boolean(load_default=False)
    legend = fields.Boolean(load_default=False)
    abilities = fields.List(WORD, load_default=list, validate=validate.Length(max=MOST_WORDS))
    traits = fields.List(WORD, load_default=list, validate=validate.Length(max=MOST_WORDS))
    # who typed the card (the player's name on the phone that saved it), shown wherever it is offered again
    typed_by = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))

    @validates_schema
    def _ranged_has_a_range(self, data, **_kwargs):
        """A ranged unit names its range (Unit reference card)."""
        if data["attack"] == "ranged" and not data.get("range"):
            raise ValidationError("a ranged unit needs its range", "range")


# -- the content files: content/battlelore/<stem>.yaml, each a mapping with one list under its stem ------------
# Numbers the rules summary does not give are null in these files (a player enters them from the card).

class _Strict(Schema):
    """Unknown keys are errors: a typo in a content file must not pass silently."""

    class Meta:
        unknown = RAISE


NAME = fields.String(required=True, validate=validate.Length(min=1, max=80))
TEXT = fields.String(validate=validate.Length(min=1, max=400))


def _optional_number(top: int):
    return fields.Integer(strict=True, allow_none=True, validate=validate.Range(min=0, max=top))


class FactionRecord(_Strict):
    """A faction (Setup: "Daqan (blue) or Uthuk (red)"; neutral units belong to no side)."""

    id = fields.String(required=True, validate=[validate.Length(max=40), SLUG])
    name = NAME
    colour = fields.String(allow_none=True, validate=validate.Length(max=20))


class ContentUnitRecord(_Strict):
    """A unit (or terrain) card the summary names, with the numbers it gives (null where it gives none)."""

    slug = fields.String(required=True, validate=[validate.Length(max=60), SLUG])
    name = NAME
    kind = fields.String(validate=validate.OneOf(("unit", "terrain")))
    terrain = fields.String(validate=validate.Length(max=40))
    faction = fields.String(allow_none=True, validate=validate.Length(max=40))
    health = _optional_number(MOST["health"])
    movement = _optional_number(MOST["movement"])
    combat = _optional_number(MOST["combat"])
    attack = fields.String(allow_none=True, validate=validate.OneOf(("melee", "ranged")))
    range = _optional_number(MOST["range"])
    min_range = _optional_number(MOST["min_range"])
    muster = _optional_number(MOST["muster"])
    cards = _optional_number(MOST["cards"])
    damage_tokens = fields.Boolean()
    legend = fields.Boolean()
    abilities = fields.List(WORD, validate=validate.Length(max=MOST_WORDS))
    traits = fields.List(WORD, validate=validate.Length(max=MOST_WORDS))
    source = TEXT


class CommandCardRecord(_Strict):
    """A command card: the section it orders in (null: any or none) and how many units (printed, so null)."""

    name = NAME
    section = fields.String(allow_none=True, validate=validate.OneOf(("left", "center", "right")))
    units = _optional_number(12)
    effect = TEXT
    source = TEXT


class LoreCardRecord(_Strict):
    """A lore card: its cost (printed, so null), our own summary of its effect, whether it blocks the opponent, and
    when it is played (`window`, null where no source says; answers.LORE_WINDOWS)."""

    name = NAME
    cost = _optional_number(30)
    effect = TEXT
    blocks_opponent = fields.Boolean()
    window = fields.String(allow_none=True, validate=validate.OneOf(LORE_WINDOWS))
    source = TEXT


class AbilityRecord(_Strict):
    """A unit ability, summarised in our own words; `engine` says whether the rules engine applies it."""

    id = fields.String(required=True, validate=[validate.Length(max=40), SLUG])
    name = NAME
    engine = fields.Boolean(required=True)
    summary = TEXT


def _file(stem: str, record: type[Schema]) -> type[Schema]:
    return Schema.from_dict({stem: fields.List(fields.Nested(record), required=True)}, name=f"{record.__name__}File")


# Each file's schema, by file stem (content/battlelore/<stem>.yaml).
CONTENT_FILES: dict[str, type[Schema]] = {
    "factions": _file("factions", FactionRecord),
    "units": _file("units", ContentUnitRecord),
    "command_cards": _file("command_cards", CommandCardRecord),
    "lore_cards": _file("lore_cards", LoreCardRecord),
    "abilities": _file("abilities", AbilityRecord),
}
