"""The order, move and attack steps close by themselves when the active player goes on (passes.py): each closed
step is an `end_step` logged as a `passes_inferred` consequence with its rule, and a game played that way ends in
the same state as the same game with every "done" entered."""
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.battlelore import rules
from app.engine.core import INFERRED_PASSES, Event, replay

from .helpers import POS, RS, battle, codes, command, fill, play, setup


def ordered(units=("p1.d-foot-1", "p1.d-hero-1")):
    s = command(battle(), units=len(units))
    for u in units:
        s, _ = play(s, "p1", "order", unit=u)
    return s


def test_a_move_closes_the_order_step_citing_the_order_step_rule():
    """Main phase, Order step: ordered units may move; the first move ends the ordering."""
    s = ordered()
    s, cons = play(s, "p1", "move", unit="p1.d-hero-1", hexes=2, to=dict(POS))
    assert s["step"] == "move" and s["moved"] == ["p1.d-hero-1"]
    run = next(c for c in cons if c.type == INFERRED_PASSES)
    assert run.rule == rules.ORDER and [e["type"] for e in run.data["events"]] == ["end_step"]
    assert run.data["events"][0]["by"] == "p1"


def test_an_attack_while_ordering_closes_the_order_and_move_steps():
    """Main phase, Move and Attack steps: an attack ends both earlier steps, each pass with its own rule."""
    s = ordered()
    s, cons = play(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                   roll=["lore"] * 3)
    assert s["attacked"] == ["p1.d-foot-1"]
    cited = [c.rule for c in cons if c.type == INFERRED_PASSES]
    assert cited == [rules.ORDER, rules.MOVE]
    assert sum(len(c.data["events"]) for c in cons if c.type == INFERRED_PASSES) == 2


def test_scoring_vps_closes_the_attack_step():
    """Upkeep phase, Victory point step follows the attack step: scoring ends the attacking."""
    s = ordered()
    s, _ = play(s, "p1", "end_step")
    s, _ = play(s, "p1", "end_step")
    s, cons = play(s, "p1", "score_vp")
    assert s["step"] == "lore"
    assert [c.rule for c in cons if c.type == INFERRED_PASSES] == [rules.ATTACK_STEP]


def test_the_command_step_and_an_open_combat_are_never_passed():
    """A command card must be played; a combat is resolved by the target's player before the turn goes on."""
    s = battle()
    assert codes(s, "p1", "move", unit="p1.d-hero-1", hexes=1, to=dict(POS)) == ["wrong_step"]
    assert codes(s, "p1", "score_vp") == ["wrong_step"]
    s = ordered()
    s, _ = play(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                roll=["strike"] * 3)
    assert s["combat"]
    before = dict(s)
    assert codes(s, "p1", "score_vp") == ["combat_open"]
    assert s == before


def test_the_other_player_closes_nothing():
    """Only the active player's turn moves on: Ben's move while Ana orders is refused, nothing closed."""
    s = ordered()
    assert "not_your_turn" in codes(s, "p2", "move", unit="p2.u-foot-1", hexes=1, to=dict(POS))
    assert RS.settle(s, Event("move", "p2", {"unit": "p2.u-foot-1", "hexes": 1, "to": dict(POS)}))[1] == []


def test_a_later_steps_event_is_judged_in_its_own_step():
    """A melee attack from afar entered while ordering is told why it is wrong there (not "wrong step");
    overridden, it is applied in the attack step, the earlier steps closed."""
    s = ordered()
    bad = {"attacker": "p1.d-foot-1", "target": "p2.u-foot-1", "kind": "melee", "distance": 2, "roll": ["lore"] * 3}
    assert codes(s, "p1", "attack", **bad) == ["not_adjacent"]
    after, cons = RS.play(s, Event("attack", "p1", bad, override={"reason": "the table agrees"}))
    assert after["attacked"] == ["p1.d-foot-1"]
    assert [c.rule for c in cons if c.type == INFERRED_PASSES] == [rules.ORDER, rules.MOVE]


