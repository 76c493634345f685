"""Async-mode plumbing: database work leaves the event loop under the green modes."""
import sys
import threading

import pytest

from app.live.runtime import SWITCH_INTERVAL_SECONDS, hand_over_quickly, offloader


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
