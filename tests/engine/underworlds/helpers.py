"""Helpers for Underworlds rule tests: a small game driven to a chosen point with real events."""
from __future__ import annotations

import pytest

from app.engine import registry
from app.engine.core import Event
from tests.support.play import underworlds_setup

RS = registry.get("underworlds/deathgorge")


def ev(type_, by, **data) -> Event:
    """An event without override."""
    return Event(type_, by, data)


def play(state, type_, by, override=None, **data):
    """Check (must be legal unless overridden) and apply; returns (state, consequence types)."""
    e = Event(type_, by, data, override={"reason": override} if override else None)
    blocked = RS.judge(state, e).blocked
    assert not blocked, [v.to_dict() for v in blocked]
    state, cons = RS.apply(state, e)
    return state, [c.type for c in cons]


def codes(state, type_, by, **data) -> list[str]:
    """Violation codes of an event."""
    return [v.code for v in RS.check(state, Event(type_, by, data))]


def started(players: int = 2, first: str = "p1", setup: dict | None = None) -> dict:
    """A game through set up, at the first turn's activation step (first takes the first turn)."""
    state = RS.new_game(setup or underworlds_setup(players))
    state, _ = play(state, "roll_off", "p1", purpose="boards", first="p1")
    for seat in state["order"]:
        state, _ = play(state, "do_over", seat, choice="none")
    state, _ = play(state, "roll_off", "p1", purpose="deployment", first="p1")
    state, _ = play(state, "deployed", "p1", finished_first="p2")
    state, _ = play(state, "roll_off", "p1", purpose="first_turn", first=first)
    return state


def pass_power(state):
    """Everyone taking part passes: the power step ends."""
    while state["step"] == "power":
        p = state["power"]
        state, _ = play(state, "power", p["order"][p["next"]], play="pass")
    return state


def take_turn(state, action="pass"):
    """The active player makes a player action, then the power step passes."""
    state, _ = play(state, "player_action", state["turn"]["seat"], action=action)
    return pass_power(state)


HIT = {"smash": 2}


def attack(state, att="p1.leader", tgt="p2.minion", profile="Blade", roll=None, defence=None, **extra):
    """An attack by `att` on `tgt` (a hit and one block by default), applied; returns (state, consequence types)."""
    return play(state, "attack", att.split(".")[0], attacker=att, target=tgt, profile={"name": profile},
                attack_roll=roll or HIT, defence_roll=defence or {"block": 1}, **extra)


__all__ = ["RS", "ev", "play", "codes", "started", "pass_power", "take_turn", "HIT", "attack", "pytest"]


def to_end_phase(state):
    """Every player passes their activations (and power steps) until the end phase begins."""
    while state["phase"] == "action":
        state, _ = play(state, "player_action", state["turn"]["seat"], action="pass")
        state = pass_power(state)
    return state
