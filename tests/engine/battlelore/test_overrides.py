"""Overrides (docs/architecture.md, Principles, 5): any event the table applies anyway with a reason must never
break the engine. Events offered earlier, or to the other seat, are replayed out of place with an
override: either a non-overridable violation stops them, or apply() succeeds on a JSON state."""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.core import Event

from .helpers import RS, fill, setup


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_overridden_events_out_of_place_never_break_apply(seed):
    """Stale or foreign events, overridden, are refused structurally or applied without error."""
    rng = random.Random(seed)
    state = RS.new_game(setup())
    seen: list[dict] = []
    for _ in range(150):
        if RS.outcome(state):
            break
        offered = []
        for seat in state["seats"]:
            for sugg in RS.suggest(state, seat).suggestions:
                raw = fill(sugg, rng)
                offered.append(raw)
                seen.append(raw)
        del seen[:-60]
        for raw in rng.sample(seen, min(3, len(seen))):
            stale = Event.from_dict({**raw, "by": rng.choice(["p1", "p2"]), "override": {"reason": "card says so"}})
            if not RS.judge(state, stale).blocked:
                after, _ = RS.apply(state, stale)
                json.dumps(after)
        state, _ = RS.apply(state, Event.from_dict(rng.choice(offered)))


def test_an_adjustment_with_a_field_sent_as_null_changes_only_the_others():
    """Table corrections: the optional deltas of `adjust` left null change nothing (no engine failure)."""
    state = RS.new_game(setup())
    vp = state["seats"]["p1"]["vp"]
    event = Event("adjust", "p2", {"seat": "p1", "vp": 2, "reason": "correction", "command_cards": None})
    assert RS.check(state, event) == []
    state, _ = RS.apply(state, event)
    assert state["seats"]["p1"]["vp"] == vp + 2
