"""Marshmallow schemas for game content files (content/<game>/<kind>/*.yaml) and custom content.

One schema per content kind; `KINDS` maps (game, kind) to the schema that validates a file of that
kind, so the loader and the API stay generic: another game adds its kinds here.

Underworlds vocabularies (documented for the rules engine in content/README.md):
- `INSPIRE_CHECKS`: machine-checkable Inspire conditions.
- reaction steps: a reaction card or ability names one of the engine's
  `app.engine.underworlds.reactions.REACTION_STEPS` (one list, kept in the engine).
"""
from __future__ import annotations

import re

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from app.engine.underworlds import card_terms
from app.engine.underworlds.reactions import REACTION_STEPS
from app.schemas.battlelore import BattleLoreUnitSchema

TEXT = validate.Length(max=1000)  # free text (names, summaries, notes) stays short
SLUG = validate.Regexp(r"^[a-z0-9][a-z0-9-]*$", error="must be lower-case letters, digits and dashes")
GRAND_ALLIANCES = ("order", "chaos", "death", "destruction")
DEFENCE_SYMBOLS = ("block", "dodge")
ATTACK_SYMBOLS = ("smash", "fury")
MAGIC_SYMBOLS = ("channel", "focus")
CARD_TYPES = ("objective", "ploy", "spell", "upgrade")
GAMBITS = ("ploy", "spell")
SCORING = ("surge", "end", "third")
# Generations of the game's cards (content/underworlds/SOURCES.md): "original" 2017-2020 products
# (Shadespire to Beastgrave), "first" the Rivals-deck era of 2022-2024 (Gnarlwood to Wintermaw, with the
# Deathgorge core set), "second" the edition launched with Embergard (2024).
EDITIONS = ("original", "first", "second")

# Attack action keywords (Deathgorge rulebook, Attack action keywords); those in
# NUMBERED_KEYWORDS carry a number ("grievous 1", "knockback 2").
PLAIN_KEYWORDS = ("cleave", "ensnare", "scything", "stagger")
NUMBERED_KEYWORDS = ("grievous", "knockback")

def reaction_steps() -> tuple[str, ...]:
    """The reaction steps cards may name: the engine keeps the ids (app/engine/underworlds/reactions.py,
    from the Deathgorge rulebook, Combat sequence pg 21 and Reactions pg 34-37)."""
    return tuple(REACTION_STEPS)


# Machine-checkable Inspire conditions: kind -> {parameter: python type}. Everything else is
# described by `text` only (check: null) and entered by the players.
INSPIRE_CHECKS: dict[str, dict[str, type]] = {
    "friendly_out_of_action_at_least": {"count": int},  # N or more fighters of this warband out of action
    "enemy_out_of_action_at_least": {"count": int},     # N or more enemy fighters out of action
    "fighters_out_of_action_at_least": {"count": int},  # N or more fighters of any warband out of action
    "self_wounded_at_least": {"count": int},            # this fighter has N or more wound counters
    "friendly_returned_at_least": {"count": int},       # friendly fighters returned to the battlefield N times this game
    "chosen_by_ploy": {},                               # this fighter was chosen by a ploy just played
    "any_of": {"checks": list},                         # any of the listed checks
    "all_of": {"checks": list},                         # all of the listed checks
}


def check_inspire(check, path: str = "check") -> list[str]:
    """Problems with a machine-checkable Inspire condition (empty when it is well formed)."""
    if check is None:
        return []
    if not isinstance(check, dict) or "kind" not in check:
        return [f"{path} must be null or an object with a 'kind'"]
    kind = check["kind"]
    if kind not in INSPIRE_CHECKS:
        return [f"{path}.kind '{kind}' is not one of: {', '.join(INSPIRE_CHECKS)}"]
    params = INSPIRE_CHECKS[kind]
    problems = []
    for key in check:
        if key != "kind" and key not in params:
            problems.append(f"{path}.{key} is not a parameter of '{kind}'")
    for key, typ in params.items():
        value = check.get(key)
        if value is None:
            problems.append(f"{path}.{key} is required for '{kind}'")
        elif typ is int and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            problems.append(f"{path}.{key} must be a whole number of at least 0")
        elif typ is list:
            if not isinstance(value, list) or not value:
                problems.append(f"{path}.{key} must be a non-empty list")
            else:
                for i, sub in enumerate(value):
                    problems.extend(check_inspire(sub, f"{path}.{key}[{i}]"))
    return problems


