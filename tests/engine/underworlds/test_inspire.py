"""Inspire is offered as what it is in every edition: due (a button of its own) only when the engine sees the
fighter's condition met; a condition in words only is for the players to judge, so it is a secondary Table play.
Deathgorge: Inspire and Advanced rules, Inspire (pg 6); Shadespire: The fighters (pg 13); Dreadfane: Inspire (pg 17)."""
from __future__ import annotations

import pytest

from app.engine import registry

from .editions.helpers import Table, liberator, reaver, to_action

EDITIONS = ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire"]


def _game(ruleset: str) -> Table:
    """Ana: Severin Inspires when an enemy is out of action (the engine checks it); Obryn's condition is in words
    only. Ben: three reavers. At the first activation, Ana's turn."""
    severin = {**liberator("severin", "Severin Steelheart", True), "inspire_condition": {
        "text": "An enemy fighter is out of action.", "check": {"kind": "enemy_out_of_action_at_least", "count": 1}}}
    obryn = {**liberator("obryn", "Obryn the Bold"), "inspire_condition": {
        "text": "After this fighter's Attack action fails.", "check": None}}
    rs = registry.get(ruleset)
    t = Table(rs, {"ruleset": ruleset, "options": {"format": "rivals" if ruleset.endswith("deathgorge") else "standard"},
                   "seats": [{"name": "Ana", "warband": "custom", "fighters": [severin, obryn]},
                             {"name": "Ben", "warband": "custom", "fighters": [reaver("garrek", "Garrek", 4, True),
                                                                              reaver("saek", "Saek"), reaver("targor", "Targor")]}]})
    t.start()
    to_action(t)
    return t


def _inspire(t: Table, seat: str = "p1") -> dict:
    return {s.data["fighter"]: s for s in t.rs.suggest(t.state, seat).suggestions if s.type == "inspire"}


@pytest.mark.parametrize("ruleset", EDITIONS)
def test_no_inspire_is_put_forward_before_any_condition_can_be_seen_met(ruleset):
    """At the first activation nothing is known to be met: Severin (checked, not met) is not offered at all; Obryn
    (words only) is a secondary Table play the players judge, never an Inspire button of its own."""
    t = _game(ruleset)
    offered = _inspire(t)
    assert "p1.severin" not in offered
    obryn = offered["p1.obryn"]
    assert obryn.players_judge and obryn.group == "Table"
    assert "if the table sees its condition met" in obryn.label   # the app did not check it: never "is met"
    assert obryn.to_dict()["players_judge"] is True
    assert not [s for s in offered.values() if not s.players_judge]
    assert "p2.garrek" not in offered          # never another player's fighter


def test_deathgorge_puts_inspire_forward_once_the_engine_sees_the_condition_met():
    """Deathgorge pg 6: a condition met makes the fighter Inspired at the next Inspire step; met while this step is
    open (a card took an enemy out of action), Inspire is offered as due, with no players' judgement asked."""
    t = _game("underworlds/deathgorge")
    assert t.state["minor"], "the Inspire step before the first activation step is open"
    t.kill("p2.saek")
    severin = _inspire(t)["p1.severin"]
    assert not severin.players_judge and severin.group == "Inspire"
    assert "players_judge" not in severin.to_dict()


@pytest.mark.parametrize("ruleset", ["underworlds/dreadfane", "underworlds/shadespire"])
def test_2018_and_2019_rules_inspire_a_checked_condition_at_once(ruleset):
    """Shadespire pg 13, Dreadfane pg 17: the fighter is Inspired as soon as its condition is met, so the engine
    does it and offers nothing; the words-only condition stays the players' call."""
    t = _game(ruleset)
    t.kill("p2.saek")
    assert t.state["fighters"]["p1.severin"]["inspired"]
    offered = _inspire(t)
    assert list(offered) == ["p1.obryn"] and offered["p1.obryn"].players_judge


def test_deathgorge_an_inspire_left_to_the_players_is_entered_during_the_power_step_with_no_pass_first():
    """Deathgorge pg 6: the fighter "will become Inspired at the next Inspire step", which follows the power step.
    Ana's ploy meets Obryn's words-only condition mid power step: she enters his Inspire there and then (offered,
    no Pass first), the power step goes on, and he is Inspired in the Inspire step after it."""
    t = _game("underworlds/deathgorge")
    t.play("player_action", "p1", action="pass")
    t.play("power", "p1", play="ploy")
    assert not t.state["minor"] and t.state["step"] == "power"
    assert "p1.obryn" in _inspire(t)
    t.play("inspire", "p1", fighter="p1.obryn")
    assert not t.state["fighters"]["p1.obryn"]["inspired"]
    assert t.refuse("inspire", "p1", fighter="p1.obryn") == ["already_inspired"]
    assert t.state["step"] == "power"                     # nothing passed: Ben may still play
    t.play("power", "p2", play="ploy")
    t.power_passes()
    assert t.state["fighters"]["p1.obryn"]["inspired"]
    told = [c for c in t.cons if c.type == "inspired"]
    assert [(c.data["fighter"], c.data.get("entered"), c.rule.page) for c in told] == [("p1.obryn", True, 6)]
