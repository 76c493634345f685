"""The 2019 rules (underworlds/dreadfane): each difference from the current rules, with its source."""
import pytest

from app.engine.core import Event, SetupError
from app.engine.underworlds import DREADFANE as D

from .helpers import Table, setup, to_action


def table():
    t = Table(D, setup("underworlds/dreadfane"))
    t.start()
    return t


def test_two_players_only():
    """Dreadfane pg 2: a game for two players."""
    with pytest.raises(SetupError):
        D.new_game(setup("underworlds/dreadfane", 3))


def test_each_round_begins_with_a_hazard_phase_drawing_the_round_number():
    """Dreadfane pg 9: hazard phase before the action phase; draw and resolve as many cards as the round number."""
    t = table()
    assert t.state["phase"] == "hazard" and t.state["edition"]["has"]["hazard_phase"]
    assert t.refuse("roll_off", "p1", purpose="first_turn", first="p1") == ["hazard_phase", "not_now"]  # its own step too
    assert t.refuse("hazard", "p1", action="end") == ["hazards_left_to_draw"]
    t.play("hazard", "p1", action="draw", card="Collapsing Floor")
    assert t.refuse("hazard", "p1", action="draw") == ["hazards_all_drawn"]
    t.play("hazard", "p1", action="end")
    assert t.state["phase"] == "action" and t.state["step"] == "roll_off"
    t.quiet_round()
    assert t.state["round"] == 2 and t.state["phase"] == "hazard"
    t.play("hazard", "p2", action="draw")
    assert t.refuse("hazard", "p2", action="end") == ["hazards_left_to_draw"]
    t.play("hazard", "p2", action="draw")
    t.play("hazard", "p2", action="end")
    assert t.state["hazards"]["deck"] == 17


def test_hazard_cards_stay_in_effect_until_discarded():
    """Dreadfane pg 9: without a stated discard a hazard lasts the game; discards can come before the next draw."""
    t = table()
    t.play("hazard", "p1", action="draw", card="Shifting Walls")
    t.play("hazard", "p1", action="end")
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    assert [a["card"] for a in t.state["hazards"]["active"]] == ["Shifting Walls"]
    assert t.refuse("hazard", "p1", action="discard", card="Shifting Walls") == ["not_hazard_phase"]
    t.pass_turns(8)
    t.finish_end_phase()
    t.play("hazard", "p1", action="discard", card="Shifting Walls")   # at the start of the hazard phase
    assert t.state["hazards"]["active"] == [] and t.state["hazards"]["discarded"] == ["Shifting Walls"]
    assert t.refuse("hazard", "p1", action="draw", card="Shifting Walls") == ["hazard_already_drawn"]


def test_hazard_damage_is_dealt_by_the_hazard_and_still_worth_two_glory():
    """Dreadfane pg 13: a hazard card deals its damage; the other warband's player gains two glory regardless."""
    t = table()
    t.play("hazard", "p1", action="draw", card="Falling Masonry")
    cons = t.play("damage", "p1", fighter="p2.targor", amount=2, source="hazard")
    dealt = next(c for c in cons if c.type == "damage_dealt")
    assert dealt.data["by"] is None and "hazard card" in dealt.rule
    assert t.state["seats"]["p1"]["glory"]["unspent"] == 2


def test_two_glory_for_any_fighter_out_of_action_whoever_dealt_the_damage():
    """Dreadfane pg 13: the other warband's player gains two glory points, regardless of what dealt the damage."""
    t = table()
    to_action(t)
    t.kill("p1.obryn", by="p1")
    assert t.state["seats"]["p2"]["glory"]["unspent"] == 2


def test_a_wiped_out_warband_ends_the_game_in_the_action_phase():
    """Dreadfane pg 19: if one warband is entirely taken out of action during the action phase, the game ends."""
    t = table()
    to_action(t)
    for f in ("p1.severin", "p1.angharad"):
        t.kill(f, by="p2")
    assert t.state["phase"] == "action"
    cons = t.kill("p1.obryn", by="p2")
    assert t.state["phase"] == "over" and cons[-1].type == "game_over"
    out = D.outcome(t.state)
    assert out["winners"] == ["p2"] and out["decided_by"] == "wipe_out" and out["ended_by"] == "wipe_out"