def check_keyword(word: str) -> str | None:
    """Why an attack keyword is not valid, or None."""
    if not isinstance(word, str):
        return "must be a string"
    if word in PLAIN_KEYWORDS:
        return None
    m = re.fullmatch(r"([a-z-]+) ([1-9][0-9]?)", word)
    if m and m.group(1) in NUMBERED_KEYWORDS:
        return None
    known = ", ".join([*PLAIN_KEYWORDS, *(f"{k} N" for k in NUMBERED_KEYWORDS)])
    return f"'{word}' is not a known keyword ({known})"


class Strict(Schema):
    """Base: unknown keys are errors (a typo in a content file must not pass silently)."""

    class Meta:
        unknown = RAISE


# The largest numbers and lists a fighter or card may hold, for what players enter (a warband or deck saved, a seat's
# fighters) as for the shipped files. The shipped warbands print at most: Move 6, Wounds 7, Defence 3 dice, Range 4,
# 4 attack dice, Damage 3, Bounty 3, 2 Attack actions, 2 traits, 1 keyword a weapon, 9 fighters (content/underworlds,
# measured); each bound leaves room for cards we lack while nothing a game builds grows past it.
MOST = {"move": 12, "wounds": 20, "dice": 8, "range": 8, "damage": 10, "bounty": 10, "glory": 10, "count": 30}
MOST_ITEMS = {"profiles": 8, "abilities": 16, "traits": 16, "keywords": 8, "unknown": 16, "tags": 16,
              # A deck a player builds: 12 or more objectives and 20 or more power cards (Deathgorge rulebook,
              # pg 40-41); in Nemesis at most two Rivals decks' worth (24 and 40). 64 each is above any.
              "deck": 64}


def Count(most: int = MOST["count"], **kw):
    """A whole number from 0 to `most` (strict: 2.5 and "2" are refused); null allowed = unknown."""
    return fields.Integer(strict=True, validate=validate.Range(min=0, max=most), allow_none=True, **kw)


def Items(of, kind: str, **kw):
    """A list of at most MOST_ITEMS[kind] entries."""
    return fields.List(of, validate=validate.Length(max=MOST_ITEMS[kind]), **kw)


REACTION_WHEN_KEYS = tuple(card_terms.REACTION_WHEN)


def ReactionStep(**kw):
    """A reaction step id (the engine's REACTION_STEPS), or null for no reaction."""
    return fields.String(load_default=None, allow_none=True,
                         validate=lambda v: v in reaction_steps() or _bad_step(v), **kw)


def _bad_step(value) -> bool:
    raise ValidationError(f"'{value}' is not a reaction step ({', '.join(reaction_steps())})")


def ReactionWhen(**kw):
    """Conditions the engine can test in the reaction step (all optional; content/README.md, Reaction triggers;
    the terms are card_terms.REACTION_WHEN's)."""
    return fields.Dict(keys=fields.String(validate=validate.OneOf(REACTION_WHEN_KEYS)), values=fields.Raw(),
                       load_default=dict, **kw)


class ProfileSchema(Strict):
    """One Attack action (or spell attack) of a fighter."""

    name = fields.String(required=True, allow_none=True, validate=TEXT)
    range = Count(MOST["range"], required=True)
    dice = Count(MOST["dice"], required=True)
    symbol = fields.String(required=True, allow_none=True,
                           validate=validate.OneOf(ATTACK_SYMBOLS + MAGIC_SYMBOLS))
    damage = Count(MOST["damage"], required=True)
    keywords = Items(fields.String(validate=TEXT), "keywords", load_default=list)
    spell = fields.Boolean(load_default=False)
    reaction = ReactionStep()        # an Attack action that can also be used as a reaction in this step
    reaction_when = ReactionWhen()
    text = fields.String(load_default=None, allow_none=True, validate=TEXT)  # extra rules, in our own words

    @validates_schema
    def _consistent(self, data, **_):
        errors = {}
        for i, word in enumerate(data.get("keywords") or []):
            why = check_keyword(word)
            if why:
                errors.setdefault("keywords", {})[i] = [why]
        sym = data.get("symbol")
        if sym is not None and data.get("spell") and sym not in MAGIC_SYMBOLS:
            errors["symbol"] = ["a spell attack uses channel or focus (magic dice)"]
        if sym is not None and not data.get("spell") and sym in MAGIC_SYMBOLS:
            errors["symbol"] = ["channel and focus are magic dice: set spell: true"]
        if errors:
            raise ValidationError(errors)


