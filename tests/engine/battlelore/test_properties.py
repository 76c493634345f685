"""Random playouts from suggest(): every suggested event is legal, apply never raises, the state is
plain JSON, and replaying the log gives the same state (docs/architecture.md, Tests)."""
import json
import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.core import Event, replay

from .helpers import RS, fill, setup

pytestmark = pytest.mark.slow

MAX_EVENTS = 600


def playout(seed: int, options: dict, banners: bool = True, entered: bool = False) -> tuple[dict, list]:
    """Play a game from suggestions alone with a seeded bot; checks every offered event on the way.

    entered=True starts with no unit data at all, as a game created on the phones does: the bot
    enters unit cards from the suggestions before it can muster.
    """
    rng = random.Random(seed)
    game_setup = setup(**options)
    if entered:
        game_setup = {"options": options, "seats": [{"name": "Ana"}, {"name": "Ben"}]}
    state = RS.new_game(game_setup)
    log = []
    for _ in range(MAX_EVENTS):
        if RS.outcome(state):
            break
        offered = []
        for seat in state["seats"]:
            advice = RS.suggest(state, seat)
            json.dumps(advice.to_dict())
            for sugg in advice.suggestions:
                raw = fill(sugg, rng)
                if not banners and isinstance(raw["data"].get("to"), dict):
                    raw["data"]["to"]["banner"] = 0  # a bot that ignores banners fights to the end
                if not banners and raw["type"] == "score_vp":
                    raw["data"]["scenario_vp"] = 0
                ev = Event.from_dict(raw)
                problems = RS.check(state, ev)
                assert not problems, (sugg.label, ev.to_dict(), [p.to_dict() for p in problems])
                # table corrections are legal but rare at a real table: keep them rare here too
                if sugg.group not in ("Table", "Lore") or rng.random() < 0.04:
                    offered.append(ev)
        assert offered, f"no legal event offered in {state['phase']}/{state['step']}"
        # a bot that mostly acts rather than skipping steps reaches combat and eliminations
        acting = [e for e in offered if e.type not in ("end_step", "decline")]
        ev = rng.choice(acting if acting and rng.random() < 0.85 else offered)
        ev = replace(ev, seq=len(log) + 1)
        state, _ = RS.apply(state, ev)
        log.append(ev)
    assert json.loads(json.dumps(state)) == state
    assert replay(RS, game_setup, log) == state
    assert replay(RS, game_setup, [e.to_dict() for e in log], verify=True) == state
    return state, log


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), banners=st.booleans(), campaign=st.booleans(), entered=st.booleans())
def test_random_playouts_from_suggestions(seed, banners, campaign, entered):
    """Every suggested event passes check(); apply never raises; JSON round trip; replay reproduces."""
    options = {"campaign": {"game": 1, "history": []}} if campaign else {}
    playout(seed, options, banners, entered)


def test_a_playout_reaches_an_outcome():
    """A bot playing from suggestions alone can finish a game."""
    state, log = playout(7, {})
    assert RS.outcome(state) is not None and len(log) < MAX_EVENTS


def test_a_game_with_units_entered_at_the_table_reaches_the_battle():
    """Units entered from the phones (unit_card) can be mustered and fought with."""
    state, log = playout(11, {}, banners=True, entered=True)
    assert any(e.type == "unit_card" for e in log) and any(e.type == "attack" for e in log)


def test_replay_gives_the_same_state_and_keeps_no_reference_to_event_data():
    """Replaying the log gives the played state, and the in-place fold (apply with owned=True) shares nothing with
    the events. (Replay speed is measured by benchmarks/engine.py, not asserted here.)"""
    state, log = playout(3, {}, banners=False)
    again = replay(RS, setup(), log)
    assert again == state
    for ev in log:  # mutating the log afterwards must not change the folded state
        for value in ev.data.values():
            if isinstance(value, dict):
                value["poisoned"] = True
            elif isinstance(value, list):
                value.append("poisoned")
    assert "poisoned" not in json.dumps(again)