def test_wiped_out_in_the_hazard_phase_the_phase_is_completed_first():
    """Dreadfane pg 19: wiped out during a hazard phase - complete the hazard phase, then the game ends."""
    t = table()
    t.play("damage", "p1", fighter="p1.severin", amount=4, source="hazard")
    t.play("damage", "p1", fighter="p1.angharad", amount=4, source="hazard")
    t.play("damage", "p1", fighter="p1.obryn", amount=4, source="hazard")
    assert t.state["phase"] == "hazard"
    t.play("hazard", "p1", action="draw")
    t.play("hazard", "p1", action="end")
    assert t.state["phase"] == "over"
    assert D.outcome(t.state)["winners"] == ["p2"]


def test_both_wiped_out_in_the_same_hazard_phase_most_glory_wins():
    """Dreadfane pg 19: both warbands out in the same hazard phase - the greatest number of glory points wins."""
    t = table()
    for f in ("p1.severin", "p1.angharad", "p1.obryn"):
        t.play("damage", "p1", fighter=f, amount=4, source="hazard")      # p2: 6 glory
    for f in ("p2.garrek", "p2.karsus", "p2.saek", "p2.targor", "p2.arnulf"):
        t.play("damage", "p1", fighter=f, amount=4, source="hazard")      # p1: 10 glory
    t.play("hazard", "p1", action="draw")
    t.play("hazard", "p1", action="end")
    out = D.outcome(t.state)
    assert out["winners"] == ["p1"] and out["decided_by"] == "glory"


def test_objective_hexes_are_printed_and_cannot_be_moved_or_flipped():
    """Dreadfane pg 6: five objective hexes printed on the board, held by standing in them."""
    t = table()
    to_action(t)
    assert "objective_hex" in t.refuse("feature", "p1", feature="3", action="flip")
    t.play("position", "p1", fighter="p1.severin", feature="3")
    assert t.state["edition"]["has"]["objective_hexes"]


def test_tie_on_glory_goes_to_the_most_objective_hexes_held():
    """Dreadfane pg 19: neither warband wiped out, tied glory - whoever controls the most objective hexes wins."""
    t = table()
    t.play("position", "p2", fighter="p2.garrek", feature="1")
    t.play("position", "p2", fighter="p2.saek", feature="2")
    t.play("position", "p1", fighter="p1.severin", feature="5")
    to_action(t)
    for _ in range(3):
        t.finish_end_phase() if t.state["phase"] == "end" else None
        if t.state["phase"] == "hazard":
            to_action(t)
        t.quiet_round()
    out = D.outcome(t.state)
    assert out["winners"] == ["p2"] and out["decided_by"] == "objectives_held"


def test_reacting_to_a_reaction_precedence_goes_to_the_other_player():
    """Dreadfane pg 16: precedence for a reaction to a reaction goes to the opponent of the last player to react."""
    t = table()
    to_action(t)
    t.play("activate", "p1", action="move", fighter="p1.severin")
    t.play("reaction", "p2", step="after_action", name="Sidestep")
    window = D.suggest(t.state, "p1").reaction_window
    assert window["may_react"] == ["p1"]
    assert t.refuse("reaction", "p2", step="after_reaction", name="Another") == ["reaction_precedence"]
    t.play("reaction", "p1", step="after_reaction", name="Counter")
    assert D.suggest(t.state, "p2").reaction_window["may_react"] == ["p2"]


def test_a_charge_token_stops_activation():
    """Dreadfane pg 14: a fighter with one or more Charge tokens cannot be activated."""
    t = table()
    to_action(t)
    for fid in ("p1.severin", "p1.angharad", "p1.obryn"):
        t.play("token", "p1", fighter=fid, token="charge", action="give")
    assert t.refuse("activate", "p1", action="guard", fighter="p1.obryn") == ["charge_token"]


def test_surge_objective_scored_after_the_activation_with_optional_draw():
    """Dreadfane pg 19: a surge objective is scored after the activation; the player can then draw another."""
    t = table()
    to_action(t)
    t.play("activate", "p1", action="guard", fighter="p1.severin")
    t.play("objective", "p1", action="score", glory=1)
    assert t.state["seats"]["p1"]["glory"]["unspent"] == 1 and t.state["seats"]["p1"]["hand"]["objectives"] == 3


def test_surge_objective_drawn_waits_for_an_action_reaction_or_ploy():
    """Dreadfane pg 19: a surge objective drawn this way is scored only after a later action, reaction or ploy."""
    t = table()
    to_action(t)
    t.play("activate", "p1", action="guard", fighter="p1.severin")
    for _ in range(3):
        t.play("objective", "p1", action="score", glory=1)
    assert t.refuse("objective", "p1", action="score", glory=1) == ["just_drawn"]
    t.play("power", "p1", play="ploy")
    t.play("objective", "p1", action="score", glory=1)


