"""Helpers for rule tests run in every Underworlds edition: a game of any edition driven by its own ruleset (the
ruleset passed along, where tests/engine/underworlds/helpers.py drives Deathgorge only)."""
from app.engine import registry
from app.engine.core import Event
from app.engine.underworlds.setup import do_over_seat
from tests.support.play import edition_setup, underworlds_setup


def new(rid: str, players: int):
    """The ruleset `rid` and a new game of it for `players` (the sample set-up of its edition)."""
    rs = registry.get(rid)
    setup = underworlds_setup(players) if rid.endswith("deathgorge") else edition_setup(rid, players)
    return rs, rs.new_game(setup)


def play(rs, state, type_, by, **data):
    """Check (must be legal) and apply; returns (state, consequences)."""
    e = Event(type_, by, data)
    assert not rs.judge(state, e).blocked, [v.to_dict() for v in rs.judge(state, e).blocked]
    return rs.apply(state, e)


def to_first_turn(rs, state):
    """Set up, hazard phase (Dreadfane) and the roll-off: p1 takes the first turn."""
    state, _ = play(rs, state, "roll_off", "p1", purpose="boards", first="p1")
    while state["step"] == "do_overs":
        state, _ = play(rs, state, "do_over", do_over_seat(state), choice="none")
    state, _ = play(rs, state, "roll_off", "p1", purpose="deployment", first="p1")
    state, _ = play(rs, state, "deployed", "p1", finished_first="p1")
    while state["phase"] == "hazard":
        action = "draw" if state["hazards"]["drawn"] < state["round"] else "end"
        state, _ = play(rs, state, "hazard", "p1", action=action)
    state, _ = play(rs, state, "roll_off", "p1", purpose="first_turn", first="p1")
    return state


def to_end_phase(rs, state):
    """Every activation passed, and the last power step: the end phase begins with p1's sequence."""
    while state["phase"] == "action":
        seat = state["turn"]["seat"]
        state, _ = play(rs, state, "player_action", seat, action="pass")
        while state["step"] == "power":
            p = state["power"]
            state, _ = play(rs, state, "power", p["order"][p["next"]], play="pass")
    return state
