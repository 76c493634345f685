"""Overrides never break the game (docs/architecture.md, Principles, 5: any rule check can be overridden with a reason).

Random games where, now and then, an event suggested at an EARLIER moment (so usually out of sequence now) is
entered again with an override: whenever judge() lets it through, apply() must not raise, the state stays
plain JSON, the game still reaches its end from suggestions, and replaying the log gives the same state.
"""
import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.core import replay
from tests.support.play import choose, fill, options, rng_pick, underworlds_setup

from .helpers import RS


@settings(max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), players=st.sampled_from([2, 3, 4]))
def test_overridden_stale_events_never_break_apply_or_replay(seed, players):
    """Override: a rule check is lifted with a stated reason; structural checks and the game's sequence stay."""
    rng = random.Random(seed)
    pick = rng_pick(rng)
    setup = underworlds_setup(players)
    state = RS.new_game(setup)
    log, stale = [], []
    while len(log) < 2500 and RS.outcome(state) is None:
        suggs = options(RS, state)
        stale.extend(rng.sample(suggs, min(3, len(suggs))))
        stale = stale[-60:]
        if stale and rng.random() < 0.15:
            ev = fill(rng.choice(stale), pick)
            ev = replace(ev, override={"reason": "card says so"})
            if RS.judge(state, ev).blocked:
                continue
        else:
            ev = fill(choose(rng, suggs), pick)
        ev = replace(ev, seq=len(log) + 1, id=f"e{len(log) + 1}")
        state, _ = RS.apply(state, ev)
        log.append(ev)
    assert json.loads(json.dumps(state)) == state
    assert RS.outcome(state) is not None
    assert replay(RS, setup, log) == state
    for seat in state["seats"]:
        if state["seats"][seat]["glory"]["unspent"] < 0 or state["seats"][seat]["glory"]["spent"] < 0:
            raise AssertionError("glory below zero")
