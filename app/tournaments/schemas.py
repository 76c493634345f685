"""Marshmallow schemas of the tournament API's bodies: creating a tournament, registering, results, rulings."""
from __future__ import annotations

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from app.schemas.wire import BoundedDict, BoundedList

from .model import MAX_PLAYERS
from .standings import DEFAULT_TIEBREAKERS, TIEBREAKERS
from .victory import DECIDED_BY

TOURNAMENT_RULESETS = {
    "underworlds/deathgorge": ["rivals", "nemesis", "relic", "championship"],
    "underworlds/dreadfane": ["standard"],
    "underworlds/shadespire": ["standard", "matched"],
}
DEFAULT_END_OF_TIME = "When time is called, finish the current round, then play its end phase."


class Strict(Schema):
    """Unknown fields are an error, not silently dropped."""

    class Meta:
        unknown = RAISE


class PointsSchema(Strict):
    win = fields.Int(load_default=3, strict=True, validate=validate.Range(min=0, max=100))
    draw = fields.Int(load_default=1, strict=True, validate=validate.Range(min=0, max=100))
    loss = fields.Int(load_default=0, strict=True, validate=validate.Range(min=0, max=100))


class ByeSchema(Strict):
    points = fields.Int(load_default=3, strict=True, validate=validate.Range(min=0, max=100))
    glory_for = fields.Int(load_default=0, strict=True, validate=validate.Range(min=0, max=100))
    glory_against = fields.Int(load_default=0, strict=True, validate=validate.Range(min=0, max=100))


class CreateTournamentSchema(Strict):
    """POST /api/tournaments."""

    name = fields.Str(required=True, validate=validate.Length(min=1, max=80))
    date = fields.Date(required=True)
    ruleset = fields.Str(load_default="underworlds/deathgorge", validate=validate.OneOf(list(TOURNAMENT_RULESETS)))
    format = fields.Str(load_default=None, allow_none=True, validate=validate.Length(max=40))
    best_of = fields.Int(load_default=1, strict=True, validate=validate.OneOf([1, 3]))
    # Best of three: whether a level match is settled by the matched-play tiebreakers (Shadespire pg 26:
    # agreed before the match; at a tournament the organiser agrees it for every table) or is a draw.
    match_tiebreakers = fields.Bool(load_default=False)
    # An organiser's dated restricted/forbidden lists (saved with POST /api/content/custom/card-list):
    # registrations and the tables' games are checked against it instead of the app's own list.
    card_list = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=64))
    rounds = fields.Int(load_default=3, strict=True, validate=validate.Range(min=1, max=15))
    round_minutes = fields.Int(load_default=75, strict=True, validate=validate.Range(min=10, max=300))
    points = fields.Nested(PointsSchema, load_default=lambda: PointsSchema().load({}))
    bye = fields.Nested(ByeSchema, load_default=lambda: ByeSchema().load({}))
    tiebreakers = BoundedList(fields.Str(validate=validate.OneOf(list(TIEBREAKERS))),
                              load_default=lambda: list(DEFAULT_TIEBREAKERS), max_length=6)
    end_of_time = fields.Str(load_default=DEFAULT_END_OF_TIME, validate=validate.Length(min=1, max=300))
    # A tracked table with no entry for this long stands out on the dashboard: an activation at a
    # real table takes a few minutes, so a quarter of an hour of silence means a stuck game or phone.
    slow_minutes = fields.Int(load_default=12, strict=True, validate=validate.Range(min=1, max=120))

    @validates_schema
    def _consistent(self, data, **kwargs):
        formats = TOURNAMENT_RULESETS[data.get("ruleset", "underworlds/deathgorge")]
        if data.get("format") is None:
            data["format"] = formats[0]
        elif data["format"] not in formats:
            raise ValidationError(f"For this ruleset choose one of: {', '.join(formats)}.", "format")
        if len(set(data.get("tiebreakers", []))) != len(data.get("tiebreakers", [])):
            raise ValidationError("Each tiebreaker once.", "tiebreakers")
        if data.get("best_of") == 3 and data.get("format") != "matched":
            raise ValidationError("Best of three is the 2018 matched play format (Shadespire ruleset, format "
                                  "'matched').", "best_of")


