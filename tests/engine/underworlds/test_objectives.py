"""Objectives and the end phase (Deathgorge rulebook, End phase and Surge objective cards pg 38)."""
from app.engine.core import Event
from tests.support.play import underworlds_setup

from .helpers import RS, codes, pass_power, play, started, to_end_phase


def test_surge_objective_scored_in_the_next_surge_step_then_a_draw():
    """Surge objective cards (pg 38): revealed when met, scored in the next surge step, then draw an objective."""
    state = started()
    state, _ = play(state, "player_action", "p1", action="pass")
    state, _ = play(state, "objective", "p1", action="reveal", glory=2)
    s = state["seats"]["p1"]
    assert s["revealed"] == [{"card": None, "glory": 2}] and s["glory"]["unspent"] == 0 and s["hand"]["objectives"] == 2
    state, cons = play(state, "power", "p1", play="pass")  # the surge step after the activation step
    s = state["seats"]["p1"]
    assert "surge_scored" in cons and s["glory"]["unspent"] == 2 and s["hand"]["objectives"] == 3
    assert s["scored"][0]["surge"] is True
    assert s["discards"]["objectives"] == 0   # scored cards are kept apart, not discarded (Deathgorge, Discard)


def test_objectives_are_scored_only_in_the_end_phase():
    """End phase (pg 38): objective cards are scored in the end phase (surge ones are revealed)."""
    state = started()
    assert "not_end_phase" in codes(state, "objective", "p1", action="score", glory=1)


def test_end_phase_order_and_steps():
    """End phase (pg 38): the player who took the first turn goes first; steps in order; draw to 3 and 5."""
    state = to_end_phase(started(first="p2"))
    assert state["end"]["order"] == ["p2", "p1"]
    # p1's own step would say p2 has finished (an inferred "done", passes.py); p2 still has steps to take first.
    implied = RS.implied_pass(state, Event("objective", "p1", {"action": "score", "glory": 1}))
    assert (implied.event.type, implied.event.by) == ("end_phase_done", "p2")
    state, _ = play(state, "objective", "p2", action="score", glory=3)
    state, _ = play(state, "discard_power", "p2")
    assert "end_phase_order" in codes(state, "objective", "p2", action="discard")
    state, cons = play(state, "end_phase_done", "p2")
    s = state["seats"]["p2"]
    assert s["glory"]["unspent"] == 3 and s["hand"] == {"objectives": 3, "power": 5}
    assert s["deck"] == {"objectives": 8, "power": 14}


def test_a_ruling_after_a_players_sequence_draws_them_back_up():
    """End phase (pg 38): a player draws up in steps 5-6. An objective the referee rules scored after that player's
    sequence ended leaves the hand after the draw: the rules have them draw up again, and say so."""
    state = to_end_phase(started(first="p2"))
    state, _ = play(state, "end_phase_done", "p2")
    assert state["seats"]["p2"]["hand"]["objectives"] == 3 and state["end"]["stage"] == 1
    assert "not_your_end_phase" in codes(state, "objective", "p2", action="score", glory=2)
    state, cons = RS.apply(state, Event("objective", "p2", {"action": "score", "glory": 2},
                                        override={"reason": "scored before Done, entered late"}))
    drawn = [c for c in cons if c.type == "cards_drawn"]
    assert [c.data for c in drawn] == [{"seat": "p2", "objectives": 1, "power": 0, "after_sequence": True}]
    assert drawn[0].rule.startswith("Deathgorge") and "End phase" in drawn[0].rule
    assert state["seats"]["p2"]["hand"]["objectives"] == 3 and state["seats"]["p2"]["glory"]["unspent"] == 2
    assert state["end"]["stage"] == 1, "the ruling for p2 leaves p1's sequence where it was"
    # Within a player's own sequence, the draw steps still come at its end: nothing is drawn early.
    state, cons = play(state, "objective", "p1", action="score", glory=1)
    assert "cards_drawn" not in cons


def test_end_of_round_clears_tokens_and_blocked_hex_tokens():
    """End phase (pg 38): clear all Move, Charge, Guard and Stagger tokens and remove blocked hex tokens."""
    state = started()
    state, _ = play(state, "activate", "p1", action="move", fighter="p1.brute")
    state, _ = play(state, "token", "p2", fighter="p2.brute", token="guard", action="give")
    state, _ = play(state, "feature", "p1", feature="b2", action="place", face="blocked")
    state = pass_power(state)
    state = to_end_phase(state)
    for seat in list(state["end"]["order"]):
        state, cons = play(state, "end_phase_done", seat)
    assert "round_ends" in cons and state["round"] == 2
    assert all(v == 0 for f in state["fighters"].values() for v in f["tokens"].values())
    assert not state["features"]["b2"]["on_board"]
    assert state["seats"]["p1"]["activations_left"] == 4


def test_a_later_rounds_roll_off_is_offered_under_its_round_not_set_up():
    """Action phase (pg 16): each round begins with a roll-off for the first turn; after set up it opens the round."""
    state = to_end_phase(started())
    for seat in list(state["end"]["order"]):
        state, _ = play(state, "end_phase_done", seat)
    roll_offs = [s for s in RS.suggest(state, "p1").suggestions if s.type == "roll_off"]
    assert roll_offs and {s.group for s in roll_offs} == {"Round 2"}