class DefenceSchema(Strict):
    """Defence characteristic: number of dice and the success symbol."""

    dice = Count(MOST["dice"], required=True)
    symbol = fields.String(required=True, allow_none=True, validate=validate.OneOf(DEFENCE_SYMBOLS))


class AbilitySchema(Strict):
    """A fighter ability other than an Attack action, summarised in our own words."""

    name = fields.String(required=True, validate=TEXT)
    text = fields.String(required=True, validate=TEXT)
    inspired_only = fields.Boolean(load_default=False)
    reaction = ReactionStep()
    reaction_when = ReactionWhen()


class InspireConditionSchema(Strict):
    """Inspire condition: our own summary, plus a machine-checkable form where it is simple."""

    text = fields.String(required=True, allow_none=True, validate=TEXT)
    check = fields.Raw(load_default=None, allow_none=True)

    @validates_schema
    def _check(self, data, **_):
        problems = check_inspire(data.get("check"))
        if problems:
            raise ValidationError(problems, "check")


class InspiredSchema(Strict):
    """The Inspired side: only what changes (same keys as the fighter; profiles replace)."""

    move = Count(MOST["move"])
    defence = fields.Nested(DefenceSchema)
    wounds = Count(MOST["wounds"])
    traits = Items(fields.String(validate=TEXT), "traits")
    wizard_level = Count(5)
    profiles = Items(fields.Nested(ProfileSchema), "profiles")


# Fighter fields a game needs; when null (unknown) the setup asks the players to enter them.
NEEDED = ("move", "defence", "wounds")


class FighterSchema(Strict):
    """A fighter record (the shape every game's setup and the phone share); numbers no source gives are null (unknown)."""

    slug = fields.String(required=True, validate=SLUG)
    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    leader = fields.Boolean(load_default=False)
    traits = Items(fields.String(validate=SLUG), "traits", load_default=list)
    wizard_level = fields.Integer(strict=True, validate=validate.Range(min=0, max=5), load_default=0)
    move = Count(MOST["move"], load_default=None)
    defence = fields.Nested(DefenceSchema, load_default=None, allow_none=True)
    wounds = fields.Integer(strict=True, validate=validate.Range(min=1, max=MOST["wounds"]), allow_none=True,
                            load_default=None)
    bounty = Count(MOST["bounty"], load_default=None)  # second-edition cards only
    inspired = fields.Nested(InspiredSchema, load_default=dict)
    inspire_condition = fields.Nested(InspireConditionSchema, load_default=lambda: {"text": None, "check": None})
    profiles = Items(fields.Nested(ProfileSchema), "profiles", load_default=list)
    abilities = Items(fields.Nested(AbilitySchema), "abilities", load_default=list)
    # Parts of the card our sources do not give (beyond null numbers), e.g. "inspired.profiles".
    unknown = Items(fields.String(validate=TEXT), "unknown", load_default=list)
    notes = fields.String(load_default=None, allow_none=True, validate=TEXT)

    @validates_schema
    def _wizard(self, data, **_):
        if data.get("wizard_level") and "wizard" not in (data.get("traits") or []):
            raise ValidationError("a fighter with a wizard level needs the wizard trait", "traits")


def missing_fields(fighter: dict) -> list[str]:
    """What the players must enter for a fighter: null characteristics and parts marked unknown."""
    out = []
    for key in NEEDED:
        value = fighter.get(key)
        if value is None:
            out.append(key)
        elif key == "defence" and (value.get("dice") is None or value.get("symbol") is None):
            out.append("defence")
    if not fighter.get("profiles"):
        out.append("profiles")
    for i, prof in enumerate(fighter.get("profiles") or []):
        for key in ("range", "dice", "symbol", "damage"):
            if prof.get(key) is None:
                out.append(f"profiles[{i}].{key}")
    if fighter.get("inspire_condition", {}).get("text") is None:
        out.append("inspire_condition")
    out.extend(u for u in fighter.get("unknown") or [] if u not in out)
    return out


