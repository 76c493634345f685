"""The fold as a whole: `apply` leaves the state it was given as it was, and entries applied to a fold give the fold
of the whole log."""
from __future__ import annotations

import json

from app.tournaments import model

from .helpers import published_round_one, result, settings, tournament


def test_apply_leaves_the_earlier_state_as_it_was():
    """Each entry copies what it changes: the state before it (cached, shared) never moves."""
    log = tournament()
    published_round_one(log)
    log.add("timer", round=1, minutes=60, started_at="2026-11-28T10:00:00Z")
    state = model.fold(settings(), log.entries)
    before = json.dumps(state, sort_keys=True)
    later = [
        {"type": "confirm", "data": {"round": 1, "table": 1, "by": "A", "result": result("A", {"A": 2, "B": 0})}},
        {"type": "dispute", "data": {"round": 1, "table": 2, "by": "C", "reason": "no"}},
        {"type": "judge_call", "data": {"round": 1, "table": 2, "by": "D", "note": "help"}},
        {"type": "time_called", "data": {"round": 1, "at": "2026-11-28T11:00:00Z"}},
        {"type": "ruling", "data": {"round": 1, "table": 2, "question": "q", "answer": "a", "rule": "r"}},
        {"type": "drop", "data": {"player": "A", "reason": ""}},
        {"type": "result", "data": {"round": 1, "table": 2, "result": result("C", {"C": 1, "D": 0}), "source": "judge"}},
    ]
    after = state
    for entry in later:
        after = model.apply(after, entry)
    assert json.dumps(state, sort_keys=True) == before
    assert model.table_of(after, 1, 2)["status"] == "confirmed" and after["rounds"][1]["timer"]["called_at"]
    assert after["players"]["A"]["status"] == "dropped" and len(after["rulings"]) == 1


def test_entries_applied_to_a_fold_give_the_fold_of_the_whole_log_and_leave_the_fold_as_it_was():
    log = tournament()
    published_round_one(log)
    head = 4
    before = model.fold(settings(), log.entries[:head])
    kept = json.dumps(before, sort_keys=True)
    after = model.apply_all(before, log.entries[head:])
    assert after == model.fold(settings(), log.entries)
    assert json.dumps(before, sort_keys=True) == kept
