"""The base of every ruleset: its hooks, and the one contract (check, apply, judge, suggest, view, outcome) over them."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterator, Mapping, TypeVar, cast

from .advice import MAX_IMPLIED_PASSES, Advice, ImpliedPass, InferredPasses, inferred_consequences
from .codes import CORE_CODES, UNKNOWN_EVENT, UNKNOWN_SEAT, Violation, ViolationCodes
from .envelope import NOTE, REVERT, Consequence, Event, Outcome
from .fields import NOTE_SPEC, REVERT_SPEC, check_fields
from .sharing import handed_out

# A ruleset's state: plain JSON data, a TypedDict per game (underworlds/state.py, conquest/types.py,
# battlelore/types.py) that every hook of that game's Ruleset takes and returns.
S = TypeVar("S", bound=Mapping[str, Any])


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


@dataclass(frozen=True)
class Handler:
    """What a ruleset does with one event type: its rule checks (None: nothing to check) and how it applies.

    `check(state, event)` returns the violations; `apply(state, event)` changes the state in place and returns
    the consequences. The core dispatches each event to its type's handler."""

    check: Callable[[Any, Event], list[Violation]] | None
    apply: Callable[[Any, Event], list[Consequence]]


@dataclass(frozen=True)
class Judgement(Generic[S]):
    """What judge() found of one entry on one state."""

    violations: list[Violation]       # everything found, overridable ones included
    blocked: list[Violation]          # what stops it: all of them, less those an override sets aside
    state: S | None                   # the next state; None when blocked
    consequences: list[Consequence]   # the automatic consequences, when it applied


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

    @staticmethod
    def _unless_overridden(found: list[Violation], event: Event) -> list[Violation]:
        return [v for v in found if not v.overridable] if event.override_reason else found

    def judge(self, state: S, event: Event) -> Judgement[S]:
        """The one path that judges an entry: its violations, what blocks it and, when nothing does, the next state
        and its consequences, with the event settled once (the passes it closes are inferred for the check and then
        applied, not inferred again). Pure like apply(); a revert is folded by replay(), not judged here."""
        found, settled = self._checked(state, event)
        blocked = self._unless_overridden(found, event)
        if blocked:
            return Judgement(found, blocked, None, [])
        if event.type == REVERT:
            raise ValueError("revert is folded by replay(), not applied to a state")
        if event.type == NOTE:
            return Judgement(found, [], self.copy_state(state), [])
        # A structural problem an override let through (none is overridable today) was never settled: settle now.
        at, passes = settled if settled is not None else self.settle(state, event)[:2]
        nxt, consequences = self.apply_in_place(at if passes else self.copy_state(state), event, passes)
        return Judgement(found, [], nxt, consequences)

    def copy_state(self, state: S) -> S:
        """A private copy of a state for apply() (a ruleset may share parts that are never mutated)."""
        return copy.deepcopy(state)

    def apply(self, state: S, event: Event, owned: bool = False) -> tuple[S, list[Consequence]]:
        """Pure: the next state and the automatic consequences; trusts a checked or overridden event.

        Optional steps the event can only follow are closed first (see settle()); each pass is logged as a
        consequence with its rule, followed by what that pass did, so replaying the log is exact. With `owned` the
        caller owns `state` and will not use it again (a fold of its own): a ruleset that `folds_in_place` then
        changes it in place, with no copy."""
        if owned and self.folds_in_place:
            return self.apply_in_place(state, event)
        if event.type == REVERT:
            raise ValueError("revert is folded by replay(), not applied to a state")
        if event.type == NOTE:
            return self.copy_state(state), []
        at, passes, _ = self.settle(state, event)
        # settle() applied any passes to copies of its own; otherwise copy here.
        return self.apply_in_place(at if passes else self.copy_state(state), event, passes)

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
        """judge(), raising IllegalEvent when blocked: the next state and its consequences."""
        judged = self.judge(state, event)
        if judged.state is None:
            raise IllegalEvent(judged.blocked)
        return judged.state, judged.consequences


def _handing_out(view: Callable[[Any, Any, str], dict[str, Any]]) -> Callable[[Any, Any, str], dict[str, Any]]:
    """A ruleset's view hook whose views leave the engine read-only while sharing checks are on."""
    def guarded(self: Any, state: Any, seat: str) -> dict[str, Any]:
        return handed_out(view(self, state, seat))
    guarded.__name__, guarded.__qualname__, guarded.__doc__ = view.__name__, view.__qualname__, view.__doc__
    guarded.hands_out = True  # type: ignore[attr-defined]
    return guarded


Ruleset.view = _handing_out(Ruleset.view)  # type: ignore[method-assign, assignment]
