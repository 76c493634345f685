"""Inferred passes (core.Ruleset.settle, underworlds/passes.py) in every Underworlds edition.

Rule (Deathgorge rulebook, Steps of a turn pg 16): reaction, Inspire and surge steps are minor steps that "pass
without comment"; Power step (pg 29): players alternate until both pass in succession, so a player who plays
nothing has passed. Shadespire (pg 22, 24) and Dreadfane (pg 15, 16) say the same of their power step and
reaction opportunities. So the next activation may be entered straight after an activation: the engine closes
the open reaction step and the power step as passed and logs each pass. A decision (the attacking player's drive
back, the activation step, the end phase sequence) is never taken for a player.
"""
import pickle

import pytest

from app.engine import registry
from app.engine.core import INFERRED_PASSES, Event
from app.engine.underworlds.passes import read_only_ahead
from tests.support.play import edition_setup, play_random, underworlds_setup

from .every_edition import new, play, to_end_phase, to_first_turn

EDITIONS = ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire"]
PLAYERS = {"underworlds/deathgorge": (2, 3, 4), "underworlds/dreadfane": (2,), "underworlds/shadespire": (2, 3, 4)}
CASES = [(rid, n) for rid in EDITIONS for n in PLAYERS[rid]]


def inferred(cons) -> list[tuple[str, list[str]]]:
    return [(c.data["step"], c.data["seats"]) for c in cons if c.type == INFERRED_PASSES]


@pytest.mark.parametrize("rid,players", CASES)
def test_the_next_activation_closes_the_reaction_step_and_the_power_step_as_passed(rid, players):
    """Minor steps pass without comment (pg 16) and a power step nobody plays in ends with everyone passing
    (pg 29): the next player's activation is accepted at once, and the log says who passed what."""
    rs, state = new(rid, players)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "activate", "p1", action="guard", fighter="p1.leader")
    assert state["reaction"] is not None and state["step"] == "power"
    nxt = state["order"][1]
    state, cons = play(rs, state, "activate", nxt, action="guard", fighter=f"{nxt}.leader")
    steps = inferred(cons)
    assert [s for s, _ in steps] == ["reaction", "power"]
    reaction_seats, power_seats = steps[0][1], steps[1][1]
    assert set(reaction_seats) == set(state["order"])  # every player could have reacted
    power = (state["order"] if rid == "underworlds/shadespire" else ["p1", nxt])  # 2018: all players (pg 27)
    assert power_seats == list(power)
    assert all(c.rule for c in cons)
    assert state["turn"]["seat"] == nxt and state["fighters"][f"{nxt}.leader"]["tokens"]["guard"] == 1
    assert "turn_begins" in [c.type for c in cons] and "power_step_ends" in [c.type for c in cons]


@pytest.mark.parametrize("rid", EDITIONS)
def test_a_reaction_step_after_an_attack_closes_when_the_attacker_plays_a_power_card(rid):
    """The reaction steps an Attack action passed (combat sequence, pg 21) close as passed when the next step of
    the turn (the power step) is entered; the drive back the attacking player does not make is logged as such
    (combat step 7: if the attacking player chooses not to, the fighter is not driven back)."""
    rs, state = new(rid, 2)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "activate", "p1", action="attack", fighter="p1.brute")
    state, cons = play(rs, state, "attack", "p1", attacker="p1.brute", target="p2.brute", profile={"name": "Blade"},
                       attack_roll={"smash": 2}, defence_roll={})
    assert state["reaction"] is not None
    drive = state["drive_back"]
    # Ben cannot move the game past Ana's drive back choice, and is told why.
    refused = rs.check(state, Event("activate", "p2", {"action": "guard", "fighter": "p2.leader"}))
    if drive:
        assert [v.code for v in refused] == ["drive_back_choice"]
    state, cons = play(rs, state, "power", "p1", play="pass")
    types = [c.type for c in cons]
    assert state["reaction"] is None and INFERRED_PASSES in types
    assert ("not_driven_back" in types) == bool(drive)
    assert ("reaction", ["p1", "p2"]) in inferred(cons) or ("reaction", ["p2", "p1"]) in inferred(cons)


