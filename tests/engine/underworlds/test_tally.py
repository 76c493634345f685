"""The tally (tally.py): what has happened, counted from the entries themselves, per seat and scope, as the
conditions of cards read it; and the moment that just passed (reactions.set_moment)."""
from app.engine.underworlds import conditions, tally

from .helpers import pass_power, play, started, to_end_phase

HIT = {"smash": 2}


def _charge_and_kill(state):
    """p1's leader charges p2's minion (2 wounds) and takes it out of action with a 2-damage Blade."""
    state, _ = play(state, "activate", "p1", action="charge", fighter="p1.leader")
    state, _ = play(state, "attack", "p1", attacker="p1.leader", target="p2.minion", profile={"name": "Blade"},
                    attack_roll=HIT, defence_roll={"block": 1})
    return state


def test_a_charge_that_takes_a_fighter_out_is_counted_for_each_side():
    """The charging seat has a charge, an attack that succeeded, damage dealt and a fighter taken out; the other
    seat lost a fighter; the moment is the end of that Attack action, with its charge and damage."""
    state = _charge_and_kill(started())
    for scope in ("activation", "phase", "round", "game"):
        assert tally.who(state, scope, "p1", "charges") == ["p1.leader"]
        assert tally.who(state, scope, "p1", "took_out_of_action") == ["p1.leader"]
        assert tally.who(state, scope, "p2", "lost_fighters") == ["p2.minion"]
    assert tally.who(state, "phase", "p1", "attacks_succeeded") == ["p1.leader"]
    assert tally.count(state, "phase", "p1", "damage_dealt") == 2
    assert tally.who(state, "phase", "p2", "took_out_of_action") == []
    moment = state["moment"]
    assert "after_attack" in moment["steps"] and moment["context"]["charge"] is True
    assert moment["context"]["damage"] == 2 and moment["context"]["out_of_action"] == ["p2.minion"]


def test_the_activation_scope_starts_again_and_the_phase_is_kept_for_the_end_phase():
    """A new activation empties the activation scope; at the end phase the action phase's counts are the
    previous action phase's, which an end-phase objective reads as "the preceding action phase"."""
    state = pass_power(_charge_and_kill(started()))
    state, _ = play(state, "activate", "p2", action="move", fighter="p2.brute")
    assert tally.who(state, "activation", "p1", "charges") == []
    assert tally.who(state, "activation", "p2", "moves") == ["p2.brute"]
    state = to_end_phase(pass_power(state))
    assert state["phase"] == "end"
    assert tally.who(state, "phase", "p1", "charges") == []
    assert tally.who(state, "previous_action_phase", "p1", "charges") == ["p1.leader"]
    assert tally.who(state, "round", "p1", "charges") == ["p1.leader"]


def test_a_condition_reads_the_tally_and_the_moment():
    """A surge objective "after a friendly Charge's Attack action that took an enemy out" is met right after it,
    not before; an end-phase one over the preceding action phase is met in the end phase."""
    surge = {"name": "Test surge", "type": "objective", "scoring": "surge",
             "condition": {"at": "after_attack", "all": [{"attack": {"by": "friendly", "charge": True,
                                                                      "took_out": True}}]}}
    end = {"name": "Test end", "type": "objective", "scoring": "end",
           "condition": {"at": "end_phase", "all": [
               {"tally": {"what": "took_out_of_action", "scope": "previous_action_phase", "at_least": 1}}]}}
    state = started()
    assert conditions.verdict(state, "p1", surge).status == conditions.UNMET
    state = _charge_and_kill(state)
    assert conditions.verdict(state, "p1", surge).met
    assert not conditions.verdict(state, "p2", surge).met   # the enemy's charge is not p2's
    assert conditions.verdict(state, "p1", end).why[0] == {"code": "not_end_phase"}
    state = to_end_phase(pass_power(state))
    assert conditions.verdict(state, "p1", end).met and not conditions.verdict(state, "p2", end).met