class RegisterSchema(Strict):
    """POST /api/tournaments/<id>/players."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    name = fields.Str(required=True, validate=validate.Length(min=1, max=40))
    warband = fields.Str(required=True, validate=validate.Length(min=1, max=80))
    # The printing of the warband's fighter cards the player holds (the content's printing id); left out, the
    # tournament's rules choose their own, and a warband they offer none of needs it named.
    printing = fields.Str(load_default=None, validate=validate.Length(min=1, max=80))
    deck = fields.Raw(load_default=None)
    override = fields.Str(load_default=None, validate=validate.Length(min=1, max=300))

    @validates_schema
    def _not_blank(self, data, **kwargs):
        if not data["name"].strip():
            raise ValidationError("A name is needed.", "name")


class ResultSchema(Strict):
    """A result entered by hand: winner (player id, or null for a draw), each player's glory."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    winner = fields.Str(required=True, allow_none=True, validate=validate.Length(max=40))
    # One entry per player of the table (two; a few more cost nothing and keep the refusal the rules' own).
    glory = BoundedDict(keys=fields.Str(), values=fields.Int(strict=True), required=True, max_entries=8)
    games_won = BoundedDict(keys=fields.Str(), values=fields.Int(strict=True), load_default=None, max_entries=8)
    # How a game level on glory (or a level match) was won, or "ruling" (judge, organiser): victory.py.
    decided_by = fields.Str(load_default=None, allow_none=True, validate=validate.OneOf(DECIDED_BY))
    reason = fields.Str(load_default="", validate=validate.Length(max=300))


class RulingSchema(Strict):
    """POST /api/tournaments/<id>/rulings."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    round = fields.Int(load_default=None, allow_none=True, strict=True)
    table = fields.Int(load_default=None, allow_none=True, strict=True)
    question = fields.Str(required=True, validate=validate.Length(min=1, max=1000))
    answer = fields.Str(required=True, validate=validate.Length(min=1, max=1000))
    rule = fields.Str(load_default="", validate=validate.Length(max=300))


class NoteSchema(Strict):
    """A reason or a note (check-in, drop, confirm, dispute, flag, call a judge, call time)."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    reason = fields.Str(load_default="", validate=validate.Length(max=300))
    note = fields.Str(load_default="", validate=validate.Length(max=300))


class CutSchema(Strict):
    """POST /api/tournaments/<id>/cut: the size of the top cut."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    size = fields.Int(required=True, strict=True, validate=validate.OneOf([4, 8], error="A top cut is of 4 or 8 players."))


class TimerSchema(Strict):
    """POST /api/tournaments/<id>/rounds/<n>/timer: the round's length (the tournament's own when left out)."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    minutes = fields.Int(load_default=None, strict=True, validate=validate.Range(min=1, max=300))


class ModeSchema(Strict):
    """POST /api/tournaments/<id>/rounds/<n>/tables/<t>/mode: how the table plays."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    mode = fields.Str(required=True, validate=validate.OneOf(["phones", "device", "untracked"]))


class MergeSchema(Strict):
    """POST /api/tournaments/<id>/merge: the registration to keep and the duplicate folded into it."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    keep = fields.Str(required=True, validate=validate.Length(min=1, max=40))
    remove = fields.Str(required=True, validate=validate.Length(min=1, max=40))


class SwapSchema(Strict):
    """POST /api/tournaments/<id>/rounds/<n>/swap: two players of the draft pairings."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    a = fields.Str(required=True, validate=validate.Length(min=1, max=40))
    b = fields.Str(required=True, validate=validate.Length(min=1, max=40))


class NewLinkSchema(Strict):
    """POST /api/tournaments/<id>/links/new: a lost link replaced (player id, scorekeeper or judge name, or table)."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    role = fields.Str(required=True, validate=validate.OneOf(["player", "scorekeeper", "judge", "table"]))
    player = fields.Str(load_default=None, validate=validate.Length(min=1, max=40))
    name = fields.Str(load_default="", validate=validate.Length(max=40))
    table = fields.Int(load_default=None, strict=True, validate=validate.Range(min=1, max=500))

    @validates_schema
    def _subject(self, data, **kwargs):
        if data["role"] == "player" and not data.get("player"):
            raise ValidationError("Name the player whose link is lost.", "player")
        if data["role"] == "table" and data.get("table") is None:
            raise ValidationError("A table device link names its table number.", "table")