def test_explicit_passes_stay_available_and_give_the_same_game():
    """'No reaction' and 'Pass' can still be entered; the state is the same as with the passes inferred."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "activate", "p1", action="move", fighter="p1.leader")
    explicit = state
    for type_, by, data in (("reaction_pass", "p1", {}), ("reaction_pass", "p2", {}),
                            ("power", "p1", {"play": "pass"}), ("power", "p2", {"play": "pass"})):
        explicit, _ = play(rs, explicit, type_, by, **data)
    explicit, _ = play(rs, explicit, "activate", "p2", action="move", fighter="p2.leader")
    implicit, _ = play(rs, state, "activate", "p2", action="move", fighter="p2.leader")
    assert implicit == explicit


def test_a_play_in_the_power_step_passes_the_go_of_the_player_before_but_a_pass_out_of_turn_does_not():
    """Power step (pg 29): players alternate, starting with the player whose power step it is. Bob's ploy on Ana's
    go means Ana passed (and she plays again after it); Bob's 'pass' on Ana's go is refused, or the step would end
    before Ana chose anything."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "player_action", "p1", action="pass")
    assert "not_your_go" in [v.code for v in rs.check(state, Event("power", "p2", {"play": "pass"}))]
    state, cons = play(rs, state, "power", "p2", play="ploy")
    assert inferred(cons) == [("reaction", ["p1", "p2"]), ("power", ["p1"])]
    assert state["step"] == "power" and state["power"]["next"] == 0  # Ana's go again
    assert state["power"]["passes"] == 0


def test_the_surge_step_is_never_skipped():
    """Surge step (pg 38): a surge objective revealed in an activation is scored in the next surge step (after the
    activation step), and its player draws an objective card, whether or not the passes were entered."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "activate", "p1", action="move", fighter="p1.leader")
    state, _ = play(rs, state, "objective", "p1", action="reveal", glory=2)
    assert state["reaction"] is not None  # revealing is bookkeeping: the reaction step stays open
    state, cons = play(rs, state, "activate", "p2", action="guard", fighter="p2.leader")
    types = [c.type for c in cons]
    assert types.index("surge_scored") < types.index("turn_begins")
    s = state["seats"]["p1"]
    assert s["glory"]["unspent"] == 2 and s["hand"]["objectives"] == 3 and s["revealed"] == []


def test_a_decision_is_never_inferred():
    """Steps that need a decision are not passed for a player: the active player's activation step (an event of
    the next turn is refused, not forced), the end phase sequence (end phase pg 38), a pending Attack action."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    # Ana has not taken her activation: Ben's activation is not hers to skip.
    assert "not_your_turn" in [v.code for v in rs.check(state, Event("activate", "p2", {"action": "guard",
                                                                                            "fighter": "p2.leader"}))]
    state, _ = play(rs, state, "activate", "p1", action="attack", fighter="p1.brute")
    assert state["pending"]
    assert rs.check(state, Event("activate", "p2", {"action": "guard", "fighter": "p2.leader"}))
    assert rs.implied_pass(state, Event("activate", "p2", {})) is None


def test_the_last_power_step_closes_when_the_end_phase_begins():
    """After the last activation of the phase, the first end phase event closes the power step as passed and the
    end phase begins (End phase pg 38)."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    for seat in ["p1", "p2"] * 4:
        state, _ = play(rs, state, "player_action", seat, action="pass")
    assert state["step"] == "power"
    state, cons = play(rs, state, "end_phase_done", "p1")
    assert [s for s, _ in inferred(cons)] == ["reaction", "power"]
    assert "end_phase_begins" in [c.type for c in cons] and state["end"]["i"] == 1


def test_suggestions_offer_the_next_activation_while_optional_steps_are_open():
    """The next player is offered their activation (and the game waits for it) while the reaction step and the
    power step are open only for optional plays; the phone lists what is open."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "activate", "p1", action="move", fighter="p1.leader")
    bob = rs.suggest(state, "p2")
    assert any(s.type == "activate" for s in bob.suggestions)
    assert any(s.type == "power" and s.data.get("play") != "pass" for s in bob.suggestions)
    assert not any(s.type == "power" and s.data.get("play") == "pass" for s in bob.suggestions)
    assert bob.waiting_for == ["p2"]
    assert bob.step["optional"] == [{"step": "reaction", "seats": ["p1", "p2"]}, {"step": "power", "seats": ["p1", "p2"]}]
    for s in bob.suggestions:  # every suggestion is accepted as it stands (templates: filled from the first choice)
        if s.complete:
            assert not rs.check(state, Event(s.type, s.by, dict(s.data))), s.label
    ana = rs.suggest(state, "p1")
    assert any(s.type == "reaction_pass" for s in ana.suggestions)
    assert any(s.type == "power" and s.data.get("play") == "pass" for s in ana.suggestions)
    assert not any(s.type == "activate" for s in ana.suggestions)


