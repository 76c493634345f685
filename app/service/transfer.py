"""Export and import: a game's setup and whole log out, and an exported log replayed under the rules into a new game."""
from __future__ import annotations

import copy
import json
import time
from typing import Any, cast

import orjson

from app.engine.core import (
    REVERT,
    Event,
    IllegalEvent,
    Ruleset,
    check_revert,
    replay,
)
from app.schemas import export_shape, sanity
from app.schemas.wire import ImportSchema
from app.store.base import now_iso

from .access import Caller
from .bodies import load_body
from .create import Creating
from .errors import ApiError, invalid_payload
from .gamelogs import GameLogs
from .records import public_record, record_event, redacted

EXPORT_FORMAT = "tablewarden-game"
EXPORT_VERSION = 1
NAMED_FIELDS = 20  # fields a refused import names, however many are wrong


class ImportTooLong(Exception):
    """An import's replay ran past its deadline."""


# Events an import's undos make the replay apply again (each undo replays the log up to it): refused before any
# replay beyond this, about the replay deadline's worth at the engine's target speed. A long game with a few
# undos is far below it; a log of a thousand undos, each replaying thousands of entries, is refused at once.
IMPORT_MAX_REPLAYED = 200_000


def replayed_by_undos(events: list[dict]) -> int:
    """How many events replaying this log applies again because of its undos (each replays every entry before it)."""
    return sum(i for i, ev in enumerate(events) if isinstance(ev, dict) and ev.get("type") == REVERT)


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

    @property
    def as_ruleset(self) -> Ruleset:
        """This stand-in where the engine takes a Ruleset: every attribute is the wrapped ruleset's, methods timed."""
        return cast(Ruleset, self)


