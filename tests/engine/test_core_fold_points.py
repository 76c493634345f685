"""Folding a log from a point of an earlier fold of it (core.resume_fold, closed_by's `start`, check_revert_on): the
same answers as folding the whole log, for logs with notes, undos in the middle and events those undos left refused."""
from __future__ import annotations

import random

import pytest

from app.engine.core import (
    Event,
    FoldPoint,
    check_revert,
    check_revert_on,
    closed_by,
    effective_events,
    fold_log,
    resume_fold,
    reverted_seqs,
)

from .echo import Echo

RS = Echo()


def random_log(seed: int, length: int = 120) -> list[Event]:
    """An Echo game: calls (closing open answers by inferred passes), answers, notes, and now and then the referee
    taking back an earlier entry (which leaves later answers refused now)."""
    rng = random.Random(seed)
    log: list[Event] = []
    while len(log) < length:
        seq = len(log) + 1
        state = fold_log(RS, {}, log).state
        roll = rng.random()
        live = [e for e in effective_events(log) if e.type != "note"]
        if roll < 0.08 and live:
            log.append(Event("revert", "referee", {"seq": rng.choice(live).seq, "reason": "x"}, seq=seq))
        elif roll < 0.15:
            log.append(Event("note", rng.choice(["p1", "p2", "p3"]), {"text": "hm"}, seq=seq))
        elif state["open"] and roll < 0.6:
            log.append(Event(rng.choice(["answer", "quiet"]), rng.choice(state["open"]), seq=seq))
        else:
            log.append(Event("call", state["turn"], seq=seq))
    return log


def points_of(log: list[Event], every: int = 8, keep: int = 100) -> list[FoldPoint]:
    """The points a whole fold of `log` leaves (many, for the tests to start from each)."""
    return resume_fold(RS, {}, None, log, reverted_seqs(log), None, every, keep)[1]


@pytest.mark.parametrize("seed", range(6))
def test_resuming_from_any_point_folds_as_the_whole_log_does(seed):
    log = random_log(seed)
    whole = fold_log(RS, {}, log)
    fold, points = resume_fold(RS, {}, None, log, reverted_seqs(log), None, 8, 100)
    assert (fold.state, fold.inert) == (whole.state, whole.inert)
    assert len(points) > 5 and all(b.seq - a.seq >= 8 for a, b in zip(points, points[1:]))
    live = [e for e in effective_events(log) if e.type != "note"]
    for target in live[-6:]:
        undo = Event("revert", "referee", {"seq": target.seq, "reason": "y"}, seq=len(log) + 1)
        expected = fold_log(RS, {}, [*log, undo])
        for point in [p for p in points if p.seq < target.seq]:
            inert = {s: w for s, w in whole.inert.items() if s <= point.seq}
            tail = [e for e in log if e.seq > point.seq]
            resumed, _ = resume_fold(RS, {}, point, [*tail, undo], reverted_seqs(log), inert)
            assert (resumed.state, resumed.inert) == (expected.state, expected.inert), (seed, point.seq, target.seq)


def test_a_resumed_fold_leaves_its_start_as_it_was_and_keeps_its_last_points():
    log = random_log(1, 200)
    points = points_of(log)
    start = points[2]
    before = repr(start.state)
    fold, new = resume_fold(RS, {}, start, [e for e in log if e.seq > start.seq], reverted_seqs(log),
                            every=16, keep=3)
    assert repr(start.state) == before
    assert len(new) == 3 and new[-1].seq > log[-1].seq - 16 and new[0].seq > start.seq
    assert new[-1].state is fold.state or new[-1].seq != log[-1].seq


@pytest.mark.parametrize("seed", range(6))
def test_the_late_search_from_a_point_answers_as_the_whole_log_does(seed):
    log = random_log(seed, 150)
    inert = fold_log(RS, {}, log).inert
    points = points_of(log)
    for late in (Event("answer", "p1"), Event("answer", "p2"), Event("answer", "p3")):
        whole = closed_by(RS, {}, log, late, inert=inert)
        for point in points:
            tail = [e for e in log if e.seq > point.seq]
            refused = {s for s, w in inert.items() if w["status"] == "refused_now"}
            if len([e for e in effective_events(tail) if e.seq not in refused]) < 8:
                continue
            assert closed_by(RS, {}, tail, late, inert=inert, start=point) == whole, (seed, point.seq)


def test_check_revert_on_what_the_log_keeps_answers_as_check_revert():
    log = random_log(3, 80)
    gone = reverted_seqs(log)
    live = effective_events(log)
    for seq in range(0, len(log) + 2):
        for by, any_ in (("p1", False), ("p2", False), ("referee", True)):
            undo = Event("revert", by, {"seq": seq, "reason": "z"}, seq=len(log) + 1)
            target = next((e for e in log if e.seq == seq), None)
            assert check_revert_on(target, gone, live[-1], undo, any_, {seq}) == \
                check_revert(log, undo, any_, {seq}), seq
