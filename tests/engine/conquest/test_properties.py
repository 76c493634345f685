"""Random playouts of conquest/core from suggest() alone (docs/architecture.md, Tests: the property test).

Every suggested event (complete, or a template filled from its choices and bounds) passes check(),
apply() never raises, the state stays plain JSON, and replaying the log gives the same state.
"""
import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.content import conquest as cc
from app.content.conquest_abilities import for_deck
from app.engine.core import Event, replay

from .support import RS, fill, setup

pytestmark = pytest.mark.slow

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

    def choose(options):
        core = [s for s in options if s.group != "Table"]
        return options if (not core or rng.random() < effects) else core
    state, log = _playout(setup(), rng, choose, checked=lambda options: options)
    if RS.outcome(state) is None:
        assert len(log) == MAX_EVENTS, "a game only stops without an outcome at the step bound"


def _playout(the_setup, rng, choose, checked):
    """Play from suggestions: each of `checked(options)` must pass check(), one of `choose(options)` is applied;
    every consequence names its rule, the state stays plain JSON, and replaying the log gives the same state."""
    counter = [0]
    state = RS.new_game(the_setup)
    log = []
    for n in range(MAX_EVENTS):
        options = _all_suggestions(state)
        if not options:
            break
        for sugg in checked(options):  # every suggestion, not just the one played, must be legal
            ev = fill(sugg, rng, counter)
            assert RS.check(state, ev) == [], (sugg.to_dict(), ev.to_dict())
        ev = replace(fill(rng.choice(choose(options)), rng, counter), seq=n + 1)
        state, cons = RS.apply(state, ev)
        assert all(c.rule for c in cons), "every consequence names its rule"
        log.append(ev)
        assert json.loads(json.dumps(state)) == state
    assert replay(RS, the_setup, [e.to_dict() for e in log]) == state
    return state, log


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


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=10**9))
def test_random_playout_with_the_starter_decks_card_abilities(seed):
    """Every card ability suggested (each window, each choice) passes check(); applying never raises; replay is
    exact."""
    rng = random.Random(seed)
    records = cc.abilities()
    pick = rng.sample(sorted({r["faction"] for r in records.values() if r["faction"] != "Neutral"}), 2)
    decks = [[n for n, r in records.items() if r["faction"] in (f, "Neutral")] for f in pick]
    the_setup = setup(p1={"abilities": for_deck(records, decks[0])}, p2={"abilities": for_deck(records, decks[1])})
    the_setup["tokens"] = cc.tokens()

    def abilities(options):
        return [s for s in options if s.type == "card_ability"]

    def choose(options):
        core = [s for s in options if s.group != "Table"]
        return abilities(options) if abilities(options) and rng.random() < 0.5 else core or options
    _playout(the_setup, rng, choose, checked=abilities)
