"""Shadespire 3-4 player order of play (Shadespire rulebook, Multiplayer Games, pg 27)."""
from app.engine.underworlds.editions import multiplayer_2018 as mp


def test_round_two_goes_anticlockwise_with_three_or_four_players():
    """Round 2: wherever play moves clockwise, instead go anticlockwise; rounds 1 and 3 clockwise."""
    assert [mp.round_direction(r, 4) for r in (1, 2, 3)] == ["clockwise", "anticlockwise", "clockwise"]
    assert mp.round_direction(2, 3) == "anticlockwise"
    assert mp.round_direction(2, 2) == "clockwise"


def test_play_order_from_the_first_player_in_the_rounds_direction():
    """Round 1: proceeding clockwise from the first player; round 2: the second player is to the right."""
    seats = ["p1", "p2", "p3", "p4"]
    assert mp.starting_from(seats, "p3") == ["p3", "p4", "p1", "p2"]
    assert mp.starting_from(list(reversed(seats)), "p3") == ["p3", "p2", "p1", "p4"]


def test_seating_option_must_name_every_seat():
    """Seats sit clockwise in seat order unless the setup gives a full seating."""
    assert mp.seating(["p1", "p2", "p3"], ["p2", "p1", "p3"]) == ["p2", "p1", "p3"]
    assert mp.seating(["p1", "p2", "p3"], ["p2", "p2", "p3"]) == ["p1", "p2", "p3"]


def test_four_activations_and_objective_tokens_by_player_count():
    """Each player has four activations; tokens 1-5, 1-7 or 1-9 by player count."""
    assert mp.ACTIVATIONS_PER_PLAYER == 4
    assert mp.OBJECTIVE_TOKENS == {2: 5, 3: 7, 4: 9}
