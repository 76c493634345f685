"""The fold as a whole: one handler per entry type, gathered from the modules that fold them; `apply` leaves the state
it was given as it was, and entries applied to a fold give the fold of the whole log."""
from __future__ import annotations

import copy
import json

from app.tournaments import log as tournament_log
from app.tournaments import model, orgtools, player_entries, round_entries, signup, table_entries
from app.tournaments.types import Handler

from .helpers import (
    best_of_three_event,
    best_of_three_settings,
    day_settings,
    full_day,
    published_round_one,
    result,
    settings,
    tournament,
)

MODULE_TABLES = {"player_entries": player_entries.HANDLERS, "round_entries": round_entries.HANDLERS,
                 "table_entries": table_entries.HANDLERS, "signup": signup.HANDLERS, "orgtools": orgtools.HANDLERS}
# The fold's own handlers (model.py): register reads the event's bound there, new_link and cut fold nothing elsewhere.
OWN = {"register", "new_link", "cut"}


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


def test_every_entry_type_has_a_check_an_apply_and_a_copy():
    assert len(model.HANDLERS) >= 35
    for etype, handler in model.HANDLERS.items():
        assert isinstance(handler, Handler), etype
        assert callable(handler.check) and callable(handler.apply) and callable(handler.copied), etype


def test_the_modules_handler_tables_share_no_entry_type_and_make_up_the_folds():
    """The fold's table merges the modules' tables: an entry type two modules both named would keep only the later
    module's handler, without a word."""
    seen: dict[str, str] = {}
    for name, table in MODULE_TABLES.items():
        for etype in table:
            assert etype not in seen, f"{etype} is folded by both {seen[etype]} and {name}"
            seen[etype] = name
    assert not OWN & set(seen)
    assert set(model.HANDLERS) == set(seen) | OWN
    for etype, name in seen.items():
        assert model.HANDLERS[etype] is MODULE_TABLES[name][etype], etype


def test_every_entry_the_service_adds_or_works_out_has_a_handler():
    assert set(tournament_log.MAY) <= set(model.HANDLERS)
    assert set(tournament_log.DERIVED) <= set(model.HANDLERS)
    refusal = model.check(model.new_state(settings()), {"type": "no_such_type", "data": {}})
    assert refusal is not None and refusal.code == "unknown_entry"


def test_apply_never_changes_the_state_it_was_given_over_a_whole_day_of_every_entry_type():
    seen = set()
    for setup, log in ((day_settings(), full_day()), (best_of_three_settings(), best_of_three_event())):
        stepped = model.fold(setup, [])
        for entry in log.entries:
            refusal = model.check(stepped, entry)
            assert refusal is None, (entry["seq"], entry["type"], refusal)
            before = copy.deepcopy(stepped)
            after = model.apply(stepped, entry)
            assert stepped == before, f"{entry['type']} (seq {entry['seq']}) changed the state it was applied to"
            assert after is not stepped and after["head"] == entry["seq"]
            stepped = after
            seen.add(entry["type"])
        assert stepped == model.fold(setup, log.entries)
    assert seen == set(model.HANDLERS), f"entry types no scripted log uses: {set(model.HANDLERS) - seen}"
