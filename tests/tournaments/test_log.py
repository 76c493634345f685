"""A tournament's log on the shared log layer: a stale head folded again and retried under the games' policy, a
failing store answered and counted as for games, and the fold brought up to the store's head."""
from __future__ import annotations

import pytest

from app.service import ApiError
from app.service.ledger import APPEND_RETRY
from app.store import DuplicateKey, StoreError
from app.tournaments.log import Member


@pytest.fixture
def tournaments(app):
    return app.extensions["tablewarden"]["tournaments"]


@pytest.fixture
def organiser(client) -> Member:
    r = client.post("/api/tournaments", json={"name": "Winter Cup", "date": "2026-12-05", "format": "rivals"})
    assert r.status_code == 201, r.get_json()
    return Member(r.get_json()["id"], "organiser")


def test_an_entry_whose_head_went_stale_is_checked_again_and_stored_at_the_new_head(tournaments, organiser, monkeypatch):
    store = tournaments.log.store
    append = store.append_entry
    tid = organiser.tournament_id
    calls = []

    def another_process_first(tid_, head, entry):
        calls.append(head)
        if len(calls) == 1:   # another process stores its entry just before ours
            append(tid_, head, {"id": "theirs", "type": "registration", "actor": "organiser",
                                "data": {"open": True, "cap": None}})
        return append(tid_, head, entry)
    monkeypatch.setattr(store, "append_entry", another_process_first)
    stored = tournaments.log.append(organiser, "registration", {"open": False, "cap": None}, "ours")
    assert calls == [0, 1] and stored["seq"] == 2 and stored["id"] == "ours"
    assert [e["id"] for e in tournaments.log.folded(tid).entries] == ["theirs", "ours"]


def test_an_entry_worked_out_from_the_state_is_worked_out_again_at_the_new_head(tournaments, organiser, monkeypatch):
    """A number the next entry takes (a self-registration's request number) is read from the state at the head the
    entry is stored after: another process's entry in between moves it on instead of clashing with it."""
    store = tournaments.log.store
    tid = organiser.tournament_id
    tournaments.log.append(organiser, "registration", {"open": True, "cap": None})
    append = store.append_entry
    calls = []

    def another_request_first(tid_, head, entry):
        calls.append(head)
        if len(calls) == 1:
            append(tid_, head, {"id": "theirs", "type": "request", "actor": "registration",
                                "data": {"request": "r1", "name": "Ben", "warband": "cyrenis-razors",
                                         "warband_name": "Cyreni's Razors", "deck": None, "claim_hash": "x"}})
        return append(tid_, head, entry)
    monkeypatch.setattr(store, "append_entry", another_request_first)
    ours = {"name": "Ana", "warband": "cyrenis-razors", "warband_name": "Cyreni's Razors", "deck": None,
            "claim_hash": "y"}
    stored = tournaments.log.append(Member(tid, "registration"), "request",
                                 lambda now: {"request": f"r{len(now['signup']['order']) + 1}", **ours})
    assert calls == [1, 2] and stored["data"]["request"] == "r2"
    assert sorted(tournaments.log.folded(tid).state["signup"]["requests"]) == ["r1", "r2"]


def test_a_log_that_keeps_moving_answers_busy_after_the_policys_tries(tournaments, organiser, monkeypatch):
    tries = []

    def always_stale(tid_, head, entry):
        tries.append(head)
        return "stale", head + 1
    monkeypatch.setattr(tournaments.log.store, "append_entry", always_stale)
    with pytest.raises(ApiError) as err:
        tournaments.log.append(organiser, "registration", {"open": True, "cap": None})
    assert err.value.status == 503 and err.value.code == "busy"
    assert len(tries) == APPEND_RETRY.tries
    assert tournaments.log.folded(organiser.tournament_id).entries == [], "nothing was stored"


def test_a_failing_store_is_the_games_503_and_counted_by_the_same_hook(app, tournaments, organiser, monkeypatch):
    counted = []
    app.extensions["tablewarden"]["service"].logs.store_guard.on_error = lambda: counted.append(1)

    def down(*args):
        raise StoreError("disk I/O error")
    monkeypatch.setattr(tournaments.log.store, "append_entry", down)
    with pytest.raises(ApiError) as err:
        tournaments.log.append(organiser, "registration", {"open": True, "cap": None})
    assert (err.value.status, err.value.code) == (503, "storage_unavailable") and counted == [1]


def test_another_process_entries_are_folded_in_from_the_cached_head(tournaments, organiser, monkeypatch):
    tid = organiser.tournament_id
    first = tournaments.log.folded(tid)
    tournaments.log.store.append_entry(tid, 0, {"id": "elsewhere", "type": "registration", "actor": "organiser",
                                            "data": {"open": True, "cap": None}})
    reads = []
    entries = tournaments.log.store.entries
    monkeypatch.setattr(tournaments.log.store, "entries", lambda tid_, since: reads.append(since) or entries(tid_, since))
    now = tournaments.log.folded(tid)
    assert reads == [first.head] and now.head == 1 and now.state["signup"]["open"] is True
    assert tournaments.log.folded(tid) is now


def test_a_taken_tournament_id_is_drawn_again(client, tournaments, monkeypatch):
    create = tournaments.log.store.create_tournament
    drawn = []

    def taken_once(tid, *args):
        drawn.append(tid)
        if len(drawn) == 1:
            raise DuplicateKey("tournament id taken")
        return create(tid, *args)
    monkeypatch.setattr(tournaments.log.store, "create_tournament", taken_once)
    r = client.post("/api/tournaments", json={"name": "Winter Cup", "date": "2026-12-05", "format": "rivals"})
    assert r.status_code == 201 and r.get_json()["id"] == drawn[1] != drawn[0]
