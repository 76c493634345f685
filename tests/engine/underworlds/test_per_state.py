"""Work the seats' suggestions share (app/engine/underworlds/per_state.py): done once per state object and
ruleset, again for any other state, an equal one included."""
from app.engine.core import Event
from app.engine.underworlds import per_state

from .helpers import RS, play, started


def test_work_is_done_once_per_state_and_again_for_another():
    calls = []

    def work(tag):
        calls.append(tag)
        return tag

    state = started()
    assert per_state.once_per_state(RS, state, "test", lambda: work("a")) == "a"
    assert per_state.once_per_state(RS, state, "test", lambda: work("b")) == "a"        # remembered
    assert per_state.once_per_state(RS, state, "other", lambda: work("c")) == "c"       # another kind of work
    later, _ = play(state, "counter", "p1", fighter="p1.leader", name="blood", action="give", count=1)
    assert per_state.once_per_state(RS, later, "test", lambda: work("d")) == "d"        # the next state
    equal = dict(later)
    assert equal == later and per_state.once_per_state(RS, equal, "test", lambda: work("e")) == "e"  # not by value
    assert per_state.once_per_state(RS, state, "test", lambda: work("f")) == "f"        # only the last is kept
    assert calls == ["a", "c", "d", "e", "f"]


def test_a_state_changed_in_place_is_worked_out_again():
    """apply_in_place (a fold's own states) changes a state object: what was worked out for it is forgotten, so a
    view after damage dealt in place shows the fighter's new wounds, as a view of a fresh copy does."""
    state = RS.copy_state(started())
    assert RS.view(state, "p1")["derived"]["p2.brute"]["wounds_left"] == 5     # worked out for this object
    RS.apply_in_place(state, Event("damage", "p1", {"fighter": "p2.brute", "amount": 2, "source": "card"}))
    assert RS.view(state, "p1")["derived"]["p2.brute"]["wounds_left"] == 3
    assert RS.view(state, "p1")["derived"] == RS.view(RS.copy_state(state), "p1")["derived"]