class LinkSchema(Strict):
    """POST /api/tournaments/<id>/links: a scorekeeper, judge or table-device link."""

    role = fields.Str(required=True, validate=validate.OneOf(["scorekeeper", "judge", "table"]))
    name = fields.Str(load_default="", validate=validate.Length(max=40))
    table = fields.Int(load_default=None, strict=True, validate=validate.Range(min=1, max=500))

    @validates_schema
    def _table(self, data, **kwargs):
        if data["role"] == "table" and data.get("table") is None:
            raise ValidationError("A table device link names its table number.", "table")


class RegistrationSchema(Strict):
    """POST /api/tournaments/<id>/registration: open or close the public registration link; the cap (null: none)."""

    open = fields.Bool(required=True)
    cap = fields.Int(allow_none=True, strict=True, validate=validate.Range(min=1, max=1000))  # left out: unchanged
    new_link = fields.Bool(load_default=False)


class RequestSchema(Strict):
    """POST /api/tournaments/<id>/requests: a player asks for a place (a printing if needed, a content deck id or none)."""

    name = fields.Str(required=True, validate=validate.Length(min=1, max=40))
    warband = fields.Str(required=True, validate=validate.Length(min=1, max=80))
    # The printing of the fighter cards the player holds, as on the organiser's registration (RegisterSchema).
    printing = fields.Str(load_default=None, validate=validate.Length(min=1, max=80))
    deck = fields.Str(load_default=None, allow_none=True, validate=validate.Length(min=1, max=80))

    @validates_schema
    def _not_blank(self, data, **kwargs):
        if not data["name"].strip():
            raise ValidationError("A name is needed.", "name")


class DecideSchema(Strict):
    """POST /api/tournaments/<id>/requests/<rid>/accept or /decline (a reason for a decline, optional)."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    reason = fields.Str(load_default="", validate=validate.Length(max=300))


class ClaimSchema(Strict):
    """POST /api/tournaments/<id>/requests/claim or /withdraw: the claim secret the request's reply gave."""

    claim = fields.Str(required=True, validate=validate.Length(min=1, max=100))
# A pasted or CSV list: one player a line, "name, warband, deck?" (a name of 40, a warband and a deck of 80).
IMPORT_LINE_CHARS = 220
IMPORT_MAX_CHARS = MAX_PLAYERS * 64


class PlayerListSchema(Strict):
    """POST /api/tournaments/<id>/players/import: players pasted or read from a CSV file, one a line."""

    text = fields.Str(required=True, validate=validate.Length(min=1, max=IMPORT_MAX_CHARS))


class CheckInAllSchema(Strict):
    """POST /api/tournaments/<id>/players/check-in: the ticked players, or everyone registered when left out."""

    players = BoundedList(fields.Str(validate=validate.Length(min=1, max=40)), load_default=None, max_length=MAX_PLAYERS)


class FixedTableSchema(Strict):
    """POST /api/tournaments/<id>/players/<p>/table: the table a player always plays at (null: none)."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    table = fields.Int(required=True, allow_none=True, strict=True, validate=validate.Range(min=1, max=500))


class RecoverSchema(Strict):
    """POST /api/tournaments/recover: the recovery code given when the tournament was made."""

    code = fields.Str(required=True, validate=validate.Length(min=1, max=64))


class EditSchema(Strict):
    """POST /api/tournaments/<id>/players/<p>/edit: the fields of a registration that change (the others left out);
    a printing or a deck of null takes it away."""

    id = fields.Str(load_default=None, validate=validate.Length(min=1, max=100))
    name = fields.Str(validate=validate.Length(min=1, max=40))
    warband = fields.Str(validate=validate.Length(min=1, max=80))
    printing = fields.Str(allow_none=True, validate=validate.Length(min=1, max=80))
    deck = fields.Raw(allow_none=True)
    override = fields.Str(load_default=None, validate=validate.Length(min=1, max=300))

    @validates_schema
    def _not_blank(self, data, **kwargs):
        if "name" in data and not data["name"].strip():
            raise ValidationError("A name is needed.", "name")
