"""The entries about a round in the fold (round_entries.py): pairing the next round, swaps and table modes in a
draft, publishing, and the round's clock."""
from __future__ import annotations

from app.tournaments import model

from .helpers import published_round_one, refused, settings, tournament


def test_next_round_waits_for_every_confirmed_result_and_the_last_round():
    log = tournament()
    published_round_one(log, modes=("untracked", "untracked"))
    assert refused(log, "pair", round=2, bye=None, tables=[{"table": 1, "players": ["A", "C"]}]).code == "previous_round_open"
    assert refused(log, "pair", round=4, bye=None, tables=[{"table": 1, "players": ["A", "C"]}]).code == "no_more_rounds"


def test_swaps_before_publishing_only():
    log = tournament("ABCDE")
    log.add("pair", round=1, bye="E", tables=[{"table": 1, "players": ["A", "B"]}, {"table": 2, "players": ["C", "D"]}])
    assert refused(log, "swap", round=1, a="A", b="B").code == "bad_swap"
    log.add("swap", round=1, a="B", b="E")
    state = model.fold(settings(), log.entries)
    assert state["rounds"][1]["bye"] == "B" and model.table_of(state, 1, 1)["players"] == ["A", "E"]
    log.add("publish", round=1, games={"1": {"game": "g1", "join_code": "X"}, "2": {"game": "g2", "join_code": "Y"}})
    assert refused(log, "swap", round=1, a="A", b="C").code == "already_published"


def test_a_round_is_published_with_one_game_per_tracked_table_and_its_pairings_are_fixed_from_then_on():
    log = tournament()
    log.add("pair", round=1, bye=None, tables=[{"table": 1, "players": ["A", "B"]}, {"table": 2, "players": ["C", "D"]}])
    assert refused(log, "table_mode", round=1, table=3, mode="device").code == "no_such_table"
    log.add("table_mode", round=1, table=2, mode="untracked")
    game = {"game": "g1", "join_code": "J1"}
    assert refused(log, "publish", round=1, games={}).code == "bad_publish", "table 1 is tracked"
    assert refused(log, "publish", round=1, games={"1": game, "2": game}).code == "bad_publish", "table 2 is not"
    log.add("publish", round=1, games={"1": game})
    state = model.fold(settings(), log.entries)
    table = model.table_of(state, 1, 1)
    assert state["rounds"][1]["published"] and state["rounds"][1]["published_at"] == log.entries[-1]["created_at"]
    assert (table["game"], table["join_code"], table["games"]) == ("g1", "J1", ["g1"])
    assert model.table_of(state, 1, 2)["game"] is None
    for etype, data in (("table_mode", {"table": 1, "mode": "phones"}), ("swap", {"a": "A", "b": "C"}),
                        ("publish", {"games": {"1": game}}), ("pair", {"bye": None, "tables": [{"table": 1, "players": ["A", "C"]}]})):
        assert refused(log, etype, round=1, **data).code == "already_published", etype


def test_the_clock_runs_only_in_a_published_round_and_time_is_called_once_until_taken_back():
    log = tournament()
    log.add("pair", round=1, bye=None, tables=[{"table": 1, "players": ["A", "B"]}, {"table": 2, "players": ["C", "D"]}])
    started = {"minutes": 50, "started_at": "2026-11-28T10:00:00Z"}
    assert refused(log, "timer", round=1, **started).code == "not_published"
    games = {"1": {"game": "g1", "join_code": "J1"}, "2": {"game": "g2", "join_code": "J2"}}
    log.add("publish", round=1, games=games)
    assert refused(log, "time_called", round=1, at="2026-11-28T10:50:00Z").code == "no_timer"
    assert refused(log, "time_withdrawn", round=1).code == "not_called"
    log.add("timer", round=1, **started)
    assert refused(log, "time_withdrawn", round=1).code == "not_called"
    log.add("time_called", round=1, at="2026-11-28T10:50:00Z")
    assert model.fold(settings(), log.entries)["rounds"][1]["timer"] == {**started, "called_at": "2026-11-28T10:50:00Z"}
    assert refused(log, "time_called", round=1, at="2026-11-28T10:51:00Z").code == "already_called"
    log.add("time_withdrawn", round=1)
    assert model.fold(settings(), log.entries)["rounds"][1]["timer"]["called_at"] is None
    assert refused(log, "time_withdrawn", round=1).code == "not_called"
    assert refused(log, "time_called", round=1, at="2026-11-28T10:55:00Z") is None, "time may be called again"
