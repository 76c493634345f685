"""Property test: a game played with inferred passes ends in the same state as the same game with every pass
entered explicitly (core.Ruleset.settle; docs/architecture.md, Engine contract: steps that exist only for optional plays).

Random games are played from suggest() with explicit "No reaction"/"Pass" chosen rarely, so most optional steps
are closed by the next event of the sequence. Each inferred pass is logged with the pass events themselves; the
explicit game enters those events before the event that inferred them, and must fold to the same state without
inferring anything.
"""
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import registry
from app.engine.conquest import passes as conquest_passes
from app.engine.core import INFERRED_PASSES, Event, replay
from tests.support.play import SETUPS, choose, fill, options, rng_pick

pytestmark = pytest.mark.slow

RULESETS = [rid for rid in SETUPS if rid.startswith("underworlds/")] + ["conquest/core"]
CASES = [(rid, i) for rid in RULESETS for i in range(len(SETUPS[rid]))]
MAX_EVENTS = 1500
# Explicit passes are rare at a real table: the random player mostly lets the next event close the step.
RARE = {"Table": 0.03, "Reaction": 0.1}


def _is_pass(s) -> bool:
    """An explicit "I do nothing here" entry (Underworlds' reaction and power passes; Conquest's decisions)."""
    return s.type == "reaction_pass" or (s.type == "power" and s.data.get("play") == "pass") or \
        conquest_passes.is_decision_pass(s.type, s.data)


def _play(rs, setup, rng):
    pick = rng_pick(rng)
    state = rs.new_game(setup)
    log, inferred_runs = [], 0
    while len(log) < MAX_EVENTS and rs.outcome(state) is None:
        suggestions = options(rs, state)
        sugg = choose(rng, [s for s in suggestions if not _is_pass(s) or rng.random() < 0.1] or suggestions, RARE)
        ev = fill(sugg, pick)
        ev = replace(ev, seq=len(log) + 1, id=f"e{len(log) + 1}")
        assert not rs.check(state, ev), f"suggested {sugg.to_dict()} refused"
        state, cons = rs.apply(state, ev)
        passes = [e for c in cons if c.type == INFERRED_PASSES for e in c.data["events"]]
        inferred_runs += bool(passes)
        log.append((ev, passes))
    return state, log, inferred_runs


@pytest.mark.parametrize("ruleset_id,setup_index", CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_inferred_and_explicit_passes_end_in_the_same_state(ruleset_id, setup_index, seed):
    """Same game, passes inferred or entered: the same final state, and the explicit game infers nothing."""
    rs = registry.get(ruleset_id)
    setup = SETUPS[ruleset_id][setup_index]
    final, log, inferred_runs = _play(rs, setup, random.Random(seed))
    assert inferred_runs > 0, "the random game closed some optional step by the next event"
    explicit, state = [], rs.new_game(setup)
    for ev, passes in log:
        for raw in passes:
            pass_event = Event(raw["type"], raw["by"], dict(raw["data"]), seq=len(explicit) + 1)
            assert not rs.check(state, pass_event), f"inferred pass {raw} is not legal when entered"
            state, cons = rs.apply(state, pass_event)
            assert INFERRED_PASSES not in [c.type for c in cons]
            explicit.append(pass_event)
        step = Event(ev.type, ev.by, ev.data, override=ev.override, seq=len(explicit) + 1)
        assert not rs.judge(state, step).blocked
        state, cons = rs.apply(state, step)
        assert INFERRED_PASSES not in [c.type for c in cons], "every pass was entered"
        explicit.append(step)
    assert _positions_dropped(state) == _positions_dropped(final)
    assert _positions_dropped(replay(rs, setup, explicit)) == _positions_dropped(final)
    assert replay(rs, setup, [ev for ev, _ in log]) == final


def _positions_dropped(state: dict) -> dict:
    """The state without the log positions it keeps (Conquest's last seq, where the command step began and which
    entries revealed the dials; BattleLore's revealed choices): the explicit log is longer, so those differ by
    design while the game itself must not."""
    out = dict(state)
    for key in ("last_seq", "revealed_dials", "revealed_choices"):
        out.pop(key, None)
    if isinstance(out.get("step"), dict):
        out["step"] = {k: v for k, v in out["step"].items() if k != "since"}
    return out
