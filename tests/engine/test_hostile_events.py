"""Property test over every ruleset: no event, however wrong, makes the rules engine raise.

Random games are played from suggest() (tests/support/play.py), with notes and take-backs now and then. At random
points every event type of the ruleset, and suggested events bent out of shape (tests/support/mutate.py), are
sent with and without an override. check() must answer with violations (a code, a sentence and, for a rule, its
source), never an exception; an event judge() lets through must apply; the state after it must still give
every seat its view and suggestions, and the outcome; and the late-play search (core.closed_by) must fold the log
around any refused event. An exception anywhere is a defect of the engine: the server would answer 500 with an error id.
"""
from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.support.tally  # noqa: F401 - registers the test game, checked like any plug-in
from app.engine import registry
from app.engine.core import CORE_RULE, NOTE, REVERT, Event, closed_by, effective_events, fold_log
from tests.support.mutate import hostile_batch
from tests.support.play import SETUPS, choose, fill, options, rng_pick

pytestmark = pytest.mark.slow

TALLY_SETUP = {"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}], "options": {"target": 1000}}
RULESETS = {**{rid: setups for rid, setups in SETUPS.items()}, "test/tally": [TALLY_SETUP]}
MAX_EVENTS = 300        # events of one random game (suggest() for every seat at each: the cost of the test)
BATCH_CHANCE = 0.08     # how often the game stops for a batch of hostile events
NOTE_CHANCE = 0.04
REVERT_CHANCE = 0.02
LATE_SEARCH_CHANCE = 0.5  # batches whose first refused event also goes through the late-play search (a replay)


def test_every_shipped_ruleset_is_covered():
    assert set(registry.KNOWN) <= set(RULESETS)


def assert_proper(rs, violations, event: Event) -> None:
    """Each violation has a known code, a sentence and a source."""
    known = {v["code"] for v in rs.violations()}
    for v in violations:
        assert v.code in known, f"{event.to_dict()}: undeclared code {v.code!r}"
        assert isinstance(v.message, str) and v.message.strip(), f"{event.to_dict()}: {v.code} without a sentence"
        assert v.rule, f"{event.to_dict()}: {v.code} names no rule"


def after_effects(rs, state: dict, record: dict) -> None:
    """What the server reads from a state after an event: views, redacted records, suggestions, outcome."""
    for seat in [*rs.seat_ids(state), "referee", "spectator", "scorekeeper"]:
        rs.view(state, seat)
        rs.redact_event(state, record, seat)
        if seat in rs.seat_ids(state):
            rs.suggest(state, seat)
    rs.outcome(state)


def hostile_round(rs, setup: dict, state: dict, log: list[Event], inert: dict, rng: random.Random) -> int:
    """Send a batch of hostile events at this point; returns how many were applied."""
    applied = 0
    late_search = rng.random() < LATE_SEARCH_CHANCE
    for event in hostile_batch(rs, state, rng):
        event = replace(event, seq=len(log) + 1, id=f"h{len(log) + 1}")
        where = f"{rs.id} after #{len(log)}: {event.to_dict()}"
        try:
            found = rs.check(state, event)
            assert_proper(rs, found, event)
            blocked = rs.judge(state, event).blocked
            rs.reveals_secrets(state, event)
            if blocked:
                if late_search:
                    late_search = False
                    closed_by(rs, setup, log, event, inert=inert)
                continue
            after, consequences = rs.apply(state, event)
            assert all(c.rule for c in consequences), "every consequence names its rule"
            after_effects(rs, after, {**event.to_dict(), "consequences": [c.to_dict() for c in consequences]})
            applied += 1
        except AssertionError:
            raise
        except Exception as exc:  # the finding: report the event and where in the game it came
            raise AssertionError(f"{where} raised {type(exc).__name__}: {exc}") from exc
    return applied


def play_with_hostile_events(rs, setup: dict, rng: random.Random) -> tuple[int, int]:
    """A random game with notes, take-backs and hostile batches; returns (hostile events sent, applied)."""
    pick = rng_pick(rng)
    state = rs.new_game(setup)
    log: list[Event] = []
    inert: dict = {}   # the fold's events without effect since the last take-back
    sent = applied = 0
    while len(log) < MAX_EVENTS and rs.outcome(state) is None:
        if rng.random() < BATCH_CHANCE:
            applied += hostile_round(rs, setup, state, log, inert, rng)
            sent += 1
        seq = len(log) + 1
        roll = rng.random()
        live = [e for e in effective_events(log) if e.type != REVERT][-8:]
        if roll < REVERT_CHANCE and live:
            log.append(Event(REVERT, "referee", {"seq": rng.choice(live).seq}, id=f"e{seq}", seq=seq))
            fold = fold_log(rs, setup, log)
            state = fold.state
            inert = fold.inert
            continue
        if roll < REVERT_CHANCE + NOTE_CHANCE:
            event = Event(NOTE, rng.choice(rs.seat_ids(state)), {"text": "a remark"})
        else:
            sugg = choose(rng, options(rs, state))
            if sugg is None:
                break
            event = fill(sugg, pick)
        event = replace(event, seq=seq, id=f"e{seq}")
        state, _ = rs.apply(state, event)
        log.append(event)
    # One more batch where the game stopped (over, or nothing left to suggest): a short game that ended before any
    # batch is probed too, and events after the end are hostile events like any other.
    applied += hostile_round(rs, setup, state, log, inert, rng)
    return sent + 1, applied


@pytest.mark.parametrize("ruleset_id", list(RULESETS))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_no_event_makes_the_engine_raise(ruleset_id, seed):
    """Random and half-valid events, overridden or not, at random points of random games: never an exception."""
    rs = registry.get(ruleset_id)
    rng = random.Random(seed)
    setup = rng.choice(RULESETS[ruleset_id])
    play_with_hostile_events(rs, setup, rng)   # any exception of the engine is raised as an AssertionError there


def test_the_property_catches_an_engine_that_raises():
    """The test itself: a handler that fails on an overridden event it did not expect is caught."""
    rs = registry.get("test/tally")
    fragile_class = type("Fragile", (type(rs),), {
        "apply_event": lambda self, state, event: (_ for _ in ()).throw(KeyError("nope")) if event.override
        else type(rs).apply_event(self, state, event)})
    fragile = fragile_class.__new__(fragile_class)
    fragile.__dict__.update(rs.__dict__)
    with pytest.raises(AssertionError, match="raised KeyError"):
        for seed in range(20):
            play_with_hostile_events(fragile, TALLY_SETUP, random.Random(seed))


def test_structural_violations_name_the_event_log():
    """A violation the core finds (unknown event, malformed field) names the house rule of the event log."""
    rs = registry.get("test/tally")
    state = rs.new_game(TALLY_SETUP)
    found = rs.check(state, Event("no_such_event", "p1", {}))
    assert [v.code for v in found] == ["unknown_event"] and found[0].rule == CORE_RULE
