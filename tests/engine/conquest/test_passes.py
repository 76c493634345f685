"""Decisions nobody has to say (passes.py): which later entry closes a shield, a retreat opportunity, a deployment
turn, a Battle ability or Mobile moves as passed, logged with its rule; and the decisions never taken for a player."""
from app.engine.conquest import rules
from app.engine.core import INFERRED_PASSES, Event

from .support import RS, codes, place, play, start, to_combat, unit


def inferred(cons) -> list[dict]:
    """The inferred passes logged among the consequences: [{"step", "rule", "events"}]."""
    return [{"step": c.data["step"], "rule": c.rule, "events": c.data["events"]} for c in cons
            if c.type == INFERRED_PASSES]


def battle(p1_attack=1, p2_attack=1):
    """A at the first planet for p1 and B for p2 (9 HP each), the combat phase at p1's first combat turn."""
    state = start()
    place(state, "p1", "A", 1, attack=p1_attack, hp=9)
    place(state, "p2", "B", 1, attack=p2_attack, hp=9)
    state, _ = to_combat(state)
    return state


def _event(type_, by, **data):
    return Event(type_, by, data)


def test_the_defenders_next_attack_says_no_shield():
    state = battle()
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    assert state["pending"][0]["turn"] == "p2"
    state, cons = play(state, "attack", "p2", attacker="p2.b", defender="p1.a")
    assert inferred(cons)[0] == {"step": "shield", "rule": rules.SHIELDS,
                                 "events": [{"type": "no_shield", "by": "p2", "data": {}}]}
    assert state["units"]["p2.b"]["damage"] == 1     # the damage was placed before p2's attack
    assert state["pending"][0]["turn"] == "p1"       # and p1's own shield opportunity is open now


def test_only_the_player_with_the_shield_opportunity_lets_it_go():
    state = battle()
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    state, _ = play(state, "pass", "p2")            # p2's pass closes his own window, then passes the turn
    state["units"]["p1.a"]["ready"] = True           # (test arrangement) p1 may attack again
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    # p1 cannot move past p2's shield opportunity: the shield would be taken from p2.
    assert codes(state, "call_stalemate", "p1") == ["out_of_step"]
    assert RS.implied_pass(state, _event("pass", "p1")) is None


def test_the_next_combat_round_closes_both_retreat_opportunities():
    state = battle()
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    state, _ = play(state, "attack", "p2", attacker="p2.b", defender="p1.a")
    state, _ = play(state, "no_shield", "p1")        # both exhausted: the round ends
    assert state["battle"]["stage"] == "retreat" and state["battle"]["retreat_turn"] == "p1"
    state, cons = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    runs = inferred(cons)
    assert runs[0]["step"] == "retreat" and runs[0]["rule"] == rules.COMBAT_ROUND_END
    assert [e["by"] for e in runs[0]["events"]] == ["p1", "p2"]
    assert state["battle"]["round"] == 2 and state["units"]["p2.b"]["at"] == 1


def test_a_retreat_is_never_inferred():
    """Staying is what the rules infer; a unit moves to HQ only when its player says so."""
    state = battle()
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    state, _ = play(state, "attack", "p2", attacker="p2.b", defender="p1.a")
    state, _ = play(state, "no_shield", "p1")
    assert all(RS.implied_pass(state, _event(t, "p1")) is None for t in ("retreat", "retreat_done"))
    state, _ = play(state, "retreat", "p1", unit="p1.a")
    assert state["units"]["p1.a"]["at"] == "hq"


