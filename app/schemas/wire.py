"""Marshmallow schemas of the wire payloads: event envelope, game creation, join, import."""
from __future__ import annotations

from marshmallow import INCLUDE, RAISE, Schema, ValidationError, fields, post_load, pre_load, validate, validates_schema

from app.engine.core import PLAYER_SEATS, ROLES

MAX_SEATS = len(PLAYER_SEATS)
# A game's options and a seat's set-up are each a handful of named choices (the rulesets' setup_choices, a seat's
# name, warband, deck, fighters...): 64 entries is far above any.
MAX_CHOICES = 64
SEAT_OR_ROLE = [*PLAYER_SEATS, *ROLES]


class OverrideSchema(Schema):
    """{"reason": "card: Ready for Action"}: why the table overrides a rule check."""

    class Meta:
        unknown = RAISE

    reason = fields.Str(required=True, validate=validate.Length(min=1, max=500))

    @validates_schema
    def _not_blank(self, data, **kwargs):
        if not data.get("reason", "").strip():
            raise ValidationError("An override needs a reason.", "reason")


class StrictBool(fields.Boolean):
    """true or false only: 1, "yes" and "true" are refused (a phone's answer must be what it means)."""

    def _deserialize(self, value, attr, data, **kwargs):
        if not isinstance(value, bool):
            raise self.make_error("invalid", input=value)
        return value


class BoundedList(fields.List):
    """A list whose length is checked before its items are read: refusing 15,000 seats costs no more than 2 (and
    the error names the list, not each item)."""

    def __init__(self, cls_or_instance, *, max_length: int, min_length: int = 0, **kwargs):
        super().__init__(cls_or_instance, validate=validate.Length(min=min_length, max=max_length), **kwargs)
        self.max_length = max_length

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, list) and len(value) > self.max_length:
            raise ValidationError(f"At most {self.max_length} items.")
        return super()._deserialize(value, attr, data, **kwargs)


class BoundedDict(fields.Dict):
    """A mapping whose size is checked before its entries are read (see BoundedList)."""

    def __init__(self, *, max_entries: int, **kwargs):
        super().__init__(validate=validate.Length(max=max_entries), **kwargs)
        self.max_entries = max_entries

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, dict) and len(value) > self.max_entries:
            raise ValidationError(f"At most {self.max_entries} entries.")
        return super()._deserialize(value, attr, data, **kwargs)


class EventEnvelopeSchema(Schema):
    """The event a client submits (docs/architecture.md, Event envelope)."""

    class Meta:
        unknown = RAISE

    id = fields.Str(required=True, validate=validate.Length(min=1, max=100))
    type = fields.Str(required=True, validate=validate.Length(min=1, max=64))
    by = fields.Str(required=True, validate=validate.Length(min=1, max=32))
    data = fields.Dict(keys=fields.Str(), load_default=dict)
    expected_seq = fields.Int(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=0))
    override = fields.Nested(OverrideSchema, load_default=None, allow_none=True)
    seq = fields.Int(load_default=None, allow_none=True)  # ignored: the server assigns seq


class PreviewSchema(Schema):
    """POST /api/games/<id>/preview: an event to try on the current state (`by` defaults to the caller's seat)."""

    class Meta:
        unknown = RAISE

    id = fields.Str(validate=validate.Length(min=1, max=100))  # ignored: nothing is stored
    type = fields.Str(required=True, validate=validate.Length(min=1, max=64))
    by = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=32))
    data = fields.Dict(keys=fields.Str(), load_default=dict, allow_none=True)
    override = fields.Nested(OverrideSchema, load_default=None, allow_none=True)
    then = fields.Dict(load_default=None, allow_none=True, metadata={
        "description": "with an undo (type revert), the referee's corrected event {type, by, data} to try after it"})


class HandoverAnswerSchema(Schema):
    """POST /api/games/<id>/handovers/<hid>: whether the seat's holder lets the asking phone in."""

    class Meta:
        unknown = RAISE

    approve = StrictBool(required=True)


class OwnSeatSchema(Schema):
    """One seat's set-up: a player name plus warband/fighters/deck (content fills the rest)."""

    class Meta:
        unknown = INCLUDE  # ruleset- and content-specific keys (deck, faction...) pass through

    name = fields.Str(required=True, validate=validate.Length(min=1, max=40))
    warband = fields.Str(validate=validate.Length(min=1, max=80))
    fighters = BoundedList(fields.Dict(), max_length=40)

    @validates_schema(pass_original=True)
    def _few_entries(self, data, original, **kwargs):
        if isinstance(original, dict) and len(original) > MAX_CHOICES:
            raise ValidationError(f"A seat holds at most {MAX_CHOICES} entries.")


class SeatSetupSchema(OwnSeatSchema):
    """One seat of a new game: set here, or {"open": true} alone: the phone that takes the seat sets it up itself."""

    open = StrictBool(metadata={"description": "true, sent alone ({\"open\": true}): the seat's own phone sets its "
                                              "name, warband and deck (PUT /api/games/{id}/seats/{seat})"})

    @pre_load
    def _open_seat(self, data, **kwargs):
        # An open seat has no name yet; the placeholder passes the seat's checks and is dropped after loading.
        if isinstance(data, dict) and data.get("open") is True and "name" not in data:
            return {**data, "name": "open"}
        return data

    @validates_schema(pass_original=True)
    def _open_alone(self, data, original, **kwargs):
        if data.get("open") and isinstance(original, dict) and set(original) != {"open"}:
            raise ValidationError("An open seat carries nothing else: its own phone sets it up.", "open")

    @post_load
    def _open_only(self, data, **kwargs):
        return {"open": True} if data.get("open") else data


