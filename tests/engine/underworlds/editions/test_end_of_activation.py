"""2018 and 2019: the end of the last action of an activation and the end of that activation are ONE reaction
opportunity, so only one reaction is played there, triggered by either (Shadespire FAQ: "the action and the
activation end simultaneously, so only one reaction can be played"; Dreadfane pg 16: a reaction after the last
action ends the activation, and no 'after an activation' trigger follows)."""
import pytest

from app.engine import registry
from app.engine.core import Event

from .helpers import Table, setup, to_action

CASES = ["underworlds/shadespire", "underworlds/dreadfane"]


def _moved(rid):
    t = Table(registry.get(rid), setup(rid))
    t.start()
    to_action(t)
    t.play("activate", "p1", action="move", fighter="p1.severin")
    return t


@pytest.mark.parametrize("rid", CASES)
def test_after_an_action_then_no_after_an_activation(rid):
    """Ben reacts after Severin's Move (the last action of the activation): neither player can then react
    'after an activation' - only a reaction to that reaction remains."""
    t = _moved(rid)
    t.play("reaction", "p2", step="after_action", name="Sidestep")
    for seat in ("p1", "p2"):
        codes = t.refuse("reaction", seat, step="after_activation", name="Another")
        assert "end_of_activation_used" in codes, (seat, codes)
    window = t.rs.suggest(t.state, "p1").reaction_window
    assert [s["id"] for s in window["steps"]] == ["after_reaction"]


@pytest.mark.parametrize("rid", CASES)
def test_after_an_activation_then_no_after_an_action(rid):
    """The other way round: one reaction 'after an activation' uses the opportunity of the last action too."""
    t = _moved(rid)
    t.play("reaction", "p2", step="after_activation", name="Ready")
    assert "end_of_activation_used" in t.refuse("reaction", "p1", step="after_action", name="Another")


def test_a_charge_move_is_its_own_opportunity():
    """A Charge's Move action is not the last action of the activation (its Attack action follows), so a reaction
    after that Move does not use up the opportunity at the end of the activation (Shadespire FAQ: a reaction
    after the Move action and after the Attack action of a Charge)."""
    rid = "underworlds/shadespire"
    t = Table(registry.get(rid), setup(rid))
    t.start()
    to_action(t)
    t.play("activate", "p1", action="charge", fighter="p1.severin")
    t.play("reaction", "p2", step="after_action", name="Sidestep")
    t.play("attack", "p1", attacker="p1.severin", target="p2.garrek", profile={"name": "Hammer"},
           attack_roll={"fury": 1}, defence_roll={"dodge": 1})
    assert not t.rs.check(t.state, Event("reaction", "p2", {"step": "after_activation", "name": "Ready"}))
