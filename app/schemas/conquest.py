"""Marshmallow schemas for Warhammer 40,000: Conquest content (planets, the card pool)."""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

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


class PlanetsFile(Strict):
    """content/conquest/planets.yaml"""

    planets = fields.List(fields.Nested(PlanetSchema), required=True)


# file stem -> schema of that file under content/conquest/
FILES: dict[str, type[Schema]] = {"planets": PlanetsFile}


# ---------------------------------------------------------------------------------------------
# The card pool (content/conquest/cards.json): facts only (names, numbers, types, factions, traits,
# keyword names, loyalty, signature squads, sets); no card text.
# ---------------------------------------------------------------------------------------------

CARD_TYPES = ("warlord", "army_unit", "synapse", "support", "event", "attachment", "token", "planet")
FACTIONS = ("Astra Militarum", "Chaos", "Dark Eldar", "Eldar", "Necrons", "Orks", "Space Marines", "Tau",
            "Tyranids", "Neutral")
LOYALTIES = ("common", "loyal", "signature")
SYMBOLS = ("material", "technology", "strongpoint")
UNIT_TYPES = ("warlord", "army_unit", "synapse", "token")
STAT = validate.Range(min=0, max=30)


class KeywordSchema(Strict):
    """A printed keyword, with its number where it takes one (Area Effect 2, Deep Strike 3)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=40))
    # "X" where the card sets the number as it is played (Area Effect X).
    value = fields.Raw(load_default=None, allow_none=True,
                       validate=lambda v: v == "X" or (isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 30))


class SquadCardSchema(Strict):
    """One card of a warlord's signature squad and how many copies the squad holds."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    copies = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=9))


class CardSchema(Strict):
    """One Conquest card: the fields its type prints (see content/conquest/README.md)."""

    id = fields.String(required=True, validate=SLUG)
    name = fields.String(required=True, validate=validate.Length(min=1, max=80))
    type = fields.String(required=True, validate=validate.OneOf(CARD_TYPES))
    faction = fields.String(required=True, allow_none=True, validate=validate.OneOf(FACTIONS))
    set = fields.String(required=True, validate=validate.Length(min=1, max=80))
    official = fields.Boolean(required=True, truthy={True}, falsy={False})
    cycle = fields.String(required=True)
    traits = fields.List(fields.String(validate=validate.Length(min=1, max=40)), load_default=list)
    loyalty = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(LOYALTIES))
    unique = fields.Boolean(load_default=False, truthy={True}, falsy={False})
    cost = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=20))
    cost_x = fields.Boolean(load_default=False, truthy={True}, falsy={False})
    attack = fields.Integer(strict=True, load_default=None, allow_none=True, validate=STAT)
    hp = fields.Integer(strict=True, load_default=None, allow_none=True, validate=STAT)
    command_icons = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=9))
    shields = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=5))
    keywords = fields.List(fields.Nested(KeywordSchema), load_default=list)
    copies_in_set = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=9))
    signature_of = fields.String(load_default=None, allow_none=True)
    signature_copies = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=9))
    bloodied_attack = fields.Integer(strict=True, load_default=None, allow_none=True, validate=STAT)
    bloodied_hp = fields.Integer(strict=True, load_default=None, allow_none=True, validate=STAT)
    starting_hand = fields.Integer(strict=True, load_default=None, allow_none=True, validate=COUNT)
    starting_resources = fields.Integer(strict=True, load_default=None, allow_none=True, validate=COUNT)
    signature_squad = fields.List(fields.Nested(SquadCardSchema), load_default=None, allow_none=True)
    attach_to = fields.List(fields.String(validate=validate.OneOf(("army", "warlord", "token", "synapse", "planet"))),
                            load_default=None, allow_none=True)
    attack_mod = fields.Integer(strict=True, load_default=None, allow_none=True)
    hp_mod = fields.Integer(strict=True, load_default=None, allow_none=True)
    command_mod = fields.Integer(strict=True, load_default=None, allow_none=True)
    sector = fields.String(load_default=None, allow_none=True)
    card_bonus = fields.Integer(strict=True, load_default=None, allow_none=True, validate=COUNT)
    resource_bonus = fields.Integer(strict=True, load_default=None, allow_none=True, validate=COUNT)
    planet_symbols = fields.List(fields.String(validate=validate.OneOf(SYMBOLS)), load_default=None, allow_none=True)
    has_commit_effect = fields.Boolean(load_default=None, allow_none=True)

    @validates_schema
    def _fields_of_its_type(self, data, **_kwargs):
        """Units carry ATK and HP; warlords their starting numbers and squad; others a faction."""
        kind = data["type"]
        if kind in UNIT_TYPES and data.get("attack") is None:
            raise ValidationError("a unit needs its ATK", "attack")
        if kind in UNIT_TYPES and data.get("hp") == 0:
            raise ValidationError("a unit has at least 1 HP (null: not known)", "hp")
        if kind == "warlord":
            for key in ("starting_hand", "starting_resources", "bloodied_attack", "bloodied_hp"):
                if data.get(key) is None:
                    raise ValidationError("a warlord needs this number", key)
            if not data.get("signature_squad"):
                raise ValidationError("a warlord lists its signature squad", "signature_squad")
        elif kind == "planet":
            if not data.get("planet_symbols") or data.get("card_bonus") is None or data.get("resource_bonus") is None:
                raise ValidationError("a planet needs its symbols and bonuses", "planet_symbols")
        else:
            if data.get("faction") is None:
                raise ValidationError("a card other than a planet belongs to a faction (or Neutral)", "faction")
            if kind not in ("synapse", "token") and data.get("cost") is None and not data.get("cost_x"):
                raise ValidationError("a card played from hand has a cost", "cost")
        if (data.get("signature_of") is None) != (data.get("signature_copies") is None):
            raise ValidationError("a signature card names its warlord and its copies", "signature_of")


class CardsFile(Strict):
    """content/conquest/cards.json"""

    about = fields.String(required=True)
    schema = fields.String(required=True)
    generated = fields.String(required=True)
    source = fields.Dict(required=True)
    corrections = fields.List(fields.Dict(), load_default=list)
    sets = fields.List(fields.Dict(), required=True)
    cards = fields.List(fields.Dict(), required=True)
