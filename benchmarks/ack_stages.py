"""Where a submit's ack time goes inside the server, under the load of benchmarks/live.py.

Starts `python -m app` on SQLite with probes (this file, `--serve`) that stamp every /live `submit` on its way
through the server, plays the same tables as benchmarks/live.py (real Underworlds events picked from the engine's
suggestions, one a second per table) and prints each stage's p50/p90/p99 beside the ack the phones measured:

    waiting to be handled   frame decoded -> its handler's green thread runs
    to our handler          -> our handler (the namespace's dispatch)
    envelope and seat       -> the engine (sanity, schema, token, seat, the game's lock)
    engine                  check + apply (the rules)
    store                   the append: group commit, the hop to a real thread, the transaction and its fsync
      of which on its thread  BEGIN ... COMMIT in the database's thread (the rest is waiting and hopping)
    frames to the table     -> the answer is ready (the event handed to the task that sends `applied` to the other
                            phones right after the ack, the reply)
    ack to its socket       answer ready -> written to the phone's socket by its writer
    in the server           frame decoded -> ack written

then the slowest transactions (their fsync), the WAL checkpoints and the server's garbage collections (each
stops every table), by generation.

    .venv/bin/python benchmarks/ack_stages.py                 # 64 tables, phones in two processes
    .venv/bin/python benchmarks/ack_stages.py --tables 16 --seconds 10

It prints and does not fail. The probes wrap library functions by name (python-socketio, python-engineio), so a
release that renames them stops this benchmark, not the app.
"""
from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent)]
import live  # noqa: E402 - patches eventlet first, and sets the import path for the rest
from processes import free_port, start_app, stop  # noqa: E402

STAGES = (
    ("waiting to be handled", "arrive", "start"),
    ("to our handler", "start", "handler"),
    ("envelope and seat", "handler", "engine"),
    ("engine", "engine", "engine_done"),
    ("store", "store", "store_done"),
    ("  of which on its thread", None, "transaction"),
    ("frames to the table", "store_done", "answered"),
    ("ack to its socket", "answered", "written"),
    ("in the server", "arrive", "written"),
)


# -- the probes (in the server process) ----------------------------------------------------------------
def install_probes(out_path: str) -> None:
    """Wrap the functions a submit passes through; write the stamps of every acked submit to out_path."""
    import gc  # noqa: PLC0415 - the server process only
    import re  # noqa: PLC0415

    import eventlet  # noqa: PLC0415
    import socketio.server as sio_server  # noqa: PLC0415
    from engineio import packet as eio_packet  # noqa: PLC0415
    from engineio import socket as eio_socket  # noqa: PLC0415

    from app.live.handlers import LiveNamespace  # noqa: PLC0415
    from app.service.gamelogs import GameLogs  # noqa: PLC0415
    from app.service.submit import Submitting  # noqa: PLC0415
    from app.store.sqlite import SqliteStore  # noqa: PLC0415

    clock = time.perf_counter
    arrived: dict = {}
    answered: dict = {}
    rows: list[dict] = []

    def current() -> dict | None:
        return getattr(eventlet.getcurrent(), "tw_stamps", None)

    def wrap(owner, name, before=None, after=None):
        original = getattr(owner, name)

        def probe(*args, **kw):
            stamps = current()
            if stamps is not None and before:
                before(stamps, args)
            try:
                return original(*args, **kw)
            finally:
                if stamps is not None and after:
                    after(stamps, args)
        setattr(owner, name, probe)

    handle_event = sio_server.Server._handle_event

    def on_frame(self, eio_sid, namespace, id, data):
        if id is not None:
            arrived[(eio_sid, id)] = clock()
        return handle_event(self, eio_sid, namespace, id, data)
    sio_server.Server._handle_event = on_frame

    internal = sio_server.Server._handle_event_internal

    def on_handler_thread(self, server, sid, eio_sid, data, namespace, id):
        stamps = {"arrive": arrived.pop((eio_sid, id), None), "start": clock(), "event": data[0] if data else None}
        eventlet.getcurrent().tw_stamps = stamps
        out = internal(self, server, sid, eio_sid, data, namespace, id)
        stamps["answered"] = clock()
        answered[(eio_sid, id)] = stamps
        return out
    sio_server.Server._handle_event_internal = on_handler_thread

    def stamp(key):
        return lambda stamps, args: stamps.setdefault(key, clock())

    def stamp_again(key):
        return lambda stamps, args: stamps.__setitem__(key, clock())

    wrap(LiveNamespace, "on_submit", before=stamp("handler"))
    wrap(Submitting, "_evaluate", before=stamp_again("engine"), after=stamp_again("engine_done"))

    storage = GameLogs.storage

    def on_storage(self, fn, *args, **kw):
        stamps = current()
        if stamps is None or getattr(fn, "__name__", "") != "append":
            return storage(self, fn, *args, **kw)
        stamps["store"] = clock()
        try:
            return storage(self, fn, *args, **kw)
        finally:
            stamps["store_done"] = clock()
    GameLogs.storage = on_storage  # type: ignore[method-assign]

    def timed(owner, name, into: list, counts=lambda args: True):
        """Wrap owner.name to add each call's duration to `into` (any thread: the list is shared)."""
        original = getattr(owner, name)

        def probe(*args):
            begun = clock()
            try:
                return original(*args)
            finally:
                if counts(args):
                    into.append(clock() - begun)
        setattr(owner, name, probe)

    # The transactions run on the database's real thread: (self, conn, fn, args), appends only.
    transactions: list[float] = []
    timed(SqliteStore, "_in_transaction", transactions,
          counts=lambda args: args[2].__name__ in ("_op_append_many", "_op_append"))
    checkpoints: list[float] = []
    timed(SqliteStore, "checkpoint", checkpoints)

    send = eio_socket.Socket.send

    def on_send(self, pkt):
        pkt.tw_sid = self.sid
        return send(self, pkt)
    eio_socket.Socket.send = on_send

    ack = re.compile(r"^3/live,(\d+)")
    encode = eio_packet.Packet.encode

    def on_write(self, *args, **kw):
        sid = getattr(self, "tw_sid", None)
        if sid is not None and isinstance(self.data, str):
            match = ack.match(self.data)
            stamps = answered.pop((sid, int(match.group(1))), None) if match else None
            if stamps is not None and stamps.get("event") == "submit":
                stamps["written"] = clock()
                rows.append(stamps)
        return encode(self, *args, **kw)
    eio_packet.Packet.encode = on_write

    # Garbage collections stop the event loop for every table at once: time each one, by generation.
    collections: list[tuple[int, float, float, int]] = []  # generation, start, seconds, objects freed
    began: list[float] = []

    def on_collection(phase, info):
        if phase == "start":
            began[:] = [clock()]
        elif began:
            collections.append((info["generation"], began[0], clock() - began[0], info["collected"]))
    gc.callbacks.append(on_collection)

    def dump(*_):
        Path(out_path).write_text(json.dumps({"submits": rows, "transactions": transactions,
                                              "collections": collections, "checkpoints": checkpoints,
                                              "frozen_at_end": gc.get_freeze_count()}))
        os._exit(0)
    signal.signal(signal.SIGTERM, dump)


