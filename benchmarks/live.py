"""Live-server benchmark: simulated tables against the real server and against a bare Socket.IO echo.

Each table is 4 phones (python-socketio clients on /live); each table enters one event per second,
from its seats in turn. For every event we time submit -> ack (at the submitting phone) and
submit -> `applied` (at each of the other three phones). The same load runs against a bare
python-socketio server that only acks and relays (no engine, no database), and the report gives
p50/p99 of both and their ratio (and, for the real server, submit -> each seat's `view`). The two
servers run side by side and the load alternates between them in rounds, so other work on the
machine weighs on both alike. Issue 4's target: at 64 tables on one process, p99 broadcast under
50 ms and ack p50 within 1.5x of the bare echo. This is a report, not a test: it prints, it does not fail.

    .venv/bin/python benchmarks/live.py                  # 64 tables, 30 s measured per server
    .venv/bin/python benchmarks/live.py --tables 16 --seconds 10 --server-mode threading

The real server runs as `python -m app` (SQLite under a temp dir, the small test game from
tests/support/tally.py plugged in; events are `note`s, which every ruleset accepts, so the engine's
check/apply/view/suggest path runs for each one). Clients are green threads (eventlet), so 256 of them
fit in one process; everything listens on 127.0.0.1 only and stops by itself.
"""
from __future__ import annotations

import eventlet

eventlet.monkey_patch()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import socket  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import requests  # noqa: E402
import socketio  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SEATS = ("p1", "p2", "p3", "p4")


# -- the bare echo server (run in its own process) ---------------------------------------------------
def run_echo_server(port: int) -> None:
    """A python-socketio server that acks `submit` and relays it to the table's room, nothing else."""
    import eventlet.wsgi

    sio = socketio.Server(async_mode="eventlet")
    seqs: dict[str, int] = {}
    rooms: dict[str, str] = {}

    @sio.event(namespace="/live")
    def connect(sid, environ, auth):
        room = str((auth or {}).get("token", "")).split(":")[0]
        rooms[sid] = room
        sio.enter_room(sid, room, namespace="/live")

    @sio.event(namespace="/live")
    def submit(sid, data):
        room = rooms[sid]
        seqs[room] = seqs.get(room, 0) + 1
        sio.emit("applied", {"seq": seqs[room], "event": data, "consequences": []}, to=room, skip_sid=sid,
                 namespace="/live")
        return {"status": 201, "seq": seqs[room], "id": data.get("id"), "consequences": []}

    app = socketio.WSGIApp(sio)
    eventlet.wsgi.server(eventlet.listen(("127.0.0.1", port)), app, log_output=False)


# -- processes ------------------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            requests.get(url, timeout=1)
            return
        except requests.RequestException:
            time.sleep(0.1)
    raise TimeoutError(url)


def start_real_server(port: int, tmp: str, mode: str) -> subprocess.Popen:
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "ASYNC_MODE": mode,
           "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "RULESET_PLUGINS": "tests.support.tally",
           "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "ignore", "RATE_LIMIT_PER_SECOND": "0",
           "LOG_LEVEL": "WARNING"}
    proc = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=open(os.path.join(tmp, "server.log"), "ab"))
    wait_http(f"http://127.0.0.1:{port}/healthz", proc)
    return proc


