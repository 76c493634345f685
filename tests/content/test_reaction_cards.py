"""Reaction cards from content reach the engine: a seat's deck from content makes its reaction cards
suggested in the matching reaction step, and the reaction is accepted (all three Underworlds rulesets)."""
from __future__ import annotations

import pytest

from app import content
from app.engine import registry
from app.engine.core import Event

RULESETS = ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire"]


def play(rs, state, type_, by, **data):
    event = Event(type_, by, data)
    blocked = rs.judge(state, event).blocked
    assert not blocked, [v.to_dict() for v in blocked]
    return rs.apply(state, event)[0]


def _setup_event(suggestions, seat, first):
    for s in suggestions:
        if s.type == "roll_off":
            return Event("roll_off", seat, {**s.data, "first": first if s.data.get("purpose") == "first_turn"
                                            else seat})
        if s.type == "do_over" and s.data.get("choice") == "none":
            return Event("do_over", seat, s.data)
        if s.type == "deployed":
            return Event("deployed", seat, {"finished_first": seat})
        if s.type == "hazard" and s.complete:
            return Event("hazard", seat, s.data)
    return None


def started(rs, first: str) -> dict:
    """Garrek's Reavers (p1) against Steelheart's Champions (p2), each with its Shadespire cards from
    content, played through set up (and the Dreadfane hazard phase) to `first`'s activation step."""
    ruleset = rs.id
    options = {"format": "rivals"}
    if ruleset == "underworlds/deathgorge":
        # Shadespire cards are not a Rivals deck (Deathgorge rulebook, The decks, pg 7): the table agrees to play them.
        options["deck_override"] = {"reason": "our Shadespire cards"}
    setup = content.expand_setup(ruleset, {"ruleset": ruleset, "options": options, "seats": [
        {"name": "Ana", "warband": "garreks-reavers", "deck": "garreks-reavers-shadespire"},
        {"name": "Ben", "warband": "steelhearts-champions", "deck": "steelhearts-champions-shadespire"}]})
    state = rs.new_game(setup)
    for _ in range(60):
        if state["phase"] == "action" and state["step"] == "activation":
            assert state["turn"]["seat"] == first
            return state
        event = None
        for seat in state["order"]:
            event = _setup_event(rs.suggest(state, seat).suggestions, seat, first)
            if event:
                break
        assert event is not None, f"stuck at {state['phase']}/{state['step']}"
        state = play(rs, state, event.type, event.by, **event.data)
    raise AssertionError("set up did not finish")


def offered(rs, state, seat, card):
    """Is `card` offered to `seat` as a reaction now? Others pass first where the edition gives them precedence."""
    for _ in range(4):
        labels = [s.label for s in rs.suggest(state, seat).suggestions if s.type == "reaction"]
        if f"React: {card}" in labels:
            return state, True
        others = [o for o in state["order"] if o != seat and state.get("reaction")
                  and any(s.type == "reaction_pass" for s in rs.suggest(state, o).suggestions)]
        if not others:
            return state, False
        state = play(rs, state, "reaction_pass", others[0])
    return state, False


@pytest.mark.parametrize("ruleset", RULESETS)
def test_tireless_assault_is_offered_after_a_failed_attack(ruleset):
    """Tireless Assault (after a friendly fighter's failed Attack action) is offered after the attack."""
    rs = registry.get(ruleset)
    state = started(rs, "p2")
    state = play(rs, state, "activate", "p2", action="attack", fighter="p2.severin-steelheart")
    state = play(rs, state, "attack", "p2", attacker="p2.severin-steelheart", target="p1.garrek-gorebeard",
                 profile={"name": "Broadsword"}, attack_roll={"dice": 2, "fury": 2},
                 defence_roll={"dice": 1, "dodge": 1})
    state, ok = offered(rs, state, "p2", "Tireless Assault")
    assert ok
    state = play(rs, state, "reaction", "p2", step="after_attack", name="Tireless Assault", card="Tireless Assault")
    assert state["reaction"] is None or state["reaction"]["chain"][0]["name"] == "Tireless Assault"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_skulls_for_the_skull_throne_after_taking_a_fighter_out(ruleset):
    """A Bloodreaver ploy reacting after a friendly Attack action takes an enemy out of action (its
    reaction_when) is offered to its player once the attack does, and not before."""
    rs = registry.get(ruleset)
    state = started(rs, "p1")
    survived = play(rs, state, "activate", "p1", action="attack", fighter="p1.blooded-saek")
    survived = play(rs, survived, "attack", "p1", attacker="p1.blooded-saek", target="p2.obryn-the-bold",
                    profile={"name": "Great Axe"}, attack_roll={"dice": 2, "crit": 2},
                    defence_roll={"dice": 1, "dodge": 1})
    assert not survived["fighters"]["p2.obryn-the-bold"]["out"]
    assert not offered(rs, survived, "p1", "Skulls for the Skull Throne!")[1]
    state = play(rs, state, "damage", "p1", fighter="p2.obryn-the-bold", amount=3, source="card")
    state = play(rs, state, "activate", "p1", action="attack", fighter="p1.blooded-saek")
    state = play(rs, state, "attack", "p1", attacker="p1.blooded-saek", target="p2.obryn-the-bold",
                 profile={"name": "Great Axe"}, attack_roll={"dice": 2, "crit": 2},
                 defence_roll={"dice": 1, "dodge": 1})
    assert state["fighters"]["p2.obryn-the-bold"]["out"]
    state, ok = offered(rs, state, "p1", "Skulls for the Skull Throne!")
    assert ok
    play(rs, state, "reaction", "p1", step="after_attack", name="Skulls for the Skull Throne!",
         card="Skulls for the Skull Throne!")


def test_reaction_card_in_the_wrong_step_is_refused():
    """A content card names its reaction step, so the engine refuses it in another step."""
    rs = registry.get("underworlds/deathgorge")
    state = started(rs, "p2")
    state = play(rs, state, "activate", "p2", action="move", fighter="p2.obryn-the-bold")
    codes = [v.code for v in rs.check(state, Event("reaction", "p2", {
        "step": "after_action", "name": "Tireless Assault", "card": "Tireless Assault"}))]
    assert "wrong_reaction_step" in codes
