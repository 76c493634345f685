"""A game that ends tied on glory with fighters left on both sides asks the players what they hold, and is decided
by the book: Deathgorge rulebook, Victory (pg 39): the highest combined value of objectives held; Shadespire, Victory
(pg 25): the greatest number of objective tokens; Dreadfane, Victory (pg 19): the most objective hexes."""
import pytest

from app.engine import registry
from app.engine.core import Event

from .every_edition import new, play, to_end_phase, to_first_turn

EDITIONS = ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire"]


def to_last_end(rs, state):
    """Three quiet rounds (nothing scored, nobody out of action): after the last end phase."""
    return quiet_rounds(rs, to_first_turn(rs, state))


def quiet_rounds(rs, state):
    """From the first turn, the rounds played with every activation passed."""
    state = to_end_phase(rs, state)
    while state["phase"] == "end" and state["step"] == "end":
        state, _ = play(rs, state, "end_phase_done", state["end"]["order"][state["end"]["i"]])
        if state["phase"] == "hazard":
            while state["phase"] == "hazard":
                action = "draw" if state["hazards"]["drawn"] < state["round"] else "end"
                state, _ = play(rs, state, "hazard", "p1", action=action)
        if state["phase"] == "action":
            state, _ = play(rs, state, "roll_off", "p1", purpose="first_turn", first="p1")
            state = to_end_phase(rs, state)
    return state


@pytest.mark.parametrize("rid", EDITIONS)
def test_a_glory_tie_with_fighters_on_both_sides_asks_what_is_held_and_decides_by_it(rid):
    rs, state = new(rid, 2)
    state = to_last_end(rs, state)
    assert state["phase"] == "end" and state["step"] == "held" and rs.outcome(state) is None
    advice = rs.suggest(state, "p2")
    assert advice.waiting_for == ["p1", "p2"]
    offer = [s for s in advice.suggestions if s.type == "objectives_held"]
    assert len(offer) == 1 and set(offer[0].bounds) == {"held.p1", "held.p2"}
    assert ("how many" in offer[0].label) is (rid != "underworlds/deathgorge")   # a count in 2018/2019, else value
    state, cons = play(rs, state, "objectives_held", "p2", held={"p1": 1, "p2": 3})
    assert "game_over" in [c.type for c in cons]
    out = rs.outcome(state)
    assert out["winners"] == ["p2"] and not out["draw"]
    assert out["decided_by"] in ("objective_value", "objectives_held")
    assert "Victory" in [c for c in cons if c.type == "game_over"][0].rule


@pytest.mark.parametrize("rid", EDITIONS)
def test_the_same_held_is_still_a_draw(rid):
    rs, state = new(rid, 2)
    state = to_last_end(rs, state)
    state, _ = play(rs, state, "objectives_held", "p1", held={"p1": 2, "p2": 2})
    assert rs.outcome(state)["draw"] is True


def test_what_is_held_is_asked_only_at_the_end_of_a_tie_and_only_for_the_tied_players_in_bounds():
    rs, state = new("underworlds/deathgorge", 2)
    codes = lambda st, held: [v.code for v in rs.check(st, Event("objectives_held", "p1", {"held": held}))]  # noqa: E731
    assert codes(to_first_turn(rs, state), {"p1": 1, "p2": 0}) == ["not_now"]
    end = to_last_end(rs, state)
    assert codes(end, {"p1": 1}) == ["held_for_tied"]
    assert codes(end, {"p1": 1, "p2": 21}) == ["out_of_range"]   # the catalogue bounds every number
    assert codes(end, {"p1": 1, "p2": 0, "p3": 0}) != []
    assert codes(end, {"p1": 1, "p2": 0}) == []


def test_a_game_won_on_glory_asks_nothing():
    rs = registry.get("underworlds/deathgorge")
    _, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "glory_adjust", "p1", seat="p1", unspent=1, spent=0, reason="a card")
    state = quiet_rounds(rs, state)
    assert state["phase"] == "over" and rs.outcome(state)["decided_by"] == "glory"
