"""The hazard deck and phase as data (Dreadfane rulebook, Hazard phase, pg 9; The decks, pg 3)."""
from app.engine.core import Event
from app.engine.underworlds.editions import hazards


def state(round_no=1, **hz):
    return {"phase": "hazard", "round": round_no, "hazards": {**hazards.new_hazards(), **hz}}


def test_a_round_draws_as_many_hazard_cards_as_its_number():
    """Hazard phase: draw a number of hazard cards equal to the round number."""
    assert hazards.to_draw(state(1)) == 1
    assert hazards.to_draw(state(3)) == 3
    assert hazards.to_draw(state(3, drawn=2)) == 1


def test_an_empty_hazard_deck_cannot_be_drawn_from():
    """The decks: a 20-card hazard deck; an exhausted deck draws nothing more."""
    st = state(3, deck=1)
    assert hazards.to_draw(st) == 1
    st = state(3, deck=0, drawn=1)
    assert hazards.to_draw(st) == 0
    assert [v.code for v in hazards.check(st, Event("hazard", "p1", {"action": "draw"}))] == ["hazard_deck_empty"]


def test_unnamed_cards_are_labelled_for_a_later_discard():
    """A hazard card lasts until discarded; an unnamed one is named by its place in the draw order."""
    st = state(2)
    hazards.apply(st, Event("hazard", "p1", {"action": "draw"}))
    hazards.apply(st, Event("hazard", "p1", {"action": "draw", "card": "Spinning Blades"}))
    assert [a["card"] for a in st["hazards"]["active"]] == ["Hazard 1", "Spinning Blades"]
    assert hazards.check(st, Event("hazard", "p1", {"action": "discard", "card": "Hazard 1"})) == []


def test_hazard_events_only_in_the_hazard_phase():
    """Hazard cards are drawn and resolved in the hazard phase."""
    st = state(1)
    st["phase"] = "action"
    assert [v.code for v in hazards.check(st, Event("hazard", "p1", {"action": "draw"}))] == ["not_hazard_phase"]