def test_surge_glory_pays_for_the_first_power_step_play():
    """Surge step (pg 38): a surge step follows each activation, before the power step (pg 29); a surge objective
    revealed in the activation is scored there, so its glory pays for an upgrade played first in the power step
    (Upgrade cards pg 30: an upgrade costs one unspent glory point)."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    assert state["seats"]["p1"]["glory"]["unspent"] == 0
    state, _ = play(rs, state, "activate", "p1", action="move", fighter="p1.leader")
    state, _ = play(rs, state, "objective", "p1", action="reveal", glory=1)
    assert any(s.data.get("play") == "upgrade" for s in rs.suggest(state, "p1").suggestions)
    state, cons = play(rs, state, "power", "p1", play="upgrade", fighter="p1.leader")
    types = [c.type for c in cons]
    assert types.index("surge_scored") < types.index("glory_spent")
    assert state["seats"]["p1"]["glory"] == {"unspent": 0, "spent": 1}


def test_no_inspire_step_in_the_end_phase():
    """Advanced rules, End phase (pg 38): there are no Inspire steps in the end phase. The Inspire step after the
    last power step (Inspire pg 6) is still open as the end phase begins, until the first player starts the end
    phase sequence; after that an Inspire is refused."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_first_turn(rs, state)
    for seat in ["p1", "p2"] * 4:
        state, _ = play(rs, state, "player_action", seat, action="pass")
    state, _ = play(rs, state, "reaction_pass", "p1")
    state, _ = play(rs, state, "reaction_pass", "p2")
    state, _ = play(rs, state, "power", "p2", play="pass")
    state, _ = play(rs, state, "power", "p1", play="pass")
    assert state["phase"] == "end"
    assert "no_inspire_step" not in [v.code for v in rs.check(state, Event("inspire", "p2", {"fighter": "p2.brute"}))]
    state, _ = play(rs, state, "objective", "p1", action="score", glory=1)
    refused = [v.code for v in rs.check(state, Event("inspire", "p2", {"fighter": "p2.brute"}))]
    assert "no_inspire_step" in refused
    assert not [s for s in rs.suggest(state, "p2").suggestions if s.type == "inspire"]


@pytest.mark.parametrize("rid", EDITIONS)
def test_an_override_during_the_drive_back_choice_still_meets_what_no_table_can_agree(rid):
    """While the attacking player's drive back choice is open, an overridden event lifts that rule check only: an
    Attack action that is not pending, an end phase that is not on, a gambit that is not in play stay refused."""
    rs, state = new(rid, 2)
    state = to_first_turn(rs, state)
    state, _ = play(rs, state, "activate", "p1", action="attack", fighter="p1.brute")
    state, _ = play(rs, state, "attack", "p1", attacker="p1.brute", target="p2.brute", profile={"name": "Blade"},
                    attack_roll={"smash": 2}, defence_roll={})
    assert state["drive_back"] and state["pending"] is None
    override = {"reason": "the table agreed"}
    for type_, data, code in (("abandon", {}, "nothing_pending"), ("end_phase_done", {}, "not_now"),
                              ("discard_power", {"card": "Trap", "in_play": True}, "not_in_play")):
        event = Event(type_, "p2", data, override=override)
        found = rs.check(state, event)
        assert [v.code for v in found][0] == "drive_back_choice" and code in [v.code for v in found]
        assert [v.code for v in rs.judge(state, event).blocked] == [code]


@pytest.mark.parametrize("rid, setup", [("underworlds/deathgorge", underworlds_setup(4)),
                                        ("underworlds/deathgorge", underworlds_setup(2)),
                                        ("underworlds/shadespire", edition_setup("underworlds/shadespire", 3))])
def test_the_read_only_look_ahead_is_the_passes_ahead_and_changes_no_state_before_it(rid, setup):
    """passes.read_only_ahead gives the states core.Ruleset.passes_ahead gives, while the reaction passes after the
    first share the parts they leave alone with the state before them (Deathgorge: only the window is copied)."""
    rs = registry.get(rid)
    shared = 0

    def compare(state, _event, _sugg):
        nonlocal shared
        before = pickle.dumps(state)
        for seat in ("", *state["order"]):
            event = Event("activate", seat, {})
            chain = read_only_ahead(rs, state, event)
            assert [(i, pickle.dumps(s)) for i, s in chain] == \
                [(i, pickle.dumps(s)) for i, s, _ in rs.passes_ahead(state, event)]
            shared += sum(a[1]["fighters"] is b[1]["fighters"] for a, b in zip(chain, chain[1:]))
        assert pickle.dumps(state) == before

    play_random(rs, setup, seed=7, max_events=200, on_event=compare)
    assert (shared > 20) == (rid == "underworlds/deathgorge")


