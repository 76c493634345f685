"""Broadcaster.send_views: a view waits while an append of this process is being stored, and not for long."""
from __future__ import annotations

import pytest

from app.live import broadcast
from app.live.broadcast import NAMESPACE, VIEW_HOLD_SECONDS, VIEW_HOLD_STEP, Broadcaster, seat_room
from app.service import GameService
from app.service.submit import Applied


class Store:
    """An event store whose appends finish after `busy` looks (None: never)."""

    def __init__(self, busy: int | None):
        self.busy = busy
        self.looks = 0

    def appending(self) -> bool:
        self.looks += 1
        return self.busy is None or self.looks <= self.busy


class Service:
    def __init__(self, store):
        self.store = store


class Server:
    """What send_views uses of python-socketio's server, keeping what happened in order."""

    def __init__(self, rooms):
        self.done: list = []
        self.manager = type("Manager", (), {"rooms": {NAMESPACE: {room: {"sid": True} for room in rooms}}})()

    def sleep(self, seconds):
        self.done.append(("sleep", seconds))

    def emit(self, event, data, to=None, namespace=None, **kw):
        self.done.append((event, to))


@pytest.fixture
def views(monkeypatch):
    monkeypatch.setattr(GameService, "_view", staticmethod(
        lambda rs, state, seq, seat, inert=None: {"seq": seq, "seat": seat, "state": {}, "advice": None}))

    def make(busy):
        store = Store(busy)
        server = Server([seat_room("g", "p1"), seat_room("g", "p2")])
        return Broadcaster(server, Service(store)), server, store
    return make


def applied() -> Applied:
    record = {"seq": 1, "id": "e1", "type": "add", "by": "p1", "actor": "p1", "data": {}}
    return Applied("g", record, {}, None, ["p1", "p2"])


def test_a_view_waits_for_the_append_being_stored_then_lets_its_frames_go_first(views):
    broadcaster, server, store = views(busy=3)
    broadcaster.send_views(applied())
    # p1's view: three looks found the append under way, each a short sleep, then a yield; p2's went at once.
    assert server.done[:6] == [("sleep", VIEW_HOLD_STEP)] * 3 + [("sleep", 0), ("view", seat_room("g", "p1")),
                                                                   ("sleep", 0)]
    assert server.done[6:] == [("view", seat_room("g", "p2")), ("sleep", 0)]


def test_a_view_goes_at_once_when_nothing_is_being_stored(views):
    broadcaster, server, store = views(busy=0)
    broadcaster.send_views(applied())
    assert server.done == [("view", seat_room("g", "p1")), ("sleep", 0), ("view", seat_room("g", "p2")), ("sleep", 0)]


def test_an_append_that_never_ends_holds_each_view_a_bounded_time(views):
    broadcaster, server, store = views(busy=None)
    broadcaster.send_views(applied())
    held = [s for kind, s in server.done if kind == "sleep" and s]
    # Each of the two views waited VIEW_HOLD_SECONDS at most, then went.
    assert [kind for kind, _ in server.done].count("view") == 2
    assert sum(held) == pytest.approx(2 * VIEW_HOLD_SECONDS)
    assert broadcast.VIEW_HOLD_SECONDS < 0.05   # a stalled disk must not stall the table's views for long
