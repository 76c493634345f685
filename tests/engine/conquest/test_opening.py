"""Before round 1: initiative, the first 5 planets face up, the first planet token, mulligans (Setup)."""
from .support import LINE, RS, codes, play, setup, start


def test_initiative_player_reveals_five_planets_left_to_right():
    """Setup: the initiative player turns the first 5 planets face up, starting furthest to his left."""
    state = RS.new_game(setup())
    state, _ = play(state, "initiative", "p2", seat="p2")
    assert state["initiative"] == "p2" and state["starter"] == "p2"
    assert "out_of_step" in codes(state, "reveal_planet", "p1", planet="Tarrus")
    for name in LINE:
        state, _ = play(state, "reveal_planet", "p2", planet=name)
    assert [p["name"] for p in state["line"]] == LINE + [None, None]
    assert [p["face_up"] for p in state["line"]] == [True] * 5 + [False] * 2
    assert state["first_planet"] == 1 and state["step"]["name"] == "mulligan"


def test_a_planet_cannot_be_revealed_twice():
    """Setup: each planet card is dealt once."""
    state = RS.new_game(setup())
    state, _ = play(state, "initiative", "p1", seat="p1")
    state, _ = play(state, "reveal_planet", "p1", planet="Tarrus")
    assert codes(state, "reveal_planet", "p1", planet="Tarrus") == ["bad_planet"]


def test_one_mulligan_each_then_round_one_deploy():
    """Mulligan draw: you must keep your second hand; then the first round begins with the initiative player."""
    state = RS.new_game(setup())
    state, _ = play(state, "initiative", "p2", seat="p2")
    for name in LINE:
        state, _ = play(state, "reveal_planet", "p2", planet=name)
    state, _ = play(state, "mulligan", "p1", take=True)
    assert codes(state, "mulligan", "p1", take=True) == ["one_mulligan"]
    assert state["seats"]["p1"]["hand"] == 7  # a new hand of the same size
    state, _ = play(state, "mulligan", "p2", take=False)
    assert (state["phase"], state["round"], state["step"]["turn"]) == ("deploy", 1, "p2")


def test_nothing_else_before_setup_is_done():
    """Setup comes before the first round."""
    state = RS.new_game(setup())
    assert codes(state, "pass", "p1") == ["out_of_step"]
    assert start()["phase"] == "deploy"
