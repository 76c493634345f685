"""Table numbers of a pairing: players kept at a fixed table (accessibility) sit there; the other pairs fill the
numbers left, in table order. A later round's proposed pairing avoids a rematch."""
from __future__ import annotations

import random

from app.tournaments import model, tables
from app.tournaments.pairing import Pairing
from app.tournaments.tables import number_tables, pairing_entry

from .helpers import published_round_one, result, settings, tournament

PAIRS = [("a", "b"), ("c", "d"), ("e", "f"), ("g", "h")]


def test_without_fixed_tables_the_pairs_are_numbered_in_table_order():
    assert number_tables(PAIRS, {}) == [1, 2, 3, 4]


def test_a_fixed_player_sits_at_their_table_and_the_others_fill_around_it():
    assert number_tables(PAIRS, {"f": 1}) == [2, 3, 1, 4]
    assert number_tables(PAIRS, {"h": 2, "a": 4}) == [4, 1, 3, 2]


def test_a_fixed_table_past_the_rounds_tables_keeps_its_number():
    assert number_tables(PAIRS, {"c": 9}) == [1, 9, 2, 3]


def test_two_fixed_players_paired_together_sit_at_the_first_ones_table():
    assert number_tables(PAIRS, {"c": 3, "d": 1}) == [1, 3, 2, 4]  # table 1 goes to the next pair


def test_a_player_not_known_yet_has_no_fixed_table():
    # A top cut's match whose players are still undecided: the known player's table is kept, the rest numbered.
    assert number_tables([("a", None), (None, None)], {"a": 2}) == [2, 1]


def test_the_pair_entry_lists_tables_by_number():
    entry = pairing_entry(Pairing(PAIRS[:2], "x"), 2, {"b": 2})
    assert entry == {"round": 2, "bye": "x", "tables": [{"table": 1, "players": ["c", "d"]},
                                                       {"table": 2, "players": ["a", "b"]}]}


def test_swiss_round_avoids_the_rematch():
    log = tournament()
    published_round_one(log, modes=("untracked", "untracked"))
    log.add("result", actor="scorekeeper", round=1, table=1, result=result("A", {"A": 5, "B": 1}), source="scorekeeper")
    log.add("result", actor="scorekeeper", round=1, table=2, result=result("C", {"C": 5, "D": 1}), source="scorekeeper")
    pairing = tables.propose(model.fold(settings(), log.entries), 2, "s", random.Random(2))
    assert sorted(map(sorted, pairing.pairs)) == [["A", "C"], ["B", "D"]]
    assert set(pairing.pairs[0]) == {"A", "C"}, "table 1 seats the winners"