def test_precedence_after_a_reaction_survives_events_that_keep_the_window_open():
    """Dreadfane pg 16: after a reaction the other player has precedence - entering a fighter's position
    (which leaves the reaction window open) does not hand it back."""
    t = table()
    to_action(t)
    t.play("activate", "p1", action="move", fighter="p1.severin")
    t.play("reaction", "p2", step="after_action", name="Sidestep")
    t.play("position", "p2", fighter="p2.garrek", feature="2")
    assert D.suggest(t.state, "p1").reaction_window["may_react"] == ["p1"]


def test_scything_with_two_targets_is_a_superaction_inspire_comes_after_it():
    """Dreadfane pg 14: Scything against more than one adjacent enemy is a superaction; an Inspire condition met
    during a superaction Inspires the fighter only after the superaction (pg 14, 17)."""
    data = setup("underworlds/dreadfane")
    sev = data["seats"][0]["fighters"][0]
    sev["profiles"] = [{"name": "Mighty Swing", "range": 1, "dice": 2, "symbol": "smash", "damage": 2,
                        "keywords": ["scything"]}]
    sev["inspire_condition"] = {"text": "an enemy fighter is out of action",
                                "check": {"kind": "enemy_out_of_action_at_least", "count": 1}}
    t = Table(D, data)
    t.start()
    to_action(t)
    t.play("activate", "p1", action="attack", fighter="p1.severin", attacks=2)
    t.play("attack", "p1", attacker="p1.severin", target="p2.targor", profile={"name": "Mighty Swing"},
           attack_roll={"smash": 2}, defence_roll={})
    assert t.state["fighters"]["p2.targor"]["out"] and not t.state["fighters"]["p1.severin"]["inspired"]
    cons = t.play("attack", "p1", attacker="p1.severin", target="p2.arnulf", profile={"name": "Mighty Swing"},
                  attack_roll={"smash": 1}, defence_roll={"dodge": 1})
    assert t.state["fighters"]["p1.severin"]["inspired"]
    assert [c.data["fighter"] for c in cons if c.type == "inspired"] == ["p1.severin"]


def test_an_override_in_the_hazard_phase_lifts_the_phase_only():
    """Dreadfane pg 9: the hazard phase comes first; a table may agree to enter something else meanwhile, but not an
    Attack action that is not pending or an end phase that is not on."""
    t = table()
    override = {"reason": "the table agreed"}
    for type_, code in (("abandon", "nothing_pending"), ("end_phase_done", "not_now")):
        event = Event(type_, "p1", {}, override=override)
        assert [v.code for v in D.check(t.state, event)] == ["hazard_phase", code]
        assert [v.code for v in D.judge(t.state, event).blocked] == [code]


def test_during_a_charge_no_inspire_nor_surge_objective_until_it_is_resolved():
    """Dreadfane, Superactions (pg 14) and Inspire (pg 17): a fighter whose Inspire condition is met during a
    superaction is Inspired only after it, and a surge objective met during it is scored after it is resolved.
    Between a Charge's Move and its Attack action, neither an Inspire nor a surge objective is accepted; once the
    attack is entered, both are. A plain Attack action (no superaction) is not held up by this rule."""
    t = table()
    to_action(t)
    t.play("activate", "p1", action="charge", fighter="p1.severin")
    assert t.refuse("inspire", "p1", fighter="p1.obryn") == ["after_superaction"]
    assert t.refuse("objective", "p1", action="score", glory=1) == ["after_superaction"]
    offered = {s.type for s in D.suggest(t.state, "p1").suggestions}
    assert "inspire" not in offered and "objective" not in offered
    violation = D.check(t.state, Event("inspire", "p1", {"fighter": "p1.obryn"}))[0]
    assert "Superactions" in violation.rule and "14" in violation.rule and violation.overridable
    t.play("attack", "p1", attacker="p1.severin", target="p2.targor", profile={"name": "Hammer"},
           attack_roll={"smash": 1}, defence_roll={"dodge": 1})
    t.play("objective", "p1", action="score", glory=1)
    t.play("inspire", "p1", fighter="p1.obryn")
    assert t.state["fighters"]["p1.obryn"]["inspired"]


def test_a_single_attack_action_is_no_superaction():
    """Only a Charge, or Scything at two or more targets, is a superaction (pg 14)."""
    t = table()
    to_action(t)
    t.play("activate", "p1", action="attack", fighter="p1.severin")
    assert "after_superaction" not in t.refuse("inspire", "p1", fighter="p1.obryn")
