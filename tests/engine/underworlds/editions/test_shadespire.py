"""The 2018 rules (underworlds/shadespire): each difference from the current rules, with its source."""
import pytest

from app.engine.core import Event, SetupError
from app.engine.underworlds import SHADESPIRE as S

from .helpers import Table, setup


def table(players=2, **options):
    t = Table(S, setup("underworlds/shadespire", players, **options))
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    return t


def test_activations_have_no_stun_or_barge_and_power_step_no_spells_delve_salvage():
    """Shadespire pg 18 (Activations) and pg 22 (Power step): Move, Charge, Guard, card actions; ploys and upgrades."""
    t = table()
    assert t.refuse("activate", "p1", action="stun", fighter="p1.severin", target="p2.garrek") == ["bad_choice"]
    t.play("activate", "p1", action="guard", fighter="p1.severin")
    assert t.refuse("power", "p1", play="delve", fighter="p1.severin", feature="1") == ["bad_choice"]
    assert t.refuse("power", "p1", play="spell", fighter="p1.severin") == ["bad_choice"]
    has = t.state["edition"]["has"]
    assert not has["surge_steps"] and not has["stagger"] and not has["delve"] and has["single_reaction"]


def test_a_move_token_stops_another_move_action():
    """Shadespire pg 18: a fighter that made a Move action cannot make another Move (or a Charge) that phase."""
    t = table()
    t.act("p1", action="move", fighter="p1.severin")
    t.act("p2", player="pass")
    assert "moved_cannot_move" in t.refuse("activate", "p1", action="move", fighter="p1.severin")
    assert "moved_cannot_charge" in t.refuse("activate", "p1", action="charge", fighter="p1.severin")
    rule = next(v.rule for v in S.check(t.state, __import__("app.engine.core", fromlist=["Event"]).Event(
        "activate", "p1", {"action": "move", "fighter": "p1.severin"})))
    assert "Shadespire rulebook (2018)" in rule


def test_a_charge_token_stops_every_further_activation_even_when_all_have_charged():
    """Shadespire pg 22 and FAQ: a fighter that made a Charge action cannot be activated again that phase."""
    t = table()
    for fid in ("p1.severin", "p1.angharad", "p1.obryn"):
        t.play("token", "p1", fighter=fid, token="charge", action="give")
    codes = t.refuse("activate", "p1", action="guard", fighter="p1.severin")
    assert codes == ["charge_token"]  # the current rules would allow it (all friendly fighters charged)


def test_guard_cannot_be_taken_again_and_lasts_the_phase():
    """Shadespire errata pg 22/30: a fighter on Guard cannot go on Guard; Guard lasts until the end of the phase."""
    t = table()
    t.act("p1", action="guard", fighter="p1.severin")
    t.act("p2", player="pass")
    assert "already_on_guard" in t.refuse("activate", "p1", action="guard", fighter="p1.severin")
    t.pass_turns(6)
    t.finish_end_phase()
    assert t.state["round"] == 2 and t.state["fighters"]["p1.severin"]["tokens"]["guard"] == 0


def test_power_step_after_every_activation_until_both_pass_in_succession():
    """Shadespire pg 22: each player in turn plays a power card or passes, from the activator, until both pass."""
    t = table()
    t.play("player_action", "p1", action="draw_power")
    assert t.state["step"] == "power" and t.state["power"]["order"] == ["p1", "p2"]
    t.play("power", "p1", play="ploy")
    t.play("power", "p2", play="pass")
    assert t.state["step"] == "power", "a ploy then one pass is not both passing in succession"
    t.play("power", "p1", play="pass")
    assert t.state["step"] == "activation" and t.state["turn"]["seat"] == "p2"


def test_one_reaction_per_opportunity_precedence_to_the_next_activation():
    """Shadespire pg 24: only one reaction per opportunity; the player whose activation is next decides first."""
    t = table()
    t.play("activate", "p1", action="move", fighter="p1.severin")
    window = S.suggest(t.state, "p2").reaction_window
    assert window["may_react"] == ["p2"]
    assert t.refuse("reaction", "p1", step="after_action", name="Tireless Assault") == ["reaction_precedence"]
    t.play("reaction_pass", "p2")
    assert S.suggest(t.state, "p1").reaction_window["may_react"] == ["p1"]
    t.play("reaction", "p1", step="after_action", name="Quick Thinker")
    # That opportunity is used: nobody else reacts after the action now.
    assert "wrong_reaction_step" in t.refuse("reaction", "p2", step="after_action", name="Sidestep")


def test_fifth_activation_rule_after_the_last_activation_of_the_phase():
    """Shadespire pg 24: after the last activation, the player who would take a fifth activation has precedence."""
    t = table()
    t.pass_turns(7)
    t.play("activate", "p2", action="guard", fighter="p2.garrek")   # the phase's eighth and last activation
    assert S.suggest(t.state, "p1").reaction_window["may_react"] == ["p1"]


