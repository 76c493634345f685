"""The organiser's bookkeeping entries in the fold: each copies only what it changes, replays as the log folds, and
what it does to a table's clock, the standings, the paid marks and the deck deadline."""
from __future__ import annotations

import copy

from app.tournaments import deckcheck, model, penalties, tables, timeext
from app.tournaments.statuses import status_of

from .helpers import Log, result, settings


def _log() -> Log:
    log = Log()
    for i in range(1, 5):
        log.add("register", player=f"p{i}", name=f"Player {i}", warband="w", from_round=1, deck=f"deck-{i}")
        log.add("check_in", player=f"p{i}")
    log.add("pair", round=1, tables=[{"table": 1, "players": ["p1", "p2"]}, {"table": 2, "players": ["p3", "p4"]}], bye=None)
    log.add("publish", round=1, games={"1": {"game": "g1", "join_code": "J1"}, "2": {"game": "g2", "join_code": "J2"}})
    log.add("timer", round=1, minutes=60, started_at="2026-11-28T10:00:00Z")
    log.add("extend", actor="judge:Kim", round=1, table=1, minutes=4, reason="a ruling took 4 minutes")
    log.add("extend", actor="scorekeeper:Sam", round=1, table=1, minutes=2, reason="a deck check")
    log.add("call_table", actor="judge:Kim", round=1, table=2, note="to the desk for a deck check")
    log.add("paid", actor="scorekeeper:Sam", player="p1", paid=True)
    log.add("paid", actor="scorekeeper:Sam", player="p2", paid=True)
    log.add("paid", actor="scorekeeper:Sam", player="p2", paid=False)
    log.add("penalty", actor="judge:Kim", player="p1", kind="points", amount=-1, reason="slow play", round=1)
    log.add("penalty", actor="judge:Kim", player="p3", kind="glory", amount=2, reason="marked cards", round=1)
    log.add("penalty", actor="judge:Kim", player="p4", kind="warning", amount=0, reason="late", round=None)
    log.add("penalty", actor="judge:Kim", player="p2", kind="points", amount=2, reason="painted warband", round=None)
    log.add("deck_deadline", at="2026-11-28T09:00:00Z")
    log.add("result", actor="judge:Kim", round=1, table=1, result=result("p1", {"p1": 4, "p2": 1}), reason="", source="judge")
    log.add("result", actor="judge:Kim", round=1, table=2, result=result("p3", {"p3": 5, "p4": 2}), reason="", source="judge")
    return log


def test_every_bookkeeping_entry_leaves_the_state_it_was_applied_to_as_it_was():
    log = _log()
    stepped = model.fold(settings(), [])
    for entry in log.entries:
        assert model.check(stepped, entry) is None, entry["type"]
        before = copy.deepcopy(stepped)
        after = model.apply(stepped, entry)
        assert stepped == before, f"{entry['type']} changed the state it was applied to"
        stepped = after
    assert stepped == model.fold(settings(), log.entries)


def test_a_tables_extensions_add_up_on_that_table_alone_and_the_call_reaches_it():
    state = model.fold(settings(), _log().entries)
    one, two = state["rounds"][1]["tables"]
    assert timeext.extra_minutes(one) == 6 and timeext.extra_minutes(two) == 0
    assert timeext.table_view(one, False) == {"extra_minutes": 6, "called": None}
    assert [x["reason"] for x in timeext.table_view(one, True)["extensions"]] == ["a ruling took 4 minutes", "a deck check"]
    assert timeext.table_view(two, False)["called"]["note"] == "to the desk for a deck check"
    assert "actor" not in timeext.table_view(two, False)["called"], "who called is the staff's, not on every phone"


