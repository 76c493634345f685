"""The inferred-pass mechanism of the engine core, on a game that knows nothing of Underworlds: any ruleset that
names its optional steps in `implied_pass` gets the passes applied, logged and replayed the same way."""
from app.engine import registry
from app.engine.conquest.opening import unseen_planets
from app.engine.core import (
    INFERRED_PASSES,
    REFUSED_NOW,
    Event,
    closed_by,
    fold_log,
    replay,
)
from tests.support.play import SETUPS

from .echo import RULE, Echo


def test_a_call_closes_the_open_answers_as_passed_logged_with_the_pass_events():
    rs = Echo()
    state = rs.new_game({})
    state, _ = rs.apply(state, Event("call", "p1"))
    assert not rs.check(state, Event("call", "p2"))
    nxt, cons = rs.apply(state, Event("call", "p2"))
    assert cons[0].type == INFERRED_PASSES and cons[0].rule == RULE
    assert cons[0].data == {"step": "answer", "seats": ["p2", "p3"],
                            "events": [{"type": "quiet", "by": "p2", "data": {}}, {"type": "quiet", "by": "p3", "data": {}}]}
    assert [c.type for c in cons[1:]] == ["called"]
    assert nxt["open"] == ["p1", "p3"] and state["open"] == ["p2", "p3"]  # apply() stays pure


def test_an_event_that_fits_now_infers_nothing_and_a_decision_is_never_skipped():
    rs = Echo()
    state, _ = rs.apply(rs.new_game({}), Event("call", "p1"))
    _, cons = rs.apply(state, Event("answer", "p3"))
    assert INFERRED_PASSES not in [c.type for c in cons]
    # p3's call is not legal after the answers either (it is p2's call): nothing is inferred, the refusal stands.
    assert [v.code for v in rs.check(state, Event("call", "p3"))] == ["not_your_turn", "answers_open"]


def test_replay_and_a_late_answer():
    rs = Echo()
    log = [Event("call", "p1", seq=1), Event("answer", "p2", seq=2), Event("call", "p2", seq=3)]
    state = replay(rs, {}, log)
    assert state["seats"]["p2"]["answers"] == 1 and state["open"] == ["p1", "p3"]
    late = closed_by(rs, {}, log, Event("answer", "p3"))
    assert late == {"seq": 3, "type": "call", "by": "p2", "steps": ["answer"], "passed": ["p3"], "last": True}
    assert closed_by(rs, {}, log, Event("answer", "p1")) is None  # p1 had nothing to answer there


def test_the_late_play_search_folds_the_log_as_the_game_does():
    """After an undo, an event the fold now skips (refused there) is skipped by the search too, not applied to a
    state it no longer fits; a note in the log closes nothing and no ruleset's checks judge it."""
    rs = registry.get("conquest/core")
    setup = SETUPS["conquest/core"][0]
    log = [Event("initiative", "p1", {"seat": "p1"}, seq=1)]
    planet = unseen_planets(fold_log(rs, setup, log).state)[0]
    log += [Event("reveal_planet", "p1", {"planet": planet}, seq=2), Event("revert", "p1", {"seq": 1}, seq=3)]
    assert fold_log(rs, setup, log).inert[2]["status"] == "refused_now"
    assert closed_by(rs, setup, log, Event("mulligan", "p1", {"take": True})) is None
    battlelore = registry.get("battlelore/second-edition")
    noted = [Event("note", "p1", {"text": "a remark"}, seq=1)]
    assert closed_by(battlelore, SETUPS["battlelore/second-edition"][0], noted, Event("pass", "p1", {})) is None
    assert battlelore.settle({}, noted[0]) == ({}, [], [])


def test_a_late_answer_is_found_past_notes_and_a_note_closes_nothing():
    rs = Echo()
    log = [Event("call", "p1", seq=1), Event("answer", "p2", seq=2), Event("note", "p1", {"text": "tea"}, seq=3),
           Event("call", "p2", seq=4), Event("note", "p3", {"text": "too slow"}, seq=5)]
    late = closed_by(rs, {}, log, Event("answer", "p3"))
    assert late == {"seq": 4, "type": "call", "by": "p2", "steps": ["answer"], "passed": ["p3"], "last": False}
    only_notes = [Event("call", "p1", seq=1), Event("note", "p2", {"text": "hm"}, seq=2)]
    assert closed_by(rs, {}, only_notes, Event("answer", "p1")) is None


def test_the_late_search_folds_the_log_as_the_game_does_taken_back_and_refused_now_events_left_out():
    """A referee took back p1's call: p2's answer to it is refused now (fold_log skips it); the search skips it too,
    rather than applying an answer to a call that is not there."""
    rs = Echo()
    log = [Event("call", "p1", seq=1), Event("answer", "p2", seq=2), Event("revert", "referee", {"seq": 1}, seq=3),
           Event("call", "p1", seq=4)]
    fold = fold_log(rs, {}, log)
    assert fold.inert == {2: {"status": REFUSED_NOW, "violations": [
        {"code": "no_answer_open", "message": "Nothing to answer now.", "rule": RULE, "overridable": True}]}}
    assert closed_by(rs, {}, log, Event("answer", "p3"), inert=fold.inert) is None  # p3 may still answer
    assert closed_by(rs, {}, log, Event("answer", "p3")) is None                    # the same, folded here
    late = [*log, Event("call", "p2", seq=5)]
    assert closed_by(rs, {}, late, Event("answer", "p3"))["seq"] == 5