def start_echo_server(port: int) -> subprocess.Popen:
    proc = subprocess.Popen([sys.executable, __file__, "--echo-server", str(port)], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONWARNINGS": "ignore"})
    wait_http(f"http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling", proc)
    return proc


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")


def stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


# -- the load -----------------------------------------------------------------------------------------
class Table:
    """Four phones of one table and the timings of the events they enter."""

    def __init__(self, base: str, index: int, tokens: list[str], sent: dict, acks: list, casts: list,
                 views: list):
        self.index, self.sent, self.acks, self.casts, self.views = index, sent, acks, casts, views
        self.seq_start: dict[int, tuple[float, bool]] = {}
        self.view_arrivals: list[tuple[int, float]] = []
        self.phones = []
        for token in tokens:
            client = socketio.Client(reconnection=False)
            client.on("applied", self._on_applied, namespace="/live")
            client.on("view", self._on_view, namespace="/live")
            client.connect(base, namespaces=["/live"], auth={"token": token, "last_seq": 0},
                           transports=["websocket"], wait_timeout=30)
            self.phones.append(client)

    def _on_applied(self, data):
        at = time.perf_counter()
        event = data.get("event") or {}
        started = self.sent.get(event.get("id"))
        if started is not None and started[1]:
            self.casts.append(at - started[0])

    def _on_view(self, data):
        self.view_arrivals.append((data.get("seq"), time.perf_counter()))

    def view_latencies(self) -> list[float]:
        """submit -> `view` at the other phones (the real server only; the echo sends no views)."""
        out = []
        for seq, at in self.view_arrivals:
            start = self.seq_start.get(seq)
            if start is not None and start[1]:
                out.append(at - start[0])
        return out

    def play(self, until: float, measure_from: float, phase: float) -> None:
        n = 0
        eventlet.sleep(phase)
        next_at = time.perf_counter()
        while next_at < until:
            seat_i = n % 4
            eid = f"t{self.index}-{n}-{os.getpid()}"
            measuring = next_at >= measure_from
            envelope = {"id": eid, "type": "note", "by": SEATS[seat_i], "data": {"text": f"event {n}"}}
            self.sent[eid] = (time.perf_counter(), measuring)
            ack = self.phones[seat_i].call("submit", envelope, namespace="/live", timeout=30)
            took = time.perf_counter() - self.sent[eid][0]
            if isinstance(ack.get("seq"), int):
                self.seq_start[ack["seq"]] = self.sent[eid]
            if measuring:
                if ack.get("status") in (200, 201):
                    self.acks.append(took)
                else:
                    self.acks.append(float("nan"))
            n += 1
            next_at += 1.0
            eventlet.sleep(max(0.0, next_at - time.perf_counter()))

    def close(self) -> None:
        for c in self.phones:
            try:
                c.disconnect()
            except Exception:  # noqa: BLE001
                pass


def run_load(base: str, table_tokens: list[list[str]], seconds: float, warmup: float) -> dict:
    sent: dict = {}
    acks: list[float] = []
    casts: list[float] = []
    views: list[float] = []
    tables = []
    pool = eventlet.GreenPool(len(table_tokens) + 4)
    for i, tokens in enumerate(table_tokens):
        tables.append(Table(base, i, tokens, sent, acks, casts, views))
    start = time.perf_counter() + 0.5
    until = start + warmup + seconds
    for i, table in enumerate(tables):
        pool.spawn(table.play, until, start + warmup, 0.5 + i / len(tables))
    pool.waitall()
    eventlet.sleep(1.0)  # let the last broadcasts arrive
    for table in tables:
        table.close()
        views.extend(table.view_latencies())
    errors = sum(1 for a in acks if a != a)
    good = [a for a in acks if a == a]
    return {"acks": good, "casts": casts, "views": views, "errors": errors, "events": len(acks)}


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return values[k] * 1000


def summary(name: str, res: dict) -> dict:
    out = {"name": name, "events": res["events"], "errors": res["errors"],
           "ack_p50_ms": pct(res["acks"], 50), "ack_p99_ms": pct(res["acks"], 99),
           "broadcast_p50_ms": pct(res["casts"], 50), "broadcast_p99_ms": pct(res["casts"], 99),
           "broadcast_frames": len(res["casts"]),
           "server_cpu_pct": 100 * res["cpu"] / res["wall"] if res.get("wall") else float("nan")}
    if res["acks"]:
        out["ack_mean_ms"] = statistics.fmean(res["acks"]) * 1000
    if res["views"]:
        out["view_p50_ms"], out["view_p99_ms"] = pct(res["views"], 50), pct(res["views"], 99)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per run")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds at the start of each round")
    parser.add_argument("--rounds", type=int, default=3, help="alternations between the echo and the real server")
    parser.add_argument("--server-mode", default="eventlet", choices=("eventlet", "gevent", "threading"))
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        run_echo_server(args.echo_server)
        return

    # Both servers run side by side and the load alternates between them in rounds, so that other
    # work on the machine (a shared 2-core box) weighs on both about equally.
    echo_res = {"acks": [], "casts": [], "views": [], "errors": 0, "events": 0, "cpu": 0.0, "wall": 0.0}
    real_res = {"acks": [], "casts": [], "views": [], "errors": 0, "events": 0, "cpu": 0.0, "wall": 0.0}
    per_round = args.seconds / args.rounds
    with tempfile.TemporaryDirectory(prefix="tw-bench-") as tmp:
        echo_port, real_port = free_port(), free_port()
        echo_proc = start_echo_server(echo_port)
        real_proc = start_real_server(real_port, tmp, args.server_mode)
        try:
            base = f"http://127.0.0.1:{real_port}"
            real_tokens = []
            for t in range(args.tables):
                game = requests.post(base + "/api/games", json={"ruleset": "test/tally",
                                                               "seats": [{"name": f"T{t}{s}"} for s in SEATS]},
                                     timeout=30).json()
                real_tokens.append([s["token"] for s in game["seats"]])
            echo_tokens = [[f"{t}:{s}" for s in SEATS] for t in range(args.tables)]
            for r in range(args.rounds):
                for name, url, tokens, acc, proc in (
                        ("bare echo", f"http://127.0.0.1:{echo_port}", echo_tokens, echo_res, echo_proc),
                        (f"Tablewarden ({args.server_mode}, SQLite)", base, real_tokens, real_res, real_proc)):
                    print(f"round {r + 1}/{args.rounds}: {name}, {args.tables} tables x 4 clients, "
                          f"{per_round:.0f} s", flush=True)
                    cpu0, wall0 = cpu_seconds(proc.pid), time.perf_counter()
                    res = run_load(url, tokens, per_round, args.warmup)
                    acc["cpu"] += cpu_seconds(proc.pid) - cpu0
                    acc["wall"] += time.perf_counter() - wall0
                    for key in ("acks", "casts", "views"):
                        acc[key].extend(res[key])
                    acc["errors"] += res["errors"]
                    acc["events"] += res["events"]
        finally:
            stop(echo_proc)
            stop(real_proc)
    results = [summary("bare python-socketio echo", echo_res),
               summary(f"Tablewarden python -m app ({args.server_mode})", real_res)]

    echo, real = results
    print()
    print(f"{'server':44} {'events':>7} {'err':>4} {'ack p50':>8} {'ack p99':>8} {'bcast p50':>9} {'bcast p99':>9}"
          f" {'cpu':>5}")
    for r in results:
        print(f"{r['name']:44} {r['events']:7d} {r['errors']:4d} {r['ack_p50_ms']:7.2f}ms {r['ack_p99_ms']:7.2f}ms "
              f"{r['broadcast_p50_ms']:8.2f}ms {r['broadcast_p99_ms']:8.2f}ms {r['server_cpu_pct']:4.0f}%")
    if "view_p50_ms" in real:
        print(f"{'':44} per-seat view after submit: p50 {real['view_p50_ms']:.2f}ms, p99 {real['view_p99_ms']:.2f}ms")
    print(f"(cpu: the server process's CPU time over the run, in % of one core; load average now "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    ratio_ack = real["ack_p50_ms"] / echo["ack_p50_ms"]
    ratio_cast = real["broadcast_p99_ms"] / echo["broadcast_p99_ms"]
    print(f"\nratio real/echo: ack p50 {ratio_ack:.2f}x, ack p99 {real['ack_p99_ms'] / echo['ack_p99_ms']:.2f}x, "
          f"broadcast p50 {real['broadcast_p50_ms'] / echo['broadcast_p50_ms']:.2f}x, broadcast p99 {ratio_cast:.2f}x")
    print(f"target p99 broadcast < 50 ms: {'met' if real['broadcast_p99_ms'] < 50 else 'NOT met'} "
          f"({real['broadcast_p99_ms']:.1f} ms); target ack p50 within 1.5x of echo: "
          f"{'met' if ratio_ack <= 1.5 else 'NOT met'} ({ratio_ack:.2f}x)")
    if args.json:
        print(json.dumps({"tables": args.tables, "seconds": args.seconds, "results": results}, indent=2))


if __name__ == "__main__":
    main()
