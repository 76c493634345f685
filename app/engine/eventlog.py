"""The log: a game is its setup plus its append-only event log, and the state is the fold of the log."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Generic, Iterable, Mapping, Sequence

from .codes import (
    ALREADY_REVERTED,
    NOT_LAST_EVENT,
    NOT_YOUR_EVENT,
    REFEREE_ENTRY,
    REVERT_OF_REVERT,
    UNKNOWN_NOTE_TARGET,
    UNKNOWN_SEQ,
    Violation,
)
from .envelope import NOTE, REVERT, Consequence, Event, InertRecord
from .fields import REVERT_SPEC, check_fields
from .ruleset import Ruleset, S

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
    still in effect (neither an undo nor taken back). The undo's own fields are checked first: this is the one
    judge of an undo, for a submit, its preview and an imported log alike."""
    malformed = check_fields(REVERT_SPEC, revert.data)
    if malformed:
        return malformed
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
            state, _ = rs.apply(state, ev, owned=True)
        else:
            judged = rs.judge(state, ev)
            if judged.state is None:
                inert[ev.seq] = {"status": REFUSED_NOW, "violations": [v.to_dict() for v in judged.blocked]}
            else:
                if changes_nothing(state, judged.state, judged.consequences):
                    inert[ev.seq] = {"status": NO_EFFECT}
                state = judged.state
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
        state, _ = rs.apply(state, ev, owned=True)
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
        state, cons = rs.apply(state, ev, owned=True)
        trail.append((ev, cons))
    return state, trail
