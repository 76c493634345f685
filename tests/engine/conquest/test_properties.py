"""Random playouts of conquest/core from suggest() alone (docs/architecture.md, Tests: the property test).

Every suggested event (complete, or a template filled from its choices and bounds) passes check(),
apply() never raises, the state stays plain JSON, and replaying the log gives the same state.
"""
import json
import random
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.core import Event, replay

from .support import RS, fill, setup

MAX_EVENTS = 400


def _all_suggestions(state):
    out = []
    for seat in state["seats"]:
        out += RS.suggest(state, seat).suggestions
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9), effects=st.sampled_from([0.0, 0.05, 0.3]))
def test_random_playout_from_suggestions(seed, effects):
    """A bot choosing only among suggestions plays a legal game to its end (or the step bound)."""
    rng = random.Random(seed)
    counter = [0]
    the_setup = setup()
    state = RS.new_game(the_setup)
    log = []
    for n in range(MAX_EVENTS):
        options = _all_suggestions(state)
        if not options:
            break
        for sugg in options:  # every suggestion, not just the one played, must be legal
            ev = fill(sugg, rng, counter)
            assert RS.check(state, ev) == [], (sugg.to_dict(), ev.to_dict())
        core = [s for s in options if s.group != "Table"]
        pool = options if (not core or rng.random() < effects) else core
        ev = fill(rng.choice(pool), rng, counter)
        ev = replace(ev, seq=n + 1)
        state, cons = RS.apply(state, ev)
        assert all(c.rule for c in cons), "every consequence names its rule"
        log.append(ev)
        assert json.loads(json.dumps(state)) == state
    assert replay(RS, the_setup, [e.to_dict() for e in log]) == state
    if RS.outcome(state) is None:
        assert len(log) == MAX_EVENTS, "a game only stops without an outcome at the step bound"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_view_never_shows_the_opponents_uncommitted_dial(seed):
    """Command phase, Step 1: each dial stays secret until both are revealed."""
    rng = random.Random(seed)
    counter = [0]
    state = RS.new_game(setup())
    for _ in range(MAX_EVENTS):
        if state["step"].get("name") == "commit":
            for seat in state["seats"]:
                other = "p2" if seat == "p1" else "p1"
                assert RS.view(state, seat)["step"]["dials"].get(other) is None
        options = _all_suggestions(state)
        if not options:
            break
        core = [s for s in options if s.group != "Table"] or options
        state, _ = RS.apply(state, fill(rng.choice(core), rng, counter))


def test_malformed_events_are_structural_not_exceptions():
    """Bad input gets a clear structural violation (docs/architecture.md, Principles, 4)."""
    state = RS.new_game(setup())
    for ev in [Event("attack", "p1", {"attacker": 5}), Event("deploy", "p1", {"card": "x"}),
               Event("commit", "p1", {"planet": 99}), Event("attack", "p1", {"attacker": "p9.nobody"}),
               Event("nonsense", "p1", {}), Event("pass", "p7", {})]:
        found = RS.check(state, ev)
        assert found and not found[0].overridable, ev
