"""Command phase: secret dials, committing, command struggles and bonuses (rules summary, 2. Command)."""
from dataclasses import replace

from app.engine.core import Event, replay

from .support import LINE, RS, both_pass, codes, commit, cons_types, place, play, setup, start, unit


def test_dial_stays_secret_until_both_commit():
    """Step 1: each player secretly selects a number; both dials are revealed simultaneously."""
    state = both_pass(start())
    state, cons = play(state, "commit", "p1", planet=3)
    assert cons[0].data == {"seat": "p1"}  # the consequence does not say where
    assert RS.view(state, "p2")["step"]["dials"] == {"p1": None}
    assert RS.view(state, "p1")["step"]["dials"] == {"p1": 3}
    assert RS.view(state, "spectator")["step"]["dials"] == {"p1": None}
    assert RS.view(state, "p2")["step"]["committed"] == ["p1"]
    assert state["units"]["p1.warlord"]["at"] == "hq"  # nothing moves before the reveal
    assert codes(state, "commit", "p1", planet=2) == ["out_of_step"]
    state, cons = play(state, "commit", "p2", planet=1)
    assert "dials_revealed" in cons_types(cons)


def test_commit_only_to_face_up_planets():
    """Step 1: the dial numbers are the face-up planets from the first planet on."""
    state = both_pass(start())
    assert codes(state, "commit", "p1", planet=6) == ["not_face_up"]


def test_warlord_keeps_its_state_other_units_arrive_exhausted():
    """Step 1: warlords arrive in their current state; units committed with them arrive exhausted."""
    state = start()
    place(state, "p1", "Reserve", "hq")
    state = both_pass(state)
    state, _ = commit(state, 2, 3)
    assert state["units"]["p1.warlord"]["at"] == 2 and state["units"]["p1.warlord"]["ready"]
    assert state["units"]["p1.reserve"]["at"] == 2 and not state["units"]["p1.reserve"]["ready"]


def test_lone_ready_warlord_wins_the_struggle():
    """Step 2: if only one player has a ready warlord at a planet, he wins its command struggle."""
    state = start()
    place(state, "p2", "Icons", 2, command=3)
    state = both_pass(state)
    state, cons = commit(state, 2, 4)
    struggle = [c for c in cons if c.type == "command_struggle" and c.data["planet"] == 2][0]
    assert struggle.data["winner"] == "p1"


def test_command_icons_on_ready_units_decide_otherwise_and_ties_win_nothing():
    """Step 2: most command icons on ready units wins; on a tie no one wins."""
    state = start()
    place(state, "p1", "A", 1, command=2)
    place(state, "p2", "B", 1, command=1)
    place(state, "p1", "C", 3, command=1)
    place(state, "p2", "D", 3, command=1)
    place(state, "p2", "Tired", 1, command=5, ready=False)
    state = both_pass(state)
    state, cons = commit(state, 5, 5)  # both warlords at planet 5: neither is lone
    won = {c.data["planet"]: c.data["winner"] for c in cons if c.type == "command_struggle"}
    assert won[1] == "p1" and won[3] is None and won[5] is None


def test_struggles_in_line_order_and_winner_chooses_bonuses():
    """Step 2: planets in order; the winner may take both, either or none of the bonuses."""
    state = start()
    place(state, "p1", "A", 1, command=1)   # Tarrus 1 resource, 1 card
    place(state, "p2", "B", 2, command=1)   # Osus IV 2 resources
    state = both_pass(state)
    state, _ = commit(state, 5, 5)
    assert [q["planet"] for q in state["step"]["queue"]] == [1, 2]
    assert codes(state, "take_bonus", "p2", resources=True, cards=True) == ["out_of_step"]
    before = dict(state["seats"]["p1"])
    state, _ = play(state, "take_bonus", "p1", resources=False, cards=True)
    assert state["seats"]["p1"]["resources"] == before["resources"]
    assert state["seats"]["p1"]["hand"] == before["hand"] + 1
    state, _ = play(state, "take_bonus", "p2", resources=True, cards=False)
    assert state["seats"]["p2"]["resources"] == 9
    assert state["phase"] == "combat"