class CreateGameSchema(Schema):
    """POST /api/games body."""

    class Meta:
        unknown = RAISE

    ruleset = fields.Str(required=True, validate=validate.Length(min=1, max=80))
    options = fields.Dict(keys=fields.Str(validate=validate.Length(max=64)), load_default=dict,
                          validate=validate.Length(max=MAX_CHOICES))
    seats = BoundedList(fields.Nested(SeatSetupSchema), required=True, min_length=1, max_length=MAX_SEATS)
    shared_device = fields.Bool(load_default=False)


class FollowSchema(Schema):
    """POST /api/games body for a match's (or campaign's) next game: only the game it follows (the caller's
    token must be of that game); the server makes the rest from that stored game."""

    class Meta:
        unknown = RAISE

    follows = fields.Str(required=True, validate=validate.Length(min=1, max=64))
    ruleset = fields.Str(validate=validate.Length(min=1, max=80))  # optional: must be the game before's


class JoinSchema(Schema):
    """POST /api/games/<id>/join body: the join code and the seat or role wanted."""

    class Meta:
        unknown = RAISE

    code = fields.Str(required=True, validate=validate.Length(min=1, max=32))
    seat = fields.Str(required=True, validate=validate.OneOf(SEAT_OR_ROLE))
    handover_code = fields.Str(validate=validate.Length(min=1, max=12))  # shown by the seat's holder


class LoggedEventSchema(Schema):
    """One event of an exported log."""

    class Meta:
        unknown = RAISE

    seq = fields.Int(required=True, strict=True, validate=validate.Range(min=1))
    id = fields.Str(required=True, validate=validate.Length(min=1, max=100))
    type = fields.Str(required=True, validate=validate.Length(min=1, max=64))
    by = fields.Str(required=True, validate=validate.Length(min=1, max=32))
    actor = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=32))
    data = fields.Dict(keys=fields.Str(), load_default=dict)
    override = fields.Nested(OverrideSchema, load_default=None, allow_none=True)
    # Recomputed on import, never trusted; an event has a few (app/schemas/export_shape.py bounds their size).
    consequences = fields.List(fields.Dict(), load_default=list, validate=validate.Length(max=100))
    created_at = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=40))


class RulesRecordSchema(Schema):
    """What a game records of the rules it was played under (app/service/create.py, rules_record)."""

    class Meta:
        unknown = RAISE

    ruleset = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=80))
    version = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=100))
    app = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=40))


class ImportedSetupSchema(Schema):
    """An exported game's setup: what creating the game stored (the ruleset checks what is inside each part)."""

    class Meta:
        unknown = RAISE

    # Loaded as stored: no part is added that the file lacks (the replay must start from the same setup).
    ruleset = fields.Str(allow_none=True, validate=validate.Length(max=80))
    options = fields.Dict(keys=fields.Str(validate=validate.Length(max=64)), validate=validate.Length(max=MAX_CHOICES))
    seats = fields.List(fields.Dict(keys=fields.Str(validate=validate.Length(max=64)),
                                    validate=validate.Length(max=MAX_CHOICES)), required=True,
                        validate=validate.Length(min=1, max=MAX_SEATS))
    # Conquest's planet deck and token units, filled from content at creation (app/content/conquest.py).
    planets = fields.List(fields.Dict(), validate=validate.Length(max=64))
    tokens = fields.List(fields.Dict(), validate=validate.Length(max=64))


class ImportSchema(Schema):
    """POST /api/games/import body: what GET /api/games/<id>/export returns."""

    class Meta:
        unknown = RAISE

    format = fields.Str(required=True, validate=validate.Equal("tablewarden-game"))
    version = fields.Int(required=True, validate=validate.Equal(1))
    ruleset = fields.Str(required=True, validate=validate.Length(min=1, max=80))
    setup = fields.Nested(ImportedSetupSchema, required=True)
    shared_device = fields.Bool(load_default=False)
    events = BoundedList(fields.Nested(LoggedEventSchema), required=True, max_length=100_000)
    exported_at = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=40))
    game = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=64))
    redacted = fields.Bool(load_default=False)
    # The rules the game was played under (informational: an import is replayed under today's rules).
    rules = fields.Nested(RulesRecordSchema, load_default=None, allow_none=True)


class SyncSchema(Schema):
    """Socket.IO `sync` request / connect auth: the last seq the client has (and the seq of the view it holds)."""

    class Meta:
        unknown = INCLUDE

    last_seq = fields.Int(load_default=0, strict=True, validate=validate.Range(min=0))
    # A seat's view is a function of the log up to its seq: a phone holding the view of the head needs none.
    view_seq = fields.Int(load_default=None, allow_none=True, strict=True, validate=validate.Range(min=0))


def field_messages(err: ValidationError) -> dict:
    """Flatten marshmallow's nested messages into {"dotted.path": "message"}."""
    out: dict[str, str] = {}

    def walk(prefix: str, value):
        if isinstance(value, dict):
            for key, sub in value.items():
                if key == "_schema" and prefix:
                    walk(prefix, sub)  # a nested object's own error belongs to the object's field
                else:
                    walk(f"{prefix}.{key}" if prefix else str(key), sub)
        elif isinstance(value, list):
            if value and all(isinstance(v, str) for v in value):
                out[prefix or "_schema"] = " ".join(value)
            else:
                for i, sub in enumerate(value):
                    walk(f"{prefix}[{i}]", sub)
        else:
            out[prefix or "_schema"] = str(value)

    walk("", err.messages)
    return out
