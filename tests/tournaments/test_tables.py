"""Table numbers of a pairing: players kept at a fixed table (accessibility) sit there; the other pairs fill the
numbers left, in table order."""
from __future__ import annotations

from app.tournaments.pairing import Pairing
from app.tournaments.tables import number_tables, pairing_entry

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
