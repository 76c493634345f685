"""Each game's log folded into its current state, cached per game and brought up to the store's head."""
from __future__ import annotations

import logging
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Callable

from marshmallow import ValidationError

from app.engine import registry
from app.engine.core import PLAYER_SEATS, REVERT, LogFold, Ruleset, fold_log
from app.schemas import sanity
from app.schemas.wire import field_messages
from app.store import DuplicateKey, EventStore, StoreError

from .errors import ApiError, invalid_payload
from .records import record_event

log = logging.getLogger(__name__)

CACHE_GAMES = 512
STORE_DOWN = "storage_unavailable"


@dataclass
class Folded:
    """A game's log folded into its current state (what the cache keeps per game)."""

    game: dict
    rs: Ruleset
    records: list[dict] = field(default_factory=list)
    state: dict = field(default_factory=dict)
    inert: dict = field(default_factory=dict)   # seq -> why it no longer has any effect (fold_log)
    _ids: dict = field(default_factory=dict, repr=False)
    # Earliest seq a revert took back, worked out once per fold and carried on by `extended` (a submit reads it,
    # and walking a long log for it on every submit made cost grow with the game).
    _taken_back: int | None = field(default=None, repr=False)
    _taken_back_known: bool = field(default=False, repr=False)

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
        if not self._taken_back_known:
            self._taken_back = _earliest_taken_back(self.records, None)
            self._taken_back_known = True
        return self._taken_back

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
        return Folded(self.game, self.rs, self.records + records, state, inert, ids,
                      _earliest_taken_back(records, self.first_taken_back), True)


def _earliest_taken_back(records: list[dict], so_far: int | None) -> int | None:
    """The earliest seq the reverts among `records` took back, or `so_far` if that is earlier (or none took any)."""
    gone = [r["data"]["seq"] for r in records if r["type"] == REVERT]
    return min([*gone, *([] if so_far is None else [so_far])], default=None)


class GameLogs:
    """The games of an EventStore and their folded logs (cached); what every part of the service reads."""

    def __init__(self, store: EventStore, lock_factory: Callable[[], Any]):
        self.store = store
        self.on_store_error: Callable[[], None] | None = None  # counted by /metrics
        self._lock_factory = lock_factory
        self._locks: dict[str, Any] = {}
        self._locks_guard = lock_factory()
        self._cache: OrderedDict[str, Folded] = OrderedDict()

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
                           fields={"ruleset": f"Unknown ruleset; known: {', '.join(registry.available())}."}) from None

    @staticmethod
    def _load_schema(schema, raw: Any) -> dict:
        if not isinstance(raw, dict):
            raise ApiError(400, "bad_request", "The body must be a JSON object.")
        try:
            sanity.check(raw)  # Socket.IO frames arrive parsed: refuse NaN, lone surrogates, deep nesting here
        except sanity.WireProblem as problem:
            raise invalid_payload(problem) from problem
        try:
            return schema.load(raw)
        except ValidationError as err:
            raise ApiError(400, "invalid", "Some fields are missing or malformed.", fields=field_messages(err)) from err

    def _storage(self, fn, *args, **kw):
        try:
            return fn(*args, **kw)
        except DuplicateKey:
            raise  # a taken id or join code: the caller draws again (or answers), the store itself is fine
        except StoreError as exc:
            log.warning("store unavailable: %s", exc)
            if self.on_store_error is not None:
                self.on_store_error()
            raise ApiError(503, STORE_DOWN, "The game store is unavailable; try again shortly.") from exc

    def game(self, game_id: str) -> dict:
        """The game row, or 404 (while the store cannot be read, the row of a game this process holds in memory)."""
        try:
            game = self._storage(self.store.get_game, game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
        except ApiError as err:
            held = self._cache.get(game_id)
            if err.code != STORE_DOWN or held is None:
                raise
            game = held.game
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

    @staticmethod
    def _fold_all(rs: Ruleset, game: dict, records: list[dict]) -> LogFold:
        # Stored events were checked when entered: an exception replaying them is an engine bug (a 500).
        return fold_log(rs, game["setup"], [record_event(r) for r in records])

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
            try:
                newer = self._storage(self.store.events, game_id, since=cached.head)
            except ApiError as err:
                if err.code != STORE_DOWN:
                    raise
                # The store cannot be read (its disk or its server failed): a read is answered from the fold this
                # process holds (with SQLite, one process, that is the whole log); every write still answers 503.
                return cached
            if newer:
                records = cached.records + newer
                fold = LogFold(cached.state, cached.inert)
                if any(r["type"] == REVERT for r in newer):
                    fold = self._fold_all(cached.rs, cached.game, records)
                else:
                    for rec in newer:
                        fold.state, _ = cached.rs.apply(fold.state, record_event(rec))
                cached = cached.extended(newer, fold.state, fold.inert)
        current = self._cache.get(game_id)
        if current is not None and current.head > cached.head:
            cached = current  # a submit stored a newer event while we read: never step the cache back
        self._cache[game_id] = cached
        self._cache.move_to_end(game_id)
        while len(self._cache) > CACHE_GAMES:
            self._cache.popitem(last=False)
        return cached
