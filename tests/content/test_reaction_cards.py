"""Reaction cards from content reach the engine: a seat's deck from content makes its reaction cards
suggested in the matching reaction step, and the reaction is accepted (underworlds/deathgorge)."""
from __future__ import annotations

from app import content
from app.engine import registry
from app.engine.core import Event

RULESET = "underworlds/deathgorge"
RS = registry.get(RULESET)


def play(state, type_, by, **data):
    event = Event(type_, by, data)
    blocked = RS.blocking(state, event)
    assert not blocked, [v.to_dict() for v in blocked]
    return RS.apply(state, event)[0]


def started(first: str) -> dict:
    setup = content.expand_setup(RULESET, {"ruleset": RULESET, "options": {"format": "rivals"}, "seats": [
        {"name": "Ana", "warband": "garreks-reavers", "deck": "garreks-reavers-shadespire"},
        {"name": "Ben", "warband": "steelhearts-champions", "deck": "steelhearts-champions-shadespire"}]})
    state = RS.new_game(setup)
    state = play(state, "roll_off", "p1", purpose="boards", first="p1")
    for seat in state["order"]:
        state = play(state, "do_over", seat, choice="none")
    state = play(state, "roll_off", "p1", purpose="deployment", first="p1")
    state = play(state, "deployed", "p1", finished_first="p2")
    return play(state, "roll_off", "p1", purpose="first_turn", first=first)


def reaction_labels(state, seat):
    return [s.label for s in RS.suggest(state, seat).suggestions if s.type == "reaction"]


def test_tireless_assault_is_offered_after_a_failed_attack():
    """Tireless Assault (after a friendly fighter's failed Attack action) is offered after the attack."""
    state = started("p2")
    state = play(state, "activate", "p2", action="attack", fighter="p2.severin-steelheart")
    state = play(state, "attack", "p2", attacker="p2.severin-steelheart", target="p1.garrek-gorebeard",
                 profile={"name": "Broadsword"}, attack_roll={"dice": 2, "fury": 2},
                 defence_roll={"dice": 1, "dodge": 1})
    assert "React: Tireless Assault" in reaction_labels(state, "p2")
    state = play(state, "reaction", "p2", step="after_attack", name="Tireless Assault", card="Tireless Assault")
    assert state["reaction"]["chain"][0]["name"] == "Tireless Assault"


def test_skulls_for_the_skull_throne_after_taking_a_fighter_out():
    """A Bloodreaver ploy reacting after an Attack action is offered to its player."""
    state = started("p1")
    state = play(state, "activate", "p1", action="attack", fighter="p1.blooded-saek")
    state = play(state, "attack", "p1", attacker="p1.blooded-saek", target="p2.obryn-the-bold",
                 profile={"name": "Great Axe"}, attack_roll={"dice": 2, "crit": 2},
                 defence_roll={"dice": 1, "dodge": 1})
    labels = reaction_labels(state, "p1")
    assert "React: Skulls for the Skull Throne!" in labels and "React: Boon of Khorne" in labels
    state = play(state, "reaction", "p1", step="after_attack", name="Skulls for the Skull Throne!",
                 card="Skulls for the Skull Throne!")
    assert state["reaction"]["chain"][-1]["card"] == "Skulls for the Skull Throne!"


def test_reaction_card_in_the_wrong_step_is_refused():
    """A content card names its reaction step, so the engine refuses it in another step."""
    state = started("p2")
    state = play(state, "activate", "p2", action="move", fighter="p2.obryn-the-bold")
    codes = [v.code for v in RS.check(state, Event("reaction", "p2", {
        "step": "after_action", "name": "Tireless Assault", "card": "Tireless Assault"}))]
    assert "wrong_reaction_step" in codes
