"""The entries about the event's players in the fold (player_entries.py): registration and check-in, merges and drops."""
from __future__ import annotations

import random

from app.tournaments import model, tables

from .helpers import published_round_one, refused, result, settings, tournament


def test_only_checked_in_players_are_paired_and_late_joiners_from_their_round():
    log = tournament("ABC", checked_in=False)
    log.add("check_in", player="A")
    log.add("check_in", player="B")
    log.add("register", player="L", name="Late", warband="w", from_round=2)
    log.add("check_in", player="L")
    state = model.fold(settings(), log.entries)
    assert model.active_players(state, 1) == ["A", "B"]
    assert model.active_players(state, 2) == ["A", "B", "L"]


def test_merge_folds_a_duplicate_unless_it_has_played():
    log = tournament("AB")
    log.add("register", player="A2", name="player a", warband="w")
    log.add("merge", keep="A", remove="A2")
    state = model.fold(settings(), log.entries)
    assert state["players"]["A2"]["status"] == "merged" and "A2" not in model.active_players(state, 1)
    assert [r["player"] for r in tables.standings(state, "s")] and "A2" not in [r["player"] for r in tables.standings(state, "s")]
    log2 = tournament("ABCD")
    published_round_one(log2)
    assert refused(log2, "merge", keep="A", remove="B").code == "has_played"


def test_dropped_players_stay_in_the_standings_but_are_not_paired_again():
    log = tournament()
    published_round_one(log, modes=("untracked", "untracked"))
    log.add("result", actor="scorekeeper", round=1, table=1, result=result("A", {"A": 5, "B": 1}), source="scorekeeper")
    log.add("result", actor="scorekeeper", round=1, table=2, result=result("C", {"C": 5, "D": 1}), source="scorekeeper")
    log.add("drop", player="D", reason="went home")
    state = model.fold(settings(), log.entries)
    assert state["players"]["D"]["dropped_after"] == 1
    pairing = tables.propose(state, 2, "s", random.Random(1))
    assert pairing.bye == "B", "the lowest-ranked of the three still playing"
    assert [set(pr) for pr in pairing.pairs] == [{"A", "C"}]
    assert "D" in [r["player"] for r in tables.standings(state, "s")]
    assert refused(log, "check_in", player="D").code == "not_active"
