"""Shadespire 3-4 player games through the ruleset (Shadespire rulebook, Multiplayer Games, pg 27)."""
from app.engine.underworlds import SHADESPIRE as S

from .helpers import Table, setup


def table(players=4, first="p2", **options):
    t = Table(S, setup("underworlds/shadespire", players, **options))
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first=first)
    return t


def turn_order(t, n):
    seen = []
    for _ in range(n):
        seat = t.state["turn"]["seat"]
        seen.append(seat)
        t.act(seat, player="pass")
    return seen


def test_four_activations_each_and_no_round_skipped():
    """Multiplayer: each player has four activations; all three rounds are played (pg 27)."""
    t = table()
    assert t.state["seats"]["p1"]["activations_left"] == 4
    t.quiet_round("p2")
    assert t.state["round"] == 2
    t.quiet_round("p1")
    assert t.state["round"] == 3


def test_round_one_clockwise_round_two_anticlockwise_round_three_clockwise():
    """Round 1 proceeds clockwise; in round 2 play goes anticlockwise; round 3 clockwise again (pg 27)."""
    t = table(first="p2")
    assert turn_order(t, 5) == ["p2", "p3", "p4", "p1", "p2"]
    t.pass_turns(11)
    assert t.state["phase"] == "end" and t.state["end"]["order"] == ["p2", "p3", "p4", "p1"]
    t.finish_end_phase()
    t.play("roll_off", "p1", purpose="first_turn", first="p2")
    assert turn_order(t, 4) == ["p2", "p1", "p4", "p3"]
    t.pass_turns(12)
    assert t.state["end"]["order"] == ["p2", "p1", "p4", "p3"]
    t.finish_end_phase()
    t.play("roll_off", "p1", purpose="first_turn", first="p2")
    assert turn_order(t, 4) == ["p2", "p3", "p4", "p1"]


def test_every_player_takes_part_in_the_power_step():
    """Multiplayer power step: each player in turn, from the activator, until all pass in succession (pg 27)."""
    t = table(first="p3")
    t.play("player_action", "p3", action="pass")
    assert t.state["power"]["order"] == ["p3", "p4", "p1", "p2"]
    for seat in ("p3", "p4", "p1"):
        t.play("power", seat, play="pass")
    assert t.state["step"] == "power"
    t.play("power", "p2", play="pass")
    assert t.state["step"] == "activation" and t.state["turn"]["seat"] == "p4"


def test_reaction_precedence_from_the_next_player_round_the_table():
    """Multiplayer reactions: the player whose activation is next, then clockwise from them (pg 27)."""
    t = table(first="p1")
    t.play("activate", "p1", action="move", fighter="p1.severin")
    w = t.state["reaction"]
    assert w["order"] == ["p2", "p3", "p4", "p1"]
    t.play("reaction_pass", "p2")
    assert S.suggest(t.state, "p3").reaction_window["may_react"] == ["p3"]


def test_reaction_precedence_follows_round_two_anticlockwise():
    """Round 2: wherever play moves clockwise it goes anticlockwise - reactions too (pg 27)."""
    t = table(first="p1")
    t.quiet_round("p1")
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    t.play("activate", "p1", action="move", fighter="p1.severin")
    assert t.state["reaction"]["order"] == ["p4", "p3", "p2", "p1"]


def test_only_the_warband_that_took_a_fighter_out_gains_the_glory():
    """Multiplayer out of action: only the player whose warband took them out gains a glory point; never for your own."""
    t = table(first="p1")
    t.kill("p2.targor", by="p3")
    t.kill("p4.arnulf", by="p4")
    glory = {s: t.state["seats"][s]["glory"]["unspent"] for s in ("p1", "p2", "p3", "p4")}
    assert glory == {"p1": 0, "p2": 0, "p3": 1, "p4": 0}


def test_three_and_four_player_objective_tokens():
    """Multiplayer: objective tokens 1-7 for three players, 1-9 for four (pg 27)."""
    assert len(table(players=3, first="p1").state["features"]) == 7
    assert len(table(players=4).state["features"]) == 9


def test_seating_option_sets_the_clockwise_order():
    """Seats sit clockwise in the order the setup gives (options.seating)."""
    t = table(first="p1", seating=["p1", "p3", "p2", "p4"])
    assert turn_order(t, 4) == ["p1", "p3", "p2", "p4"]