class PrintingSchema(Strict):
    """One printing of a warband's fighter cards (stats changed between printings)."""

    id = fields.String(required=True, validate=SLUG)
    edition = fields.String(required=True, validate=validate.OneOf(EDITIONS))
    label = fields.String(required=True, validate=TEXT)
    year = fields.Integer(strict=True, allow_none=True, load_default=None)
    sources = fields.List(fields.String(validate=TEXT), required=True, validate=validate.Length(min=1))
    notes = fields.String(load_default=None, allow_none=True, validate=TEXT)
    fighters = fields.List(fields.Nested(FighterSchema), required=True, validate=validate.Length(min=1))

    @validates_schema
    def _fighters(self, data, **_):
        check_roster(data["fighters"])


def check_roster(fighters: list[dict]) -> None:
    """A warband's fighters: unique slugs and exactly one leader ('every warband has one leader')."""
    seen = set()
    for i, f in enumerate(fighters):
        if f["slug"] in seen:
            raise ValidationError({i: {"slug": [f"'{f['slug']}' is used twice"]}}, "fighters")
        seen.add(f["slug"])
    leaders = [f["slug"] for f in fighters if f.get("leader")]
    if len(leaders) != 1:
        raise ValidationError(
            f"a warband has exactly one leader (Deathgorge rulebook, Traits, pg 7); found {len(leaders)}",
            "fighters")


class WarbandSchema(Strict):
    """A warband file: identity, Grand Alliance, and one or more printings of its fighters."""

    id = fields.String(required=True, validate=SLUG)
    name = fields.String(required=True, validate=TEXT)
    game = fields.String(required=True, validate=validate.Equal("underworlds"))
    grand_alliance = fields.String(required=True, allow_none=True, validate=validate.OneOf(GRAND_ALLIANCES))
    grand_alliance_source = fields.String(load_default=None, allow_none=True, validate=TEXT)
    named_in = fields.List(fields.String(validate=TEXT), load_default=list)  # rulebooks that name the warband
    rivals_decks = fields.List(fields.String(validate=SLUG), load_default=list)
    abilities = fields.List(fields.Nested(AbilitySchema), load_default=list)  # warband-wide abilities
    # Empty when no source gives the fighter cards (the warband is still named, e.g. by its Rivals deck).
    printings = fields.List(fields.Nested(PrintingSchema), required=True)

    @validates_schema
    def _printings(self, data, **_):
        ids = [p["id"] for p in data["printings"]]
        if len(set(ids)) != len(ids):
            raise ValidationError("printing ids must be unique", "printings")