class Transfer:
    """GET /api/games/<id>/export and POST /api/games/import (bounded in size and replay time)."""

    def __init__(self, logs: GameLogs, creating: Creating, import_max_events: int = 20_000,
                 import_max_seconds: float = 20.0):
        self.logs = logs
        self.creating = creating
        self.import_max_events = import_max_events
        self.import_max_seconds = import_max_seconds

    def export_text(self, caller: Caller) -> str:
        """The export as JSON text, built and encoded off the event loop (a long game's is megabytes): the game is
        read here, its fold (a value nothing changes) is turned into text in a real thread."""
        folded = self.logs.folded(caller.game_id)

        def encoded_export() -> str:
            return _json_text(self._export_of(folded, caller))
        return self.logs.offload(encoded_export)

    def export(self, caller: Caller) -> dict:
        """GET /api/games/<id>/export: setup + whole log, re-importable."""
        return self._export_of(self.logs.folded(caller.game_id), caller)

    @staticmethod
    def _export_of(folded, caller: Caller) -> dict:
        """The export of a folded game as the caller's seat may see it."""
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

    def import_game(self, raw: bytes, base_url: str) -> dict:
        """POST /api/games/import: replay an exported log through the engine (verify=True) into a new game.

        Everything but storing runs off the event loop: counting the text, parsing it, measuring each part
        (app/schemas/export_shape.py), the schema, the setup and the replay. Bounded: at most
        `import_max_events` events and a budget of values per part (413), `import_max_seconds` of
        replaying (422).
        """
        ruleset_id, setup, shared, records = self.logs.offload(self._checked_import, raw)
        return self.creating.insert_game(ruleset_id, setup, shared, records, base_url)

    def _checked_import(self, raw: bytes) -> tuple[str, dict, bool, list[dict]]:
        """The file read, measured, checked and replayed: (ruleset, setup, shared_device, records)."""
        try:
            export_shape.check_text(raw)
            parsed = sanity.loads(raw)
            export_shape.check_parts(parsed)
        except export_shape.ShapeProblem as problem:
            raise ApiError(413, "import_too_large", problem.message, fields={problem.field: problem.message}) from None
        except sanity.WireProblem as problem:
            raise invalid_payload(problem) from None
        except (ValueError, UnicodeDecodeError):
            raise ApiError(400, "bad_json", "The body is not valid JSON.") from None
        body = self._checked_body(parsed)
        rs = _Deadline(self.logs.ruleset(body["ruleset"]), time.monotonic() + self.import_max_seconds)
        return body["ruleset"], body["setup"], body["shared_device"], self._verified_records(rs, body["setup"],
                                                                                              body["events"])

    def _checked_body(self, raw: Any) -> dict:
        """The export format's schema, then what a log must be before it is replayed (seq, ids, seats)."""
        if isinstance(raw, dict) and isinstance(raw.get("events"), list) and len(raw["events"]) > self.import_max_events:
            raise ApiError(413, "import_too_large", f"An imported log may hold at most {self.import_max_events} events.",
                           fields={"events": f"At most {self.import_max_events} events."})
        if isinstance(raw, dict) and isinstance(raw.get("events"), list) and replayed_by_undos(raw["events"]) > IMPORT_MAX_REPLAYED:
            # Said before the schema reads thousands of events, and before any replay.
            raise ApiError(422, "import_too_long", f"This log's undos would replay more than {IMPORT_MAX_REPLAYED:,} "
                                                   "entries; it was not imported.",
                           fields={"events": "Too many undos for one import."})
        try:
            body = load_body(ImportSchema(), raw)
        except ApiError as err:
            if err.fields and len(err.fields) > NAMED_FIELDS:  # a file of 100,000 unknown keys: name a few
                err.fields = dict(list(err.fields.items())[:NAMED_FIELDS])
                err.message = f"{err.message} The first {NAMED_FIELDS} are named."
            raise
        if body["redacted"]:
            raise ApiError(422, "import_rejected", "This export hides other players' secret choices, so it cannot "
                                                   "be replayed; export the game with the referee token.",
                           fields={"redacted": "Only complete exports can be imported."})
        rs = self.logs.ruleset(body["ruleset"])
        state = self.creating.new_state(rs, body["setup"], stored=True)
        seats = set(rs.seat_ids(state))
        seen: set[str] = set()
        for i, ev in enumerate(body["events"]):
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
        return body

    def _verified_records(self, rs: "_Deadline", setup: dict, events: list[dict]) -> list[dict]:
        """The imported log replayed under the rules (verify), with consequences recomputed; ApiError if not."""
        try:
            return self._replayed_import(rs, setup, events)
        except ImportTooLong:
            raise ApiError(422, "import_too_long", f"Replaying this log took longer than {self.import_max_seconds:g} s; "
                                                   "it was not imported.") from None

    def _replayed_import(self, rs: "_Deadline", setup: dict, events: list[dict]) -> list[dict]:
        as_events = [Event(type=e["type"], by=e["by"], data=e["data"], id=e["id"], override=e["override"],
                           seq=e["seq"]) for e in events]
        for i, ev in enumerate(as_events):
            if ev.type == REVERT:
                problems = check_revert(as_events[:i], ev, may_revert_any=True)
                rs.on_time()
                if problems:
                    raise ApiError(422, "import_rejected", f"events[{i}] (seq {ev.seq}): {problems[0].message}",
                                   rule=problems[0].rule)
        # The engine refuses a log with IllegalEvent; any other exception is a bug of it (a 500), not a refusal.
        try:
            replay(rs.as_ruleset, setup, as_events, verify=True)
        except IllegalEvent as exc:
            v = exc.violations[0]
            raise ApiError(422, "import_rejected",
                           f"The log breaks the rules and was not imported: {v.message}", rule=v.rule,
                           violations=[x.to_dict() for x in exc.violations]) from exc
        return self._with_consequences(rs.as_ruleset, setup, events)

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


def _json_text(body: dict) -> str:
    """JSON text of an export: orjson, or the standard library for what orjson refuses (integers past 64 bits)."""
    try:
        return orjson.dumps(body).decode()
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(body, separators=(",", ":"))
