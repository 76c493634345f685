"""Marshmallow schemas for Warhammer 40,000: Conquest content (planets, warlords, token units)."""
from __future__ import annotations

from marshmallow import RAISE, Schema, fields, validate

PLANET_TYPES = ("material", "strongpoint", "tech")
# Battle abilities the engine resolves (app/engine/conquest/abilities.py NEEDS).
EFFECTS = ("take_resource", "random_discard", "search", "rout", "heal_all", "move_unit", "underdog",
           "damage_each_enemy")
SLUG = validate.Regexp(r"^[a-z0-9][a-z0-9-]*$", error="must be lower-case letters, digits and dashes")
COUNT = validate.Range(min=0, max=30)


class Strict(Schema):
    """Unknown fields are errors: a typo in content must not pass silently."""

    class Meta:
        unknown = RAISE


class PlanetSchema(Strict):
    """A planet card: type symbols, resource and card bonuses, our one-line summary of its Battle ability."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    types = fields.List(fields.String(validate=validate.OneOf(PLANET_TYPES)), required=True,
                        validate=validate.Length(min=1, max=3))
    resources = fields.Integer(strict=True, required=True, validate=COUNT)
    cards = fields.Integer(strict=True, required=True, validate=COUNT)
    battle = fields.String(load_default=None, allow_none=True)
    effect = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(EFFECTS))


class SideSchema(Strict):
    """The bloodied side of a warlord."""

    attack = fields.Integer(strict=True, required=True, allow_none=True, validate=COUNT)
    hp = fields.Integer(strict=True, required=True, allow_none=True, validate=validate.Range(min=1, max=30))


class WarlordSchema(Strict):
    """A warlord card (hale side numbers, starting hand and resources, bloodied side or null)."""

    slug = fields.String(required=True, validate=SLUG)
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    faction = fields.String(load_default=None, allow_none=True)
    attack = fields.Integer(strict=True, required=True, validate=COUNT)
    hp = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=30))
    command = fields.Integer(strict=True, load_default=None, allow_none=True, validate=COUNT)
    keywords = fields.List(fields.String(), load_default=list)
    traits = fields.List(fields.String(), load_default=list)
    starting_hand = fields.Integer(strict=True, required=True, validate=COUNT)
    starting_resources = fields.Integer(strict=True, required=True, validate=COUNT)
    bloodied = fields.Nested(SideSchema, load_default=None, allow_none=True)


class TokenSchema(Strict):
    """A token unit (put into play by abilities)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    faction = fields.String(load_default=None, allow_none=True)
    attack = fields.Integer(strict=True, required=True, validate=COUNT)
    hp = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=30))
    command = fields.Integer(strict=True, load_default=0, validate=COUNT)
    keywords = fields.List(fields.String(), load_default=list)
    traits = fields.List(fields.String(), load_default=list)


class PlanetsFile(Strict):
    """content/conquest/planets.yaml"""

    planets = fields.List(fields.Nested(PlanetSchema), required=True)


class WarlordsFile(Strict):
    """content/conquest/warlords.yaml"""

    warlords = fields.List(fields.Nested(WarlordSchema), required=True)


class TokensFile(Strict):
    """content/conquest/tokens.yaml"""

    tokens = fields.List(fields.Nested(TokenSchema), required=True)


# file stem -> schema of that file under content/conquest/
FILES: dict[str, type[Schema]] = {"planets": PlanetsFile, "warlords": WarlordsFile, "tokens": TokensFile}
