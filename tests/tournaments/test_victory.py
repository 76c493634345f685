"""A result against itself and its game's rule of victory (Deathgorge pg 39, Shadespire pg 25-26, Dreadfane pg 19)."""
from __future__ import annotations

import pytest

from app.tournaments import victory
from app.tournaments.statuses import status_of

PLAYERS = ["A", "B"]
DEATHGORGE = {"ruleset": "underworlds/deathgorge", "best_of": 1}
SHADESPIRE = {"ruleset": "underworlds/shadespire", "best_of": 1}
DREADFANE = {"ruleset": "underworlds/dreadfane", "best_of": 1}
MATCHED = {"ruleset": "underworlds/shadespire", "best_of": 3}


def code(result, setup=DEATHGORGE, source="scorekeeper", reason=""):
    found = victory.refusal(result, PLAYERS, setup, source, reason)
    return found and found.code


def test_the_player_with_the_most_glory_wins_and_a_draw_is_level():
    assert code({"winner": "A", "glory": {"A": 5, "B": 3}}) is None
    assert code({"winner": None, "glory": {"A": 4, "B": 4}}) is None
    refused = victory.refusal({"winner": "B", "glory": {"A": 5, "B": 3}}, PLAYERS, DEATHGORGE, "judge", "")
    assert refused.code == "winner_has_less_glory" and status_of(refused) == 422
    assert refused.rule == "Deathgorge rulebook, Victory (pg 39)" and refused.rule in refused.message
    assert code({"winner": None, "glory": {"A": 5, "B": 3}}) == "draw_needs_equal_glory"


def test_a_win_at_equal_glory_needs_a_tiebreak_the_book_names():
    level = {"winner": "A", "glory": {"A": 4, "B": 4}}
    assert code(level) == "tiebreak_needed"
    assert code({**level, "decided_by": "surviving_fighters"}) is None
    assert code({**level, "decided_by": "objective_value"}) is None
    # The 2018 book counts objective tokens, the current one adds up their values: each names its own tiebreak.
    assert code({**level, "decided_by": "objectives_held"}) == "tiebreak_not_in_rules"
    assert code({**level, "decided_by": "objectives_held"}, SHADESPIRE) is None
    assert code({**level, "decided_by": "objective_value"}, SHADESPIRE) == "tiebreak_not_in_rules"
    assert code({"winner": "A", "glory": {"A": 5, "B": 4}, "decided_by": "objective_value"}) == "tiebreak_without_tie"
    assert code({"winner": None, "glory": {"A": 4, "B": 4}, "decided_by": "objective_value"}) == "tiebreak_without_winner"
    assert code({**level, "decided_by": "roll_off"}) == "tiebreak_not_in_rules", "a roll-off decides matches, not games"


def test_dreadfane_gives_the_game_to_the_only_warband_left_whatever_the_glory():
    wiped = {"winner": "B", "glory": {"A": 6, "B": 2}}
    assert code(wiped, DREADFANE) == "winner_has_less_glory"
    assert code({**wiped, "decided_by": "wipe_out"}, DREADFANE) is None
    assert code({**wiped, "decided_by": "wipe_out"}) == "tiebreak_not_in_rules", "not in the current rules"
    assert code({"winner": "A", "glory": {"A": 3, "B": 3}, "decided_by": "surviving_fighters"}, DREADFANE) == "tiebreak_not_in_rules"


def test_a_ruling_names_any_winner_with_its_reason_from_a_judge_or_the_organiser_only():
    conceded = {"winner": "B", "glory": {"A": 6, "B": 1}, "decided_by": "ruling"}
    assert code(conceded, source="judge", reason="A conceded in round 2") is None
    assert code(conceded, source="organiser", reason="A lost the game for slow play") is None
    assert code(conceded, source="judge", reason="") == "reason_needed"
    forbidden = victory.refusal(conceded, PLAYERS, DEATHGORGE, "scorekeeper", "A conceded")
    assert forbidden.code == "ruling_not_allowed" and status_of(forbidden) == 403
    assert code(conceded, source=None, reason="x") == "ruling_not_allowed", "a confirmation is never a ruling"


@pytest.mark.parametrize("decided_by,winner,glory,expected", [
    ("games", "A", {"A": 9, "B": 12}, None),            # a match is won on games, whatever the glory
    ("glory", "A", {"A": 12, "B": 10}, None),
    ("glory", "A", {"A": 10, "B": 12}, "winner_has_less_glory"),
    ("glory", "A", {"A": 10, "B": 10}, "winner_has_less_glory"),
    ("sudden_death", "B", {"A": 10, "B": 10}, None),
    ("objective_value", "A", {"A": 12, "B": 10}, "tiebreak_not_in_rules"),
])
def test_a_match_is_checked_against_matched_play(decided_by, winner, glory, expected):
    assert code({"winner": winner, "glory": glory, "decided_by": decided_by}, MATCHED) == expected


def test_the_tiebreak_words_are_the_engines_own():
    """A tracked game's outcome carries the engine's decided_by; every code a game can be won by is known here."""
    assert {"surviving_fighters", "objective_value"} <= set(victory.VICTORY["underworlds/deathgorge"].level)
    assert {"surviving_fighters", "objectives_held"} == set(victory.VICTORY["underworlds/shadespire"].level)
    assert {"wipe_out"} == set(victory.VICTORY["underworlds/dreadfane"].any_glory)
    assert set(victory.DECIDED_BY) >= {"ruling", "games", *victory.MATCH_TIEBREAKS}
