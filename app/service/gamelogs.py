"""Each game's log folded into its current state, cached per game and brought up to the store's head."""
from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Callable

from app.engine import registry
from app.engine.core import (
    PLAYER_SEATS,
    REVERT,
    Event,
    FoldPoint,
    LogFold,
    Ruleset,
    check_revert_on,
    fold_log,
    resume_fold,
)
from app.store import EventStore

from .errors import ApiError
from .ledger import STORE_DOWN, FoldedLogs, StoreGuard
from .pending import is_pending, open_seats
from .records import record_event

CACHE_GAMES = 512


# A fold keeps points of itself (the state after an event) so that an undo, or the search for the entry that closed a
# step, folds the last events from the nearest point instead of the whole log: a new point at least POINT_EVERY
# seqs after the last one, the last POINTS_KEPT kept (each holds a state the fold no longer needs otherwise).
POINT_EVERY = 32
POINTS_KEPT = 3
LONG_REPLAY = (POINTS_KEPT + 1) * POINT_EVERY   # events: a refold longer than this runs off the event loop
_GROWING = threading.Lock()   # held only while a log checks that it may grow its shared list, and grows it


class RecordLog(Sequence):
    """The first `n` records of a list that a game's successive folds share: read-only, and a fold extended from
    the newest one appends to the shared list (no copy of the log per event) while older folds still see only
    their own `n` records."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[dict], n: int | None = None):
        self._items = items
        self._n = len(items) if n is None else n

    def __len__(self) -> int:
        return self._n

    def __getitem__(self, index):
        if isinstance(index, slice):
            start, stop, step = index.indices(self._n)
            if step == 1:
                return self._items[start:max(start, stop)]
            return [self._items[i] for i in range(start, stop, step)]
        if index < 0:
            index += self._n
        if not 0 <= index < self._n:
            raise IndexError("record index out of range")
        return self._items[index]

    def __iter__(self) -> Iterator[dict]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[dict]:
        return (self._items[i] for i in range(self._n - 1, -1, -1))

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and len(other) == self._n and all(a == b for a, b in zip(self, other))

    def __repr__(self) -> str:
        return f"RecordLog({self._n} records)"

    def appended(self, records: list[dict]) -> "RecordLog":
        """These records and then `records`: the shared list grows when this is its longest log, else is copied."""
        with _GROWING:
            if len(self._items) == self._n:
                self._items.extend(records)
                return RecordLog(self._items, self._n + len(records))
        return RecordLog(self._items[:self._n] + list(records))

    def record(self, seq: int | None) -> dict | None:
        """The record of `seq`, or None (for seq None too; a stored log's seqs run 1, 2, 3...: found by position,
        not searched for)."""
        if not self._numbered():
            return next((r for r in self if r["seq"] == seq), None)
        return self._items[seq - 1] if isinstance(seq, int) and 1 <= seq <= self._n else None

    def since(self, seq: int) -> list[dict]:
        """The records after `seq`, oldest first."""
        if not self._numbered():
            return [r for r in self if r["seq"] > seq]
        return self[max(0, seq):]

    def _numbered(self) -> bool:
        return not self._n or (self._items[0]["seq"] == 1 and self._items[self._n - 1]["seq"] == self._n)


@dataclass
class Folded:
    """A game's log folded into its current state (what the cache keeps per game).

    Never changed once made: a reader holding one sees the same records, state and inert events throughout.
    """

    game: dict
    rs: Ruleset
    records: RecordLog = field(default_factory=lambda: RecordLog([]))   # a plain list is taken in as one
    state: dict = field(default_factory=dict)
    inert: dict = field(default_factory=dict)   # seq -> why it no longer has any effect (fold_log)
    _ids: dict = field(default_factory=dict, repr=False)
    # Earliest seq a revert took back, worked out once per fold and carried on by `extended` (a submit reads it,
    # and walking a long log for it on every submit made cost grow with the game).
    _taken_back: int | None = field(default=None, repr=False)
    _taken_back_known: bool = field(default=False, repr=False)
    points: tuple[FoldPoint, ...] = field(default=(), repr=False)   # oldest first; see POINT_EVERY
    _gone: frozenset | None = field(default=None, repr=False)       # every seq taken back, carried on like the above

    def __post_init__(self):
        if not isinstance(self.records, RecordLog):
            self.records = RecordLog(list(self.records))   # a test may pass a plain list

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
            self._taken_back = min(self.taken_back, default=None)
            self._taken_back_known = True
        return self._taken_back

    @property
    def taken_back(self) -> frozenset:
        """Every seq an undo took back."""
        if self._gone is None:
            self._gone = frozenset(_taken_back_by(self.records))
        return self._gone

    def by_id(self, event_id: str) -> dict | None:
        """The stored record of a client event id, if this fold has it."""
        return self._index().get(event_id)

    def _index(self) -> dict:
        if len(self._ids) != len(self.records):
            self._ids = {r["id"]: r for r in self.records}
        return self._ids

    def last_live(self) -> dict | None:
        """The last record still in effect (neither an undo nor taken back), found from the end of the log."""
        gone = self.taken_back
        return next((r for r in reversed(self.records) if r["type"] != REVERT and r["seq"] not in gone), None)

    def revert_problems(self, revert: Event, may_revert_any: bool) -> list:
        """The engine's judge of an undo (`check_revert_on`) on what the fold keeps at hand: the target found by its
        seq, what was taken back, the last entry in effect, whether the referee entered the target."""
        seq = revert.data.get("seq")
        target = self.records.record(seq) if isinstance(seq, int) else None
        last = self.last_live()
        return check_revert_on(record_event(target) if target is not None else None, self.taken_back,
                               record_event(last) if last is not None else None, revert, may_revert_any,
                               self.referee_entered(seq) if isinstance(seq, int) else set())

    def referee_entered(self, seq: int) -> set[int]:
        """{seq} when the referee entered that entry (a ruling: only the referee takes it back), else an empty set."""
        rec = self.records.record(seq)
        return {seq} if rec is not None and rec.get("actor") == "referee" else set()

    def point_before(self, seq: int) -> FoldPoint | None:
        """The latest point of this fold before the event `seq` (the fold there does not depend on it), or None."""
        return next((p for p in reversed(self.points) if p.seq < seq), None)

    def extended(self, records: list[dict], state: dict, inert: dict,
                 points: tuple[FoldPoint, ...] | None = None) -> "Folded":
        """This fold with more records appended, in O(new records), not O(log): the records are appended to the
        list this fold shares with the next, and the event-id index and what was taken back are carried on.

        `points` replaces this fold's points (a refold after an undo: the ones after what it took back are
        gone); otherwise the new head becomes a point when it is POINT_EVERY past the last one."""
        ids = self._index()
        ids.update((r["id"], r) for r in records)
        # This fold's own index now holds more entries than its records: its next by_id rebuilds its
        # own copy, so an older fold still in someone's hands never answers with a newer record.
        log = self.records.appended(records)
        if points is None:
            points = self.points
            head = log[-1]["seq"] if log else 0
            if head - (points[-1].seq if points else 0) >= POINT_EVERY:
                points = (*points, FoldPoint(head, state))[-POINTS_KEPT:]
        more = _taken_back_by(records)
        gone = self.taken_back | more if more else self.taken_back
        return Folded(self.game, self.rs, log, state, inert, ids, min(gone, default=None), True, tuple(points), gone)


def _taken_back_by(records) -> set[int]:
    """The seqs the undos among `records` took back."""
    return {r["data"]["seq"] for r in records if r["type"] == REVERT}


def refold(folded: Folded, more: list, offload: Callable = lambda fn: fn()) -> tuple[LogFold, tuple[FoldPoint, ...]]:
    """The fold of `folded`'s log followed by `more` (events or records after its head, undos among them) and its
    points: folded from the latest point before the earliest event they take back, or, when no point is that early,
    from the start; a replay longer than LONG_REPLAY runs through `offload`. A failure of the engine propagates."""
    events = [e if isinstance(e, Event) else record_event(e) for e in more]
    taken = {e.data["seq"] for e in events if e.type == REVERT}
    start = folded.point_before(min(taken, default=folded.head + 1))
    tail = folded.records.since(start.seq if start is not None else 0)
    inert = {seq: why for seq, why in folded.inert.items() if start is not None and seq <= start.seq}
    kept = tuple(p for p in folded.points if start is not None and p.seq <= start.seq)

    def replay() -> tuple[LogFold, tuple[FoldPoint, ...]]:
        fold, points = resume_fold(folded.rs, folded.game["setup"], start, [*map(record_event, tail), *events],
                                   folded.taken_back | taken, inert, POINT_EVERY, POINTS_KEPT)
        return fold, (*kept, *points)[-POINTS_KEPT:]
    return offload(replay) if len(tail) > LONG_REPLAY else replay()


class GameLogs:
    """The games of an EventStore and their folded logs (cached); what every part of the service reads."""

    def __init__(self, store: EventStore, lock_factory: Callable[[], Any] = threading.Lock, *,
                 offload: Callable | None = None, on_store_error: Callable[[], None] | None = None):
        self.store = store
        # Shared with the tournaments: one metric of store failures.
        self.store_guard = StoreGuard(on_store_error)
        self._logs: FoldedLogs[Folded] = FoldedLogs(CACHE_GAMES, lock_factory, load=self._load, newer=self._newer,
                                                    bring_up=self._brought_up)
        self.cache = self._logs.cache
        # Long replays run through `offload` (a real thread under eventlet: the event loop serves the others).
        self.offload: Callable = offload or (lambda fn, *args: fn(*args))
        self._replaying: set[str] = set()  # games with a preview's replay running (`replaying`)

    def lock(self, game_id: str):
        """The lock a game's appends hold from reading its head to storing the next event."""
        return self._logs.lock(game_id)

    @staticmethod
    def ruleset(ruleset_id: str) -> Ruleset:
        """The registered ruleset of that id; 422 `unknown_ruleset` naming the known ones."""
        try:
            return registry.get(ruleset_id)
        except registry.UnknownRuleset:
            raise ApiError(422, "unknown_ruleset", f"There is no ruleset '{ruleset_id}' on this server.",
                           fields={"ruleset": f"Unknown ruleset; known: {', '.join(registry.available())}."}) from None

    def storage(self, fn, *args, **kw):
        """`fn(*args, **kw)` on the store, a failing store answered 503 and counted."""
        return self.store_guard(fn, *args, **kw)

    def game(self, game_id: str) -> dict:
        """The game row, or 404 (while the store cannot be read, the row of a game this process holds in memory)."""
        try:
            game = self.storage(self.store.get_game, game_id) if isinstance(game_id, str) and len(game_id) <= 64 else None
        except ApiError as err:
            held = self.cache.get(game_id)
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
    def fold_all(rs: Ruleset, game: dict, records: list[dict]) -> LogFold:
        """The fold of these records from the game's setup (a state at an earlier seq, for the referee's rewind)."""
        # Stored events were checked when entered: an exception replaying them is an engine bug (a 500).
        return fold_log(rs, game["setup"], [record_event(r) for r in records])

    @contextmanager
    def replaying(self, game_id: str):
        """One replay a client asks for (an undo's preview) per game at a time: a second while one runs is 429."""
        if game_id in self._replaying:
            raise ApiError(429, "replay_busy", "This game's log is already being replayed for a preview; try again "
                                               "when it is done.", extra={"retry_after": 1})
        self._replaying.add(game_id)
        try:
            yield
        finally:
            self._replaying.discard(game_id)

    def refold(self, folded: Folded, more: list) -> tuple[LogFold, tuple[FoldPoint, ...]]:
        """refold() with this service's offload (a long replay runs off the event loop)."""
        return refold(folded, more, self.offload)

    def _loaded(self, game: dict, rs: Ruleset, records: list[dict]) -> Folded:
        """A game's whole log folded (off the event loop when long), with its points."""
        empty = Folded(game, rs, RecordLog(records))
        # Stored events were checked when entered: an exception replaying them is an engine bug (a 500).
        fold, points = self.refold(empty, [])
        return Folded(game, rs, empty.records, fold.state, fold.inert, points=points)

    def held(self, game_id: str) -> Folded | None:
        """The fold of a game this process holds in memory, or None; never reads the store."""
        return self._logs.held(game_id)

    def folded(self, game_id: str) -> Folded:
        """The game's current state: cached fold, brought up to the store's head (other processes write too)."""
        return self._logs.folded(game_id)

    def _load(self, game_id: str) -> Folded:
        """A game no fold is cached for, folded from the store (404 when there is no such game)."""
        game = self.game(game_id)
        if is_pending(game):
            waiting = ", ".join(f"Player {s[1:]}" for s in open_seats(game["setup"]))
            raise ApiError(409, "seats_not_set", f"The game starts once every seat is set up; waiting for {waiting}.",
                           details={"waiting_for": open_seats(game["setup"])})
        return self._loaded(game, self.ruleset(game["ruleset"]), self.storage(self.store.events, game_id))

    def _newer(self, game_id: str, head: int) -> list[dict]:
        """The records stored after `head`; none while the store cannot be read (its disk or its server failed):
        a read is answered from the fold this process holds (with SQLite, one process, that is the whole log);
        every write still answers 503."""
        try:
            return self.storage(self.store.events, game_id, since=head)
        except ApiError as err:
            if err.code != STORE_DOWN:
                raise
            return []

    def _brought_up(self, cached: Folded, newer: list[dict]) -> Folded:
        """`cached` with the records another process stored after it: applied one by one, or refolded from a point
        when an undo is among them (or the engine fails on one)."""
        state = cached.state
        if not any(r["type"] == REVERT for r in newer):
            try:
                for rec in newer:
                    state, _ = cached.rs.apply(state, record_event(rec))
                return cached.extended(newer, state, cached.inert)
            except Exception:  # noqa: BLE001 - refolded below, which names the failure if it is real
                pass
        # A failure of the whole refold is an engine bug (stored events were checked when entered): a 500.
        fold, points = self.refold(cached, newer)
        return cached.extended(newer, fold.state, fold.inert, points)
