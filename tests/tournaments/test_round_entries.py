"""The entries about a round in the fold (round_entries.py): pairing the next round, and swaps in a draft."""
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
