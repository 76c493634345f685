"""Submitting an event: schema check -> permission -> duplicate? -> state at the head (cached fold of
the log) -> stale? -> the engine's check (422 with the violated rule) -> apply -> store as head+1 in
one transaction -> result. Nothing is written unless every step passed; a repeated event id returns
what was stored the first time.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, Callable

from app.engine.core import (
    CORE_RULE,
    LATE_LOOK_BACK,
    NO_EFFECT,
    NOTE,
    REFUSED_NOW,
    REVERT,
    ROLES,
    Event,
    Ruleset,
    changes_nothing,
    check_fields,
    check_note_target,
    closed_by,
)
from app.schemas.wire import EventEnvelopeSchema

from .access import Access, Caller
from .bodies import load_body
from .errors import ApiError
from .gamelogs import LONG_REPLAY, Folded, GameLogs
from .ledger import APPEND_RETRY
from .reading import Reading
from .records import record_event

log = logging.getLogger(__name__)

READ_ONLY_ROLES = ("scorekeeper", "spectator")
# One schema object for every submit: building one is a noticeable part of a submit's CPU (benchmarks/README.md,
# "Figures behind the code"), and marshmallow's load keeps no state on the schema between calls.
ENVELOPE = EventEnvelopeSchema()


@dataclass
class Applied:
    """One event just stored: what the broadcaster sends to the table."""

    game_id: str
    record: dict
    state: dict
    rs: Ruleset
    seats: list[str]
    inert: dict[str, dict] = field(default_factory=dict)  # seat -> its view of the inert events


class Submitting:
    """Events checked by the engine and stored as the log's next seq; the table is told through on_applied."""

    def __init__(self, logs: GameLogs, access: Access, reading: Reading,
                 on_applied: Callable[[Applied, str | None], None] | None = None):
        self.logs = logs
        self.access = access
        self.reading = reading
        self.on_applied = on_applied
        self.refold = logs.refold     # an undo folds the log again from the nearest point
        self.offload = logs.offload   # long work (a search through many entries) runs off the event loop

    def submit(self, caller: Caller, raw: Any, skip_sid: str | None = None) -> tuple[int, dict]:
        """Check, apply and store one event; returns (HTTP status, reply body). Raises ApiError."""
        env = load_body(ENVELOPE, raw)
        cached = self.logs.cache.get(caller.game_id)
        game = cached.game if cached is not None else self.logs.game(caller.game_id)
        self._check_may_enter(caller, game, env)
        by = env["by"]

        with self.logs.lock(caller.game_id):
            # Fast path: evaluate against the cached fold without asking the store first. The append
            # transaction re-checks both the id (duplicate) and the head (stale) atomically, so a
            # cache that is behind (another process wrote) only costs a refresh and a retry.
            folded = self.logs.cache.get(caller.game_id) or self.logs.folded(caller.game_id)
            for attempt in APPEND_RETRY.attempts():   # each retry after a random pause
                original = folded.by_id(env["id"])
                if original is not None:
                    return 200, self._resent(original, caller)
                if env["expected_seq"] is not None and env["expected_seq"] != folded.head and attempt == 0:
                    folded = self.logs.folded(caller.game_id)  # the cache may be behind: look again
                    continue
                if env["expected_seq"] is not None and env["expected_seq"] != folded.head:
                    raise ApiError(409, "stale", f"The game has moved on (now at event {folded.head}); "
                                                 "look again before entering this.", extra={"head": folded.head})
                event = Event(type=env["type"], by=by, data=env["data"], id=env["id"],
                              override=env["override"], seq=folded.head + 1)
                try:
                    state, consequences, inert, points = self._evaluate(folded, event, caller)
                except ApiError:
                    # Refuse only on the store's current head: the cache may be behind another
                    # process (then check again), and a resent event may be stored and illegal now.
                    fresh = self.logs.folded(caller.game_id)
                    if fresh.head != folded.head:
                        folded = fresh
                        continue
                    stored_before = fresh.by_id(env["id"])
                    if stored_before is not None:
                        return 200, self._resent(stored_before, caller)
                    raise
                record = {"id": env["id"], "type": env["type"], "by": by, "actor": caller.seat,
                          "data": env["data"], "override": env["override"],
                          "consequences": [c.to_dict() for c in consequences]}
                result = self.logs.storage(self.logs.store.append, caller.game_id, folded.head, record)
                if result.status == "duplicate":
                    return 200, self._resent(result.record, caller)
                if result.status == "stale":
                    folded = self.logs.folded(caller.game_id)
                    if env["expected_seq"] is not None:
                        raise ApiError(409, "stale", f"The game has moved on (now at event {result.head}).",
                                       extra={"head": result.head})
                    continue  # another process got there first: check again against the new head
                stored = result.record
                now = folded.extended([stored], state, inert, points)
                self.logs.cache.put(caller.game_id, now)
                self._announce(caller.game_id, folded.rs, stored, state, now if inert else None, skip_sid)
                return 201, self._reply(stored)
        raise APPEND_RETRY.busy("game")

    def _check_may_enter(self, caller: Caller, game, env: dict) -> None:
        """Refuse an event the caller may not enter: a read-only role, another seat, or a seat not at the table."""
        if caller.seat in READ_ONLY_ROLES:
            raise ApiError(403, "read_only", f"A {caller.seat} can follow the game but not enter events.")
        by = env["by"]
        if by == "referee" and not caller.is_referee:
            raise ApiError(403, "not_your_seat", "Only the referee can enter events as the referee.")
        if by == "referee" and env["type"] not in ("note", REVERT):
            raise ApiError(422, "referee_not_a_player", "The referee enters game events for a player seat "
                                                       "(set `by` to that seat); only notes and undos as referee.",
                           fields={"by": "Must be a player seat for this event."})
        if not self.access.may_act_for(caller, game, by):
            raise ApiError(403, "not_your_seat", f"You can only enter events for your own seat ({caller.seat}).")
        seats = [n["seat"] for n in self.logs.seat_names(game)]
        if by != "referee" and by not in seats:
            # Even a referee's note names a seat of this game (or the referee), so the log always re-imports.
            raise ApiError(422, "unknown_seat", f"'{by}' is not a seat at this table.",
                           fields={"by": f"Choose one of: {', '.join([*seats, 'referee'])}."})

    def _announce(self, game_id: str, rs: Ruleset, stored: dict, state, now, skip_sid: str | None) -> None:
        """Tell the table of a stored event (with each seat's view of the inert events when `now` is given)."""
        if self.on_applied is None:
            return
        try:
            seats = rs.seat_ids(state)
            self.on_applied(Applied(game_id, stored, state, rs, seats,
                                    {seat: self.reading.inert_for(now, seat) for seat in [*seats, *ROLES]}
                                    if now is not None else {}), skip_sid)
        except Exception:  # the event is stored; a failed push is caught up on reconnect
            log.exception("broadcast failed")

    def _resent(self, original: dict, caller) -> dict:
        """The stored reply of an event sent again by the seat that entered it; an id another seat's event holds
        is refused (its reply is not the caller's to see: an id is public in the log)."""
        if (original.get("actor") or original.get("by")) != caller.seat:
            raise ApiError(409, "id_in_use", "That event id is already used by another entry; send a new id.",
                           fields={"id": "Already used."})
        return self._reply(original, duplicate=True)

    @staticmethod
    def _reply(record: dict, duplicate: bool = False) -> dict:
        out = {"seq": record["seq"], "id": record["id"], "consequences": record.get("consequences") or []}
        if duplicate:
            out["duplicate"] = True
        return out

    def _evaluate(self, folded: Folded, event: Event, caller: Caller):
        """The engine's verdict: (next state, consequences, inert events, the fold's points when an undo refolded
        it), or ApiError 422 naming the rule."""
        rs = folded.rs
        if event.type == REVERT:
            problems = folded.revert_problems(event, caller.is_referee)
            if problems:
                raise self._violation(problems)
            # Later events that no longer fit are skipped and noted by the fold; an exception is an engine bug.
            fold, points = self.refold(folded, [event])
            return fold.state, [], fold.inert, points
        note_spec = rs.spec_for(NOTE) if event.type == NOTE else None  # (every ruleset's catalogue has the note)
        if note_spec is not None and not check_fields(note_spec["fields"], event.data):
            target = folded.records.record(event.data.get("seq"))
            problems = check_note_target([record_event(target)] if target is not None else [], event)
            if problems:
                raise self._violation(problems)
        # The engine refuses with violations; an exception from it is a bug, answered 500 (nothing is stored).
        # judge() checks and applies with the event settled once: the passes it closes are not inferred twice.
        judged = rs.judge(folded.state, event)
        state, consequences = judged.state, judged.consequences
        if state is None:
            raise self._late(folded, event) or self._violation(judged.blocked)
        first = folded.first_taken_back
        assert event.seq is not None  # submit numbers the event it evaluates: the seq it is stored as
        if first is not None and event.seq > first and event.type != "note" and changes_nothing(folded.state, state, consequences):
            # The same judgement fold_log makes for this event on every later replay.
            return state, consequences, {**folded.inert, event.seq: {"status": NO_EFFECT}}, None
        return state, consequences, folded.inert, None

    STEP_WORDS = {"reaction": "the reaction step", "power": "the power step", "drive_back": "the drive back",
                  "shield": "the shield opportunity", "retreat": "the retreat opportunities",
                  "deploy": "the deployment turns", "battle_ability": "the Battle ability", "mobile": "the Mobile moves"}

    def _late(self, folded: Folded, event: Event) -> ApiError | None:
        """A play refused because a quicker entry closed its step by inferred passes: say which entry, by whom,
        and how the table puts it right (that entry's player or the referee takes it back, then this again)."""
        found = self._closer(folded, event)
        if found is None:
            return None
        names = {n["seat"]: n["name"] or n["seat"] for n in self.logs.seat_names(folded.game)}
        who = names.get(found["by"], found["by"])
        closer = folded.records.record(found["seq"]) or {}
        found = {**found, "actor": closer.get("actor") or found["by"]}
        steps = " and ".join(self.STEP_WORDS.get(s, s.replace("_", " ")) for s in found["steps"])
        # A ruling stands until the referee changes it: the seat's own player may not take back the referee's entry.
        undo = (f"{who} (or the referee) can take it back" if found["last"] and found["actor"] != "referee"
                else "the referee can take it back")
        message = (f"Too late: {who}'s entry #{found['seq']} ({found['type'].replace('_', ' ')}) closed {steps} as "
                   f"passed. To play this, {undo}, then enter it again.")
        return ApiError(422, "step_closed", message, rule=CORE_RULE,
                        violations=[{"code": "step_closed", "message": message, "rule": CORE_RULE,
                                     "overridable": False}],
                        details={"closed_by": {**found, "name": who}})

    def _closer(self, folded: Folded, event: Event) -> dict | None:
        """core.closed_by for a refused event, folding only the log's last events: from the latest point of the
        fold with LATE_LOOK_BACK events in effect after it (or, in a long log without one, off the event loop)."""
        refused = {seq for seq, why in folded.inert.items() if why["status"] == REFUSED_NOW}
        gone = folded.taken_back
        for point in reversed((None, *folded.points)):
            tail = folded.records.since(point.seq if point is not None else 0)
            live = sum(1 for r in tail if r["type"] != REVERT and r["seq"] not in gone and r["seq"] not in refused)
            if point is None or live >= LATE_LOOK_BACK:
                break

        def search() -> dict | None:
            return closed_by(folded.rs, folded.game["setup"], [record_event(r) for r in tail], event,
                             inert=folded.inert, start=point)
        return self.offload(search) if len(tail) > LONG_REPLAY else search()

    @staticmethod
    def _violation(violations) -> ApiError:
        first = violations[0]
        return ApiError(422, first.code, first.message, rule=first.rule,
                        violations=[v.to_dict() for v in violations])


def referee_entries(records: list[dict]) -> set[int]:
    """Seqs of the log's events the referee entered (for a seat or as the referee): only the referee takes them back."""
    return {r["seq"] for r in records if r.get("actor") == "referee"}