def test_round_three_end_phase_only_scores():
    """Play on rounds 2 and 3 (pg 38): in round 3's end phase players only score objectives."""
    state = started()
    for _ in range(2):
        state = to_end_phase(state)
        for seat in list(state["end"]["order"]):
            state, _ = play(state, "end_phase_done", seat)
        state, _ = play(state, "roll_off", "p1", purpose="first_turn", first="p1")
    state = to_end_phase(state)
    assert "scoring_only" in codes(state, "objective", "p1", action="discard")
    state, _ = play(state, "objective", "p1", action="score", glory=1)
    hand = state["seats"]["p1"]["hand"]["objectives"]
    state, _ = play(state, "end_phase_done", "p1")
    assert state["seats"]["p1"]["hand"]["objectives"] == hand  # no draws


def test_card_data_gives_glory_and_scoring_time():
    """Objective cards (pg 38): a surge card is revealed, not scored in the end phase; glory comes from the card."""
    setup = underworlds_setup(2)
    setup["seats"][0]["deck"] = ([{"name": "Strike", "type": "objective", "glory": 1, "scoring": "surge"},
                                  {"name": "Hold", "type": "objective", "glory": 2, "scoring": "end"},
                                  {"name": "Last", "type": "objective", "glory": 3, "scoring": "third"}]
                                 + [{"name": f"O{i}", "type": "objective", "glory": 1} for i in range(9)]
                                 + [{"name": f"P{i}", "type": "ploy"} for i in range(20)])
    state = started(setup=setup)
    assert "not_surge" in codes(state, "objective", "p1", action="reveal", card="Hold")
    assert "wrong_glory" in codes(state, "objective", "p1", action="reveal", card="Strike", glory=3)
    state, _ = play(state, "objective", "p1", action="reveal", card="Strike")
    assert state["seats"]["p1"]["revealed"] == [{"card": "Strike", "glory": 1}]
    state = to_end_phase(state)
    assert "surge_objective" in codes(state, "objective", "p1", action="score", card="Strike")
    assert "third_end_phase_only" in codes(state, "objective", "p1", action="score", card="Last")
    state, _ = play(state, "objective", "p1", action="score", card="Hold")
    assert state["seats"]["p1"]["glory"]["unspent"] == 3
    assert "card_already_used" in codes(state, "objective", "p1", action="score", card="Hold")
    assert RS.outcome(state) is None


def test_surge_step_after_the_power_step_starts_with_the_player_who_last_took_an_activation():
    """Surge step (pg 38): a surge step follows each power step; starting with the player who last took an
    activation, each player scores each of their revealed surge objectives (and draws an objective card)."""
    state = started(first="p2")
    state, _ = play(state, "player_action", "p2", action="pass")
    state, _ = play(state, "power", "p2", play="ploy")  # the power step has begun: its first surge step has passed
    state, _ = play(state, "objective", "p1", action="reveal", glory=2)
    state, _ = play(state, "objective", "p2", action="reveal", glory=1)
    state, _ = play(state, "power", "p1", play="pass")
    assert state["seats"]["p1"]["glory"]["unspent"] == 0  # not yet: no surge step in the middle of the power step
    state, cons = RS.apply(state, Event("power", "p2", {"play": "pass"}))
    scored = [c.data["seat"] for c in cons if c.type == "surge_scored"]
    assert scored == ["p2", "p1"] and state["seats"]["p1"]["glory"]["unspent"] == 2
    assert state["seats"]["p1"]["hand"]["objectives"] == 3


def test_the_player_running_their_sequence_is_offered_the_next_rounds_roll_off():
    """End phase (pg 38): the next round begins once each player has finished their sequence. The player running
    theirs may go straight to the next round's roll-off: entering it says they and every later player are done."""
    state = to_end_phase(started(first="p2"))
    offered = [s for s in RS.suggest(state, "p2").suggestions if s.type == "roll_off"]
    assert offered and offered[0].data["purpose"] == "first_turn"
    ahead = RS.passes_ahead(state, Event("roll_off", "p2", {"purpose": "first_turn", "first": "p2"}))
    assert [(p.event.type, p.event.by) for p, _s, _c in ahead] == [("end_phase_done", "p2"), ("end_phase_done", "p1")]


def test_a_later_player_may_start_their_sequence_from_the_last_power_step():
    """End phase (pg 38): p1, second in the end phase, is offered their own scoring while the last power step is
    open: entering it passes the power step and says p2, first, has finished."""
    state = started(first="p2")
    while not (state["phase"] == "action" and state["step"] == "power"
               and all(s["activations_left"] == 0 for s in state["seats"].values())):
        if state["step"] == "power":
            p = state["power"]
            state, _ = play(state, "power", p["order"][p["next"]], play="pass")
        else:
            state, _ = play(state, "player_action", state["turn"]["seat"], action="pass")
    scoring = [s for s in RS.suggest(state, "p1").suggestions if s.type == "objective" and s.data.get("action") == "score"]
    assert scoring, "p1's own end phase sequence, offered from the last power step"
    ahead = RS.passes_ahead(state, Event("objective", "p1", {"action": "score", "glory": 1}))
    assert ("end_phase_done", "p2") in [(p.event.type, p.event.by) for p, _s, _c in ahead]