def test_moves_attacks_and_scoring_are_offered_while_ordering_and_done_is_a_quiet_pass():
    """The phone offers each later step's entries at once; "Done ordering" stays, marked as a pass."""
    s = ordered()
    advice = RS.suggest(s, "p1")
    kinds = {x.type for x in advice.suggestions}
    assert {"move", "attack", "score_vp"} <= kinds
    done = [x for x in advice.suggestions if x.type == "end_step"]
    assert [(d.label, d.is_pass) for d in done] == [("Done ordering", True)]
    groups = {x.group for x in advice.suggestions if x.type == "attack"}
    assert groups == {"Attack with D Foot 1", "Attack with D Hero"}
    for x in advice.suggestions:
        if x.group not in ("Table", "Lore"):
            assert not RS.check(s, Event.from_dict(fill(x, random.Random(1)))), x.label


def _play(seed):
    """A random game from suggestions, "done" steps entered rarely: the log with each event's inferred passes."""
    rng = random.Random(seed)
    game_setup = setup()
    state = RS.new_game(game_setup)
    log = []
    for _ in range(500):
        if RS.outcome(state):
            break
        offered = []
        for seat in state["seats"]:
            for sugg in RS.suggest(state, seat).suggestions:
                if sugg.group in ("Table", "Lore") or (sugg.is_pass and rng.random() > 0.1):
                    continue
                offered.append(Event.from_dict(fill(sugg, rng)))
        ev = replace(rng.choice(offered), seq=len(log) + 1)
        assert not RS.check(state, ev), ev.to_dict()
        state, cons = RS.apply(state, ev)
        log.append((ev, [e for c in cons if c.type == INFERRED_PASSES for e in c.data["events"]]))
    return game_setup, state, log


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_inferred_and_explicit_steps_end_in_the_same_state(seed):
    """Same game with every inferred `end_step` entered before the event that inferred it: same final state, and
    the explicit game infers nothing."""
    game_setup, final, log = _play(seed)
    assert any(passes for _, passes in log), "the random game went on without some 'done' tap"
    state, explicit = RS.new_game(game_setup), []
    for ev, passes in log:
        for raw in passes:
            done = Event(raw["type"], raw["by"], dict(raw["data"]), seq=len(explicit) + 1)
            assert not RS.check(state, done)
            state, cons = RS.apply(state, done)
            explicit.append(done)
        step = replace(ev, seq=len(explicit) + 1)
        state, cons = RS.apply(state, step)
        assert INFERRED_PASSES not in [c.type for c in cons]
        explicit.append(step)
    assert state == final
    assert replay(RS, game_setup, explicit) == final
    assert replay(RS, game_setup, [ev for ev, _ in log]) == final


def test_going_on_after_a_combat_stays_instead_of_advancing():
    """Combat, 8. Advance: the attacker may advance; its player's next attack is a "stay", logged with that rule."""
    s = ordered()
    s, _ = play(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                roll=["morale", "lore", "lore"])
    s, _ = play(s, "p2", "defend", moved=1, end="free", to=dict(POS))
    assert s["combat"]["stage"] == "advance"
    assert "not_your_turn" in codes(s, "p2", "score_vp")
    s, cons = play(s, "p1", "attack", attacker="p1.d-hero-1", target="p2.u-foot-2", kind="melee", distance=1,
                   roll=["lore"] * 4)
    runs = [c for c in cons if c.type == INFERRED_PASSES]
    assert [(r.data["step"], r.rule) for r in runs] == [("advance", rules.ADVANCE)]
    assert runs[0].data["events"] == [{"type": "decline", "by": "p1", "data": {"window": "advance"}}]
    assert s["attacked"] == ["p1.d-foot-1", "p1.d-hero-1"]


def test_the_next_attack_and_the_upkeep_are_offered_beside_the_advance():
    """While the attacker may advance, its player is offered the other ordered units' attacks and scoring too, each
    legal as it is (the advance closes as a stay); no "done attacking" while the combat is open."""
    s = ordered()
    s, _ = play(s, "p1", "attack", attacker="p1.d-foot-1", target="p2.u-foot-1", kind="melee", distance=1,
                roll=["morale", "lore", "lore"])
    s, _ = play(s, "p2", "defend", moved=1, end="free", to=dict(POS))
    offered = RS.suggest(s, "p1").suggestions
    kinds = {x.type for x in offered}
    assert {"advance", "decline", "attack", "score_vp"} <= kinds and "end_step" not in kinds
    assert {x.data["attacker"] for x in offered if x.type == "attack"} == {"p1.d-hero-1"}
    for x in offered:
        if x.group not in ("Table", "Lore"):
            assert not RS.check(s, Event.from_dict(fill(x, random.Random(2)))), x.label