def test_immediate_objective_scored_in_the_action_phase_then_an_optional_draw():
    """Shadespire pg 25: scored after the action or activation; the player can immediately draw another."""
    t = table()
    t.act("p1", action="move", fighter="p1.severin")
    cons = t.play("objective", "p1", action="score", glory=1)
    assert t.state["seats"]["p1"]["glory"]["unspent"] == 1
    assert t.state["seats"]["p1"]["hand"]["objectives"] == 3
    assert [c.data["drew"] for c in cons if c.type == "objective_scored"] == [1]
    t.play("objective", "p1", action="score", glory=2, draw=False)
    assert t.state["seats"]["p1"]["hand"]["objectives"] == 2
    assert t.refuse("objective", "p1", action="reveal", glory=1) == ["bad_choice"]


def test_end_phase_objective_is_not_scored_immediately():
    """Shadespire pg 25: only objectives that say so are scored in the action phase."""
    data = setup("underworlds/shadespire")
    data["seats"][0]["deck"] = {"objectives": [{"name": "Supremacy", "type": "objective", "glory": 3, "scoring": "end"},
                                               {"name": "Strike the Head", "type": "objective", "glory": 1,
                                                "scoring": "surge"}],
                                "power": []}
    t = Table(S, data)
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    assert "not_immediate" in t.refuse("objective", "p1", action="score", card="Supremacy")
    t.play("objective", "p1", action="score", card="Strike the Head")
    assert t.state["seats"]["p1"]["glory"]["unspent"] == 1


def test_one_glory_for_a_fighter_out_of_action_whatever_its_size():
    """Shadespire errata pg 21: the other player gains one glory point (no bonus for Wounds 5+)."""
    data = setup("underworlds/shadespire")
    data["seats"][1]["fighters"][0]["wounds"] = 5
    t = Table(S, data)
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    t.kill("p2.garrek")
    assert t.state["seats"]["p1"]["glory"]["unspent"] == 1


def test_no_plunder_reaction():
    """Shadespire pg 24: the reactions are those on cards; there is no core Plunder reaction."""
    t = table()
    t.play("activate", "p1", action="move", fighter="p1.severin")
    t.play("reaction_pass", "p2")
    assert "no_plunder" in t.refuse("reaction", "p1", step="after_action", name="plunder")


def test_inspire_at_once_without_an_inspire_step():
    """Shadespire pg 13: when the condition is met the fighter becomes Inspired (no Inspire steps)."""
    t = table()
    t.act("p1", action="move", fighter="p1.severin")
    t.play("activate", "p2", action="move", fighter="p2.garrek")
    t.play("power", "p2", play="pass")   # mid power step: no Inspire step is open in the current rules
    t.play("inspire", "p1", fighter="p1.severin")
    assert t.state["fighters"]["p1.severin"]["inspired"]


def test_machine_checkable_inspire_happens_after_the_event():
    """Shadespire pg 13: Garrek's Reavers Inspire once three fighters are out of action - at once."""
    data = setup("underworlds/shadespire")
    for f in data["seats"][1]["fighters"]:
        f["inspire_condition"] = {"text": "three fighters out of action",
                                  "check": {"kind": "fighters_out_of_action_at_least", "count": 3}}
    t = Table(S, data)
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    t.kill("p2.targor")
    t.kill("p2.arnulf")
    cons = t.kill("p1.obryn", by="p2")
    assert {c.data["fighter"] for c in cons if c.type == "inspired"} == {"p2.garrek", "p2.karsus", "p2.saek"}


def test_victory_tie_goes_to_the_surviving_warband_then_objective_token_count():
    """Shadespire pg 25: equal glory - the warband still on the battlefield, then the most objective tokens held."""
    t = table()
    t.play("position", "p1", fighter="p1.severin", feature="5")
    t.play("position", "p2", fighter="p2.garrek", feature="1")
    t.play("position", "p2", fighter="p2.saek", feature="2")
    for _ in range(3):
        t.quiet_round()
    out = S.outcome(t.state)
    # Value would favour p1 (5 against 1+2); the 2018 rules count tokens: p2 holds two.
    assert out["winners"] == ["p2"] and out["decided_by"] == "objectives_held"
    assert out["objectives_held"] == {"p1": 1, "p2": 2}


def test_victory_tie_sole_surviving_warband():
    """Shadespire pg 25: same glory, one warband entirely out of action - the other warband's player wins."""
    t = table()
    for f in ("p1.severin", "p1.angharad", "p1.obryn"):
        t.kill(f, by="p1")    # p2 gains 3 glory
    for f in ("p2.garrek", "p2.karsus", "p2.saek"):
        t.kill(f, by="p2")    # p1 gains 3 glory
    for _ in range(3):  # p1's warband is gone; the game still goes on (pg 25, No enemies in sight)
        t.quiet_round()
    out = S.outcome(t.state)
    assert out["winners"] == ["p2"] and out["decided_by"] == "surviving_fighters"


def test_the_game_goes_on_when_a_warband_is_wiped_out():
    """Shadespire pg 25, No enemies in sight: a wiped-out warband does not end the game."""
    t = table()
    for f in ("p2.garrek", "p2.karsus", "p2.saek", "p2.targor", "p2.arnulf"):
        t.kill(f)
    assert t.state["phase"] == "action" and S.outcome(t.state) is None