class CustomWarbandSchema(Strict):
    """A warband a player defines at setup: one roster of fighters (same fighter schema)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    game = fields.String(load_default="underworlds", validate=validate.Equal("underworlds"))
    grand_alliance = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(GRAND_ALLIANCES))
    based_on = fields.String(load_default=None, allow_none=True, validate=TEXT)  # content warband id it started from
    # The printing of `based_on` whose numbers no source gives and a player typed: offered to every later game
    # that plays that printing here, with who typed it (a correction is a newer record, offered first).
    printing = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=80))
    typed_by = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=40))
    fighters = fields.List(fields.Nested(FighterSchema), required=True,
                           validate=validate.Length(min=1, max=12))

    @validates_schema
    def _fighters(self, data, **_):
        check_roster(data["fighters"])


class CardSchema(Strict):
    """One card: name, type, values and effect summarised in our own words (never printed text)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    number = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=12))  # "CR1", "S001"
    type = fields.String(required=True, validate=validate.OneOf(CARD_TYPES))
    glory = Count(MOST["glory"], load_default=None)                  # objectives only; null = not in our sources
    scoring = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(SCORING))
    glory_cost = Count(MOST["glory"], load_default=None)             # upgrades that print a cost (second edition); else the rules' 1
    tags = Items(fields.String(validate=TEXT), "tags", load_default=list)  # printed keywords: Domain, Quest, ...
    hybrid = fields.Boolean(load_default=False)
    dual = fields.Boolean(load_default=False)
    # Gambit spells: the casting value as symbol counts, e.g. {channel: 2} (Deathgorge rulebook, Spells pg 28).
    casting = fields.Dict(keys=fields.String(validate=validate.OneOf(MAGIC_SYMBOLS)),
                          values=fields.Integer(strict=True, validate=validate.Range(min=0, max=6)),
                          load_default=None, allow_none=True)
    attack = fields.Boolean(load_default=False)       # the card is (or gives) an Attack action
    persists = fields.Boolean(load_default=False)
    restrictions = Items(fields.String(validate=TEXT), "tags", load_default=list)  # fighter slugs, traits, keywords
    symbol = fields.String(load_default=None, allow_none=True, validate=TEXT)      # warband id | grand alliance | universal
    keywords = Items(fields.String(validate=TEXT), "keywords", load_default=list)
    reaction = ReactionStep()                         # reaction step id (engine's REACTION_STEPS) or null
    reaction_when = ReactionWhen()
    # Our own summary of what the card does; null when none is written (the card is played by name and
    # its effect entered as events).
    effect = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=600))
    unknown = Items(fields.String(validate=TEXT), "unknown", load_default=list)

    @validates_schema
    def _by_type(self, data, **_):
        errors = {}
        if data.get("glory_cost") is not None and data["type"] != "upgrade":
            errors["glory_cost"] = ["only upgrades have a glory cost"]
        if data["type"] == "objective":
            if data.get("scoring") is None and "scoring" not in (data.get("unknown") or []):
                errors["scoring"] = ["an objective says when it is scored: surge, end or third "
                                     "(or lists scoring under unknown)"]
            if data.get("reaction"):
                errors["reaction"] = ["objectives are not reactions"]
        else:
            if data.get("glory") is not None:
                errors["glory"] = ["only objectives have a glory value"]
            if data.get("scoring") is not None:
                errors["scoring"] = ["only objectives are scored"]
            if data.get("hybrid") or data.get("dual"):
                errors["hybrid"] = ["only objectives are hybrid or dual"]
        if data.get("hybrid") and data.get("dual"):
            errors["dual"] = ["an objective is hybrid or dual, not both"]
        if data.get("casting") is not None and data["type"] != "spell":
            errors["casting"] = ["only spells have a casting value"]
        if data.get("reaction_when") and not data.get("reaction"):
            errors["reaction_when"] = ["conditions need a reaction step"]
        if errors:
            raise ValidationError(errors)


class PlotSchema(Strict):
    """A plot card: extra rules used alongside a Rivals deck, summarised in our own words."""

    name = fields.String(required=True, validate=TEXT)
    effect = fields.String(load_default=None, allow_none=True, validate=TEXT)  # null: its rules are not recorded


class DeckSchema(Strict):
    """A deck file: a Rivals deck (or a core-set pre-built deck) and the cards we can establish."""

    id = fields.String(required=True, validate=SLUG)
    name = fields.String(required=True, validate=TEXT)
    game = fields.String(required=True, validate=validate.Equal("underworlds"))
    kind = fields.String(required=True, validate=validate.OneOf(["rivals", "starter", "collection"]))
    symbol = fields.String(required=True, validate=TEXT)             # warband id or "universal"
    warband = fields.String(load_default=None, allow_none=True, validate=SLUG)
    edition = fields.String(required=True, validate=validate.OneOf(EDITIONS))
    season = fields.String(load_default=None, allow_none=True, validate=TEXT)   # Deathgorge, Wintermaw, 1, 2 ...
    product = fields.String(load_default=None, allow_none=True, validate=TEXT)  # original products: the box
    code = fields.String(load_default=None, allow_none=True, validate=TEXT)     # card-number prefix (CR, FO ...)
    sources = fields.List(fields.String(validate=TEXT), required=True, validate=validate.Length(min=1))
    complete = fields.Boolean(required=True)          # false: our sources do not give every card
    notes = fields.String(load_default=None, allow_none=True, validate=TEXT)
    plot = fields.Nested(PlotSchema, load_default=None, allow_none=True)
    cards = fields.List(fields.Nested(CardSchema), load_default=list)

    @validates_schema
    def _cards(self, data, **_):
        names = {}
        for i, card in enumerate(data.get("cards") or []):
            if card["name"].casefold() in names:
                raise ValidationError({i: {"name": [f"'{card['name']}' appears twice in this deck"]}}, "cards")
            names[card["name"].casefold()] = i
        if data["symbol"] != "universal" and data.get("warband") != data["symbol"]:
            raise ValidationError("a warband deck's symbol is its warband id", "symbol")


