"""What differs between async modes, in one place: running blocking work off the event loop."""
from __future__ import annotations

import sys
from typing import Any, Callable

# How soon a real thread doing blocking work (a store transaction, a long replay) gets the interpreter back while
# the event loop computes: a transaction takes it back a dozen times or more (around each SQLite call and system
# call), and Python's default switch interval, 5 ms, made each of those wait for the loop's next pause
# (benchmarks/README.md, "Figures behind the code").
SWITCH_INTERVAL_SECONDS = 0.0005


def offloader(async_mode: str) -> Callable:
    """A function run(fn, *args) that runs blocking fn in a real OS thread when the mode is green.

    eventlet: eventlet.tpool.execute (the hub keeps serving sockets while SQLite fsyncs);
    gevent: the hub's thread pool; threading: call directly (the caller is already a real thread).
    """
    if async_mode == "eventlet":
        from eventlet import tpool  # noqa: PLC0415 - only the green library in use is imported

        return tpool.execute
    if async_mode == "gevent":
        import gevent  # noqa: PLC0415 - gevent is the optional [gevent] extra

        def run(fn, *args):
            return gevent.get_hub().threadpool.apply(fn, args)
        return run

    def direct(fn, *args):
        return fn(*args)
    return direct


def compute_offloader(async_mode: str, run: Callable, threads: int, waiting: int,
                      refuse: Callable[[], Exception]) -> Callable:
    """`run` (an offloader) for long computations (replays, imports, pairings, exports), at most `threads` at once.

    Under a green mode the store's transactions go through the same real threads (eventlet's tpool has 20): long
    computations may take only `threads` of them, so a commit never waits behind a replay. A caller beyond those
    waits its turn without blocking the event loop; beyond `waiting` callers more, `refuse()` is raised at once
    (a 503 to try again). The threading mode's requests are real threads already: `run` as it is.
    """
    if async_mode == "eventlet":
        from eventlet.semaphore import Semaphore  # noqa: PLC0415 - only the green library in use is imported
    elif async_mode == "gevent":
        from gevent.lock import Semaphore  # noqa: PLC0415 - the optional [gevent] extra
    else:
        return run
    gate: Any = Semaphore(threads)
    queued = [0]  # callers running or waiting (greenlets switch only at waits: no lock needed)

    def run_bounded(fn, *args):
        if queued[0] >= threads + waiting:
            raise refuse()
        queued[0] += 1
        try:
            with gate:
                return run(fn, *args)
        finally:
            queued[0] -= 1
    return run_bounded


def hand_over_quickly(async_mode: str) -> None:
    """Under a green mode, let the real threads the blocking work runs in take the interpreter within
    SWITCH_INTERVAL_SECONDS of asking for it (the threading mode's request threads are left as Python sets them)."""
    if async_mode in ("eventlet", "gevent"):
        sys.setswitchinterval(SWITCH_INTERVAL_SECONDS)
