"""The scenario runner's dotted paths: list indices and keys that contain dots (unit/fighter ids)."""
import pytest

from .runner import dig


def test_dig_follows_lists_and_dotted_keys():
    """Ids like "p1.spearmen-1" are matched whole; the longest matching key wins."""
    state = {"seats": {"p1": {"fighters": [{"damage": 2}]}},
             "units": {"p1.spearmen-1": {"damage": 3}, "p1": {"x": 1}}}
    assert dig(state, "seats.p1.fighters.0.damage") == 2
    assert dig(state, "units.p1.spearmen-1.damage") == 3
    assert dig(state, "units.p1.x") == 1
    with pytest.raises(AssertionError):
        dig(state, "units.p2.nobody")