class CustomDeckSchema(Strict):
    """A deck a player builds: the warband it is for and its cards (from content or entered)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    game = fields.String(load_default="underworlds", validate=validate.Equal("underworlds"))
    warband = fields.String(load_default=None, allow_none=True, validate=TEXT)
    format = fields.String(load_default=None, allow_none=True, validate=TEXT)
    plot = fields.Nested(PlotSchema, load_default=None, allow_none=True)
    objectives = Items(fields.Nested(CardSchema), "deck", load_default=list)
    power = Items(fields.Nested(CardSchema), "deck", load_default=list)

    @validates_schema
    def _split(self, data, **_):
        for i, card in enumerate(data.get("objectives") or []):
            if card["type"] != "objective":
                raise ValidationError({i: {"type": ["the objective deck holds objective cards only"]}}, "objectives")
        for i, card in enumerate(data.get("power") or []):
            if card["type"] == "objective":
                raise ValidationError({i: {"type": ["the power deck holds gambits and upgrades only"]}}, "power")


DATE = validate.Regexp(r"^\d{4}-\d{2}-\d{2}$", error="must be a date YYYY-MM-DD")
LISTED_FORMATS = ("nemesis", "championship")  # formats played with restricted and forbidden lists


class FormatSchema(Strict):
    """A deck-building format kept as data (e.g. Championship's restricted and forbidden lists)."""

    id = fields.String(required=True, validate=SLUG)
    name = fields.String(required=True, validate=TEXT)
    game = fields.String(required=True, validate=validate.Equal("underworlds"))
    based_on = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(["rivals", "nemesis", "relic"]))
    rule = fields.String(required=True, validate=TEXT)               # where the book describes it
    as_of = fields.String(load_default=None, allow_none=True, validate=DATE)  # the date the lists reflect; null: unknown
    restricted = fields.List(fields.String(validate=TEXT), load_default=list)
    max_restricted = fields.Integer(strict=True, load_default=None, allow_none=True)
    forbidden = fields.List(fields.String(validate=TEXT), load_default=list)
    sources = fields.List(fields.String(validate=TEXT), load_default=list)
    notes = fields.String(load_default=None, allow_none=True, validate=TEXT)


class CardListSchema(Strict):
    """An organiser's restricted and forbidden lists for a format, with the date they reflect (saved like a
    custom warband and named by id in a game's options.card_list)."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    game = fields.String(load_default="underworlds", validate=validate.Equal("underworlds"))
    format = fields.String(required=True, validate=validate.OneOf(LISTED_FORMATS))
    as_of = fields.String(required=True, validate=DATE)
    restricted = fields.List(fields.String(validate=validate.Length(min=1, max=120)), load_default=list,
                             validate=validate.Length(max=500))
    max_restricted = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0))
    forbidden = fields.List(fields.String(validate=validate.Length(min=1, max=120)), load_default=list,
                            validate=validate.Length(max=500))
    sources = fields.List(fields.String(validate=TEXT), load_default=list)


# (game, kind) -> schema of one file of that kind. Content lives in content/<game>/<kind>/<id>.yaml.
class CardBehaviourSchema(Strict):
    """What the cards of one deck do (content/README.md, What a card does): entries by card number, merged into
    the deck of the same id when content loads; each entry's terms are checked there (card_terms.problems)."""

    id = fields.String(required=True, validate=SLUG)                 # the deck's id (and the file's name)
    game = fields.String(required=True, validate=validate.Equal("underworlds"))
    read = fields.String(required=True, validate=TEXT)               # where the card text was read
    cards = fields.Dict(keys=fields.String(validate=validate.Length(min=1, max=12)),
                        values=fields.Dict(keys=fields.String(validate=validate.OneOf(card_terms.BEHAVIOUR_KEYS)),
                                           values=fields.Raw(allow_none=False)),
                        required=True, validate=validate.Length(max=2 * MOST_ITEMS["deck"]))


KINDS: dict[tuple[str, str], type[Schema]] = {
    ("underworlds", "cards"): CardBehaviourSchema,
    ("underworlds", "warbands"): WarbandSchema,
    ("underworlds", "decks"): DeckSchema,
    ("underworlds", "formats"): FormatSchema,
}

# Custom content kinds players may save (same fighter/card schemas as the shipped files).
CUSTOM_KINDS: dict[str, type[Schema]] = {
    "warband": CustomWarbandSchema,
    "deck": CustomDeckSchema,
    "card-list": CardListSchema,
    "battlelore_unit": BattleLoreUnitSchema,  # one BattleLore unit reference card
}
