"""GET /api/openapi.json: the REST API and the /live Socket.IO events, from the marshmallow schemas (apispec).

Documenting a route is one entry in OPERATIONS below, keyed by (method, Flask rule): a summary, the request
schema (a marshmallow schema, or a sentence for a body the service checks itself), the success reply and the
error statuses it can answer. tests/api/test_openapi.py fails, naming the entry to add, for any /api route
without one.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, Response, current_app
from marshmallow import RAISE, Schema, fields

from app.schemas.content import CUSTOM_KINDS
from app.schemas.deckcheck import ConquestDeckCheckSchema, UnderworldsDeckCheckSchema
from app.schemas.wire import (
    CreateGameSchema,
    EventEnvelopeSchema,
    HandoverAnswerSchema,
    ImportSchema,
    JoinSchema,
    OwnSeatSchema,
    PreviewSchema,
    SyncSchema,
)
from app.service.flags import FlagSchema
from app.tournaments.league_schemas import LeagueSchema
from app.tournaments.orgschemas import CallTableSchema, DeckDeadlineSchema, ExtendSchema, PaidSchema, PenaltySchema
from app.tournaments.schemas import (
    CheckInAllSchema,
    ClaimSchema,
    CreateTournamentSchema,
    CutSchema,
    DecideSchema,
    EditSchema,
    FixedTableSchema,
    LinkSchema,
    MergeSchema,
    ModeSchema,
    NewLinkSchema,
    NoteSchema,
    PlayerListSchema,
    RecoverSchema,
    RegisterSchema,
    RegistrationSchema,
    RequestSchema,
    ResultSchema,
    RulingSchema,
    SwapSchema,
    TimerSchema,
)

bp = Blueprint("openapi", __name__, url_prefix="/api")


# -- reply shapes (documentation only: the service builds these dicts) -----------------------------------
class ErrorBodySchema(Schema):
    code = fields.Str(required=True, metadata={"description": "stable machine-readable code, e.g. not_your_turn"})
    message = fields.Str(required=True, metadata={"description": "a sentence for the player"})
    fields_ = fields.Dict(data_key="fields", metadata={"description": "field path -> what is wrong (400, 422)"})
    rule = fields.Str(metadata={"description": "the rule that refused it: book, section, page (422)"})
    violations = fields.List(fields.Dict(), metadata={"description": "every violated rule (422)"})
    head = fields.Int(metadata={"description": "the log's head now (409 stale)"})
    retry_after = fields.Float(metadata={"description": "seconds to wait (429; also the Retry-After header)"})
    error_id = fields.Str(metadata={"description": "500: the id the server log carries with the failure"})


class ErrorSchema(Schema):
    error = fields.Nested(ErrorBodySchema, required=True)


class SeatTokenSchema(Schema):
    seat = fields.Str(required=True)
    name = fields.Str()
    token = fields.Str(metadata={"description": "bearer token of the seat (shown once); a next game's answer "
                                                "holds only the caller's own seat's"})


class NextGameCallerSchema(Schema):
    seat = fields.Str(required=True)
    device = fields.Bool(required=True)


class GameCreatedSchema(Schema):
    id = fields.Str(required=True)
    ruleset = fields.Str(required=True)
    join_code = fields.Str(required=True)
    join_url = fields.Str(required=True)
    qr_url = fields.Str(required=True)
    shared_device = fields.Bool()
    seats = fields.List(fields.Nested(SeatTokenSchema), required=True)
    referee_token = fields.Str(metadata={"description": "a new game's; a next game's only for its referee"})
    device_token = fields.Str(metadata={"description": "a shared-device game's own token: it enters events for "
                                                       "every seat (every other seat token only for its own seat)"})
    you = fields.Nested(NextGameCallerSchema, metadata={"description": "a next game's: what the caller held"})
    head = fields.Int()


class ConsequenceSchema(Schema):
    type = fields.Str(required=True)
    data = fields.Dict(required=True)
    rule = fields.Str(required=True, metadata={"description": "book, section, page"})


class SubmitReplySchema(Schema):
    seq = fields.Int(required=True)
    id = fields.Str(required=True)
    consequences = fields.List(fields.Nested(ConsequenceSchema), required=True)
    duplicate = fields.Bool(metadata={"description": "true when the event id was stored before (200)"})


class LiveAckSchema(SubmitReplySchema):
    status = fields.Int(required=True, metadata={"description": "the REST status: 201, 200 duplicate, 4xx/5xx"})


class ViewSchema(Schema):
    seq = fields.Int(required=True)
    seat = fields.Str(required=True)
    state = fields.Dict(allow_none=True, metadata={"description": "the game as this seat may see it"})
    outcome = fields.Dict(allow_none=True)
    advice = fields.Dict(allow_none=True, metadata={"description": "the step, legal next events, reactions"})
    inert = fields.Dict(metadata={"description": "seq -> why an event no longer has any effect"})


class AppliedSchema(Schema):
    seq = fields.Int(required=True)
    event = fields.Dict(required=True, metadata={"description": "{id, type, by, actor, data, override, created_at}"})
    consequences = fields.List(fields.Nested(ConsequenceSchema), required=True)


class SyncReplySchema(Schema):
    since = fields.Int(required=True)
    head = fields.Int(required=True)
    reset = fields.Bool(required=True)
    events = fields.List(fields.Nested(AppliedSchema), required=True)
    view = fields.Nested(ViewSchema, required=True, allow_none=True,
                         metadata={"description": "null when the request's view_seq is the head: the phone has it"})


# -- the catalogue of operations ---------------------------------------------------------------------------
@dataclass
class Op:
    """One documented operation.

    Every write (POST, DELETE) also answers 403 to another site's page and 415 to a body that is not JSON
    (app/api/security.py); one with a body also answers 400 (not JSON, or fields the schema refuses) and 413
    (MAX_BODY_BYTES): the document adds those itself, so `errors` lists what the route itself decides."""

    summary: str
    body: type[Schema] | tuple[type[Schema], ...] | str | None = None  # a schema (one of several), or a sentence
    ok: int = 200
    reply: type[Schema] | str = "JSON object"   # a schema, or a sentence describing the reply
    errors: tuple[int, ...] = ()
    auth: bool = False                          # Authorization: Bearer <seat token> (or the tournament's token)
    query: dict[str, str] = field(default_factory=dict)
    media: str = "application/json"             # of the success reply
    also: dict[int, str] = field(default_factory=dict)  # other success statuses (same reply shape): what each means


GAME = (401, 403, 404)
WRITE = (400, 429, 503)     # a rate-limited write that reaches the store (app/api/requests.py rate_limit)
STORED = (400, 503)         # a write that reaches the store with no rate limit
READ = (429, 503)           # a rate-limited read (app/api/requests.py read_limit)
OPERATIONS: dict[tuple[str, str], Op] = {
    # games (app/api/games.py)
    ("GET", "/api/rulesets"): Op("The rulesets this server plays, each with its set-up choices and event "
                                          "catalogue"),
    ("GET", "/api/rulesets/<path:ruleset_id>"): Op("One ruleset: its set-up choices, its event types and their "
                                                           "fields", errors=(404,)),
    ("GET", "/api/rulesets/<path:ruleset_id>/violations"): Op("A ruleset's violation codes: each one's meaning, "
                                                              "the rules it cites, whether an override lifts it "
                                                              "(and where a rule known only in play comes from)",
                                                              errors=(404,)),
    ("POST", "/api/games"): Op("Create a game; the reply holds every seat's token (and a shared device's own "
                               "token). A match's or campaign's next game is the body {follows: <game>} alone, sent "
                               "with a token of that game: the server makes it once from that stored game, and each "
                               "caller gets only what it held there (its seat's token, the device's, or the "
                               "referee's); spectators and scorekeepers are refused (403 not_a_player). Earlier "
                               "games in options are refused (400 follows_needed)", CreateGameSchema, 201,
                               GameCreatedSchema, (*WRITE, 401, 403, 404, 409, 413, 422),
                               also={200: "a next game made before (by the other phone): the caller's own token"}),
    ("POST", "/api/games/import"): Op("Import an export: replayed through the rules into a new game (413 import_too_large "
                                      "past a budget of values per file, setup or event)", ImportSchema,
                                      201, GameCreatedSchema, (*WRITE, 413, 422)),
    ("GET", "/api/join/<code>"): Op("What a join code opens: the game's ruleset and seats (`open_seats`: those its "
                                    "own phones have still to set up; `seats_reserved`: why "
                                    "it opens no player seat, for a tournament's or a match's later game)", errors=(404, 429)),
    ("GET", "/api/join/<code>/qr.svg"): Op("The join link as a QR code", errors=(404, 429), reply="SVG image",
                                           media="image/svg+xml"),
    ("POST", "/api/games/<game_id>/join"): Op("Take a seat or a role with the join code (a reserved seat: 403 "
                                              "seat_reserved, unless its holder's handover code or the referee)",
                                              JoinSchema, 201, "{seat, token, name?}", (*GAME, *WRITE, 409),
                                              also={202: "the seat is held by another phone: {seat, name, handover: "
                                                         "{id, secret, seat, expires_in}} to poll until answered"}),
    ("GET", "/api/games/<game_id>"): Op("The game and the caller's view", reply="summary with `view`",
                                        errors=(*GAME, *READ), auth=True),
    ("GET", "/api/games/<game_id>/events"): Op("The log after ?since=N, redacted for the caller, a page of at most "
                                               "500 events (`next`: the since of the page after, or null)",
                                               reply="{since, head, next, events: [...]}", errors=(*GAME, 400, *READ),
                                               auth=True,
                                               query={"since": "last seq the caller has (default 0)"}),
    ("POST", "/api/games/<game_id>/events"): Op("Submit an event (201 stored, 200 duplicate)", EventEnvelopeSchema,
                                                201, SubmitReplySchema, (*GAME, *WRITE, 409, 422), auth=True,
                                                also={200: "the event id was stored before: the stored reply"}),
    ("POST", "/api/games/<game_id>/flags"): Op("Flag an entry for the referee (a player's \"That's not right\"): "
                                               "stored as the seat's note on the entry; at an event the table's "
                                               "judge is called to it (`judge_call`). The referee and read-only "
                                               "roles are refused (403)", FlagSchema, 201,
                                               "{seq, id, entry, by, text, judge_call?}", (*GAME, *WRITE, 422),
                                               auth=True, also={200: "that seat's open flag on the entry"}),
    ("GET", "/api/games/<game_id>/suggestions"): Op("Legal next events for the caller (or ?seat=)",
                                                    reply="{seq, advice}", errors=(*GAME, 400, 422, *READ), auth=True,
                                                    query={"seat": "another seat (referee, shared phone)"}),
    ("GET", "/api/games/<game_id>/state"): Op("The whole state after event ?seq=N (referee)", reply="{seq, head, state}",
                                              errors=(*GAME, 400, *READ), auth=True,
                                              query={"seq": "a point in the log"}),
    ("GET", "/api/games/<game_id>/export"): Op("Setup and whole log, re-importable (redacted for players)",
                                               errors=(*GAME, *READ), auth=True),
    ("POST", "/api/games/<game_id>/preview"): Op("What an event would do, without storing it (at most 20 KB); an "
                                                 "undo (type revert) lists the entries it would void, and with `then` "
                                                 "(referee) the corrected event entered right after it",
                                                 PreviewSchema, 200, "{allowed, violations, consequences, withheld?} "
                                                 "or, for an undo, {allowed, violations, voids, then?}",
                                                 (*GAME, 422, 429, 503), auth=True),
    ("GET", "/api/games/<game_id>/setup"): Op("A game made with open seats: which seats are set up (names only), "
                                              "`waiting_for` the open ones, `started`, and the caller's own set-up "
                                              "(`yours`)", reply="{game, ruleset, started, waiting_for, seats, options, "
                                              "yours?}", errors=(*GAME, *READ), auth=True),
    ("PUT", "/api/games/<game_id>/seats/<seat>"): Op("The seat's own phone sets its name, warband, printing and deck "
                                                     "(other tokens: 403 not_your_seat); the last open seat set starts "
                                                     "the game (422 bad_setup when the rules refuse the whole setup; "
                                                     "409 already_started after)", OwnSeatSchema, 200,
                                                     "{game, ruleset, started, waiting_for, seats, options, yours?}",
                                                     (*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/games/<game_id>/handover-code"): Op("A short code the seat's holder shows to hand the seat over",
                                                       ok=201, errors=(*GAME, *WRITE), auth=True),
    ("GET", "/api/games/<game_id>/handovers"): Op("Handovers of the caller's seat waiting for an answer",
                                                  errors=(*GAME, 503), auth=True),
    ("GET", "/api/games/<game_id>/handovers/<hid>"): Op("A handover's state (the asking phone polls it with the "
                                                        "request's secret)", errors=(404, 503), auth=True),
    ("POST", "/api/games/<game_id>/handovers/<hid>"): Op("Approve or refuse a handover (410 once it has expired)",
                                                         HandoverAnswerSchema, errors=(*GAME, *WRITE, 409, 410),
                                                         auth=True),
    ("DELETE", "/api/games/<game_id>/handovers/<hid>"): Op("Withdraw a handover request (with the request's secret)",
                                                           errors=(404, 429, 503), auth=True),
    # content (app/api/content.py)
    ("GET", "/api/content"): Op("Games, their content kinds and counts"),
    ("GET", "/api/content/"): Op("Games, their content kinds and counts"),
    ("GET", "/api/content/<game>/<kind>"): Op("A content listing", errors=(400, 404)),
    ("GET", "/api/content/<game>/<kind>/<rid>"): Op("One content record", errors=(404,)),
    ("GET", "/api/content/conquest/cards"): Op("Conquest cards by name, per faction", errors=(400,)),
    ("POST", "/api/content/conquest/deck-check"): Op("Check a Conquest deck: each problem with its rule (422: the "
                                                     "deck cannot be read)", ConquestDeckCheckSchema,
                                                     reply="{warlord, problems}", errors=(404, 422)),
    ("POST", "/api/content/underworlds/deck-check"): Op("Check an Underworlds deck against a format (422: the deck "
                                                        "or warband cannot be read)", UnderworldsDeckCheckSchema,
                                                        reply="{format, problems}", errors=(422, 503)),
    ("GET", "/api/content/underworlds/warbands/<wid>/fighters"): Op("A warband's fighters and the fields to enter",
                                                                    errors=(400, 404), query={"ruleset": "ruleset id"}),
    ("POST", "/api/content/custom/<kind>"): Op("Save a player's warband, deck, card list or unit (422 "
                                               "invalid_content names each field the kind's schema refuses; at most "
                                               "CUSTOM_MAX_BYTES, else 413 content_too_large; CUSTOM_SAVES_PER_DAY per "
                                               "address, else 429)",
                                               tuple(CUSTOM_KINDS.values()), 201, "{id, kind, link, payload}",
                                               (404, 413, 422, 429, 503)),
    ("GET", "/api/content/custom/<kind>"): Op("Saved custom content of a kind, newest first, a page at a time",
                                              reply="{kind, items, total, page, per_page, next}", errors=(400, 404, 503),
                                              query={"page": "from 1 (default 1)",
                                                     "per_page": "1 to 100 (default 50)"}),
    ("GET", "/api/content/custom/<kind>/<cid>"): Op("One saved warband or deck", errors=(404, 503)),
    # tournaments (app/api/tournaments.py); the token is a role's (organiser, scorekeeper, judge, player,
    # table device); without one the caller is the public. Every write answers 201 with the stored log entry.
    ("POST", "/api/tournaments"): Op("Create a tournament; the reply holds its organiser token (shown once); "
                                     "422 when its card_list cannot be used", CreateTournamentSchema, 201,
                                     "{id, name, organiser_token, links: {organiser, public}}", errors=(*WRITE, 422)),
    ("GET", "/api/tournaments/<tournament_id>"): Op("The tournament as the caller's role sees it: players, rounds, standings "
                                                    "(+ rulings for staff, `mine` for a player or table device)",
                                                    errors=(*GAME, *READ), reply="tournament view"),
    ("GET", "/api/tournaments/<tournament_id>/dashboard"): Op("The round's tables with their games' progress (staff)",
                                                              errors=(*GAME, *READ), auth=True),
    ("GET", "/api/tournaments/<tournament_id>/log"): Op("The tournament's log, each entry with who made it (staff)",
                                                        errors=(*GAME, *READ), auth=True, reply="{entries}"),
    ("GET", "/api/tournaments/<tournament_id>/export.json"): Op("Players, rounds, standings (and rulings for staff) as JSON",
                                                                errors=(*GAME, *READ)),
    ("GET", "/api/tournaments/<tournament_id>/export/<kind>.csv"): Op("players, pairings, results or standings as CSV",
                                                                      errors=(*GAME, *READ), reply="CSV", media="text/csv"),
    ("GET", "/api/tournaments/<tournament_id>/qr.svg"): Op("The tournament's public page as a QR code", errors=(404, 503),
                                                           reply="SVG", media="image/svg+xml"),
    ("GET", "/api/tournaments/<tournament_id>/tables/<t>/overlay"): Op(
        "A table of the latest published round as its game's spectator sees it, for a stream's overlay (anyone): "
        "players, warbands, status, result and the game's scoreboard (seats' scores, fighters' wounds, round, "
        "activation, the last entry's label); `seated: false` before the round or when it has no such table",
        errors=(*GAME, *READ), reply="{id, name, table, round, seated, names?, warbands?, status?, result?, game?}"),
    ("POST", "/api/tournaments/<tournament_id>/links"): Op("A scorekeeper, judge or table-device link (organiser)", LinkSchema,
                                                           201, "{role, subject, token, link}", errors=(*GAME, *WRITE), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players"): Op("Register a player; the deck is checked for the tournament's format "
                                                             "(422 deck_refused lists each problem with its rule; 200 when the "
                                                             "name is already registered; 403 override_organiser_only: only "
                                                             "the organiser sends `override`)", RegisterSchema, 201,
                                                             "{player, name, from_round, deck_problems, token, link}",
                                                             errors=(*GAME, *WRITE, 409, 422), auth=True,
                                                             also={200: "the name is already registered"}),
    ("POST", "/api/tournaments/recover"): Op("A lost organiser link replaced with the recovery code given at creation: "
                                             "every older organiser link stops working and a new code replaces the one "
                                             "used; 403 wrong_recovery_code (wrong codes from one address are limited)",
                                             RecoverSchema, 201, "{id, name, organiser_token, recovery_code, link}",
                                             errors=(*WRITE, 403)),
    ("POST", "/api/tournaments/<tournament_id>/players/import"): Op("Register a pasted or CSV list, one player a line "
                                                                    "(name, warband, deck?), each checked as on the form; "
                                                                    "413 too_many_players past the event's room",
                                                                    PlayerListSchema, 201, "{added, existing, refused}",
                                                                    errors=(*GAME, *WRITE, 413), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players/check-in"): Op("Check in the ticked players ({players?}: every "
                                                                      "registered player when left out)", CheckInAllSchema,
                                                                      201, "{checked_in}", errors=(*GAME, *WRITE, 409),
                                                                      auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players/<player_id>/table"): Op("Keep a player at one table every round "
                                                                               "({table}, null for none; 409 table_taken)",
                                                                               FixedTableSchema, 201,
                                                                               errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players/<player_id>/check-in"): Op("Check a player in", NoteSchema, 201,
                                                                                  errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players/<player_id>/drop"): Op("Drop a player ({reason?})", NoteSchema, 201,
                                                                              errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players/<player_id>/edit"): Op("Edit a registration (only the fields "
                                                                              "that change; the deck checked again, "
                                                                              "logged with who and when)", EditSchema, 201,
                                                                              "{player, name, changed, seq, warband, "
                                                                              "warband_name, printing, deck_problems}",
                                                                              errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/judge/close"): Op("Close a table's open judge "
                                                                                       "calls by hand ({reason?}; a "
                                                                                       "result closes them too)",
                                                                                       NoteSchema, 201,
                                                                                       errors=(*GAME, *WRITE, 409),
                                                                                       auth=True),
    ("GET", "/api/tournaments/<tournament_id>/players/links"): Op("Every player's current link (organiser only), shown "
                                                                  "again without replacing any", ok=200,
                                                                  reply="{links: [{player, name, status, link}]}",
                                                                  errors=(*GAME, *READ), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/merge"): Op("Fold a duplicate registration into the first ({keep, remove})",
                                                           MergeSchema, 201, errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/pair"): Op("Propose the round's pairings (round 1 random, then "
                                                                     "Swiss): a draft until published",
                                                                     ok=201, errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/cut"): Op("Start the top cut of 4 or 8 after the Swiss rounds (organiser), "
                                                         "seeded from the standings", CutSchema, 201,
                                                         errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/swap"): Op("Swap two players of the draft ({a, b})", SwapSchema, 201,
                                                                     errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/publish"): Op("Publish the round: each tracked table's game is "
                                                                        "created from the registrations", ok=201,
                                                                        errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/timer"): Op("Start the round's clock ({minutes?})", TimerSchema, 201,
                                                                      errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/time-called"): Op("Call time: every table is told the end-of-time rule",
                                                                            NoteSchema, 201, errors=(*GAME, *WRITE, 409),
                                                                            auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/time-called/withdraw"): Op("Take back a call of time (409 "
                                                                                     "not_called)", NoteSchema, 201,
                                                                                     errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/mode"): Op("How a table plays: phones, device or untracked "
                                                                               "({mode}, before publishing)", ModeSchema, 201,
                                                                               errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/confirm"): Op("One tap: a player or the table device "
                                                                                  "confirms the tracked game's outcome (201 "
                                                                                  "stored; 200 the caller's earlier "
                                                                                  "confirmation of the same result, stored "
                                                                                  "once; 403 not_at_table)",
                                                                                  NoteSchema, 201,
                                                                                  errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/dispute"): Op("Dispute a table's result ({reason}); a "
                                                                                  "judge settles it. The table's players and "
                                                                                  "its device only (403 not_at_table, "
                                                                                  "not_your_table, not_a_device_table)",
                                                                                  NoteSchema, 201,
                                                                                  errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/links/new"): Op("Replace a lost link (organiser): {role, player | name | "
                                                               "table}; the old link stops working", NewLinkSchema, 201,
                                                               "{role, subject, token, link, replaced}",
                                                               errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/flag"): Op("A judge, as the table's referee, flags its "
                                                                               "game ({reason}): disputed until settled",
                                                                               NoteSchema, 201,
                                                                               errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/judge"): Op("Call a judge to a table ({note?}): its "
                                                                                "players and the device of its number only "
                                                                                "(403 not_at_table, not_your_table); 200 "
                                                                                "with the caller's call still open; 409 "
                                                                                "too_many_judge_calls",
                                                                                NoteSchema, 201, errors=(*GAME, *WRITE, 409),
                                                                                auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/result"): Op("Enter or correct a result by hand (a reason "
                                                                                 "to change a confirmed one or settle a "
                                                                                 "disputed one); 422 when it contradicts the "
                                                                                 "book's rule of victory (winner_has_less_glory, "
                                                                                 "tiebreak_needed, draw_needs_equal_glory, "
                                                                                 "tiebreak_not_in_rules, ..., with `rule`); 403 "
                                                                                 "ruling_not_allowed: decided_by ruling is a "
                                                                                 "judge's or the organiser's", ResultSchema,
                                                                                 201, errors=(*GAME, *WRITE, 409, 422),
                                                                                 auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/seat"): Op("A fresh game token at this table: the "
                                                                               "player's seat, the device's, or referee for a "
                                                                               "judge", ok=201,
                                                                               reply="{game, join_code, seat, token, name, "
                                                                                     "title, ruleset, shared_device}",
                                                                               errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rulings"): Op("Add a ruling to the tournament's rulings log (judge, organiser)",
                                                             RulingSchema, 201, errors=(*GAME, *WRITE, 409), auth=True),
    # self-registration and published deck lists (app/tournaments/selfreg.py, decklists.py)
    ("POST", "/api/tournaments/<tournament_id>/registration"): Op(
        "Open or close the public registration link and set its cap (organiser); opening it the first time, or with "
        "new_link, gives a new link (shown once)", RegistrationSchema, 201,
        "{open, cap, full, waitlist, taken, requests, link?}", errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/requests"): Op(
        "A player asks for a place with the registration link's key as the token; the deck is checked for the "
        "format (422 deck_refused); 409 registration_closed or name_taken; the claim secret is shown once",
        RequestSchema, 201, "{request, name, status (pending | waitlisted), position?, claim}",
        errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/requests/claim"): Op(
        "The asking phone's request status ({claim}); once accepted, its player link, handed over once (201); 410 "
        "claim_used afterwards", ClaimSchema, 201, "{request, name, status, player, position?, reason?, token?, link?}",
        errors=(404, 409, 410, 429, 503), also={200: "not accepted yet: {request, name, status, position?, reason?}"}),
    ("POST", "/api/tournaments/<tournament_id>/requests/withdraw"): Op(
        "The asking phone takes its waiting request back ({claim})", ClaimSchema, 201,
        "{request, name, status, player}", errors=(404, 409, 429, 503)),
    ("POST", "/api/tournaments/<tournament_id>/requests/<request_id>/accept"): Op(
        "Accept a waiting request (organiser, scorekeeper): its player is registered; 409 waitlisted over the cap",
        DecideSchema, 201, "{request, status, player, name}", errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/requests/<request_id>/decline"): Op(
        "Decline a request ({reason?}); the waitlist's first takes its place", DecideSchema, 201,
        "{request, status, player, name}", errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/decklists"): Op(
        "Publish every registered deck (organiser); until then only the organiser, the judges and each deck's own "
        "player see it",
        None, 201, "{published, decks: [{player, name, warband, warband_name, deck, deck_name}]}",
        errors=(*GAME, *WRITE, 409), auth=True),
    # the organiser's bookkeeping (app/api/tournament_bookkeeping.py, app/tournaments/orgtools.py)
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/extend"): Op(
        "More minutes for one table's clock, with the reason (judge, scorekeeper, organiser); 409 too_much_time past "
        "120 minutes a round; 422 reason_needed", ExtendSchema, 201, errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/rounds/<n>/tables/<t>/call"): Op(
        "Call a table ({note?}): its phones alert (staff)", CallTableSchema, 201, errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players/<player_id>/penalties"): Op(
        "A warning, a glory or game penalty, or event points (> 0 a bonus, < 0 a penalty) against a player, with a "
        "reason (judge, organiser); the standings apply points and glory (422 bad_amount, reason_needed)", PenaltySchema,
        201, errors=(*GAME, *WRITE, 409, 422), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/players/<player_id>/paid"): Op(
        "Mark a player paid or unpaid (scorekeeper, organiser)", PaidSchema, 201, errors=(*GAME, *WRITE, 409), auth=True),
    ("POST", "/api/tournaments/<tournament_id>/decks/deadline"): Op(
        "Set ({at}: ISO time) or lift ({at: null}) the time after which registered decks are locked (organiser; 422 "
        "bad_time)", DeckDeadlineSchema, 201, errors=(*GAME, *WRITE, 409, 422), auth=True),
    # leagues (app/api/leagues.py, app/tournaments/league_service.py)
    ("POST", "/api/leagues"): Op("Create a league: a series of events whose standings add up by its rule (points per "
                                 "event, or the best N); the reply holds its organiser token (shown once)", LeagueSchema,
                                 201, "{id, name, organiser_token, link, public}", errors=WRITE),
    ("GET", "/api/leagues/<league_id>"): Op("A league (anyone): its events and standings, each player's history event by "
                                            "event", errors=(401, 403, 404, 429, 503),
                                            reply="{id, setup, you, events, standings}"),
    ("POST", "/api/leagues/<league_id>/events"): Op("The league's next event (its organiser); the body is a new event's "
                                                   "(409 league_full)", CreateTournamentSchema, 201,
                                                   "{id, name, organiser_token, links}", errors=(*GAME, *WRITE, 409, 422),
                                                   auth=True),
    # this document
    ("GET", "/api/openapi.json"): Op("This document (OpenAPI 3)"),
}

# The /live Socket.IO namespace, described in an `x-socketio` extension (OpenAPI has no WebSocket events).
LIVE = {
    "namespace": "/live",
    "connect": {"auth": "{token, last_seq}", "refused": "connect_error with data = the REST error body"},
    "client_to_server": {
        "submit": {"payload": "EventEnvelope", "ack": "LiveAck (the REST reply plus status; errors as ErrorSchema "
                   "plus status)"},
        "sync": {"payload": "Sync", "ack": "SyncReply plus status"},
        "suggestions": {"payload": "{seat?}", "ack": "{status, seq, advice}"},
    },
    "server_to_client": {
        "sync": {"payload": "SyncReply", "when": "right after connecting"},
        "applied": {"payload": "Applied", "when": "every event stored after that, except the socket's own submits"},
        "view": {"payload": "View", "when": "after every event, the socket's own seat only (its submits too)"},
        "handover": {"payload": "{id, seat, state...}", "when": "a handover of the socket's seat is asked or answered"},
    },
}
# The /tournament namespace (app/tournaments/live.py): a tournament's pages follow its log; clients only listen.
TOURNAMENT_LIVE = {
    "namespace": "/tournament",
    "connect": {"auth": "{tournament, token?} (no token: the public)", "refused": "connect_error with data = the REST "
                "error body (401 bad token, 403 another tournament's, 404 no such tournament, 429 too many connections)"},
    "client_to_server": {},
    "server_to_client": {
        "changed": {"payload": "{head, type}", "when": "an entry was stored in the tournament's log (read it again)"},
        "table": {"payload": "{round, table, progress}", "when": "staff only: a tracked table's game moved"},
        "game_over": {"payload": "{round, table}", "when": "a tracked table's game ended"},
    },
}
SCHEMAS: dict[str, type[Schema]] = {"Error": ErrorSchema, "GameCreated": GameCreatedSchema, "SubmitReply": SubmitReplySchema,
           "LiveAck": LiveAckSchema, "View": ViewSchema, "Applied": AppliedSchema, "SyncReply": SyncReplySchema,
           "Sync": SyncSchema, "EventEnvelope": EventEnvelopeSchema, "CreateGame": CreateGameSchema,
           "Import": ImportSchema, "Join": JoinSchema, "OwnSeat": OwnSeatSchema, "CreateTournament": CreateTournamentSchema, "TournamentLink": LinkSchema, "TournamentNewLink": NewLinkSchema,
           "Registration": RegisterSchema, "RegistrationLink": RegistrationSchema, "RegistrationRequest": RequestSchema,
           "RegistrationClaim": ClaimSchema, "RegistrationDecision": DecideSchema, "PlayersImport": PlayerListSchema,
           "CheckInAll": CheckInAllSchema, "FixedTable": FixedTableSchema, "Recover": RecoverSchema,
           "TournamentNote": NoteSchema, "TournamentResult": ResultSchema,
           "Ruling": RulingSchema, "Preview": PreviewSchema, "Flag": FlagSchema, "HandoverAnswer": HandoverAnswerSchema,
           "UnderworldsDeckCheck": UnderworldsDeckCheckSchema, "ConquestDeckCheck": ConquestDeckCheckSchema,
           "TournamentTimer": TimerSchema, "TournamentMode": ModeSchema, "TournamentMerge": MergeSchema, "TournamentEdit": EditSchema, "TournamentSwap": SwapSchema,
           "TournamentCut": CutSchema,
           "TournamentExtend": ExtendSchema, "TournamentCallTable": CallTableSchema, "TournamentPenalty": PenaltySchema,
           "TournamentPaid": PaidSchema, "TournamentDeckDeadline": DeckDeadlineSchema, "League": LeagueSchema,
           **{"Custom" + kind.title().replace("-", "").replace("_", ""): schema for kind, schema in CUSTOM_KINDS.items()}}
ERROR_TEXT = {400: "malformed body or fields (`fields` says which)", 401: "no token, or an unknown one",
              403: "a token of another game, seat or role, or a write from another site's page",
              404: "no such thing", 409: "stale: the log moved on (`head`), or already done",
              410: "expired", 413: "body too large", 415: "the body is not JSON (Content-Type: application/json)",
              422: "the rules refuse it (`rule`, `violations`) or the setup is impossible",
              429: "too many requests (`Retry-After`)", 503: "the store is unavailable; nothing was written"}
WRITE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def path_of(rule: str) -> str:
    """/api/games/<game_id> -> /api/games/{game_id} (converters dropped)."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def _ref(schema: type[Schema]) -> dict:
    return {"$ref": "#/components/schemas/" + next(k for k, v in SCHEMAS.items() if v is schema)}


