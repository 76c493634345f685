"""judge() against the check() and apply() it stands for, and settle() against the pass-by-pass copies it saves.

A submit asks the engine once (core.Ruleset.judge): the event is settled once, and the passes it closes are applied
one after the other to a single copy. Over seeded random games of every ruleset, at every state, each seat's
suggestions, events suggested earlier (mostly refused now) and those again under an override must get exactly the
answer that check() (less what an override sets aside) and then apply() give, and settle() the answer of the copy-per-pass chain (passes_ahead()).
"""
import copy
import random
from dataclasses import replace

import pytest

from app.engine import registry
from app.engine.core import NOTE, REVERT, Event, Ruleset
from tests.support.play import SETUPS, choose, fill, options, rng_pick

CASES = [(rid, i) for rid, setups in SETUPS.items() for i in range(len(setups))]
EVENTS = 80    # per game: the first phases' steps, with their optional steps
OFFERED = 6    # suggestions tried at each state (a sample of every seat's)
STALE = 3      # events suggested earlier, tried again at each state


def settled_pass_by_pass(rs, state, event):
    """settle() as the core works it out with one copy per pass (passes_ahead(), which the advice uses)."""
    if event.type in (NOTE, REVERT):
        return state, [], []
    if rs.implied_pass(state, event) is None:
        return state, [], rs.check_event(state, event)
    found = rs.check_event(state, event)
    if not found:
        return state, [], found
    passes = []
    for implied, trial, cons in rs.passes_ahead(state, event):
        passes.append((implied, cons))
        if not rs.check_event(trial, event):
            return trial, passes, []
    return state, [], found


def _dicts(items):
    return [item.to_dict() for item in items]


def _same_answer(rs, state, event) -> bool:
    """judge() == check() then apply(), and the state asked about is left as it was; True when it applied."""
    before = copy.deepcopy(state)
    judged = rs.judge(state, event)
    blocked, after, consequences = judged.blocked, judged.state, judged.consequences
    assert state == before, "judge() changed the state it was given"
    found = rs.check(state, event)
    assert _dicts(judged.violations) == _dicts(found)
    expected = [v for v in found if not v.overridable] if event.override_reason else found
    assert _dicts(blocked) == _dicts(expected)
    if expected:
        assert after is None and consequences == []
        return False
    want, want_consequences = rs.apply(state, event)
    assert after == want
    assert _dicts(consequences) == _dicts(want_consequences)
    return True


def _same_settling(rs, state, event) -> int:
    """Ruleset.settle() (the core's, under any ruleset's own) == the copy-per-pass chain; the passes it inferred."""
    at, passes, found = Ruleset.settle(rs, state, event)
    want_at, want_passes, want_found = settled_pass_by_pass(rs, state, event)
    assert at == want_at and _dicts(found) == _dicts(want_found)
    assert [(p.event, p.step, _dicts(c)) for p, c in passes] == [(p.event, p.step, _dicts(c)) for p, c in want_passes]
    return len(passes)


@pytest.mark.parametrize("ruleset_id,setup_index", CASES)
def test_judge_answers_as_check_then_apply_and_settles_as_pass_by_pass(ruleset_id, setup_index):
    rs = registry.get(ruleset_id)
    rng = random.Random(setup_index * 7919 + len(ruleset_id))
    pick = rng_pick(rng)
    state = rs.new_game(SETUPS[ruleset_id][setup_index])
    earlier: list[Event] = []
    applied = refused = overridden = inferred = 0
    for n in range(1, EVENTS + 1):
        if rs.outcome(state) is not None:
            break
        offered = options(rs, state)
        sample = rng.sample(offered, min(OFFERED, len(offered)))
        tried = [replace(fill(s, pick), seq=n, id=f"t{n}-{i}") for i, s in enumerate(sample)]
        stale = [replace(e, seq=n) for e in rng.sample(earlier, min(STALE, len(earlier)))]
        for event in [*tried, *stale, *(replace(e, override={"reason": "the table agrees"}) for e in stale)]:
            took = _same_answer(rs, state, event)
            applied += took
            refused += not took
            overridden += took and event.override is not None
            if rs._checked(state, event)[1] is not None:  # structurally sound: check() went on to settle it
                inferred += _same_settling(rs, state, event) > 0
        earlier.extend(tried)
        sugg = choose(rng, offered)
        if sugg is None:
            break
        state, _ = rs.apply(state, replace(fill(sugg, pick), seq=n, id=f"e{n}"))
    # The comparison covered each kind of answer: applied, refused, applied under an override, passes inferred.
    assert applied and refused and overridden and inferred, (applied, refused, overridden, inferred)
