"""Game-neutral engine core: events, violations, consequences, suggestions, rulesets and replay.

Nothing here knows about a particular game. A ruleset (one per game family and edition) subclasses
`Ruleset`, gives a `Handler` (check, apply) per event type and implements the `suggest` / `view` /
`outcome` / `event_types` hooks; this module gives every ruleset the same structural validation, override
handling, generic events (`note`, `revert`), dispatch, log folding, the `Rule` citation type and the
registry of violation codes (`ViolationCodes`) each ruleset declares its codes in.

State is plain JSON-serialisable data (dicts, lists, str, int, float, bool, None). Every ruleset
state is a dict with a "seats" mapping keyed by seat id ("p1".."p4").
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import (
    Any,
    Callable,
    Collection,
    Generic,
    Iterable,
    Iterator,
    Mapping,
    NotRequired,
    Required,
    Sequence,
    TypedDict,
    TypeVar,
    cast,
)

from .sharing import handed_out

PLAYER_SEATS = ("p1", "p2", "p3", "p4")
ROLES = ("referee", "scorekeeper", "spectator")

# Event types every ruleset understands; they are handled here, not by the ruleset.
NOTE = "note"
REVERT = "revert"

HOUSE = "Tablewarden"

# A ruleset's state: plain JSON data, a TypedDict per game (underworlds/state.py, conquest/types.py,
# battlelore/types.py) that every hook of that game's Ruleset takes and returns.
S = TypeVar("S", bound=Mapping[str, Any])


class Rule(str):
    """A rule citation: the book, its section and the page where the text gives one.

    A Rule is its own citation string ("Book, Section (pg N)"; the house's own rules read "Tablewarden: what"),
    so it goes into violations, consequences, the state and JSON as that string and every output reads the same
    as a plain string citation. Immutable, like the str it is.
    """

    book: str
    section: str
    page: int | str | None

    def __new__(cls, book: str, section: str, page: int | str | None = None) -> "Rule":
        if book == HOUSE:
            text = f"{book}: {section}"
        else:
            text = f"{book}, {section}" + (f" (pg {page})" if page is not None else "")
        rule = super().__new__(cls, text)
        rule.__dict__.update(book=book, section=section, page=page)
        return rule

    @classmethod
    def house(cls, what: str) -> "Rule":
        """A rule of the app itself (how the log, the table's entries and overrides work), not of a rulebook."""
        return cls(HOUSE, what)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Rule cannot be changed")

    def __reduce__(self) -> tuple[type["Rule"], tuple[str, str, int | str | None]]:
        return (Rule, (self.book, self.section, self.page))

    def __copy__(self) -> "Rule":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Rule":
        return self

    def __repr__(self) -> str:
        return f"Rule({self.book!r}, {self.section!r}, {self.page!r})"


CORE_RULE = Rule.house("the event log")


def _plain(rule: str | None) -> str | None:
    """A citation as a plain string (a Rule is one already; this drops the subclass for the wire)."""
    return None if rule is None else str(rule)


class ViolationRecord(TypedDict):
    """A violation as clients and the log see it."""

    code: str
    message: str
    rule: str | None
    overridable: bool


class ConsequenceRecord(TypedDict):
    """Something the rules did on their own, as stored in the log and sent to clients."""

    type: str
    data: dict[str, Any]
    rule: str | None


class EventRecord(TypedDict, total=False):
    """An event's JSON envelope (docs/architecture.md, Event envelope): optional members only when set."""

    type: Required[str]
    by: Required[str]
    data: Required[dict[str, Any]]
    id: str
    override: dict[str, Any]
    seq: int
    expected_seq: int


class InertRecord(TypedDict, total=False):
    """Why a logged event no longer has any effect after an undo (fold_log)."""

    status: Required[str]  # REFUSED_NOW | NO_EFFECT
    violations: list[ViolationRecord]


@dataclass(frozen=True)
class Violation:
    """Why an event is not legal: stable code, a plain sentence, the rule it comes from."""

    code: str
    message: str
    rule: str | None = None
    overridable: bool = True

    def to_dict(self) -> ViolationRecord:
        """JSON form, as sent to clients."""
        return {"code": self.code, "message": self.message, "rule": _plain(self.rule),
                "overridable": self.overridable}


@dataclass(frozen=True)
class ViolationCode:
    """One violation code of a ruleset, declared once: what it means, the rules it cites, whether an override lifts it.

    Calling it builds the Violation a check returns: `NOT_FACE_UP("Units go to a face-up planet.", rules.DEPLOY)`.
    The first rule is the code's own; a check may cite another of its declared rules (a more precise section).
    `overridable=None` declares a code some checks let an override lift and others not: each check says which.
    `cites_at_run_time` declares a code whose rule is only known while playing (a card's own condition, the rule of
    the step open now): it says where that rule comes from, and a check may cite any rule for this code alone.
    """

    code: str
    meaning: str
    rules: tuple[str, ...]
    overridable: bool | None = True
    cites_at_run_time: str | None = None

    def __call__(self, message: str, rule: str | None = None, *, overridable: bool | None = None) -> Violation:
        """The violation with this code, its message for the player and the rule it breaks (default: the first)."""
        cited = self.rules[0] if rule is None else rule
        if cited not in self.rules and not (self.cites_at_run_time and isinstance(cited, str) and cited):
            raise ValueError(f"violation {self.code!r} cites {cited!r}, which its declaration does not name")
        if self.overridable is None:
            if overridable is None:
                raise ValueError(f"violation {self.code!r} needs each check to say whether an override lifts it")
        elif overridable is not None and overridable != self.overridable:
            raise ValueError(f"violation {self.code!r} is declared with overridable={self.overridable}")
        lifted = self.overridable if overridable is None else overridable
        return Violation(self.code, message, cited, bool(lifted))

    def to_dict(self) -> dict[str, Any]:
        """Catalogue form: {"code", "meaning", "rules", "overridable"}, and "cites_at_run_time" when it does."""
        out: dict[str, Any] = {"code": self.code, "meaning": self.meaning, "rules": [str(r) for r in self.rules],
                               "overridable": self.overridable}
        if self.cites_at_run_time:
            out["cites_at_run_time"] = self.cites_at_run_time
        return out


class ViolationCodes:
    """The registry of a ruleset's violation codes: each declared once, listed in the ruleset's catalogue."""

    def __init__(self, *bases: "ViolationCodes"):
        self._codes: dict[str, ViolationCode] = {}
        self._bases = bases

    def declare(self, code: str, meaning: str, *rules: str, overridable: bool | None = True,
                cites_at_run_time: str | None = None) -> ViolationCode:
        """Declare a code once, with its meaning and every rule it may cite (its own rule first); a code whose
        checks cite a rule known only at run time says where it comes from in `cites_at_run_time` (and still names
        the book's rule it rests on)."""
        if code in self._codes:
            raise ValueError(f"violation code {code!r} is declared twice")
        if not rules:
            raise ValueError(f"violation code {code!r} names no rule")
        declared = ViolationCode(code, meaning, tuple(rules), overridable, cites_at_run_time)
        self._codes[code] = declared
        return declared

    def structural(self, code: str, meaning: str) -> ViolationCode:
        """Declare a code no override lifts: the event is malformed or names nothing real (the log's rule)."""
        return self.declare(code, meaning, CORE_RULE, overridable=False)

    def __iter__(self) -> Iterator[ViolationCode]:
        return iter(self._codes.values())

    def __contains__(self, code: str) -> bool:
        return code in self._codes

    def __getitem__(self, code: str) -> ViolationCode:
        return self._codes[code]

    def to_list(self) -> list[dict[str, Any]]:
        """Every code (those of the bases first), for the catalogue; a code declared again adds its rules (and is
        overridable null when the two declarations disagree: each violation says)."""
        merged: dict[str, dict[str, Any]] = {}
        for base in self._bases:
            for entry in base.to_list():
                merged[entry["code"]] = entry
        for declared in self:
            entry = declared.to_dict()
            if declared.code in merged:
                before = merged[declared.code]
                entry["rules"] = list(dict.fromkeys([*entry["rules"], *before["rules"]]))
                if before["overridable"] != entry["overridable"]:
                    entry["overridable"] = None
            merged[declared.code] = entry
        return list(merged.values())


# The codes every ruleset answers with: the event's envelope and fields, and taking events back.
CORE_CODES = ViolationCodes()
UNKNOWN_EVENT = CORE_CODES.structural("unknown_event", "The ruleset has no event of that type.")
UNKNOWN_SEAT = CORE_CODES.structural("unknown_seat", "The event names a seat that is not at this table.")
MALFORMED = CORE_CODES.structural("malformed", "A field has the wrong kind of value.")
MISSING_FIELD = CORE_CODES.structural("missing_field", "A required field is missing.")
UNKNOWN_FIELD = CORE_CODES.structural("unknown_field", "The event has a field its type does not have.")
OUT_OF_RANGE = CORE_CODES.structural("out_of_range", "A number is outside the bounds of its field.")
BAD_CHOICE = CORE_CODES.structural("bad_choice", "A field's value is not one of its choices.")
UNKNOWN_SEQ = CORE_CODES.structural("unknown_seq", "An undo names an event that is not in the log.")
REVERT_OF_REVERT = CORE_CODES.structural("revert_of_revert", "An undo cannot itself be undone.")
ALREADY_REVERTED = CORE_CODES.structural("already_reverted", "The event was already taken back.")
NOT_LAST_EVENT = CORE_CODES.structural("not_last_event", "Players undo only the last event; the referee any.")
NOT_YOUR_EVENT = CORE_CODES.structural("not_your_event", "Players undo only events entered for their own seat.")
REFEREE_ENTRY = CORE_CODES.structural("referee_entry", "Only the referee takes back what the referee entered.")
UNKNOWN_NOTE_TARGET = CORE_CODES.structural("unknown_note_target", "A note names an entry that is not in the log.")


def structural(code: str, message: str) -> Violation:
    """A violation no override can lift: the event itself is malformed or names nothing real."""
    return Violation(code, message, CORE_RULE, overridable=False)


class Outcome(TypedDict, total=False):
    """How a game ended, as `Ruleset.outcome` answers it; each game adds its own keys (scores, tiebreaks...)."""

    winners: Required[list[str]]
    draw: Required[bool]
    decided_by: Required[str]
    rule: NotRequired[str]


def as_outcome(result: Mapping[str, Any]) -> Outcome:
    """A game's result as the Outcome it is: the common keys, beside those each game adds."""
    return cast(Outcome, result)


@dataclass(frozen=True)
class Consequence:
    """Something the rules did on their own after an event (logged apart from what a player entered)."""

    type: str
    data: dict[str, Any]
    rule: str

    def to_dict(self) -> ConsequenceRecord:
        """JSON form, as stored in the log and sent to clients."""
        return {"type": self.type, "data": self.data, "rule": _plain(self.rule)}


@dataclass(frozen=True)
class Event:
    """One entered event (docs/architecture.md, Event envelope); `seq` is set by the store."""

    type: str
    by: str
    data: dict[str, Any] = field(default_factory=dict)
    id: str | None = None
    override: dict[str, Any] | None = None
    seq: int | None = None
    expected_seq: int | None = None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "Event":
        """Build an event from its JSON envelope (already schema-checked by the caller)."""
        return cls(type=raw["type"], by=raw["by"], data=dict(raw.get("data") or {}),
                   id=raw.get("id"), override=raw.get("override"), seq=raw.get("seq"),
                   expected_seq=raw.get("expected_seq"))

    def to_dict(self) -> EventRecord:
        """JSON envelope; optional members only when set."""
        out: dict[str, Any] = {"type": self.type, "by": self.by, "data": self.data}
        for key in ("id", "override", "seq", "expected_seq"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return cast(EventRecord, out)

    @property
    def override_reason(self) -> str | None:
        """The stated reason when the table overrides a rule check, else None."""
        if isinstance(self.override, dict):
            reason = self.override.get("reason")
            if isinstance(reason, str) and reason.strip():
                return reason.strip()
        return None


@dataclass
class Suggestion:
    """A legal next event: complete (no missing fields) or a template with choices/bounds per missing field.

    `choices` maps a dotted field path ("target", "attack_roll.smash") to its finite list of legal
    values; `bounds` maps a path to {"type": "int", "min": .., "max": ..} or {"type": "str"}.
    """

    type: str
    by: str
    label: str
    data: dict[str, Any] = field(default_factory=dict)
    choices: dict[str, list[Any]] = field(default_factory=dict)
    bounds: dict[str, dict[str, Any]] = field(default_factory=dict)
    group: str | None = None
    # An explicit pass ("No reaction", "Pass") of a step that also closes by itself when play goes on: clients
    # show it as a secondary control, never as the one thing to tap.
    is_pass: bool = False
    # A play the rules allow now but whose condition only the players can judge (an Inspire condition in words
    # only): clients keep it out of the way (a secondary route), never as a prominent button.
    players_judge: bool = False

    @property
    def complete(self) -> bool:
        """True when the event can be submitted exactly as it is."""
        return not self.choices and not self.bounds

    def to_dict(self) -> dict[str, Any]:
        """Wire form: {"label", "event": {...}} or {"label", "template": {...}, "choices", "fields"}."""
        body = {"type": self.type, "by": self.by, "data": plain_copy(self.data)}
        out: dict[str, Any] = {"label": self.label}
        if self.group:
            out["group"] = self.group
        if self.is_pass:
            out["pass"] = True
        if self.players_judge:
            out["players_judge"] = True
        if self.complete:
            out["event"] = body
        else:
            out["template"] = body
            out["choices"] = self.choices
            out["fields"] = self.bounds
        return out


def plain_copy(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists and tuples copied all the way down, other values shared), as
    copy.deepcopy gives for it: every view copies each suggestion's data, and deepcopy's bookkeeping was 5% of a
    server's CPU at 64 tables (py-spy on benchmarks/live.py). Strings, numbers and Rule citations are immutable."""
    kind = type(value)
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is tuple:
        return tuple(plain_copy(v) for v in value)
    if kind in (str, int, float, bool, type(None)) or isinstance(value, str):
        return value
    return copy.deepcopy(value)  # anything else (a set, an object): as before


@dataclass
class Advice:
    """What `Ruleset.suggest` returns for one seat: the current step, its legal events, open reactions."""

    seat: str
    step: dict[str, Any]
    suggestions: list[Suggestion] = field(default_factory=list)
    reaction_window: dict[str, Any] | None = None
    waiting_for: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Wire form for clients."""
        return {"seat": self.seat, "step": self.step,
                "suggestions": [s.to_dict() for s in self.suggestions],
                "reaction_window": self.reaction_window, "waiting_for": self.waiting_for}


@dataclass
class ImpliedPass:
    """A pass nobody has to say: the event a player would enter to close the optional step open now.

    `step` names the kind of step it closes ("reaction", "power"...), so the log can read "Ana and Bob passed
    the power step"; `rule` is the book's word for why the step may pass without comment.
    """

    event: "Event"
    step: str
    rule: str


# The passes inferred before an event (Ruleset.settle), each with its consequences.
InferredPasses = list[tuple[ImpliedPass, list[Consequence]]]

INFERRED_PASSES = "passes_inferred"
MAX_IMPLIED_PASSES = 32  # a bound, not a rule: more optional steps than this are never open at once


class SetupError(ValueError):
    """Raised by `Ruleset.new_game` for a setup the game cannot start from; names the field."""

    def __init__(self, message: str, field: str | None = None):
        super().__init__(message)
        self.message = message
        self.field = field


class IllegalEvent(Exception):
    """Raised by `Ruleset.play` when an event has blocking violations."""

    def __init__(self, violations: list[Violation]):
        super().__init__("; ".join(v.message for v in violations))
        self.violations = violations


# ---------------------------------------------------------------------------------------------
# Field specifications: each ruleset's catalogue describes the data of each event type with these
# plain dicts, so clients can build forms and the core can reject malformed events generically.
#   {"type": "str"|"int"|"bool"|"seat"|"fighter"|"enum"|"object"|"list"|"any",
#    "required": bool (default True), "choices": [...] (enum), "min"/"max" (int),
#    "fields": {...} (object), "items": {...} (list), "help": str,
#    "max_items" (list, default MAX_ITEMS), "max_keys" (object without fields, default MAX_KEYS)}
# Every size is bounded: a field's own bound comes from its game's rules or content; these defaults are the
# most any field without one may hold. An override never lifts them (MALFORMED is structural).
# ---------------------------------------------------------------------------------------------
MAX_ITEMS = 64
MAX_KEYS = 64

def check_fields(spec: dict[str, dict[str, Any]], data: Any, path: str = "data") -> list[Violation]:
    """Structural check of event data against a field spec; every problem names its field path."""
    if not isinstance(data, dict):
        return [MALFORMED(f"{path} must be an object.")]
    problems: list[Violation] = []
    for name, fspec in spec.items():
        where = f"{path}.{name}"
        if name not in data or data[name] is None:
            if fspec.get("required", True):
                problems.append(MISSING_FIELD(f"{where} is required."))
            continue
        problems.extend(_check_value(fspec, data[name], where))
    for name in data:
        if name not in spec:
            problems.append(UNKNOWN_FIELD(f"{path}.{name} is not a field of this event."))
    return problems


def _check_value(fspec: dict[str, Any], value: Any, where: str) -> list[Violation]:
    kind = fspec.get("type", "any")
    if kind in ("str", "seat", "fighter"):
        if not isinstance(value, str) or not value:
            return [MALFORMED(f"{where} must be a non-empty string.")]
        if len(value) > fspec.get("max_length", 2000):
            return [MALFORMED(f"{where} is too long.")]
    elif kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            return [MALFORMED(f"{where} must be a whole number.")]
        if "min" in fspec and value < fspec["min"]:
            return [OUT_OF_RANGE(f"{where} must be at least {fspec['min']}.")]
        if "max" in fspec and value > fspec["max"]:
            return [OUT_OF_RANGE(f"{where} must be at most {fspec['max']}.")]
    elif kind == "bool":
        if not isinstance(value, bool):
            return [MALFORMED(f"{where} must be true or false.")]
    elif kind == "enum":
        if value not in fspec.get("choices", ()):
            allowed = ", ".join(str(c) for c in fspec.get("choices", ()))
            return [BAD_CHOICE(f"{where} must be one of: {allowed}.")]
    elif kind == "object":
        if "fields" in fspec:
            return check_fields(fspec["fields"], value, where)
        if not isinstance(value, dict):
            return [MALFORMED(f"{where} must be an object.")]
        if len(value) > fspec.get("max_keys", MAX_KEYS):
            return [MALFORMED(f"{where} holds at most {fspec.get('max_keys', MAX_KEYS)} entries.")]
    elif kind == "list":
        if not isinstance(value, list):
            return [MALFORMED(f"{where} must be a list.")]
        if len(value) > fspec.get("max_items", MAX_ITEMS):
            return [MALFORMED(f"{where} holds at most {fspec.get('max_items', MAX_ITEMS)} items.")]
        item = fspec.get("items")
        if item:
            out: list[Violation] = []
            for i, v in enumerate(value):
                out.extend(_check_value(item, v, f"{where}[{i}]"))
            return out
    return []


NOTE_SPEC = {"text": {"type": "str", "max_length": 2000, "help": "What happened"},
             # A note about one entry (a referee's ruling on it, a player's flag for the referee); the log
             # checks that the entry exists (check_note_target), and the note still changes nothing.
             "seq": {"type": "int", "min": 1, "required": False, "help": "The entry this note is about"}}
REVERT_SPEC = {"seq": {"type": "int", "min": 1, "help": "Event to take back"},
               "reason": {"type": "str", "max_length": 500, "help": "Why"}}


@dataclass(frozen=True)
class Handler:
    """What a ruleset does with one event type: its rule checks (None: nothing to check) and how it applies.

    `check(state, event)` returns the violations; `apply(state, event)` changes the state in place and returns
    the consequences. The core dispatches each event to its type's handler."""

    check: Callable[[Any, Event], list[Violation]] | None
    apply: Callable[[Any, Event], list[Consequence]]


class Ruleset(Generic[S]):
    """Base of every ruleset. Subclasses implement the hooks; callers use the public contract.

    Contract (docs/architecture.md, Engine contract): new_game, check, apply, suggest, view, outcome, catalogue, violations.
    Hooks: event_types, new_game, check_event, apply_event, suggest, view, outcome; or, instead of
    check_event/apply_event, `handlers` (event type -> Handler), which the default hooks dispatch to.
    """

    id: str = ""
    title: str = ""
    # Event type -> Handler; the default check_event/apply_event dispatch to it.
    handlers: Mapping[str, Handler] = {}
    # The ruleset's violation codes (the core's structural codes are listed with them).
    codes: ViolationCodes | None = None
    # True when apply_event keeps no reference to the event's data in the state, so replay (which owns the states
    # it folds) applies each event in place with no copy.
    folds_in_place: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Every ruleset's `view` hands its views out under the sharing rule (sharing.py)."""
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("view")
        if own is not None and not getattr(own, "hands_out", False):
            cls.view = _handing_out(own)  # type: ignore[method-assign, assignment]

    # -- hooks -------------------------------------------------------------------------------
    def event_types(self) -> list[dict[str, Any]]:
        """Catalogue entries of this ruleset's own events: {"type", "label", "fields", "help"?}."""
        raise NotImplementedError

    def new_game(self, setup: dict[str, Any]) -> S:
        """Initial state from a setup (options, seats, fighters/decks, format); SetupError if unusable."""
        raise NotImplementedError

    def check_event(self, state: S, event: Event) -> list[Violation]:
        """Rule checks for a structurally valid event; [] when legal. Default: its handler's check."""
        handler = self.handlers.get(event.type)
        if handler is None:
            raise NotImplementedError(f"{self.id} has no handler for {event.type!r}")
        return handler.check(state, event) if handler.check else []

    def apply_event(self, state: S, event: Event) -> list[Consequence]:
        """Apply a checked event to `state` IN PLACE (a private copy); return the consequences. Default: its
        handler's apply."""
        handler = self.handlers.get(event.type)
        if handler is None:
            raise NotImplementedError(f"{self.id} has no handler for {event.type!r}")
        return handler.apply(state, event)

    def suggest(self, state: S, seat: str) -> Advice:
        """Legal next events for `seat`, the open step and any reaction window."""
        raise NotImplementedError

    def view(self, state: S, seat: str) -> dict[str, Any]:
        """The state as `seat` may see it (other players' hidden cards removed)."""
        return cast(dict[str, Any], copy.deepcopy(state))

    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on; else {"winners": [...], "draw": bool, "decided_by": str, ...}."""
        raise NotImplementedError

    def redact_event(self, state: S, record: dict[str, Any], seat: str) -> dict[str, Any]:
        """A logged event (envelope dict) as `seat` may see it in `state`: a secret choice (a command
        dial before both are revealed) comes back with its data hidden. Default: unchanged."""
        return record

    def reveals_secrets(self, state: S, event: Event) -> bool:
        """True when applying `event` now would reveal other seats' secret choices (the second command dial,
        say): a preview of it keeps its consequences back until it is entered. Default: nothing secret."""
        return False

    def redact_setup(self, setup: dict[str, Any], seat: str) -> dict[str, Any]:
        """The game's setup as `seat` may see it (an export for a player token): other seats' hidden parts,
        such as the cards of their decks, left out. Default: unchanged."""
        return setup

    def setup_choices(self) -> dict[str, Any]:
        """What a set-up screen offers: formats as {"id", "label"} and the numbers of players. Default: two
        players, no formats."""
        return {"formats": [], "players": [2]}

    def seat_ids(self, state: S) -> list[str]:
        """Seats playing in this game."""
        return list(state["seats"])

    def check_references(self, state: S, event: Event) -> list[Violation]:
        """Structural checks that need the state (unknown fighters, units...); override per game."""
        return []

    def implied_pass(self, state: S, event: Event) -> ImpliedPass | None:
        """The pass that closes the step open now when that step exists only for optional plays (a reaction
        window nobody used, a power step nobody played in) and `event` is one the rules only allow after it;
        None when the open step needs a decision, none is open, or the event belongs to the open step itself.
        Default: no such steps."""
        return None

    # -- inferred passes ---------------------------------------------------------------------
    def passes_ahead(self, state: S, event: Event) -> Iterator[tuple[ImpliedPass, S, list[Consequence]]]:
        """The optional steps open now that `event` would close, one pass at a time: yields (ImpliedPass, state
        after it, its consequences). Each pass is a real event of the ruleset, checked and applied as if entered."""
        trial = state
        for _ in range(MAX_IMPLIED_PASSES):
            implied = self.implied_pass(trial, event)
            if implied is None or self.check_event(trial, implied.event):
                return
            trial, cons = self.apply_in_place(self.copy_state(trial), implied.event, passes=[])
            yield implied, trial, cons

    def settle(self, state: S, event: Event) -> tuple[S, InferredPasses, list[Violation]]:
        """Where a structurally valid event fits: (the state it applies to, the passes inferred before it, its
        rule violations there). An event the rules allow only once optional steps are over closes those steps
        as passed; otherwise it is judged (and, when overridden, applied) where the game is now. A note or an
        undo closes nothing and no rule judges it here (the log's own rules do)."""
        if event.type in (NOTE, REVERT):
            return state, [], []
        if self.implied_pass(state, event) is None:
            return state, [], self.check_event(state, event)
        found = self.check_event(state, event)
        if not found:
            return state, [], found
        passes = []
        for implied, trial, cons in self._passes_on_one_copy(state, event):
            passes.append((implied, cons))
            if not self.check_event(trial, event):
                return trial, passes, []
        return state, [], found

    def _passes_on_one_copy(self, state: S, event: Event) -> Iterator[tuple[ImpliedPass, S, list[Consequence]]]:
        """passes_ahead() applied one after the other to a single copy of `state`: each state it yields is changed
        by the next pass, so only the last one taken stands (settle() keeps no other), for one copy per event
        instead of one per pass."""
        trial = None
        for _ in range(MAX_IMPLIED_PASSES):
            at = state if trial is None else trial
            implied = self.implied_pass(at, event)
            if implied is None or self.check_event(at, implied.event):
                return
            trial, cons = self.apply_in_place(self.copy_state(state) if trial is None else trial, implied.event,
                                              passes=[])
            yield implied, trial, cons

    # -- contract ----------------------------------------------------------------------------
    def catalogue(self) -> list[dict[str, Any]]:
        """Every event type with its fields, for clients and docs (generic events included)."""
        return [*self.event_types(),
                {"type": NOTE, "label": "Note", "fields": NOTE_SPEC,
                 "help": "A remark for the log; changes nothing."},
                {"type": REVERT, "label": "Undo", "fields": REVERT_SPEC,
                 "help": "Takes back an earlier event; the game is replayed without it."}]

    def violations(self) -> list[dict[str, Any]]:
        """Every violation code this ruleset answers with, the core's first: {"code", "meaning", "rules",
        "overridable"}, so a client can react to a code (and translate its message)."""
        return (self.codes or CORE_CODES).to_list()

    def spec_for(self, event_type: str) -> dict[str, Any] | None:
        """The catalogue entry of one event type, or None if the ruleset has no such event."""
        for entry in self.catalogue():
            if entry["type"] == event_type:
                return entry
        return None

    def check(self, state: S, event: Event) -> list[Violation]:
        """All violations of an event: structural ones first (then nothing else is checked)."""
        return self._checked(state, event)[0]

    def _checked(self, state: S, event: Event) -> tuple[list[Violation], tuple[S, InferredPasses] | None]:
        """check()'s violations and, when it got as far as settling the event, where it fits: (the state it
        applies to, the passes inferred before it), as settle() answered."""
        entry = self.spec_for(event.type)
        if entry is None:
            return [UNKNOWN_EVENT(f"'{event.type}' is not an event of {self.title}.")], None
        if event.by not in self.seat_ids(state) and event.type != NOTE:
            return [UNKNOWN_SEAT(f"'{event.by}' is not a seat at this table.")], None
        problems = check_fields(entry.get("fields", {}), event.data)
        if problems:
            return problems, None
        if event.type in (NOTE, REVERT):
            return [], None  # revert legality needs the log: see check_revert()
        problems = self.check_references(state, event)
        if problems:
            return problems, None
        at, passes, found = self.settle(state, event)
        return found, (at, passes)

    def blocking(self, state: S, event: Event) -> list[Violation]:
        """Violations that stop the event: structural ones always, rule ones unless overridden."""
        return self._unless_overridden(self.check(state, event), event)

    @staticmethod
    def _unless_overridden(found: list[Violation], event: Event) -> list[Violation]:
        return [v for v in found if not v.overridable] if event.override_reason else found

    def judge(self, state: S, event: Event) -> tuple[list[Violation], S | None, list[Consequence]]:
        """blocking() and, when nothing blocks, apply(), with the event settled once (the passes it closes are
        inferred for the check and then applied, not inferred again): (blocking violations, next state or None
        when blocked, consequences). Pure like apply(); a revert is folded by replay(), not judged here."""
        found, settled = self._checked(state, event)
        blocked = self._unless_overridden(found, event)
        if blocked:
            return blocked, None, []
        if event.type == REVERT:
            raise ValueError("revert is folded by replay(), not applied to a state")
        if event.type == NOTE:
            return [], self.copy_state(state), []
        # A structural problem an override let through (none is overridable today) was never settled: settle now.
        at, passes = settled if settled is not None else self.settle(state, event)[:2]
        nxt, consequences = self.apply_in_place(at if passes else self.copy_state(state), event, passes)
        return [], nxt, consequences

    def copy_state(self, state: S) -> S:
        """A private copy of a state for apply() (a ruleset may share parts that are never mutated)."""
        return copy.deepcopy(state)

    def apply(self, state: S, event: Event) -> tuple[S, list[Consequence]]:
        """Pure: the next state and the automatic consequences; trusts a checked or overridden event.

        Optional steps the event can only follow are closed first (see settle()); each pass is logged as a
        consequence with its rule, followed by what that pass did, so replaying the log is exact."""
        if event.type == REVERT:
            raise ValueError("revert is folded by replay(), not applied to a state")
        if event.type == NOTE:
            return self.copy_state(state), []
        at, passes, _ = self.settle(state, event)
        # settle() applied any passes to copies of its own; otherwise copy here.
        return self.apply_in_place(at if passes else self.copy_state(state), event, passes)

    def apply_owned(self, state: S, event: Event) -> tuple[S, list[Consequence]]:
        """Like apply(), for a state the caller owns and will not use again (replay folds its own states).

        In place with no copy when the ruleset `folds_in_place`; otherwise it copies like apply().
        """
        if self.folds_in_place:
            return self.apply_in_place(state, event)
        return self.apply(state, event)

    def apply_in_place(self, state: S, event: Event,
                       passes: InferredPasses | None = None) -> tuple[S, list[Consequence]]:
        """Apply to a state the caller owns, no copy: the passes inferred before the event (settle() on the
        state as it was, when `passes` is None), then the event."""
        if event.type == REVERT:
            raise ValueError("revert is folded by replay(), not applied to a state")
        if event.type == NOTE:
            return state, []
        if passes is None:
            state, passes, _ = self.settle(state, event)
        try:
            return state, inferred_consequences(passes) + self.apply_event(state, event)
        finally:
            self.forget(state)   # what was worked out for this object (settle() asks suggest()) no longer holds

    def forget(self, state: S) -> None:
        """Drop what the ruleset remembers about this state object: it is being changed in place."""

    def play(self, state: S, event: Event) -> tuple[S, list[Consequence]]:
        """Check then apply; raises IllegalEvent when blocked."""
        blocked = self.blocking(state, event)
        if blocked:
            raise IllegalEvent(blocked)
        return self.apply(state, event)


def _handing_out(view: Callable[[Any, Any, str], dict[str, Any]]) -> Callable[[Any, Any, str], dict[str, Any]]:
    """A ruleset's view hook whose views leave the engine read-only while sharing checks are on."""
    def guarded(self: Any, state: Any, seat: str) -> dict[str, Any]:
        return handed_out(view(self, state, seat))
    guarded.__name__, guarded.__qualname__, guarded.__doc__ = view.__name__, view.__qualname__, view.__doc__
    guarded.hands_out = True  # type: ignore[attr-defined]
    return guarded


Ruleset.view = _handing_out(Ruleset.view)  # type: ignore[method-assign, assignment]


def inferred_consequences(passes: InferredPasses) -> list[Consequence]:
    """Log form of inferred passes: one consequence per run of passes in the same kind of step ("Ana and Bob
    passed the power step"), carrying the pass events themselves, each run followed by what its passes did."""
    out: list[Consequence] = []
    run: Consequence | None = None
    after: list[Consequence] = []
    for implied, cons in passes:
        if run is None or run.data["step"] != implied.step or after:
            out.extend(after)
            after = []
            run = Consequence(INFERRED_PASSES, {"step": implied.step, "seats": [], "events": []}, implied.rule)
            out.append(run)
        if implied.event.by not in run.data["seats"]:
            run.data["seats"].append(implied.event.by)
        run.data["events"].append({"type": implied.event.type, "by": implied.event.by, "data": implied.event.data})
        after.extend(cons)
    out.extend(after)
    return out


# ---------------------------------------------------------------------------------------------
# The log: a game is its setup plus its append-only event log; the state is the fold of the log.
# A `revert` event takes back one earlier event: the fold skips the reverted event (and the
# revert itself changes no state). Rewinding to a seq folds the log up to that seq.
# ---------------------------------------------------------------------------------------------

# An event of a log as callers hold it: an Event, or its JSON envelope (EventRecord, read by Event.from_dict).
LoggedEvent = Event | Mapping[str, Any]


def _as_event(raw: LoggedEvent) -> Event:
    return raw if isinstance(raw, Event) else Event.from_dict(raw)


def _upto(ev: Event, upto: int | None) -> bool:
    """The event is in a log read up to seq `upto` (None: the whole log; an event without a seq always is)."""
    return upto is None or ev.seq is None or ev.seq <= upto


def reverted_seqs(events: Iterable[LoggedEvent]) -> set[int]:
    """Seqs taken back by revert events in the log."""
    out: set[int] = set()
    for raw in events:
        ev = _as_event(raw)
        if ev.type == REVERT:
            out.add(int(ev.data["seq"]))
    return out


def effective_events(events: Iterable[LoggedEvent], upto: int | None = None) -> list[Event]:
    """The events that shape the state (in order): reverts and reverted events left out."""
    evs = [ev for ev in map(_as_event, events) if _upto(ev, upto)]
    gone = reverted_seqs(evs)
    return [e for e in evs if e.type != REVERT and (e.seq is None or e.seq not in gone)]


def check_revert(events: Sequence[LoggedEvent], revert: Event, may_revert_any: bool,
                 referee_entered: Collection[int] = ()) -> list[Violation]:
    """Is this revert legal? Players take back their own last event, unless the referee entered it (a
    ruling stands until the referee changes it: `referee_entered` holds those seqs); the referee any event."""
    evs = [_as_event(e) for e in events]
    target_seq = revert.data.get("seq")
    live = effective_events(evs)
    return check_revert_on(next((e for e in evs if e.seq == target_seq), None), reverted_seqs(evs),
                           live[-1] if live else None, revert, may_revert_any, referee_entered)


def check_revert_on(target: Event | None, taken_back: Collection[int], last_live: Event | None, revert: Event,
                    may_revert_any: bool, referee_entered: Collection[int] = ()) -> list[Violation]:
    """check_revert() from what it reads in the log, for a caller that keeps them at hand instead of the whole log:
    the event `revert` names (None when the log has no such seq), the seqs taken back so far, and the last event
    still in effect (neither an undo nor taken back)."""
    target_seq = revert.data.get("seq")
    if target is None:
        return [UNKNOWN_SEQ(f"There is no event {target_seq} in this game.")]
    if target.type == REVERT:
        return [REVERT_OF_REVERT("An undo cannot itself be undone; enter the event again.")]
    if target_seq in taken_back:
        return [ALREADY_REVERTED(f"Event {target_seq} was already taken back.")]
    if not may_revert_any:
        if last_live is None or last_live.seq != target_seq:
            return [NOT_LAST_EVENT("Players can only undo the last event; ask the referee for older ones.")]
        if target.by != revert.by:
            return [NOT_YOUR_EVENT("Players can only undo events entered for their own seat.")]
        if target_seq in referee_entered:
            return [REFEREE_ENTRY(f"Event {target_seq} was entered by the referee: only the referee can take it back.")]
    return []


def check_note_target(events: Sequence[LoggedEvent], note: Event) -> list[Violation]:
    """A note about an entry (data.seq) must name an entry of the log, not an undo or another note."""
    seq = note.data.get("seq")
    if seq is None:
        return []
    target = next((e for e in map(_as_event, events) if e.seq == seq), None)
    if target is None or target.type in (REVERT, NOTE):
        return [UNKNOWN_NOTE_TARGET(f"There is no entry {seq} to note in this game.")]
    return []


# An event stays in the log after a referee takes back an earlier one, but the rules may no longer
# let it happen (it was made possible by what was taken back) or it may no longer change anything.
# The fold decides that with the engine itself: such an event is "inert" and, when refused, skipped.
REFUSED_NOW = "refused_now"
NO_EFFECT = "no_effect"


@dataclass
class LogFold(Generic[S]):
    """A folded log: the state, and the events that no longer have any effect (seq -> why)."""

    state: S
    inert: dict[int, InertRecord] = field(default_factory=dict)


def changes_nothing(before: Mapping[str, Any], after: Mapping[str, Any], consequences: list[Consequence]) -> bool:
    """An applied event that left the state as it was and had no consequences."""
    return not consequences and after == before


def fold_log(rs: Ruleset[S], setup: dict[str, Any], events: Iterable[LoggedEvent],
             upto: int | None = None) -> LogFold[S]:
    """Fold a log; events after the earliest taken-back event are checked again on the replayed state.

    Every event before the earliest reverted one meets the same state it was checked against when it
    was entered, so only later ones can have lost their footing. Such an event is skipped when check()
    (overrides honoured) now refuses it, and noted {"status": "refused_now", "violations"}; one that is
    applied but changes nothing is noted {"status": "no_effect"}.
    """
    evs = [_as_event(e) for e in events]
    effective = effective_events(evs, upto)
    gone = reverted_seqs(e for e in evs if upto is None or e.seq is None or e.seq <= upto)
    return _fold(rs, rs.new_game(setup), effective, min(gone) if gone else None, {})


@dataclass(frozen=True, eq=False)
class FoldPoint(Generic[S]):
    """Where the fold of a log stood after the event `seq`: its state, which nobody changes any more.

    It stays true while later events are added and while events after `seq` are taken back (the events up to
    `seq` meet the same states either way: see fold_log); taking back `seq` or an earlier event ends it."""

    seq: int
    state: S


def resume_fold(rs: Ruleset[S], setup: dict[str, Any], start: FoldPoint[S] | None, tail: Iterable[LoggedEvent],
                taken_back: Collection[int], inert: Mapping[int, InertRecord] | None = None,
                every: int = 0, keep: int = 0) -> tuple[LogFold[S], list[FoldPoint[S]]]:
    """fold_log() of a whole log from a point of an earlier fold of it (None: the new game) and the events after it.

    `tail` is every event after `start.seq`, `taken_back` every seq the log's undos took back (the tail's own
    included), `inert` that earlier fold's inert events up to `start.seq` (they stay as they were). With `every`,
    also the new points: at least `every` seqs apart, within the last (`keep` + 1) * `every` seqs, the last `keep`.
    The same LogFold as fold_log() of the whole log, at the cost of the tail only.
    """
    evs = [_as_event(e) for e in tail]
    gone = set(taken_back) | reverted_seqs(evs)
    effective = [e for e in evs if e.type != REVERT and (e.seq is None or e.seq not in gone)]
    state = rs.new_game(setup) if start is None else rs.copy_state(start.state)
    points: list[FoldPoint[S]] = []
    last = evs[-1].seq if evs and evs[-1].seq is not None else None
    marks = None
    if every > 0 and keep > 0 and last is not None:
        since = [start.seq if start is not None else 0]

        def marks(seq: int | None, now: S) -> None:
            if seq is not None and seq - since[0] >= every and seq > last - (keep + 1) * every:
                since[0] = seq
                points.append(FoldPoint(seq, now if seq == last else rs.copy_state(now)))
    fold = _fold(rs, state, effective, min(gone) if gone else None, dict(inert or {}), marks)
    if points and points[-1].seq == last:
        points[-1] = FoldPoint(last, fold.state)   # the fold's own final state (no copy needed: it is not changed)
    return fold, points[-keep:] if keep else []


def _fold(rs: Ruleset[S], state: S, effective: list[Event], first_gone: int | None, inert: dict[int, InertRecord],
          marks: Callable[[int | None, S], None] | None = None) -> LogFold[S]:
    """fold_log()'s loop over the events in effect, onto a state this fold owns (changed in place where it can)."""
    for ev in effective:
        if first_gone is None or ev.seq is None or ev.seq < first_gone or ev.type == NOTE:
            state, _ = rs.apply_owned(state, ev)
        else:
            blocked, nxt, consequences = rs.judge(state, ev)
            if nxt is None:
                inert[ev.seq] = {"status": REFUSED_NOW, "violations": [v.to_dict() for v in blocked]}
            else:
                if changes_nothing(state, nxt, consequences):
                    inert[ev.seq] = {"status": NO_EFFECT}
                state = nxt
        if marks is not None:
            marks(ev.seq, state)
    return LogFold(state, inert)


LATE_LOOK_BACK = 8  # recent events searched for the one that closed a step (a quicker phone, moments ago)


def closed_by(rs: Ruleset[S], setup: dict[str, Any], events: Iterable[LoggedEvent], event: Event,
              look_back: int = LATE_LOOK_BACK, inert: Mapping[int, InertRecord] | None = None,
              start: FoldPoint[S] | None = None) -> dict[str, Any] | None:
    """A refused event that came too late: the recent live event whose inferred passes closed a step in which
    `event` was allowed (the other phone was quicker). None when no such event is found.

    The log is folded as fold_log() folds it: an event refused now (after an undo before it) is skipped, not
    applied to a state it no longer fits (`inert` is that fold's, computed here when not given), and notes
    change nothing and close no step.

    With `start` (a point of the log's fold, `inert` given), `events` are the ones after it: the search then folds
    only those, and answers the same as long as they hold `look_back` events still in effect.

    Answers {"seq", "type", "by", "steps": [kinds of step closed], "passed": [seats whose pass was inferred],
    "last": whether it is the last live event (its own player can still take it back)}.
    """
    events = [_as_event(e) for e in events]
    if inert is None:
        inert = fold_log(rs, setup, events).inert
    refused_now = {int(seq) for seq, why in inert.items() if why.get("status") == REFUSED_NOW}
    live = [e for e in effective_events(events) if e.seq not in refused_now]
    first = max(0, len(live) - look_back)
    state = rs.new_game(setup) if start is None else rs.copy_state(start.state) if first else start.state
    for ev in live[:first]:
        state, _ = rs.apply_owned(state, ev)
    before: list[S] = []
    for ev in live[first:]:
        before.append(state)
        state, _ = rs.apply(state, ev)
    for i in range(len(before) - 1, -1, -1):
        closer = live[first + i]
        if closer.type == NOTE:
            continue  # a remark for the log: no step is closed by it
        _, passes, _ = rs.settle(before[i], closer)
        if passes and not rs.check(before[i], event):
            return {"seq": closer.seq, "type": closer.type, "by": closer.by,
                    "steps": list(dict.fromkeys(p.step for p, _ in passes)),
                    "passed": list(dict.fromkeys(p.event.by for p, _ in passes)),
                    "last": i == len(before) - 1}
    return None


def replay(rs: Ruleset[S], setup: dict[str, Any], events: Iterable[LoggedEvent], upto: int | None = None,
           verify: bool = False) -> S:
    """Fold a log into a state (up to and including seq `upto` when given); see fold_log().

    With verify=True every event is checked against the game as it stood when it was entered (the
    fold of the log before it, overrides honoured), so an imported or tampered log that the rules
    would not have accepted raises IllegalEvent.
    """
    if not verify:
        return fold_log(rs, setup, events, upto).state
    evs = [ev for ev in map(_as_event, events) if _upto(ev, upto)]
    state = rs.new_game(setup)
    for i, ev in enumerate(evs):
        if ev.type == REVERT:
            state = fold_log(rs, setup, evs[:i + 1]).state
            continue
        state, _ = rs.play(state, ev)
    return state


def replay_with_consequences(rs: Ruleset[S], setup: dict[str, Any], events: Iterable[LoggedEvent],
                             upto: int | None = None) -> tuple[S, list[tuple[Event, list[Consequence]]]]:
    """Fold a log and keep each applied event with its consequences (for log views and audits).

    Events that no longer have any effect after a revert (fold_log) are left out.
    """
    evs = [_as_event(e) for e in events]
    skipped = {seq for seq, why in fold_log(rs, setup, evs, upto).inert.items() if why["status"] == REFUSED_NOW}
    state = rs.new_game(setup)
    trail: list[tuple[Event, list[Consequence]]] = []
    for ev in effective_events(evs, upto):
        if ev.seq in skipped:
            continue
        state, cons = rs.apply_owned(state, ev)
        trail.append((ev, cons))
    return state, trail
