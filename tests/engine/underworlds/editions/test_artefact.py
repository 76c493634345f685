"""Capture the Artefact (Shadespire rulebook, Alternative Rules, Capture the Artefact, pg 26)."""
import pytest

from app.engine.core import SetupError
from app.engine.underworlds import DREADFANE
from app.engine.underworlds import SHADESPIRE as S
from app.engine.underworlds.editions import artefact

from .helpers import Table, setup


def table():
    t = Table(S, setup("underworlds/shadespire", artefact=True))
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    return t


def test_the_artefact_is_one_more_objective_token():
    """The Katophrane Artefact is an objective token: rules about objective tokens apply to it."""
    t = table()
    feat = t.state["features"][artefact.KEY]
    assert feat["face"] == "objective" and feat["on_board"] and len(t.state["features"]) == 6
    assert t.state["edition"]["has"]["artefact"]


def test_holder_inspires_and_warband_gains_three_glory_in_each_end_phase():
    """In each end phase the fighter holding the artefact becomes Inspired and their warband gains 3 glory."""
    t = table()
    t.play("position", "p2", fighter="p2.saek", feature=artefact.KEY)
    t.pass_turns(8)
    assert t.state["phase"] == "end"
    assert t.state["fighters"]["p2.saek"]["inspired"]
    assert t.state["seats"]["p2"]["glory"]["unspent"] == 3
    t.finish_end_phase()
    t.quiet_round()
    assert t.state["seats"]["p2"]["glory"]["unspent"] == 6


def test_nothing_when_nobody_holds_it_or_the_holder_is_out_of_action():
    """Only a fighter holding the artefact (standing on it) earns its glory."""
    t = table()
    t.play("position", "p2", fighter="p2.saek", feature=artefact.KEY)
    t.kill("p2.saek")
    t.pass_turns(8)
    assert t.state["seats"]["p2"]["glory"]["unspent"] == 0
    assert t.state["features"][artefact.KEY]["fighter"] is None


def test_holding_the_artefact_counts_in_the_objective_tiebreak():
    """Victory ties count objective tokens held, and the artefact is one."""
    t = table()
    t.play("position", "p1", fighter="p1.severin", feature=artefact.KEY)
    t.play("position", "p2", fighter="p2.saek", feature="1")
    t.play("position", "p2", fighter="p2.garrek", feature="2")
    for _ in range(3):
        t.quiet_round()
    out = S.outcome(t.state)
    assert out["glory"] == {"p1": 9, "p2": 0} and out["winners"] == ["p1"]
    assert out["objectives_held"] == {"p1": 1, "p2": 2}


def test_capture_the_artefact_is_a_shadespire_variant():
    """Capture the Artefact is in the Shadespire book; the Dreadfane rules refuse it."""
    with pytest.raises(SetupError):
        DREADFANE.new_game(setup("underworlds/dreadfane", artefact=True))
