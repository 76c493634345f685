"""Broadcaster.send_views: a view waits while an append of this process is being stored, and not for long."""
from __future__ import annotations

import pytest

from app.live import broadcast
from app.live.broadcast import NAMESPACE, VIEW_HOLD_SECONDS, VIEW_HOLD_STEP, Broadcaster, seat_room
from app.service.reading import Reading
from app.service.submit import Applied


class Store:
    """An event store whose appends (of game `of`) finish after `busy` looks (None: never)."""

    def __init__(self, busy: int | None, of: str = "other"):
        self.busy = busy
        self.of = of
        self.looks = 0

    def appending(self, besides: str | None = None) -> bool:
        if besides == self.of:
            return False
        self.looks += 1
        return self.busy is None or self.looks <= self.busy


class Logs:
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
    monkeypatch.setattr(Reading, "_view", staticmethod(
        lambda rs, state, seq, seat, inert=None: {"seq": seq, "seat": seat, "state": {}, "advice": None}))

    def make(busy):
        store = Store(busy)
        server = Server([seat_room("g", "p1"), seat_room("g", "p2")])
        return Broadcaster(server, Logs(store)), server, store
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


def test_a_view_is_not_held_for_its_own_games_next_append(views, monkeypatch):
    """Held, it would reach the phones after that next event's `applied`."""
    broadcaster, server, store = views(busy=None)
    monkeypatch.setattr(store, "of", "g")
    broadcaster.send_views(applied())
    assert server.done == [("view", seat_room("g", "p1")), ("sleep", 0), ("view", seat_room("g", "p2")), ("sleep", 0)]


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


class Drained(Exception):
    """The fake queue is empty: ends a background task's loop in these tests."""


class Queue:
    def __init__(self):
        self.items: list = []

    def put(self, item):
        self.items.append(item)

    def get(self):
        if not self.items:
            raise Drained
        return self.items.pop(0)


class QueueingServer(Server):
    """Server that also makes queues and starts background tasks only when the test runs them."""

    def __init__(self, rooms):
        super().__init__(rooms)
        self.eio = type("Eio", (), {"create_queue": staticmethod(Queue)})()
        self.tasks: list = []

    def start_background_task(self, fn):
        self.tasks.append(fn)

    def emit(self, event, data, to=None, namespace=None, skip_sid=None, **kw):
        self.done.append((event, data.get("seq"), to, skip_sid))


def run(task) -> None:
    try:
        task()
    except Drained:
        pass


def stored(seq: int, game: str = "g") -> Applied:
    record = {"seq": seq, "id": f"e{seq}", "type": "add", "by": "p1", "actor": "p1", "data": {}}
    return Applied(game, record, {}, Plain(), ["p1", "p2"])


class Plain:
    """A ruleset with no secret: every seat sees the record as it is."""

    def redact_event(self, state, record, seat):
        return record


def test_applied_frames_leave_after_the_ack_in_store_order_then_the_views_follow():
    server = QueueingServer([seat_room("g", "p1"), seat_room("g", "p2")])
    broadcaster = Broadcaster(server, Logs(Store(busy=0)))
    for seq in (1, 2, 3):
        broadcaster.publish(stored(seq), skip_sid=f"sid-{seq}")
    assert server.done == [], "nothing is sent while the submit that stored the event answers (its ack goes first)"
    send_applied = server.tasks[0]
    run(send_applied)
    sent = [d for d in server.done if d[0] == "applied"]
    assert sent == [("applied", seq, "game:g", f"sid-{seq}") for seq in (1, 2, 3)]
    # Each is sent after a yield: the writer of the ack its submit queued runs first.
    assert server.done[:2] == [("sleep", 0), ("applied", 1, "game:g", "sid-1")]
    # The views of each event are queued only once its `applied` went, in the same order.
    assert [a.record["seq"] for a in broadcaster._queue.items] == [1, 2, 3]


def test_a_failed_applied_push_is_logged_and_the_next_events_still_go(caplog):
    server = QueueingServer([seat_room("g", "p1")])
    broadcaster = Broadcaster(server, Logs(Store(busy=0)))
    broken = stored(1)
    broken.rs = None   # redact_event fails
    broadcaster.publish(broken, None)
    broadcaster.publish(stored(2), None)
    run(server.tasks[0])
    assert [d[1] for d in server.done if d[0] == "applied"] == [2]
    assert [a.record["seq"] for a in broadcaster._queue.items] == [1, 2], "the views of both still follow"
    assert "applied 1 of g failed" in caplog.text


@pytest.mark.parametrize("other_game", [True, False])
def test_a_view_lets_another_games_applied_frames_due_go_first(views, other_game):
    """A view worked out while another game's `applied` frames wait for their task yields to that task first; its own
    game's next `applied` waits for it (so each phone gets `applied` and `view` of each event in turn)."""
    server = QueueingServer([seat_room("g", "p1"), seat_room("g", "p2")])
    broadcaster = Broadcaster(server, Logs(Store(busy=0)))
    ran = []

    def sleep(seconds):   # the event loop: a yield lets the ready `applied` task run
        server.done.append(("sleep", seconds))
        if seconds == 0 and server.tasks and not ran:
            ran.append(True)
            run(server.tasks[0])
    server.sleep = sleep
    broadcaster.publish(stored(2, "h" if other_game else "g"), "sid-2")
    assert len(broadcaster._applied_due) == 1
    broadcaster.send_views(stored(1))
    kinds = [d[0] for d in server.done]
    assert (kinds.index("applied") < kinds.index("view")) is other_game, server.done


def test_the_applied_task_outlives_a_failure_to_queue_the_views(caplog, monkeypatch):
    server = QueueingServer([seat_room("g", "p1")])
    broadcaster = Broadcaster(server, Logs(Store(busy=0)))
    real = broadcaster._views_later
    calls = []

    def failing_once(applied):
        calls.append(applied.record["seq"])
        if len(calls) == 1:
            raise RuntimeError("queue gone")
        real(applied)
    monkeypatch.setattr(broadcaster, "_views_later", failing_once)
    broadcaster.publish(stored(1), None)
    broadcaster.publish(stored(2), None)
    run(server.tasks[0])
    assert [d[1] for d in server.done if d[0] == "applied"] == [1, 2]
    assert calls == [1, 2] and "views of g #1 could not be queued" in caplog.text