def serve(out_path: str) -> None:
    """`python -m app` with the probes installed."""
    install_probes(out_path)
    from app.__main__ import serve as serve_app  # noqa: PLC0415
    serve_app()


# -- the report ------------------------------------------------------------------------------------------
def stage_table(trace: dict) -> list[dict]:
    """p50/p90/p99 in ms of each stage over the submits that passed every probe."""
    rows = [r for r in trace["submits"] if all(r.get(k) is not None for k in
                                                ("arrive", "handler", "engine", "engine_done", "store",
                                                 "store_done", "written"))]
    out = []
    for name, start, end in STAGES:
        values = trace["transactions"] if start is None else [r[end] - r[start] for r in rows]
        out.append({"stage": name, "n": len(values), "p50_ms": live.pct(values, 50), "p90_ms": live.pct(values, 90),
                    "p99_ms": live.pct(values, 99)})
    return out


def collection_pauses(trace: dict) -> dict:
    """Per generation: how many garbage collections ran in the server while it answered submits (not the one at
    start), their total and longest time in ms."""
    out: dict = {}
    first = min((r["arrive"] for r in trace["submits"] if r.get("arrive")), default=0.0)
    for gen, began, seconds, collected in trace["collections"]:
        if began < first:
            continue
        row = out.setdefault(str(gen), {"count": 0, "total_ms": 0.0, "longest_ms": 0.0, "freed": 0})
        row["freed"] += collected
        row["count"] += 1
        row["total_ms"] += seconds * 1000
        row["longest_ms"] = max(row["longest_ms"], seconds * 1000)
    return dict(sorted(out.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--phone-processes", type=int, default=2)
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory(prefix="tw-stages-") as tmp:
        out_path = os.path.join(tmp, "stages.json")
        port = free_port()
        proc = start_app(port, tmp, command=[sys.executable, __file__, "--serve", out_path])
        res = live.new_results()
        try:
            tokens = live.new_tables(f"http://127.0.0.1:{port}", args.tables)
            live.run_load([f"http://127.0.0.1:{port}"], tokens, args.seconds, args.warmup, res, None,
                          args.phone_processes)
        finally:
            stop(proc)
        trace = json.loads(Path(out_path).read_text())
    phones = live.summary("the phones", res)
    stages = stage_table(trace)
    print(f"\n{args.tables} tables x 4 phones, {res['events']} events measured, lost {res['lost']}, doubled "
          f"{res['doubled']}; load average now {os.getloadavg()[0]:.1f}")
    print(f"\n{'stage (submits traced: ' + str(stages[0]['n']) + ')':34} {'p50':>8} {'p90':>8} {'p99':>9}")
    for row in stages:
        print(f"{row['stage']:34} {row['p50_ms']:7.2f}ms {row['p90_ms']:7.2f}ms {row['p99_ms']:8.2f}ms")
    print(f"{'ack at the phone':34} {phones['ack_p50_ms']:7.2f}ms {'':8} {phones['ack_p99_ms']:8.2f}ms")
    slowest = sorted(trace["transactions"])[-5:][::-1]
    print(f"slowest transactions on the database thread: {', '.join(f'{t * 1000:.0f}' for t in slowest)} ms "
          "(the fsync: every append waits for it)")
    if trace["checkpoints"]:
        print(f"WAL checkpoints in the background: {len(trace['checkpoints'])}, longest "
              f"{max(trace['checkpoints']) * 1000:.1f} ms")
    pauses = collection_pauses(trace)
    print(f"objects frozen (never walked by the collector) at the end: {trace['frozen_at_end']:,}")
    for gen, row in pauses.items():
        print(f"garbage collections of generation {gen}: {row['count']}, {row['total_ms']:.0f} ms in all, longest "
              f"{row['longest_ms']:.1f} ms, {row['freed']:,} objects in dead cycles freed (the whole server waits meanwhile)")
    if args.json:
        print(json.dumps({"tables": args.tables, "phones": phones, "stages": stages, "collections": pauses},
                         indent=2))


if __name__ == "__main__":
    main()