def test_bonus_suggestions():
    """Step 2: the bonus choices are offered as buttons."""
    state = start()
    place(state, "p1", "A", 1, command=1)
    state = both_pass(state)
    state, _ = commit(state, 5, 5)
    labels = [s.data for s in RS.suggest(state, "p1").suggestions if s.type == "take_bonus"]
    assert {"resources": True, "cards": True} in labels and {"resources": False, "cards": False} in labels
    assert not [s for s in RS.suggest(state, "p2").suggestions if s.type == "take_bonus"]


def test_deploy_then_command():
    """The game round: deploy, then command."""
    state = start()
    state, _ = play(state, "deploy", "p1", card=unit("A"), planet=1)
    state = both_pass(state)
    assert state["phase"] == "command"


def test_log_record_of_a_dial_is_hidden_until_the_reveal():
    """Step 1: the dial is secret in the log as well (Ruleset.redact_event), until both are revealed."""
    state = both_pass(start())
    ev = Event("commit", "p1", {"planet": 3}, seq=12)
    state, _ = RS.apply(state, ev)
    rec = ev.to_dict()
    assert RS.redact_event(state, rec, "p2")["data"] == {}
    assert RS.redact_event(state, rec, "spectator")["data"] == {}
    assert RS.redact_event(state, rec, "referee") == rec  # the referee sees every secret
    assert RS.redact_event(state, rec, "p1") == rec
    state, _ = RS.apply(state, Event("commit", "p2", {"planet": 1}, seq=13))
    assert RS.redact_event(state, rec, "p2") == rec


def test_drawing_the_last_card_as_a_bonus_ends_the_game():
    """Winning & losing: a card bonus that empties the deck loses at once (found by the random playouts)."""
    state = start()
    place(state, "p1", "A", 1, command=1)   # Tarrus: 1 resource, 1 card
    state = both_pass(state)
    state, _ = commit(state, 5, 5)
    state["seats"]["p1"]["deck"] = 1
    state, cons = play(state, "take_bonus", "p1", resources=True, cards=True)
    assert RS.outcome(state)["winners"] == ["p2"] and RS.outcome(state)["decided_by"] == "deck"


def test_a_dial_taken_back_stays_secret_too():
    """Step 1: a dial its owner undid before the reveal is not shown to the opponent in the log."""
    log = [Event("initiative", "p1", {"seat": "p1"})] + [Event("reveal_planet", "p1", {"planet": n}) for n in LINE] + \
        [Event("mulligan", "p1", {"take": False}), Event("mulligan", "p2", {"take": False}),
         Event("pass", "p1", {}), Event("pass", "p2", {}), Event("commit", "p1", {"planet": 3}),
         Event("revert", "p1", {"seq": 11, "reason": "misclick"}), Event("commit", "p1", {"planet": 4})]
    log = [replace(ev, seq=n) for n, ev in enumerate(log, 1)]
    state = replay(RS, setup(), log)
    assert state["step"]["dials"] == {"p1": 4}
    assert log[10].type == "commit" and log[12].type == "commit"
    assert RS.redact_event(state, log[10].to_dict(), "p2")["data"] == {}   # the one taken back
    assert RS.redact_event(state, log[12].to_dict(), "p2")["data"] == {}
    assert RS.redact_event(state, log[10].to_dict(), "p1") == log[10].to_dict()
    assert RS.redact_event(state, log[8].to_dict(), "p2") == log[8].to_dict()   # not a commit
    # The other dial is committed: the dials in effect are revealed, the one taken back never was.
    log.append(Event("commit", "p2", {"planet": 5}, seq=14))
    state = replay(RS, setup(), log)
    assert state["step"]["name"] != "commit" and state["revealed_dials"] == [13, 14]
    for seat in ("p2", "spectator", "scorekeeper"):
        assert RS.redact_event(state, log[10].to_dict(), seat)["data"] == {}
    assert RS.redact_event(state, log[12].to_dict(), "p2") == log[12].to_dict()
    assert RS.redact_event(state, log[13].to_dict(), "p1") == log[13].to_dict()
    assert RS.redact_event(state, log[10].to_dict(), "referee") == log[10].to_dict()
