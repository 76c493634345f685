"""Property test, generic over rulesets: random games played only from suggest() (docs/architecture.md, Tests).

For every ruleset in tests/support/play.py SETUPS: every suggested event passes check(), apply() never raises,
the state always round-trips through JSON, and replaying the log reproduces the final state exactly.
Add a ruleset by adding its id and sample setups to SETUPS (and nothing here).
"""
import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine import registry
from app.engine.core import replay
from tests.support.play import SETUPS, choose, fill, options, rng_pick

pytestmark = pytest.mark.slow

CASES = [(rid, i) for rid, setups in SETUPS.items() for i in range(len(setups))]
MAX_EVENTS = 1500


def _play_and_check(rs, setup, rng: random.Random) -> None:
    pick = rng_pick(rng)
    state = rs.new_game(setup)
    assert json.loads(json.dumps(state)) == state
    log = []
    while len(log) < MAX_EVENTS and rs.outcome(state) is None:
        sugg = choose(rng, options(rs, state))
        assert sugg is not None, f"no suggestion at {state.get('phase')}/{state.get('step')}"
        ev = fill(sugg, pick)
        ev = replace(ev, seq=len(log) + 1, id=f"e{len(log) + 1}")
        problems = rs.check(state, ev)
        assert not problems, f"suggested {sugg.to_dict()} refused: {[v.to_dict() for v in problems]}"
        state, cons = rs.apply(state, ev)
        assert all(c.rule for c in cons), "every consequence names its rule"
        log.append(ev)
        if len(log) % 25 == 0:
            assert json.loads(json.dumps(state)) == state
    assert json.loads(json.dumps(state)) == state
    assert rs.outcome(state) is not None, "a random game reaches its end"
    assert replay(rs, setup, log) == state
    cut = rng.randrange(1, len(log) + 1)
    assert replay(rs, setup, log, upto=cut) == replay(rs, setup, log[:cut])


@pytest.mark.parametrize("ruleset_id,setup_index", CASES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_from_suggestions(ruleset_id, setup_index, seed):
    """Every suggested event is legal, apply never raises, state is JSON and the log replays to it."""
    rs = registry.get(ruleset_id)
    _play_and_check(rs, SETUPS[ruleset_id][setup_index], random.Random(seed))
