"""Tournament tables, both backends: role token hashes, a gapless log, duplicates and stale heads."""
from __future__ import annotations

import pytest

from app.store import DuplicateKey


def entry(eid, etype="check_in", **data):
    return {"id": eid, "type": etype, "actor": "organiser", "data": data}


def test_tournament_round_trip_and_tokens(store):
    store.create_tournament("t1", {"name": "Cup"}, [("h-org", "organiser", "")])
    assert store.get_tournament("t1")["setup"] == {"name": "Cup"}
    assert store.get_tournament("nope") is None
    assert store.tournament_for_token("h-org") == ("t1", "organiser", "")
    store.add_tournament_token("t1", "h-p", "player", "p7")
    assert store.tournament_for_token("h-p") == ("t1", "player", "p7")
    assert store.tournament_for_token("other") is None
    with pytest.raises(DuplicateKey):
        store.create_tournament("t1", {}, [])


def test_a_lost_link_is_replaced_and_only_that_subjects_tokens_stop_working(store):
    store.create_tournament("t1", {}, [("h-org", "organiser", "")])
    store.create_tournament("t2", {}, [])
    for token_hash, tid, subject in (("h-a", "t1", "p1"), ("h-a2", "t1", "p1"), ("h-b", "t1", "p2"), ("h-x", "t2", "p1")):
        store.add_tournament_token(tid, token_hash, "player", subject)
    assert store.replace_tournament_tokens("t1", "player", "p1", "h-new") == 2
    assert store.tournament_for_token("h-a") is None and store.tournament_for_token("h-a2") is None
    assert store.tournament_for_token("h-new") == ("t1", "player", "p1")
    assert store.tournament_for_token("h-b") == ("t1", "player", "p2")
    assert store.tournament_for_token("h-x") == ("t2", "player", "p1")
    assert store.replace_tournament_tokens("t1", "judge", "Kim", "h-kim") == 0
    assert store.tournament_for_token("h-kim") is None


def test_log_is_gapless_idempotent_and_refuses_a_stale_head(store):
    store.create_tournament("t1", {}, [])
    assert store.append_entry("t1", 0, entry("a", player="p1"))[0] == "ok"
    status, stored = store.append_entry("t1", 1, entry("b", player="p2"))
    assert status == "ok" and stored["seq"] == 2 and stored["data"] == {"player": "p2"}
    status, original = store.append_entry("t1", 2, entry("a", player="changed"))
    assert status == "duplicate" and original["seq"] == 1 and original["data"] == {"player": "p1"}
    assert store.append_entry("t1", 1, entry("c")) == ("stale", 2)
    assert [e["seq"] for e in store.entries("t1")] == [1, 2]
    assert [e["id"] for e in store.entries("t1", since=1)] == ["b"]


def test_a_one_use_token_is_spent_once_with_its_replacements(store):
    store.create_tournament("t1", {}, [("h-org", "organiser", ""), ("h-code", "recovery", "")])
    store.add_tournament_token("t1", "h-org2", "organiser", "")
    assert store.spend_tournament_token("h-org", "recovery", [("organiser", "", "h-x")]) is None  # not that role
    assert store.tournament_for_token("h-org") == ("t1", "organiser", "")
    replacements = [("organiser", "", "h-new"), ("recovery", "", "h-code2")]
    assert store.spend_tournament_token("h-code", "recovery", replacements) == "t1"
    assert store.tournament_for_token("h-code") is None
    assert store.tournament_for_token("h-org") is None and store.tournament_for_token("h-org2") is None
    assert store.tournament_for_token("h-new") == ("t1", "organiser", "")
    assert store.tournament_for_token("h-code2") == ("t1", "recovery", "")
    # Spent: a second spending finds nothing and changes nothing.
    assert store.spend_tournament_token("h-code", "recovery", [("organiser", "", "h-late")]) is None
    assert store.tournament_for_token("h-late") is None and store.tournament_for_token("h-new") is not None
