"""Self-registration folded from the log: places, the waitlist promoted in order, and the same answer whether the
log is folded at once or one entry at a time (the old state untouched)."""
from __future__ import annotations

import copy

from app.tournaments import model, signup
from app.tournaments.statuses import status_of

from .helpers import Log, settings


def ask(log, rid, name):
    log.add("request", actor="registration", request=rid, name=name, warband="w", warband_name="W", deck=None,
            claim_hash=f"hash-{rid}")


def statuses(state):
    return {r: state["signup"]["requests"][r]["status"] for r in state["signup"]["order"]}


def test_the_waitlist_moves_up_in_order_as_places_free_up_and_replays_the_same():
    log = Log()
    log.add("register", player="p1", name="Desk", warband="w")
    log.add("registration", open=True, cap=3)
    for rid, name in (("r1", "Ana"), ("r2", "Ben"), ("r3", "Cai"), ("r4", "Dee")):
        ask(log, rid, name)
    state = model.fold(settings(), log.entries)
    assert statuses(state) == {"r1": "pending", "r2": "pending", "r3": "waitlisted", "r4": "waitlisted"}
    assert signup.places_taken(state) == 3 and signup.places_free(state) == 0
    log.add("accept", request="r1", player="p2", from_round=1)
    log.add("drop", player="p1", reason="")
    log.add("withdraw_request", actor="requester:r2", request="r2")
    state = model.fold(settings(), log.entries)
    assert statuses(state) == {"r1": "accepted", "r2": "withdrawn", "r3": "pending", "r4": "pending"}
    assert state["players"]["p2"]["name"] == "Ana" and state["players"]["p2"]["status"] == "registered"
    # Applying one entry at a time gives the same state and leaves every earlier state as it was.
    stepped = model.fold(settings(), [])
    for entry in log.entries:
        before = copy.deepcopy(stepped)
        after = model.apply(stepped, entry)
        assert stepped == before, f"{entry['type']} changed the state it was applied to"
        stepped = after
    assert stepped == state


def test_a_request_is_refused_when_closed_or_under_a_name_already_in_use():
    log = Log()
    state = model.fold(settings(), log.entries)
    assert model.check(state, {"type": "request", "data": {"name": "Ana"}}).code == "registration_closed"
    log.add("registration", open=True, cap=None)
    ask(log, "r1", "Ana")
    state = model.fold(settings(), log.entries)
    assert model.check(state, {"type": "request", "data": {"name": " ANA"}}).code == "name_taken"
    assert model.check(state, {"type": "request", "data": {"request": "r1", "name": "Ben"}}).code == "request_taken"
    assert model.check(state, {"type": "claim", "data": {"request": "r1"}}).code == "not_accepted"
    assert model.check(state, {"type": "registration", "data": {"open": True, "cap": 0}}).code == "bad_cap"
    log.add("accept", request="r1", player="p1", from_round=1)
    log.add("claim", actor="requester:r1", request="r1")
    state = model.fold(settings(), log.entries)
    refusal = model.check(state, {"type": "claim", "data": {"request": "r1"}})
    assert refusal.code == "claim_used" and status_of(refusal) == 410