def test_no_formats_of_the_current_kind():
    """Shadespire: a setup without a format plays the standard game; unknown formats are refused."""
    data = setup("underworlds/shadespire")
    data["options"] = {}
    assert S.new_game(data)["format"] == "standard"
    data["options"] = {"format": "nemesis"}
    with pytest.raises(SetupError):
        S.new_game(data)


def test_hand_never_holds_more_than_three_objectives():
    """Shadespire pg 16: a hand can never have more than three objective cards."""
    t = table()
    t.act("p1", action="move", fighter="p1.severin")
    assert t.state["seats"]["p1"]["hand"]["objectives"] == 3
    t.play("objective", "p1", action="score", glory=1)
    assert t.state["seats"]["p1"]["hand"]["objectives"] == 3


def test_objective_drawn_on_scoring_waits_for_a_later_action():
    """Shadespire pg 25: you cannot draw and immediately score an objective card - only after a later action."""
    t = table()
    t.play("objective", "p1", action="score", glory=1)
    t.play("objective", "p1", action="score", glory=1)
    t.play("objective", "p1", action="score", glory=1)   # the last of the three cards held before drawing
    assert t.refuse("objective", "p1", action="score", glory=1) == ["just_drawn"]
    t.play("activate", "p1", action="move", fighter="p1.severin")
    t.play("objective", "p1", action="score", glory=1)


def test_rivals_is_read_as_the_standard_game_and_no_minor_steps_are_shown():
    """The 2018 core set plays with ready-made decks: 'rivals' from a client means the standard game;
    no Inspire or surge steps are ever open (Shadespire pg 13, 25)."""
    data = setup("underworlds/shadespire")
    data["options"] = {"format": "rivals"}
    t = Table(S, data)
    assert t.state["format"] == "standard"
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    t.play("activate", "p1", action="move", fighter="p1.severin")
    assert t.state["minor"] is False and "minor_steps_open" not in S.suggest(t.state, "p1").step


def test_inspire_is_offered_only_when_a_checkable_condition_is_met():
    """Shadespire pg 13: a fighter Inspires when its condition is met - not offered (nor accepted) before."""
    data = setup("underworlds/shadespire")
    for f in data["seats"][1]["fighters"]:
        f["inspire_condition"] = {"text": "three fighters out of action",
                                  "check": {"kind": "fighters_out_of_action_at_least", "count": 3}}
    t = Table(S, data)
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    assert not [s for s in S.suggest(t.state, "p2").suggestions if s.type == "inspire"]
    assert "inspire_condition_not_met" in t.refuse("inspire", "p2", fighter="p2.garrek")
    assert [s for s in S.suggest(t.state, "p1").suggestions if s.type == "inspire"]


def test_an_immediate_objective_without_its_glory_is_refused_even_overridden():
    """Shadespire pg 25: scoring gains the card's glory; with no card data and no number entered there is nothing to
    gain, and no override can say what the card was worth."""
    t = table()
    t.act("p1", action="move", fighter="p1.severin")
    overridden = Event("objective", "p1", {"action": "score"}, override={"reason": "the table agreed"})
    assert [v.code for v in S.judge(t.state, overridden).blocked] == ["glory_needed"]


def test_a_returned_fighter_that_moved_or_charged_this_phase_still_counts_as_having_done_so():
    """Shadespire FAQ: a fighter that moved (or charged), was taken out of action and returned to the battlefield
    in the same action phase is still considered to have moved (or charged): no second Move action, and after a
    Charge no further activation, although taking it out of action cleared its tokens."""
    t = Table(S, setup("underworlds/shadespire"))
    t.start()
    t.play("roll_off", "p1", purpose="first_turn", first="p1")
    t.act("p1", action="move", fighter="p1.obryn")
    t.act("p2", action="charge", fighter="p2.karsus")
    t.kill("p1.obryn", by="p2")
    t.kill("p2.karsus", by="p1")
    t.play("return_fighter", "p1", fighter="p1.obryn")
    t.play("return_fighter", "p2", fighter="p2.karsus")
    assert t.state["fighters"]["p1.obryn"]["tokens"]["move"] == 0
    assert "moved_cannot_move" in t.refuse("activate", "p1", action="move", fighter="p1.obryn")
    assert "moved_cannot_move" not in t.refuse("activate", "p1", action="move", fighter="p1.severin")
    t.act("p1", action="guard", fighter="p1.severin")
    assert "charge_token" in t.refuse("activate", "p2", action="move", fighter="p2.karsus")
    assert t.refuse("activate", "p2", action="move", fighter="p2.saek") == []


def test_scored_objective_cards_go_to_the_objective_discard_pile():
    """Shadespire pg 25: a scored card is placed face up in the discard pile next to the objective deck (the current
    rules keep scored cards apart from the discards: tests/engine/underworlds/test_objectives.py)."""
    t = table()
    t.act("p1", action="move", fighter="p1.severin")
    t.play("objective", "p1", action="score", glory=1)
    assert t.state["seats"]["p1"]["discards"]["objectives"] == 1
    assert len(t.state["seats"]["p1"]["scored"]) == 1
