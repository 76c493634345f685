"""/healthz latency under hostile load: does any request stall the server for the others?

Starts the real server (`python -m app`, eventlet, SQLite), builds a small world on it (a game with every role, a
tournament with a published round: tests/support/apifuzz.py), then times GET /healthz from a parallel client twice:
idle, and while --clients threads send random and hostile requests to every route of the API document (wrong
types, huge, deep and padded bodies within the size limit, unknown keys, tokens of every role, junk) and one
thread sends random connects and frames to /live and /tournament. Each phase lasts --seconds.

    .venv/bin/python benchmarks/healthz.py                 # 20 s per phase, 4 hostile clients
    .venv/bin/python benchmarks/healthz.py --seconds 60 --clients 8 --json

Target: /healthz p99 under 100 ms under the hostile load. It also counts 5xx answers and tracebacks (both must
be 0). It prints and does not fail; tests/api/test_openapi_fuzz.py fails on a 5xx, a traceback, or a p99 far
above the target.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from processes import free_port, start_app, stop  # noqa: E402

from tests.support.apifuzz import (  # noqa: E402
    HealthProbe,
    answer_problem,
    build_world,
    fuzz_socket,
    hostile_requests,
    send,
)

TARGET_P99_MS = 100.0
BODY_LIMIT = 256 * 1024  # the server's default MAX_BODY_BYTES


def latency(probe: HealthProbe) -> dict:
    """Probes, p50, p99 and max of what a probe saw, in ms."""
    seen = probe.latencies_ms
    return {"probes": len(seen), "failures": len(probe.failures),
            "p50_ms": round(statistics.median(seen), 2) if seen else None,
            "p99_ms": round(probe.percentile(99), 2) if seen else None, "max_ms": round(max(seen), 2) if seen else None}


def hostile_client(base: str, doc: dict, world, seed: int, until: float, out: dict, lock: threading.Lock) -> None:
    """Send hostile requests until `until`, counting answers, 5xx and tracebacks."""
    http = requests.Session()
    for req in hostile_requests(doc, world, seed, BODY_LIMIT):
        if time.monotonic() >= until:
            return
        try:
            problem = answer_problem(send(http, req))
        except requests.RequestException as exc:
            problem = f"no answer: {exc}"
        with lock:
            out["requests"] += 1
            if problem:
                out["problems"].append(f"{req}: {problem}"[:500])


def socket_client(world, doc: dict, until: float, out: dict, lock: threading.Lock) -> None:
    """Send hostile connects and frames to /live and /tournament in turns until `until`."""
    seed = 0
    while time.monotonic() < until:
        for extension in ("x-socketio", "x-socketio-tournament"):
            problems = fuzz_socket(world, doc[extension], seed, frames=100)
            with lock:
                out["frames"] += 100
                out["problems"] += problems
        seed += 1


def run(seconds: float, clients: int) -> dict:
    """Both phases on a fresh server; the report."""
    with tempfile.TemporaryDirectory(prefix="tw-healthz-") as tmp:
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        proc = start_app(port, tmp, RULESET_PLUGINS="tests.support.tally")
        try:
            world = build_world(base)
            doc = requests.get(base + "/api/openapi.json", timeout=30).json()
            with HealthProbe(base) as idle:
                time.sleep(seconds)
            out = {"requests": 0, "frames": 0, "problems": []}
            lock = threading.Lock()
            until = time.monotonic() + seconds
            threads = [threading.Thread(target=hostile_client, args=(base, doc, world, seed, until, out, lock))
                       for seed in range(clients)]
            threads.append(threading.Thread(target=socket_client, args=(world, doc, until, out, lock)))
            with HealthProbe(base) as loaded:
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
            log = (Path(tmp) / f"server-{port}.log").read_text(errors="replace")
        finally:
            stop(proc)
    under = latency(loaded)
    return {"seconds": seconds, "clients": clients, "idle": latency(idle), "hostile": under,
            "requests": out["requests"], "frames": out["frames"], "problems": len(out["problems"]),
            "first_problems": out["problems"][:5], "tracebacks_in_log": log.count("Traceback"),
            "target_p99_ms": TARGET_P99_MS,
            "target_met": under["p99_ms"] is not None and under["p99_ms"] < TARGET_P99_MS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    parser.add_argument("--clients", type=int, default=4, help="threads sending hostile requests")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args()
    report = run(args.seconds, args.clients)
    if args.json:
        print(json.dumps(report, indent=2))
        return
    for phase in ("idle", "hostile"):
        r = report[phase]
        print(f"/healthz {phase:8s} {r['probes']:5d} probes  p50 {r['p50_ms']} ms  p99 {r['p99_ms']} ms  "
              f"max {r['max_ms']} ms  failures {r['failures']}")
    print(f"hostile load: {report['requests']} requests, {report['frames']} frames, {report['problems']} 5xx or "
          f"tracebacks in answers, {report['tracebacks_in_log']} in the log")
    print(f"target p99 < {TARGET_P99_MS:.0f} ms under hostile load: {'met' if report['target_met'] else 'MISSED'}")


if __name__ == "__main__":
    main()
