"""The sharing rule of states (app/engine/sharing.py): a view handed out cannot change the state it shares parts
with, copies of read-only data are plain again, and serving hands views out at no cost."""
import copy
import json

import pytest

from app.engine import registry, sharing
from app.engine.sharing import FrozenDict, FrozenList, SharedStateChanged, frozen, thawed
from app.live import fastjson
from tests.support.play import SETUPS, play_random

RULESETS = list(SETUPS)


def _changes(view: dict) -> list:
    """Ways a careless caller changes a view: at the top, in a seat, deep in a nested part."""
    seat = next(iter(view["seats"]))
    nested = next((v for v in view.values() if isinstance(v, dict) and v and isinstance(next(iter(v.values())), dict)),
                  view["seats"])
    inner = next(iter(nested.values()))
    return [lambda: view.__setitem__("phase", "changed"), lambda: view["seats"][seat].__setitem__("name", "X"),
            lambda: inner.__setitem__("changed", 1), lambda: inner.clear(), lambda: view["seats"].pop(seat),
            lambda: view.update({"x": 1}), lambda: view.setdefault("y", []).append(1)]


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_a_changed_view_cannot_alter_the_cached_state(ruleset_id):
    """Every way of changing a handed-out view is refused, and the state it came from stays as it was."""
    rs = registry.get(ruleset_id)
    state, _ = play_random(rs, SETUPS[ruleset_id][0], seed=7, max_events=40)
    before = json.dumps(state, sort_keys=True)
    for seat in [*rs.seat_ids(state), "referee"]:
        for change in _changes(rs.view(state, seat)):
            with pytest.raises(SharedStateChanged):
                change()
    assert json.dumps(state, sort_keys=True) == before


def test_a_view_in_a_list_refuses_changes_too():
    view = frozen({"a": [1, {"b": [2]}]})
    for change in (lambda: view["a"].append(3), lambda: view["a"][1]["b"].extend([4]),
                   lambda: view["a"].__setitem__(0, 9), lambda: view["a"].sort(), lambda: view["a"].__iadd__([5])):
        with pytest.raises(SharedStateChanged):
            change()
    assert view == {"a": [1, {"b": [2]}]}


def test_copies_of_a_view_are_plain_and_free_to_change():
    view = frozen({"a": [1, {"b": [2]}], "c": None})
    for copied in (thawed(view), copy.deepcopy(view)):
        assert type(copied) is dict and type(copied["a"]) is list and type(copied["a"][1]) is dict
        copied["a"][1]["b"].append(3)
        assert copied == {"a": [1, {"b": [2, 3]}], "c": None}
    assert view == {"a": [1, {"b": [2]}], "c": None}
    assert type(copy.copy(view)) is dict and type(copy.copy(view["a"])) is list
    assert json.dumps(view) == json.dumps(thawed(view))


def test_read_only_data_reads_and_encodes_as_plain_data():
    data = {"seats": {"p1": {"glory": 2, "cards": ["A", "B"]}}, "round": 1}
    view = frozen(data)
    assert isinstance(view, FrozenDict) and isinstance(view["seats"]["p1"]["cards"], FrozenList)
    assert view == data and json.loads(json.dumps(view)) == data
    assert json.loads(fastjson.dumps(view)) == data


@pytest.mark.parametrize("ruleset_id", RULESETS)
def test_serving_hands_views_out_as_they_are_made(ruleset_id):
    """With checks off (serving), a view is plain data the engine made: no copy, no read-only wrapper."""
    rs = registry.get(ruleset_id)
    state, _ = play_random(rs, SETUPS[ruleset_id][0], seed=3, max_events=20)
    checked = rs.view(state, "p1")
    sharing.check_sharing(False)
    try:
        plain = rs.view(state, "p1")
    finally:
        sharing.check_sharing(True)
    assert type(plain) is dict and type(plain["seats"]) is dict
    assert plain == checked