def test_extensions_are_bounded_need_a_reason_and_stop_once_the_result_is_in():
    log = _log()
    state = model.fold(settings(), log.entries[:-2])  # before the results
    refuse = lambda **d: model.check(state, {"type": "extend", "data": {"round": 1, "table": 2, **d}})  # noqa: E731
    assert refuse(minutes=5, reason=" ").code == "reason_needed"
    assert refuse(minutes=timeext.MAX_EXTRA_MINUTES + 1, reason="x").code == "too_much_time"
    assert refuse(minutes=5, reason="x", table=9).code == "no_such_table"
    assert refuse(minutes=5, reason="x", round=2).code == "not_published"
    for _ in range(timeext.MAX_TABLE_EXTENSIONS):
        state = model.apply(state, {"type": "extend", "data": {"round": 1, "table": 2, "minutes": 1, "reason": "x"}})
    assert refuse(minutes=1, reason="x").code == "too_many_extensions"
    done = model.fold(settings(), log.entries)
    assert model.check(done, {"type": "extend", "data": {"round": 1, "table": 1, "minutes": 1, "reason": "x"}}).code == \
        "already_confirmed"


def test_the_standings_apply_event_points_and_glory_penalties():
    state = model.fold(settings(), _log().entries)
    rows = {r["player"]: r for r in tables.standings(state, "seed")}
    assert rows["p1"]["points"] == 3 - 1 and rows["p1"]["adjusted"] == {"points": -1, "glory": 0}
    assert rows["p2"]["points"] == 0 + 2 and rows["p2"]["adjusted"] == {"points": 2, "glory": 0}
    assert rows["p3"]["tiebreakers"]["total_glory"] == 5 - 2 and rows["p3"]["tiebreakers"]["glory_difference"] == 3 - 2
    assert rows["p3"]["adjusted"] == {"points": 0, "glory": -2}
    assert rows["p4"]["adjusted"] is None and rows["p4"]["points"] == 0, "a warning moves nothing"
    assert [p["kind"] for p in penalties.of_player(state, "p4")] == ["warning"]
    assert penalties.of_player(state, "p1") == [{"kind": "points", "amount": -1, "reason": "slow play", "round": 1,
                                                 "at": "2026-11-28T10:00:00.000Z"}]


def test_a_penalty_is_checked_for_its_kind_amount_and_reason():
    state = model.fold(settings(), _log().entries)
    check = lambda **d: model.check(state, {"type": "penalty", "data": {"player": "p1", "reason": "x", **d}})  # noqa: E731
    assert check(kind="points", amount=0).code == "bad_amount"
    assert check(kind="points", amount=penalties.MAX_POINTS + 1).code == "bad_amount"
    assert check(kind="glory", amount=0).code == "bad_amount"
    assert check(kind="glory", amount=penalties.MAX_GLORY + 1).code == "bad_amount"
    assert check(kind="warning", amount=1).code == "bad_amount"
    assert check(kind="game", amount=0, reason="").code == "reason_needed"
    assert check(kind="game", amount=0) is None
    assert model.check(state, {"type": "penalty", "data": {"player": "p99", "kind": "warning", "reason": "x"}}).code == \
        "no_such_player"


def test_paid_marks_follow_the_last_entry():
    state = model.fold(settings(), _log().entries)
    assert state["players"]["p1"]["paid"] is True and state["players"]["p2"]["paid"] is False
    assert "paid" not in state["players"]["p3"]


def test_decks_lock_at_the_deadline_for_any_entry_that_changes_a_registered_deck():
    state = model.fold(settings(), _log().entries)
    past = deckcheck.parse("2026-11-28T09:00:00Z")
    assert deckcheck.locked(state, past) and not deckcheck.locked(state, deckcheck.parse("2026-11-28T08:59:59Z"))
    changed = deckcheck.refusal(state, "edit", {"player": "p1", "deck": "another-deck"})
    assert changed is not None and changed.code == "decks_locked" and status_of(changed) == 409
    assert deckcheck.refusal(state, "edit", {"player": "p1", "deck": "deck-1"}) is None, "the same deck is no change"
    assert deckcheck.refusal(state, "edit", {"player": "p1", "name": "New name"}) is None, "a name is not a deck"
    lifted = model.apply(state, {"type": "deck_deadline", "data": {"at": None}})
    assert deckcheck.refusal(lifted, "edit", {"player": "p1", "deck": "another-deck"}) is None
    later = model.apply(state, {"type": "deck_deadline", "data": {"at": "2999-01-01T00:00:00Z"}})
    assert deckcheck.refusal(later, "edit", {"player": "p1", "deck": "another-deck"}) is None
    assert model.check(state, {"type": "deck_deadline", "data": {"at": "next tuesday"}}).code == "bad_time"
