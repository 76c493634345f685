"""What differs between async modes, in one place: running blocking work off the event loop."""
from __future__ import annotations

from typing import Callable


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
