"""GameService: everything the REST API and the /live namespace do with games, in one place.

Submitting an event: schema check -> permission -> duplicate? -> state at the head (cached fold of
the log) -> stale? -> the engine's check (422 with the violated rule) -> apply -> store as head+1 in
one transaction -> result. Nothing is written unless every step passed; a repeated event id returns
what was stored the first time.
"""
from __future__ import annotations

import copy
import logging
import random
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from marshmallow import ValidationError

from app import content
from app.engine import registry
from app.engine.core import (CORE_RULE, PLAYER_SEATS, REVERT, REVERT_SPEC, ROLES, Event, IllegalEvent, Ruleset,
                             SetupError, closed_by, NO_EFFECT, LogFold, changes_nothing, check_fields, check_revert, fold_log, replay)
from app.schemas.wire import (CreateGameSchema, EventEnvelopeSchema, ImportSchema, JoinSchema,
                              field_messages)
from app.store import DuplicateKey, EventStore, StoreError

from app.schemas import sanity

from .errors import ApiError, invalid_payload
from .handover import Handovers
from .tokens import hash_token, new_game_id, new_join_code, new_token, normalise_join_code

log = logging.getLogger(__name__)

EXPORT_FORMAT = "tablewarden-game"
EXPORT_VERSION = 1
CACHE_GAMES = 512
READ_ONLY_ROLES = ("scorekeeper", "spectator")
MAX_ATTEMPTS = 25  # stale appends retried (other processes writing the same game) before answering 503


@dataclass(frozen=True)
class Caller:
    """Who is asking: the game their token belongs to and their seat (p1..p4) or role."""

    game_id: str
    seat: str

    @property
    def is_player(self) -> bool:
        """A player seat (p1..p4)."""
        return self.seat in PLAYER_SEATS

    @property
    def is_referee(self) -> bool:
        """The referee may submit for anyone, override, revert any event and rewind."""
        return self.seat == "referee"


@dataclass
class Folded:
    """A game's log folded into its current state (what the cache keeps per game)."""

    game: dict
    rs: Ruleset
    records: list[dict] = field(default_factory=list)
    state: dict = field(default_factory=dict)
    inert: dict = field(default_factory=dict)   # seq -> why it no longer has any effect (fold_log)
    _ids: dict = field(default_factory=dict, repr=False)

    @property
    def head(self) -> int:
        """Seq of the last stored event."""
        return self.records[-1]["seq"] if self.records else 0

    @property
    def id(self) -> str:
        """The game id."""
        return self.game["id"]

    @property
    def first_taken_back(self) -> int | None:
        """Seq of the earliest event a revert took back (events after it are checked again), or None."""
        gone = [r["data"]["seq"] for r in self.records if r["type"] == REVERT]
        return min(gone) if gone else None

    def by_id(self, event_id: str) -> dict | None:
        """The stored record of a client event id, if this fold has it."""
        return self._index().get(event_id)

    def _index(self) -> dict:
        if len(self._ids) != len(self.records):
            self._ids = {r["id"]: r for r in self.records}
        return self._ids

    def extended(self, records: list[dict], state: dict, inert: dict) -> "Folded":
        """This fold with more records appended; the event-id index is carried on, not rebuilt (O(new), not O(log))."""
        ids = self._index()
        ids.update((r["id"], r) for r in records)
        # This fold's own index now holds more entries than its records: its next by_id rebuilds its
        # own copy, so an older fold still in someone's hands never answers with a newer record.
        return Folded(self.game, self.rs, self.records + records, state, inert, ids)


@dataclass
class Applied:
    """One event just stored: what the broadcaster sends to the table."""

    game_id: str
    record: dict
    state: dict
    rs: Ruleset
    seats: list[str]
    inert: dict[str, dict] = field(default_factory=dict)  # seat -> its view of the inert events


def record_event(rec: dict) -> Event:
    """The engine's Event for a stored log record."""
    return Event(type=rec["type"], by=rec["by"], data=rec.get("data") or {}, id=rec.get("id"),
                 override=rec.get("override"), seq=rec.get("seq"))


def public_record(rec: dict) -> dict:
    """A log record as clients see it (the `applied` payload's event plus seq/consequences)."""
    return {"seq": rec["seq"], "id": rec["id"], "type": rec["type"], "by": rec["by"],
            "actor": rec.get("actor"), "data": rec.get("data") or {}, "override": rec.get("override"),
            "consequences": rec.get("consequences") or [], "created_at": rec.get("created_at")}


def applied_payload(rec: dict) -> dict:
    """Socket.IO `applied` frame: {seq, event, consequences}."""
    event = {k: rec.get(k) for k in ("id", "type", "by", "actor", "data", "override", "created_at")}
    return {"seq": rec["seq"], "event": event, "consequences": rec.get("consequences") or []}


def redacted(folded: "Folded", rec: dict, seat: str) -> dict:
    """A stored record as `seat` may see it now (the ruleset hides secret choices not yet revealed)."""
    return folded.rs.redact_event(folded.state, rec, seat)