def _content(schema_or_text, media: str = "application/json") -> dict:
    if isinstance(schema_or_text, tuple):
        return {media: {"schema": {"oneOf": [_ref(schema) for schema in schema_or_text]}}}
    if isinstance(schema_or_text, type) and issubclass(schema_or_text, Schema):
        return {media: {"schema": _ref(schema_or_text)}}
    return {media: {"schema": {"type": "string" if media != "application/json" else "object",
                               "description": schema_or_text}}}


def statuses(method: str, op: Op) -> set[int]:
    """Every error status the operation can answer: its own, and those every write or body gets."""
    out = set(op.errors) | {500}
    if method in WRITE_METHODS:
        out |= {403, 415}
    if op.body is not None:
        out |= {400, 413}
    return out


def _operation(method: str, rule: str, op: Op) -> dict:
    out: dict = {"summary": op.summary, "responses": {
        str(op.ok): {"description": "success", "content": _content(op.reply, op.media)}}}
    for status, text in op.also.items():
        out["responses"][str(status)] = {"description": text, "content": _content(op.reply, op.media)}
    for status in sorted(statuses(method, op)):
        out["responses"][str(status)] = {"description": ERROR_TEXT.get(status, "unexpected error; nothing was saved"),
                                         "content": _content(ErrorSchema)}
    params = [{"name": name, "in": "path", "required": True, "schema": {"type": "string"}}
              for name in re.findall(r"\{([^}]+)\}", path_of(rule))]
    params += [{"name": name, "in": "query", "required": False, "description": text, "schema": {"type": "string"}}
               for name, text in op.query.items()]
    if params:
        out["parameters"] = params
    if op.body is not None:
        out["requestBody"] = {"required": True, "content": _content(op.body)}
    if op.auth:
        out["security"] = [{"seatToken": []}]
    return out


