"""Rounds, phases and turns (Deathgorge rulebook, Action phase pg 16; Multiplayer games)."""
from app.engine.core import Event

from .helpers import RS, codes, play, started, take_turn


def test_two_players_take_four_turns_each_alternating():
    """Action phase (pg 16): turns alternate; both players take four turns, then the end phase begins."""
    state = started(2, first="p2")
    seen = []
    while state["phase"] == "action":
        seen.append(state["turn"]["seat"])
        state = take_turn(state)
    assert seen == ["p2", "p1"] * 4
    assert state["phase"] == "end" and state["end"]["order"] == ["p2", "p1"]


def test_three_players_take_three_turns_each_in_order_of_play():
    """Multiplayer games, Game sequence: three players take three turns each, in order of play."""
    state = started(3, first="p2")
    seen = []
    while state["phase"] == "action":
        seen.append(state["turn"]["seat"])
        state = take_turn(state)
    assert seen == ["p2", "p3", "p1"] * 3


def test_four_players_skip_round_two():
    """Multiplayer games, Round 2: in a four-player game round 2 is skipped."""
    state = started(4)
    while state["phase"] == "action":
        state = take_turn(state)
    for seat in state["end"]["order"][:-1]:
        state, cons = play(state, "end_phase_done", seat)
    state, cons = RS.apply(state, Event("end_phase_done", state["end"]["order"][-1], {}))
    skipped = next(c for c in cons if c.type == "round_skipped")
    assert skipped.data == {"round": 2, "players": 4, "rounds": [1, 3]} and state["round"] == 3
    assert skipped.rule.startswith("Deathgorge") and "Round 2" in skipped.rule   # the phone says why, citing it


def test_not_your_turn():
    """Action phase (pg 16): only the player whose turn it is takes the activation."""
    state = started(2, first="p1")
    assert "not_your_turn" in codes(state, "player_action", "p2", action="pass")


def test_activation_step_then_power_step_then_next_turn():
    """Steps of a turn (pg 16): activation step, then power step, then the other player's turn."""
    state = started(2)
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.minion")
    assert state["step"] == "power" and state["power"]["order"] == ["p1", "p2"]
    assert "not_activation_step" in codes(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "power", "p1", play="pass")
    state, cons = play(state, "power", "p2", play="pass")
    assert "power_step_ends" in cons and state["turn"]["seat"] == "p2" and state["step"] == "activation"


def test_power_step_passes_must_be_in_succession():
    """Power step (pg 29): players alternate until both pass in succession."""
    state = started(2)
    state, _ = play(state, "player_action", "p1", action="pass")
    state, _ = play(state, "power", "p1", play="pass")
    state, _ = play(state, "power", "p2", play="ploy")
    assert state["step"] == "power" and state["power"]["next"] == 0
    assert "not_your_go" in codes(state, "power", "p2", play="pass")
    state, _ = play(state, "power", "p1", play="pass")
    state, cons = play(state, "power", "p2", play="pass")
    assert "power_step_ends" in cons


def test_multiplayer_power_step_only_current_and_next_player():
    """Multiplayer games, Power step: only the player whose turn it is and the next in order of play take part."""
    state = started(3, first="p3")
    state, _ = play(state, "player_action", "p3", action="pass")
    assert state["power"]["order"] == ["p3", "p1"]
    assert "not_in_power_step" in codes(state, "power", "p2", play="pass")


def test_round_three_ends_the_game():
    """Play on rounds 2 and 3 (pg 38): after round 3's end phase the game ends."""
    state = started(2)
    for _ in range(3):
        while state["phase"] == "action":
            state = take_turn(state)
        for seat in list(state["end"]["order"]):
            state, cons = play(state, "end_phase_done", seat)
        if state["phase"] == "action":
            state, _ = play(state, "roll_off", "p1", purpose="first_turn", first="p1")
    # Nobody scored and both warbands stand: what each holds decides, so the players are asked first (held.py).
    assert state["step"] == "held" and "held_asked" in cons
    state, cons = play(state, "objectives_held", "p1", held={"p1": 0, "p2": 0})
    assert state["phase"] == "over" and "game_over" in cons
    assert RS.outcome(state)["decided_by"] == "draw"
