"""League tables, both backends: a league, its organiser token's hash, its events in order and bounded."""
from __future__ import annotations

import pytest

from app.store import DuplicateKey


def test_a_league_keeps_its_events_in_order_and_each_event_in_one_league(store):
    store.create_league("l1", {"name": "Nights", "rule": "points"}, "h-l1")
    store.create_league("l2", {"name": "Other"}, "h-l2")
    assert store.get_league("l1")["setup"] == {"name": "Nights", "rule": "points"} and store.get_league("x") is None
    assert store.league_for_token("h-l1") == "l1" and store.league_for_token("h-x") is None
    for tid in ("t1", "t2", "t3"):
        store.create_tournament(tid, {}, [])
    assert store.add_league_event("l1", "t2", 5) and store.add_league_event("l1", "t1", 5)
    assert store.league_events("l1") == ["t2", "t1"] and store.league_events("l2") == []
    assert store.league_of("t1") == "l1" and store.league_of("t3") is None
    assert not store.add_league_event("l1", "t3", 2), "a full league takes no more events"
    with pytest.raises(Exception):  # noqa: B017 - each backend's own integrity error: an event is in one league
        store.add_league_event("l2", "t1", 5)
    with pytest.raises(DuplicateKey):
        store.create_league("l1", {}, "h-other")