def build_spec(version: str = "1") -> dict:
    """The OpenAPI 3 document of every operation in OPERATIONS."""
    spec = APISpec(title="Tablewarden", version=version, openapi_version="3.0.3", plugins=[MarshmallowPlugin()],
                   info={"description": "REST API of a Tablewarden server. Live updates use Socket.IO on the /live "
                                        "namespace: see `x-socketio`. Errors are {\"error\": {code, message, ...}}."})
    for name, schema in SCHEMAS.items():
        spec.components.schema(name, schema=schema)
    spec.components.security_scheme("seatToken", {"type": "http", "scheme": "bearer",
                                                  "description": "a seat's (or the tournament organiser's) token"})
    paths: dict[str, dict] = {}
    for (method, rule), op in OPERATIONS.items():
        paths.setdefault(rule, {})[method.lower()] = _operation(method, rule, op)
    for rule, operations in paths.items():
        spec.path(path=path_of(rule), operations=operations)
    out = spec.to_dict()
    for name, schema in SCHEMAS.items():
        if schema().unknown == RAISE:  # the server refuses a key the schema does not name
            out["components"]["schemas"][name]["additionalProperties"] = False
    out["x-socketio"] = LIVE
    out["x-socketio-tournament"] = TOURNAMENT_LIVE
    return out


def undocumented(url_map) -> list[tuple[str, str]]:
    """(method, rule) of every /api route without an entry in OPERATIONS."""
    missing = []
    for rule in url_map.iter_rules():
        if rule.rule.startswith("/api"):
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
                if (method, rule.rule) not in OPERATIONS:
                    missing.append((method, rule.rule))
    return missing


@functools.lru_cache(maxsize=4)
def _document(version: str) -> str:
    # Built once per process: apispec takes tens of milliseconds, which every request would hold the loop for.
    return json.dumps(build_spec(version))


@bp.get("/openapi.json")
def openapi():
    """This server's API document."""
    return Response(_document(str(current_app.config.get("API_VERSION", "1"))), mimetype="application/json")