@pytest.mark.parametrize("rid", EDITIONS)
def test_the_next_players_end_phase_entry_says_the_one_before_is_done(rid):
    """Each player runs through the end phase sequence in turn (Deathgorge End phase pg 38; Shadespire Round 1, End
    Phase pg 25; Dreadfane End phase pg 19): Ben discarding a card in his sequence says Ana has finished hers, and the
    log says so (her draws of steps 5-6 run as if she had tapped Done)."""
    rs, state = new(rid, 2)
    state = to_end_phase(rs, to_first_turn(rs, state))
    assert state["phase"] == "end" and state["end"]["order"][0] == "p1"
    explicit, _ = play(rs, state, "end_phase_done", "p1")
    explicit, _ = play(rs, explicit, "discard_power", "p2")
    state, cons = play(rs, state, "discard_power", "p2")
    assert inferred(cons) == [("end_phase", ["p1"])]
    assert [c.rule.section for c in cons if c.type == "passes_inferred"] == [rs.edition.rule("end_phase").section]
    assert state == explicit and state["end"]["i"] == 1


@pytest.mark.parametrize("rid", EDITIONS)
def test_the_next_rounds_roll_off_says_the_last_player_is_done(rid):
    """After the last player's sequence the round ends and the next begins (its hazard phase first in the 2019
    rules): its first entry, on any phone, closes the sequences still open."""
    rs, state = new(rid, 2)
    state = to_end_phase(rs, to_first_turn(rs, state))
    probe = "hazard" if rid.endswith("dreadfane") else "roll_off"
    data = {"action": "draw"} if probe == "hazard" else {"purpose": "first_turn", "first": "p2"}
    state, cons = play(rs, state, probe, "p1", **data)
    assert [(step, seat) for step, seats in inferred(cons) for seat in seats] == [("end_phase", "p1"), ("end_phase", "p2")]
    assert state["round"] == 2 and "round_ends" in [c.type for c in cons]


def test_the_end_phase_sequence_is_never_closed_by_its_own_players_step_nor_in_the_last_round():
    """The player running the sequence closes it only with the next round's entry; a refused step of their own is
    refused, not moved past their sequence; the last end phase (nothing follows it) still needs its Done."""
    rs, state = new("underworlds/deathgorge", 2)
    state = to_end_phase(rs, to_first_turn(rs, state))
    event = Event("objective", "p1", {"action": "score", "glory": 1, "card": "No such card"})
    assert rs.implied_pass(state, event) is None
    assert rs.check(state, Event("discard_power", "p1", {})) == []
    # Ana (finished) may not take steps of Ben's sequence: another seat's own steps close nothing.
    state, _ = play(rs, state, "end_phase_done", "p1")
    assert rs.implied_pass(state, Event("discard_power", "p1", {})) is None
    for _ in range(2):   # rounds 2 and 3
        state, _ = play(rs, state, "roll_off", "p1", purpose="first_turn", first="p1")
        state = to_end_phase(rs, state)
        if state["round"] < 3:
            state, _ = play(rs, state, "end_phase_done", "p1")
            state, _ = play(rs, state, "end_phase_done", "p2")
    state, _ = play(rs, state, "end_phase_done", "p1")
    assert state["end"]["i"] == 1 and rs.check(state, Event("roll_off", "p1", {"purpose": "first_turn", "first": "p1"}))


@pytest.mark.parametrize("rid", EDITIONS)
def test_the_other_players_are_offered_what_they_may_enter_during_an_end_phase_sequence(rid):
    """While Ana runs her sequence, Ben is offered his own (his Done, his discards) and every one of them passes
    check(); once she is done and he runs his, she is offered the next round's first entry where the roll-off
    comes next."""
    rs, state = new(rid, 2)
    state = to_end_phase(rs, to_first_turn(rs, state))
    offered = rs.suggest(state, "p2").suggestions
    assert "end_phase_done" in [s.type for s in offered]
    for s in offered:
        if s.complete:
            assert not rs.judge(state, Event(s.type, "p2", dict(s.data))).blocked, s
    state, _ = play(rs, state, "end_phase_done", "p1")
    rolls = [s for s in rs.suggest(state, "p1").suggestions if s.type == "roll_off"]
    assert bool(rolls) is (not rid.endswith("dreadfane"))
