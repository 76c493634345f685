"""Async-mode plumbing: database work leaves the event loop under the green modes."""
import sys
import threading

import pytest

from app.live.runtime import SWITCH_INTERVAL_SECONDS, compute_offloader, hand_over_quickly, offloader


@pytest.mark.filterwarnings("ignore")
def test_eventlet_offloads_to_real_threads():
    from eventlet import tpool  # noqa: PLC0415 - importing eventlet warns that it is deprecated; only this test needs it
    assert offloader("eventlet") is tpool.execute


def test_gevent_offloads_to_the_hub_thread_pool():
    seen = []
    offloader("gevent")(lambda: seen.append(threading.get_ident()))
    assert seen and seen[0] != threading.get_ident()


def test_threading_calls_directly():
    assert offloader("threading")(lambda a, b: a + b, 2, 3) == 5


@pytest.mark.parametrize("mode,quick", [("eventlet", True), ("gevent", True), ("threading", False)])
def test_the_green_modes_hand_the_interpreter_to_the_store_threads_quickly(mode, quick):
    before = sys.getswitchinterval()
    try:
        sys.setswitchinterval(0.005)
        hand_over_quickly(mode)
        assert sys.getswitchinterval() == pytest.approx(SWITCH_INTERVAL_SECONDS if quick else 0.005)
        assert SWITCH_INTERVAL_SECONDS <= 0.001
    finally:
        sys.setswitchinterval(before)


def test_long_computations_take_a_bounded_share_of_the_threads_and_the_rest_are_refused():
    """At most `threads` computations run at once, `waiting` more wait their turn without blocking the loop, and
    one beyond those is refused at once (the store's transactions keep the other threads)."""
    import gevent  # noqa: PLC0415 - the optional [gevent] extra, as test_gevent_offloads_to_the_hub_thread_pool

    running, most, order = [0], [0], []

    def work(name):
        running[0] += 1
        most[0] = max(most[0], running[0])
        gevent.sleep(0.05)
        running[0] -= 1
        order.append(name)
        return name

    class Busy(Exception):
        pass

    run = compute_offloader("gevent", lambda fn, *args: fn(*args), threads=2, waiting=1, refuse=Busy)
    results = []

    def call(name):
        try:
            results.append(run(work, name))
        except Busy:
            results.append(f"{name} refused")
    gevent.joinall([gevent.spawn(call, n) for n in ("a", "b", "c", "d")])
    assert most[0] == 2 and sorted(results) == ["a", "b", "c", "d refused"]
    assert run(work, "e") == "e", "the count comes down once they are done"
    assert compute_offloader("threading", offloader("threading"), 1, 0, Busy)(lambda: 7) == 7