def test_a_players_own_dial_ends_his_deployment_turns_and_waits_secret_while_the_other_deploys_on():
    """1. Deploy: a player who passes takes no more deployment turns; his dial is his next decision, so it says he
    passes, and it stays secret until the other dial is set (2. Command, Step 1)."""
    state = start()
    state, cons = play(state, "commit", "p1", planet=1)
    assert inferred(cons) == [{"step": "deploy", "rule": rules.DEPLOY,
                               "events": [{"type": "pass", "by": "p1", "data": {}}]}]
    assert state["step"]["name"] == "deploy" and state["step"]["turn"] == "p2"
    assert RS.view(state, "p2")["step"]["dials"] == {"p1": None}          # the opponent sees only that it is set
    assert RS.view(state, "p1")["step"]["dials"] == {"p1": 1}
    assert codes(state, "commit", "p1", planet=2) == ["out_of_step"]      # one dial
    assert codes(state, "deploy", "p1", card=unit("Late")) == ["out_of_step"]   # he passed
    state, _ = play(state, "deploy", "p2", card=unit("Scout"), planet=2)   # p2 deploys on
    state, cons = play(state, "commit", "p2", planet=2)
    assert inferred(cons) == [{"step": "deploy", "rule": rules.DEPLOY,
                               "events": [{"type": "pass", "by": "p2", "data": {}}]}]
    assert "dials_revealed" in [c.type for c in cons]
    assert state["units"]["p1.warlord"]["at"] == 1 and state["units"]["p2.warlord"]["at"] == 2


def test_the_early_dial_is_offered_beyond_the_deployment_turn():
    """The phone of the player on turn offers the dials (his pass is inferred); the other phone, once passed too."""
    state = start()
    labels = [s.label for s in RS.suggest(state, "p1").suggestions if s.type == "commit"]
    assert labels and labels[0].startswith("Dial ")
    state, _ = play(state, "pass", "p1")
    assert [s for s in RS.suggest(state, "p1").suggestions if s.type == "commit"]


def test_a_combat_turn_pass_is_never_inferred():
    state = battle()
    assert RS.implied_pass(state, _event("attack", "p2")) is None
    assert codes(state, "attack", "p2", attacker="p2.b", defender="p1.a") == ["out_of_step"]


def test_the_winners_next_entry_says_he_did_not_use_the_battle_ability():
    state = start()
    place(state, "p1", "A", 1, attack=3, hp=2)
    place(state, "p2", "B", 1, attack=1, hp=2)
    state, _ = to_combat(state, 4, 4)
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    state, _ = play(state, "no_shield", "p2")
    assert state["battle"]["stage"] == "won" and state["battle"]["winner"] == "p1"
    assert RS.implied_pass(state, _event("attack", "p2")) is None   # the loser never decides it
    seen = RS.suggest(state, "p1")
    assert next(s for s in seen.suggestions if s.type == "battle_ability" and not s.data["use"]).is_pass
    nazdreg = next(u for u in state["units"].values() if u["owner"] == "p1" and u["kind"] == "warlord")
    sicarius = next(u for u in state["units"].values() if u["owner"] == "p2" and u["kind"] == "warlord")
    state, cons = play(state, "attack", "p1", attacker=nazdreg["id"], defender=sicarius["id"])
    assert inferred(cons)[0]["events"] == [{"type": "battle_ability", "by": "p1", "data": {"use": False}}]
    assert state["seats"]["p1"]["victory"] == ["Tarrus"] and state["battle"]["planet"] == 4


def test_the_phone_waiting_on_a_retreat_is_offered_the_entries_that_close_it():
    """suggest(): the attacks of the next combat round while the retreat opportunities are open."""
    state = battle()
    state, _ = play(state, "attack", "p1", attacker="p1.a", defender="p2.b")
    state, _ = play(state, "attack", "p2", attacker="p2.b", defender="p1.a")
    state, _ = play(state, "no_shield", "p1")
    p1 = RS.suggest(state, "p1").suggestions
    stay = next(s for s in p1 if s.type == "retreat_done")
    assert stay.is_pass and any(s.type == "attack" for s in p1)
    p2 = RS.suggest(state, "p2").suggestions
    assert [s.label for s in p2 if s.type == "retreat"] == ["Retreat B to HQ"]   # after p1's opportunity
    for seat, offered in (("p1", p1), ("p2", p2)):
        for s in offered:
            if s.complete and s.group != "Table":
                assert not RS.check(state, _event(s.type, seat, **s.data)), s.to_dict()


def test_commit_dial_offered_on_the_last_deployment_turn():
    state = start()
    state, _ = play(state, "pass", "p1")
    offered = RS.suggest(state, "p2").suggestions
    assert next(s for s in offered if s.type == "pass").is_pass
    dials = [s for s in offered if s.type == "commit"]
    assert len(dials) == 5
    assert not RS.check(state, _event("commit", "p2", planet=1))