def rules_record(ruleset_id: str) -> dict:
    """What a game records of the rules it is played under: the ruleset code's hash and the app's version."""
    from importlib import metadata
    try:
        app_version = metadata.version("tablewarden")
    except metadata.PackageNotFoundError:
        app_version = None
    return {"ruleset": ruleset_id, "version": registry.rules_version(ruleset_id), "app": app_version}


class ImportTooLong(Exception):
    """An import's replay ran past its deadline."""


class _Deadline:
    """A ruleset that raises ImportTooLong once the deadline has passed (checked at every engine call)."""

    def __init__(self, rs: Ruleset, deadline: float):
        self._rs = rs
        self._deadline = deadline

    def on_time(self) -> None:
        """Raise ImportTooLong when the deadline has passed."""
        if time.monotonic() > self._deadline:
            raise ImportTooLong()

    def __getattr__(self, name: str):
        value = getattr(self._rs, name)
        if not callable(value):
            return value

        def timed(*args, **kwargs):
            self.on_time()
            return value(*args, **kwargs)
        return timed


class GameService:
    """Games, seats, tokens and the log, over an EventStore; safe under eventlet, gevent or threads."""

    def __init__(self, store: EventStore, *, lock_factory: Callable[[], Any] = threading.Lock,
                 on_applied: Callable[[Applied, str | None], None] | None = None,
                 offload: Callable | None = None, import_max_events: int = 20_000,
                 import_max_seconds: float = 20.0):
        self.store = store
        self.on_applied = on_applied
        # Long replays (imports) run through `offload`: a real thread under eventlet/gevent, so the
        # event loop keeps serving every other phone meanwhile.
        self.offload = offload or (lambda fn, *args: fn(*args))
        self.import_max_events = import_max_events
        self.import_max_seconds = import_max_seconds
        self.on_store_error: Callable[[], None] | None = None  # counted by /metrics
        self._held: set[tuple[str, str]] = set()
        self.handovers = Handovers(store, self._mint)
        self._lock_factory = lock_factory
        self._locks: dict[str, Any] = {}
        self._locks_guard = lock_factory()
        self._cache: OrderedDict[str, Folded] = OrderedDict()

    # -- helpers ---------------------------------------------------------------------------------
    def _lock(self, game_id: str):
        with self._locks_guard:
            lock = self._locks.get(game_id)
            if lock is None:
                if len(self._locks) > 4 * CACHE_GAMES:
                    self._locks = {k: v for k, v in self._locks.items() if k in self._cache}
                lock = self._locks[game_id] = self._lock_factory()
            return lock

    @staticmethod
    def _ruleset(ruleset_id: str) -> Ruleset:
        try:
            return registry.get(ruleset_id)
        except registry.UnknownRuleset:
            raise ApiError(422, "unknown_ruleset", f"There is no ruleset '{ruleset_id}' on this server.",
                           fields={"ruleset": f"Unknown ruleset; known: {', '.join(registry.available())}."})

    @staticmethod
    def _load_schema(schema, raw: Any) -> dict:
        if not isinstance(raw, dict):
            raise ApiError(400, "bad_request", "The body must be a JSON object.")
        try:
            sanity.check(raw)  # Socket.IO frames arrive parsed: refuse NaN, lone surrogates, deep nesting here
        except sanity.WireProblem as problem:
            raise invalid_payload(problem)
        try:
            return schema.load(raw)
        except ValidationError as err:
            raise ApiError(400, "invalid", "Some fields are missing or malformed.", fields=field_messages(err))

    def _storage(self, fn, *args, **kw):
        try:
            return fn(*args, **kw)
        except StoreError as exc:
            log.warning("store unavailable: %s", exc)
            if self.on_store_error is not None:
                self.on_store_error()
            raise ApiError(503, "storage_unavailable", "The game store is unavailable; try again shortly.")

    def game(self, game_id: str) -> dict:
        """The game row, or 404."""
        game = self._storage(self.store.get_game, game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
        if game is None:
            raise ApiError(404, "no_such_game", "There is no game with that id.")
        return game

    @staticmethod
    def seat_names(game: dict) -> list[dict]:
        """[{"seat": "p1", "name": "Ana", "warband_name"?: "Garrek's Reavers"}, ...] from the stored setup."""
        seats = (game.get("setup") or {}).get("seats") or []
        out = []
        for i, s in enumerate(seats[:len(PLAYER_SEATS)]):
            entry = {"seat": PLAYER_SEATS[i], "name": (s.get("name") if isinstance(s, dict) else str(s))}
            if isinstance(s, dict) and isinstance(s.get("warband_name"), str):
                entry["warband_name"] = s["warband_name"]   # the content's name ("Garrek's Reavers"), not its id
            out.append(entry)
        return out

    # -- folding ------------------------------------------------------------------------------------
    def _fold_all(self, rs: Ruleset, game: dict, records: list[dict]) -> LogFold:
        try:
            return fold_log(rs, game["setup"], [record_event(r) for r in records])
        except Exception as exc:  # noqa: BLE001 - a ruleset bug must not become a 500 for the whole game
            log.exception("replaying game %s failed", game["id"])
            raise ApiError(422, "engine_error", f"The rules engine could not replay this game: {exc}")

    def folded(self, game_id: str) -> Folded:
        """The game's current state: cached fold, brought up to the store's head (other processes write too)."""
        cached = self._cache.get(game_id)
        if cached is None:
            game = self.game(game_id)
            rs = self._ruleset(game["ruleset"])
            records = self._storage(self.store.events, game_id)
            fold = self._fold_all(rs, game, records)
            cached = Folded(game, rs, records, fold.state, fold.inert)
        else:
            newer = self._storage(self.store.events, game_id, since=cached.head)
            if newer:
                records = cached.records + newer
                fold = LogFold(cached.state, cached.inert)
                if any(r["type"] == REVERT for r in newer):
                    fold = self._fold_all(cached.rs, cached.game, records)
                else:
                    try:
                        for rec in newer:
                            fold.state, _ = cached.rs.apply(fold.state, record_event(rec))
                    except Exception:  # noqa: BLE001
                        fold = self._fold_all(cached.rs, cached.game, records)
                cached = cached.extended(newer, fold.state, fold.inert)
        current = self._cache.get(game_id)
        if current is not None and current.head > cached.head:
            cached = current  # a submit stored a newer event while we read: never step the cache back
        self._cache[game_id] = cached
        self._cache.move_to_end(game_id)
        while len(self._cache) > CACHE_GAMES:
            self._cache.popitem(last=False)
        return cached

    # -- auth ---------------------------------------------------------------------------------------
    def authenticate(self, game_id: str | None, token: str | None) -> Caller:
        """The caller of a bearer token: 401 if missing/unknown, 403 if it belongs to another game."""
        if not token:
            raise ApiError(401, "no_token", "This needs a seat token (Authorization: Bearer <token>).")
        if len(token) > 200:
            raise ApiError(401, "bad_token", "That token is not valid.")
        found = self._storage(self.store.seat_for_token, hash_token(token))
        if found is None:
            raise ApiError(401, "bad_token", "That token is not valid.")
        token_game, seat = found
        if game_id is not None and token_game != game_id:
            raise ApiError(403, "wrong_game", "That token belongs to another game.")
        return Caller(token_game, seat)

    # -- creating and joining ---------------------------------------------------------------------
    def create_game(self, raw: Any, base_url: str, meta: dict | None = None, token: str | None = None) -> dict:
        """POST /api/games: validate, expand from content, start the game in the engine, store it.

        meta: what the game belongs to (an event's round and table), kept with the game row.
        A body naming the game it `follows` (the next game of a match, created with a token of that
        game) is linked to it server-side: the row keeps `follows` and the event table it belongs to."""
        body = self._load_schema(CreateGameSchema(), raw)
        rs = self._ruleset(body["ruleset"])
        if body.get("follows"):
            meta = {**dict(meta or {}), **self._follows(body, token)}
        setup = {"ruleset": body["ruleset"], "options": body["options"], "seats": body["seats"]}
        setup = self._expanded(body["ruleset"], setup)
        if body.get("follows"):
            self._keep_match_decks(setup, self.game(body["follows"])["setup"])
        self._new_state(rs, setup)
        return self._insert_game(body["ruleset"], setup, body["shared_device"], [], base_url, meta)

    @staticmethod
    def _keep_match_decks(setup: dict, before: dict) -> None:
        """Each player plays the decks they built for the whole match (Shadespire rulebook, Matched play:
        "they cannot switch between games"): a seat of the next game that names no deck keeps the deck it
        played in the game before, as checked then. (A phone cannot name the other seat's deck: its export
        keeps that deck face down.)"""
        for seat, was in zip(setup.get("seats") or [], before.get("seats") or []):
            if isinstance(seat, dict) and isinstance(was, dict) and seat.get("deck") is None and was.get("deck"):
                seat["deck"] = copy.deepcopy(was["deck"])
                if "deck_sizes" in was:
                    seat["deck_sizes"] = copy.deepcopy(was["deck_sizes"])

    def _follows(self, body: dict, token: str | None) -> dict:
        """The link of a match's next game to the game before it: checked against that game's outcome."""
        caller = self.authenticate(body["follows"], token)
        before = self.folded(body["follows"])
        outcome = before.rs.outcome(before.state)
        status = (outcome or {}).get("match")
        context = (body["options"] or {}).get("match")
        if status is None or status["over"] or not isinstance(context, dict):
            raise ApiError(409, "no_next_game", "That game is not a finished game of a match that goes on.")
        if body["ruleset"] != before.game["ruleset"] or context.get("game") != status["next_game"]:
            raise ApiError(409, "no_next_game", f"The next game of that match is game {status['next_game']}, "
                                                "under the same rules.")
        if context.get("previous") != [*((before.state["classic"].get("match") or {}).get("previous") or []),
                                       outcome["record"]]:
            raise ApiError(409, "no_next_game", "options.match.previous must be the match's games so far.")
        kept = {k: v for k, v in (before.game.get("meta") or {}).items() if k in ("event", "round", "table")}
        return {**kept, "follows": before.game["id"], "follows_seat": caller.seat}

    def _saved(self, kind: str, cid: str):
        """A player's saved content record (custom warband, deck, unit list), or None."""
        return self._storage(self.store.get_custom, kind, cid)

    def _expanded(self, ruleset_id: str, setup: dict) -> dict:
        try:
            return content.expand_setup(ruleset_id, copy.deepcopy(setup), self._saved)
        except SetupError as exc:
            raise ApiError(422, "bad_setup", exc.message, fields={exc.field or "seats": exc.message})
        except (ValueError, LookupError, TypeError) as exc:
            raise ApiError(422, "bad_setup", f"The game cannot be set up: {exc}")

    @staticmethod
    def _new_state(rs: Ruleset, setup: dict) -> dict:
        try:
            return rs.new_game(copy.deepcopy(setup))
        except SetupError as exc:
            raise ApiError(422, "bad_setup", exc.message, fields={exc.field or "setup": exc.message})
        except Exception as exc:  # noqa: BLE001 - malformed setups must not crash the server
            log.exception("new_game failed for %s", rs.id)
            raise ApiError(422, "bad_setup", f"The game cannot start from this setup: {exc}")

    def _insert_game(self, ruleset_id: str, setup: dict, shared: bool, events: list[dict], base_url: str,
                     meta: dict | None = None) -> dict:
        names = self.seat_names({"setup": setup})
        for _ in range(8):
            game = {"id": new_game_id(), "ruleset": ruleset_id, "setup": setup, "shared_device": shared,
                    "join_code": new_join_code(), "meta": {**dict(meta or {}), "rules": rules_record(ruleset_id)}}
            seat_tokens = [(s, *new_token()) for s in [n["seat"] for n in names]]
            referee_token, referee_hash = new_token()
            hashes = [(h, s) for s, _, h in seat_tokens] + [(referee_hash, "referee")]
            try:
                self._storage(self.store.create_game, game, hashes, events)
            except DuplicateKey:
                continue  # join code (or id) collision: draw again
            tokens = {s: t for s, t, _ in seat_tokens}
            return {"id": game["id"], "ruleset": ruleset_id, "join_code": game["join_code"],
                    "join_url": self.join_url(base_url, game["join_code"]),
                    "qr_url": f"/api/join/{game['join_code']}/qr.svg",
                    "shared_device": shared,
                    "seats": [{"seat": n["seat"], "name": n["name"], "token": tokens[n["seat"]]} for n in names],
                    "referee_token": referee_token, "head": len(events)}
        raise ApiError(503, "busy", "Could not allocate a join code; try again.")

    @staticmethod
    def join_url(base_url: str, code: str) -> str:
        """The link a QR code carries: <base>/join/<code>."""
        return f"{base_url.rstrip('/')}/join/{code}"

    def game_by_code(self, code: str) -> dict:
        """Public facts of the game a join code opens (404 if none)."""
        code = normalise_join_code(code or "")
        game = self._storage(self.store.game_by_code, code) if 0 < len(code) <= 32 else None
        if game is None:
            raise ApiError(404, "no_such_code", "No game has that join code.")
        return game

    def join(self, game_id: str, raw: Any, caller: Caller | None) -> tuple[int, dict]:
        """POST /api/games/<id>/join: (201, a new token) for a seat or a role, or (202, a handover request).

        Roles (spectator, scorekeeper) are open to the join code; the referee role needs a referee
        token. A free player seat goes to the first phone; a held one only with consent (handover.py):
        the holder's handover code, the referee's token, or else a request the holder answers.
        """
        game = self.game(game_id)
        body = self._load_schema(JoinSchema(), raw)
        if normalise_join_code(body["code"]) != game["join_code"]:
            raise ApiError(403, "wrong_code", "That join code does not open this game.")
        seat = body["seat"]
        names = {n["seat"]: n["name"] for n in self.seat_names(game)}
        if seat in PLAYER_SEATS and seat not in names:
            raise ApiError(400, "invalid", "This game has no such seat.",
                           fields={"seat": f"Choose one of: {', '.join([*names, *ROLES])}."})
        by_referee = bool(caller and caller.is_referee and caller.game_id == game_id)
        if seat == "referee" and not by_referee:
            raise ApiError(403, "referee_only", "Only the referee can add another referee device "
                                                "(send the referee token as Authorization).")
        joined = {"game": game_id, "seat": seat, "name": names.get(seat)}
        if seat in PLAYER_SEATS and not by_referee and not self._storage(self.store.hold_seat, game_id, seat):
            code = body.get("handover_code")
            if code is None:
                return 202, {**joined, "handover": self._storage(self.handovers.request, game_id, seat)}
            if not self._storage(self.handovers.redeem_code, game_id, seat, code):
                raise ApiError(403, "wrong_handover_code", "That handover code is wrong or has expired; ask for a new one.",
                               fields={"handover_code": "Wrong or expired."})
        elif seat in PLAYER_SEATS and by_referee:
            self._storage(self.store.hold_seat, game_id, seat)
            self.handovers.told(game_id, seat, {"seat": seat, "status": "handed_over"})
        return 201, {**joined, "token": self._mint(game_id, seat)}

    def handovers_pending(self, caller: Caller) -> list[dict]:
        """Open handover requests for the caller's seat (every seat for the referee)."""
        if not (caller.is_player or caller.is_referee):
            raise ApiError(403, "not_your_seat", "Only a player or the referee is asked about handovers.")
        seats = [n["seat"] for n in self.seat_names(self.game(caller.game_id))] if caller.is_referee else [caller.seat]
        return self._storage(self.handovers.pending, caller.game_id, seats)

    def answer_handover(self, caller: Caller, hid: str, approve: bool) -> dict:
        """The seat's phone or the referee lets a requesting phone in, or refuses."""
        return self._storage(self.handovers.answer, caller.game_id, caller.seat, hid, approve)

    def collect_handover(self, game_id: str, hid: str, secret: str | None) -> dict:
        """The requesting phone's look at its request (with its token once approved)."""
        self.game(game_id)
        return self._storage(self.handovers.collect, game_id, hid, secret)

    def withdraw_handover(self, game_id: str, hid: str, secret: str | None) -> dict:
        """The requesting phone withdraws its request (the holder's question is taken back)."""
        self.game(game_id)
        return self._storage(self.handovers.withdraw, game_id, hid, secret)

    def handover_code(self, caller: Caller) -> dict:
        """A one-time code that hands the caller's player seat to the phone that types it."""
        if not caller.is_player:
            raise ApiError(403, "not_a_player", "Only a player's phone can hand its seat over.")
        return self._storage(self.handovers.new_code, caller.game_id, caller.seat)

    def _mint(self, game_id: str, seat: str) -> str:
        token, token_hash = new_token()
        self._storage(self.store.add_token, game_id, seat, token_hash)
        return token

    def hold(self, caller: Caller) -> None:
        """A phone opened the table with this player seat's token: the seat is held from now on.

        (Once per process and seat; a cheap set lookup after that.) Scripts that only use the REST
        API with a seat's token do not hold it; a phone that joined the seat holds it from the join.
        """
        if caller.is_player and (caller.game_id, caller.seat) not in self._held:
            self._storage(self.store.hold_seat, caller.game_id, caller.seat)
            if len(self._held) > 50_000:
                self._held.clear()
            self._held.add((caller.game_id, caller.seat))

    # -- reading ------------------------------------------------------------------------------------
    def view_payload(self, folded: Folded, seat: str) -> dict:
        """The `view` a seat or role receives: its view of the state, the outcome, its advice, inert events."""
        return self._view(folded.rs, folded.state, folded.head, seat, self.inert_for(folded, seat))

    @staticmethod
    def inert_for(folded: Folded, seat: str) -> dict:
        """The log's events that no longer have any effect, {seq: why}, as `seat` may see them.

        The engine's reasons quote the event; for an event whose data is hidden from this seat (a secret
        choice) only the status is given.
        """
        if not folded.inert:
            return {}
        records = {r["seq"]: r for r in folded.records}
        out = {}
        for seq, why in folded.inert.items():
            rec = records.get(seq)
            hidden = rec is not None and redacted(folded, rec, seat) != rec
            out[str(seq)] = {"status": why["status"]} if hidden else why
        return out

    @staticmethod
    def _view(rs: Ruleset, state: dict, head: int, seat: str, inert: dict | None = None) -> dict:
        out: dict = {"seq": head, "seat": seat, "inert": inert or {}}
        try:
            out["state"] = rs.view(state, seat)
        except Exception:  # noqa: BLE001 - never leak the full state when the view fails
            log.exception("view failed for %s/%s", rs.id, seat)
            out["state"] = None
        try:
            out["outcome"] = rs.outcome(state)
        except Exception:  # noqa: BLE001
            out["outcome"] = None
        out["advice"] = None
        if seat in PLAYER_SEATS:
            try:
                out["advice"] = rs.suggest(state, seat).to_dict()
            except Exception:  # noqa: BLE001 - advice is optional; the game goes on without it
                log.exception("suggest failed for %s/%s", rs.id, seat)
        return out

    def summary(self, caller: Caller) -> dict:
        """GET /api/games/<id>: the game and its state as the caller's seat sees it."""
        folded = self.folded(caller.game_id)
        game = folded.game
        return {"id": game["id"], "ruleset": game["ruleset"], "title": folded.rs.title,
                "created_at": game["created_at"], "shared_device": game["shared_device"],
                "join_code": game["join_code"], "seats": self.seat_names(game),
                "you": {"seat": caller.seat, "role": "player" if caller.is_player else caller.seat},
                "head": folded.head, "view": self.view_payload(folded, caller.seat)}

    def events_since(self, caller: Caller, since: int) -> dict:
        """GET /api/games/<id>/events?since=N (secret choices hidden from the other seats)."""
        folded = self.folded(caller.game_id)
        records = [r for r in folded.records if r["seq"] > since]
        return {"since": since, "head": folded.head,
                "events": [public_record(redacted(folded, r, caller.seat)) for r in records]}

    def suggestions(self, caller: Caller, seat: str | None) -> dict:
        """GET /api/games/<id>/suggestions: the caller's (or, for the referee/shared device, any seat's) advice."""
        folded = self.folded(caller.game_id)
        seats = folded.rs.seat_ids(folded.state)
        target = seat or caller.seat
        if target != caller.seat and not self._may_act_for(caller, folded.game, target):
            raise ApiError(403, "not_your_seat", "You can only see suggestions for your own seat.")
        if target not in seats:
            raise ApiError(400, "invalid", "No such seat in this game.",
                           fields={"seat": f"Choose one of: {', '.join(seats)}."})
        try:
            advice = folded.rs.suggest(folded.state, target).to_dict()
        except Exception as exc:  # noqa: BLE001
            log.exception("suggest failed")
            raise ApiError(422, "engine_error", f"The rules engine could not list suggestions: {exc}")
        return {"seq": folded.head, "advice": advice}

    def state_at(self, caller: Caller, seq: int | None) -> dict:
        """GET /api/games/<id>/state?seq=N: the whole state after event N (referee only)."""
        if not caller.is_referee:
            raise ApiError(403, "referee_only", "Only the referee can rewind the game.")
        folded = self.folded(caller.game_id)
        upto = folded.head if seq is None else seq
        if upto < 0 or upto > folded.head:
            raise ApiError(400, "invalid", "No such point in the log.",
                           fields={"seq": f"Must be between 0 and {folded.head}."})
        state = self._fold_all(folded.rs, folded.game, [r for r in folded.records if r["seq"] <= upto]).state
        return {"seq": upto, "head": folded.head, "state": state}

    # -- submitting ---------------------------------------------------------------------------------
    def _may_act_for(self, caller: Caller, game: dict, by: str) -> bool:
        if caller.is_referee:
            return True
        if not caller.is_player:
            return False
        return by == caller.seat or (game["shared_device"] and by in PLAYER_SEATS)

    def submit(self, caller: Caller, raw: Any, skip_sid: str | None = None) -> tuple[int, dict]:
        """Check, apply and store one event; returns (HTTP status, reply body). Raises ApiError."""
        env = self._load_schema(EventEnvelopeSchema(), raw)
        cached = self._cache.get(caller.game_id)
        game = cached.game if cached is not None else self.game(caller.game_id)
        if caller.seat in READ_ONLY_ROLES:
            raise ApiError(403, "read_only", f"A {caller.seat} can follow the game but not enter events.")
        by = env["by"]
        if by == "referee" and not caller.is_referee:
            raise ApiError(403, "not_your_seat", "Only the referee can enter events as the referee.")
        if by == "referee" and env["type"] not in ("note", REVERT):
            raise ApiError(422, "referee_not_a_player", "The referee enters game events for a player seat "
                                                       "(set `by` to that seat); only notes and undos as referee.",
                           fields={"by": "Must be a player seat for this event."})
        if not self._may_act_for(caller, game, by):
            raise ApiError(403, "not_your_seat", f"You can only enter events for your own seat ({caller.seat}).")
        seats = [n["seat"] for n in self.seat_names(game)]
        if by != "referee" and by not in seats:
            # Even a referee's note names a seat of this game (or the referee), so the log always re-imports.
            raise ApiError(422, "unknown_seat", f"'{by}' is not a seat at this table.",
                           fields={"by": f"Choose one of: {', '.join([*seats, 'referee'])}."})

        with self._lock(caller.game_id):
            # Fast path: evaluate against the cached fold without asking the store first. The append
            # transaction re-checks both the id (duplicate) and the head (stale) atomically, so a
            # cache that is behind (another process wrote) only costs a refresh and a retry.
            folded = self._cache.get(caller.game_id) or self.folded(caller.game_id)
            for attempt in range(MAX_ATTEMPTS):
                original = folded.by_id(env["id"])
                if original is not None:
                    return 200, self._reply(original, duplicate=True)
                if env["expected_seq"] is not None and env["expected_seq"] != folded.head and attempt == 0:
                    folded = self.folded(caller.game_id)  # the cache may be behind: look again
                    continue
                if env["expected_seq"] is not None and env["expected_seq"] != folded.head:
                    raise ApiError(409, "stale", f"The game has moved on (now at event {folded.head}); "
                                                 "look again before entering this.", extra={"head": folded.head})
                event = Event(type=env["type"], by=by, data=env["data"], id=env["id"],
                              override=env["override"], seq=folded.head + 1)
                try:
                    state, consequences, inert = self._evaluate(folded, event, caller)
                except ApiError:
                    # Refuse only on the store's current head: the cache may be behind another
                    # process (then check again), and a resent event may be stored and illegal now.
                    fresh = self.folded(caller.game_id)
                    if fresh.head != folded.head:
                        folded = fresh
                        continue
                    if fresh.by_id(env["id"]) is not None:
                        return 200, self._reply(fresh.by_id(env["id"]), duplicate=True)
                    raise
                record = {"id": env["id"], "type": env["type"], "by": by, "actor": caller.seat,
                          "data": env["data"], "override": env["override"],
                          "consequences": [c.to_dict() for c in consequences]}
                result = self._storage(self.store.append, caller.game_id, folded.head, record)
                if result.status == "duplicate":
                    return 200, self._reply(result.record, duplicate=True)
                if result.status == "stale":
                    folded = self.folded(caller.game_id)
                    if env["expected_seq"] is not None:
                        raise ApiError(409, "stale", f"The game has moved on (now at event {result.head}).",
                                       extra={"head": result.head})
                    # Another process got there first: check again against the new head, after a
                    # short random pause so two busy processes stop colliding in step.
                    time.sleep(random.uniform(0, 0.002 * min(attempt + 1, 10)))
                    continue
                stored = result.record
                now = folded.extended([stored], state, inert)
                self._cache[caller.game_id] = now
                if self.on_applied is not None:
                    try:
                        seats = folded.rs.seat_ids(state)
                        self.on_applied(Applied(caller.game_id, stored, state, folded.rs, seats,
                                                {seat: self.inert_for(now, seat) for seat in [*seats, *ROLES]}
                                                if inert else {}), skip_sid)
                    except Exception:  # noqa: BLE001 - the event is stored; a failed push is caught up on reconnect
                        log.exception("broadcast failed")
                return 201, self._reply(stored)
        raise ApiError(503, "busy", "The game is very busy; try again.")

    @staticmethod
    def _reply(record: dict, duplicate: bool = False) -> dict:
        out = {"seq": record["seq"], "id": record["id"], "consequences": record.get("consequences") or []}
        if duplicate:
            out["duplicate"] = True
        return out

    def _evaluate(self, folded: Folded, event: Event, caller: Caller):
        """The engine's verdict: (next state, consequences, inert events), or ApiError 422 naming the rule."""
        rs = folded.rs
        if event.type == REVERT:
            problems = check_fields(REVERT_SPEC, event.data)
            if not problems:
                problems = check_revert([record_event(r) for r in folded.records], event,
                                        may_revert_any=caller.is_referee)
            if problems:
                raise self._violation(problems)
            try:
                fold = fold_log(rs, folded.game["setup"], [*map(record_event, folded.records), event])
            except Exception as exc:  # noqa: BLE001 - later events may depend on the reverted one
                raise ApiError(422, "revert_breaks_log",
                               f"Taking back event {event.data['seq']} leaves later events that no longer fit: {exc}")
            return fold.state, [], fold.inert
        try:
            blocked = rs.blocking(folded.state, event)
        except Exception as exc:  # noqa: BLE001
            log.exception("check failed for %s", rs.id)
            raise ApiError(422, "engine_error", f"The rules engine could not check this event: {exc}")
        if blocked:
            raise self._late(folded, event) or self._violation(blocked)
        try:
            state, consequences = rs.apply(folded.state, event)
        except Exception as exc:  # noqa: BLE001
            log.exception("apply failed for %s", rs.id)
            raise ApiError(422, "engine_error", f"The rules engine could not apply this event: {exc}")
        first = folded.first_taken_back
        if first is not None and event.seq > first and event.type != "note" and changes_nothing(folded.state, state, consequences):
            # The same judgement fold_log makes for this event on every later replay.
            return state, consequences, {**folded.inert, event.seq: {"status": NO_EFFECT}}
        return state, consequences, folded.inert

    STEP_WORDS = {"reaction": "the reaction step", "power": "the power step", "drive_back": "the drive back"}

    def _late(self, folded: Folded, event: Event) -> ApiError | None:
        """A play refused because a quicker entry closed its step by inferred passes: say which entry, by whom,
        and how the table puts it right (that entry's player or the referee takes it back, then this again)."""
        try:
            found = closed_by(folded.rs, folded.game["setup"], [record_event(r) for r in folded.records], event)
        except Exception:  # noqa: BLE001 - the plain refusal still stands
            log.exception("late-play search failed for %s", folded.rs.id)
            return None
        if found is None:
            return None
        names = {n["seat"]: n["name"] or n["seat"] for n in self.seat_names(folded.game)}
        who = names.get(found["by"], found["by"])
        steps = " and ".join(self.STEP_WORDS.get(s, s.replace("_", " ")) for s in found["steps"])
        undo = (f"{who} (or the referee) can take it back" if found["last"]
                else "the referee can take it back")
        message = (f"Too late: {who}'s entry #{found['seq']} ({found['type'].replace('_', ' ')}) closed {steps} as "
                   f"passed. To play this, {undo}, then enter it again.")
        return ApiError(422, "step_closed", message, rule=CORE_RULE,
                        violations=[{"code": "step_closed", "message": message, "rule": CORE_RULE,
                                     "overridable": False}],
                        details={"closed_by": {**found, "name": who}})

    @staticmethod
    def _violation(violations) -> ApiError:
        first = violations[0]
        return ApiError(422, first.code, first.message, rule=first.rule,
                        violations=[v.to_dict() for v in violations])

    # -- export / import ------------------------------------------------------------------------------
    def export(self, caller: Caller) -> dict:
        """GET /api/games/<id>/export: setup + whole log, re-importable."""
        folded = self.folded(caller.game_id)
        from app.store.base import now_iso
        records = [redacted(folded, r, caller.seat) for r in folded.records]
        setup = folded.rs.redact_setup(folded.game["setup"], caller.seat)
        out = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "game": folded.id,
               "ruleset": folded.game["ruleset"], "setup": setup,
               "shared_device": folded.game["shared_device"], "exported_at": now_iso(),
               "rules": (folded.game.get("meta") or {}).get("rules"),
               "events": [public_record(r) for r in records]}
        if setup != folded.game["setup"] or any(shown != stored for shown, stored in zip(records, folded.records)):
            # Other players' secrets (a hand, a deck, a dial not yet revealed) are hidden from this caller:
            # such an export is for reading; the referee's export (which sees every secret) re-imports.
            out["redacted"] = True
        return out

    def import_game(self, raw: Any, base_url: str) -> dict:
        """POST /api/games/import: replay an exported log through the engine (verify=True) into a new game.

        Bounded: at most `import_max_events` events (413 before anything is read further) and
        `import_max_seconds` of replaying (422); the replay runs off the event loop.
        """
        if isinstance(raw, dict) and isinstance(raw.get("events"), list) and len(raw["events"]) > self.import_max_events:
            raise ApiError(413, "import_too_large", f"An imported log may hold at most {self.import_max_events} events.",
                           fields={"events": f"At most {self.import_max_events} events."})
        body = self._load_schema(ImportSchema(), raw)
        if body["redacted"]:
            raise ApiError(422, "import_rejected", "This export hides other players' secret choices, so it cannot "
                                                   "be replayed; export the game with the referee token.",
                           fields={"redacted": "Only complete exports can be imported."})
        rs = _Deadline(self._ruleset(body["ruleset"]), time.monotonic() + self.import_max_seconds)
        setup = body["setup"]
        state = self._new_state(rs, setup)
        seats = set(rs.seat_ids(state))
        events = body["events"]
        seen: set[str] = set()
        for i, ev in enumerate(events):
            where = f"events[{i}]"
            if ev["seq"] != i + 1:
                raise ApiError(422, "import_rejected", f"{where}: seq must be {i + 1} (the log has a gap or is out of order).",
                               fields={f"{where}.seq": f"Expected {i + 1}."})
            if ev["id"] in seen:
                raise ApiError(422, "import_rejected", f"{where}: event id {ev['id']!r} appears twice.",
                               fields={f"{where}.id": "Duplicate id."})
            seen.add(ev["id"])
            if ev["by"] not in seats and ev["by"] != "referee":
                raise ApiError(422, "import_rejected", f"{where}: '{ev['by']}' is not a seat of this game.",
                               fields={f"{where}.by": "Unknown seat."})
            if ev["by"] == "referee" and ev["type"] not in ("note", REVERT):
                raise ApiError(422, "import_rejected", f"{where}: only notes and undos are entered as the referee.",
                               fields={f"{where}.by": "Must be a player seat."})
        records = self.offload(self._verified_records, rs, setup, events)
        return self._insert_game(body["ruleset"], setup, body["shared_device"], records, base_url)

    def _verified_records(self, rs: "_Deadline", setup: dict, events: list[dict]) -> list[dict]:
        """The imported log replayed under the rules (verify), with consequences recomputed; ApiError if not."""
        try:
            return self._replayed_import(rs, setup, events)
        except ImportTooLong:
            raise ApiError(422, "import_too_long", f"Replaying this log took longer than {self.import_max_seconds:g} s; "
                                                   "it was not imported.")

    def _replayed_import(self, rs: "_Deadline", setup: dict, events: list[dict]) -> list[dict]:
        as_events = [Event(type=e["type"], by=e["by"], data=e["data"], id=e["id"], override=e["override"],
                           seq=e["seq"]) for e in events]
        for i, ev in enumerate(as_events):
            if ev.type == REVERT:
                problems = check_fields(REVERT_SPEC, ev.data) or check_revert(as_events[:i], ev, may_revert_any=True)
                rs.on_time()
                if problems:
                    raise ApiError(422, "import_rejected", f"events[{i}] (seq {ev.seq}): {problems[0].message}",
                                   rule=problems[0].rule)
        try:
            replay(rs, setup, as_events, verify=True)
        except ImportTooLong:
            raise
        except IllegalEvent as exc:
            v = exc.violations[0]
            raise ApiError(422, "import_rejected",
                           f"The log breaks the rules and was not imported: {v.message}", rule=v.rule,
                           violations=[x.to_dict() for x in exc.violations])
        except Exception as exc:  # noqa: BLE001
            raise ApiError(422, "import_rejected", f"The rules engine could not replay this log: {exc}")
        return self._with_consequences(rs, setup, events)

    def _with_consequences(self, rs: Ruleset, setup: dict, events: list[dict]) -> list[dict]:
        # Consequences are recomputed, never taken from the file: the engine is the only source.
        records: list[dict] = []
        state = rs.new_game(copy.deepcopy(setup))
        for ev in events:
            rec = {"seq": ev["seq"], "id": ev["id"], "type": ev["type"], "by": ev["by"],
                   "actor": ev.get("actor") or ev["by"], "data": ev["data"], "override": ev["override"],
                   "created_at": ev.get("created_at"), "consequences": []}
            if ev["type"] == REVERT:
                state = replay(rs, setup, [record_event(r) for r in [*records, rec]])
            else:
                state, cons = rs.apply(state, record_event(rec))
                rec["consequences"] = [c.to_dict() for c in cons]
            records.append(rec)
        return records
