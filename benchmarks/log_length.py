"""Does an entry cost more as the game grows? Submit, refused submit and undo latency in games of 0 / 5,000 / 20,000
entries, and /healthz while one client sends refused entries into the longest game.

Starts the real server (`python -m app`, eventlet, SQLite in a temporary directory, the test game "test/tally"
plugged in) and imports one game per size (two players adding a point in turn: the rules engine costs next to
nothing, so what grows with the log is the service's own work). Then, in rounds that visit every game in turn so
the machine's other work weighs on all of them alike, it times over REST (keep-alive; the games in a new order each round):

    refused    an entry by the seat whose turn it is not (422 not_your_turn; the server looks for an entry that
               closed a step, as for every refusal)
    submit     the entry of the seat whose turn it is (201)
    undo       the referee taking that entry back (201; the log is folded again without it)

Then the server's CPU time per kept submit in each game (batches of submits to each game in turn, read from
/proc: it depends far less than latency on the machine's other work). Then /healthz is asked every 20 ms for --seconds while nothing else happens, and again while one client sends
refused entries into the longest game at 10 a second (the default RATE_LIMIT_PER_SECOND per token).

    .venv/bin/python benchmarks/log_length.py                     # 0 / 5,000 / 20,000 entries, 100 rounds, 20 s
    .venv/bin/python benchmarks/log_length.py --sizes 0,300 --rounds 5 --seconds 2 --json
    .venv/bin/python benchmarks/log_length.py --server-root /tmp/older-checkout   # the same against another version

Targets: a submit in the longest game within 1.2x of one in the shortest (p50; the server's CPU per submit is held to
the same ratio); a refused submit and an undo
under 15 ms (p50) at every size. Each is printed beside its number with PASS or FAIL, with the machine's load
average (this machine is shared: compare runs made under the same load). It prints and does not fail.
"""
from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support import live
from tests.support.healthz import HealthzProbe
from tests.support.live import ServerProcess
from tests.support.long_games import tally_export

SUBMIT_RATIO_TARGET = 1.2
REFUSED_TARGET_MS = 15.0
UNDO_TARGET_MS = 15.0
REFUSALS_PER_SECOND = 10.0
_ids = itertools.count(1)


class Table:
    """One imported game and its tokens, timed over one keep-alive connection."""

    def __init__(self, base: str, entries: int):
        self.base = base
        self.entries = entries
        self.http = requests.Session()
        resp = self.http.post(base + "/api/games/import", data=json.dumps(tally_export(entries)),
                              headers={"Content-Type": "application/json"}, timeout=600)
        if resp.status_code != 201:
            raise RuntimeError(f"import of {entries} entries: {resp.status_code} {resp.text[:300]}")
        game = resp.json()
        self.id = game["id"]
        self.tokens = {s["seat"]: s["token"] for s in game["seats"]}
        self.tokens["referee"] = game["referee_token"]
        self.times: dict[str, list[float]] = {"refused": [], "submit": [], "undo": []}
        self.turn = "p1" if entries % 2 == 0 else "p2"
        self.http.get(f"{base}/api/games/{self.id}", headers=self._auth("referee"), timeout=600)  # in the cache

    def _auth(self, seat: str) -> dict:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def post(self, seat: str, etype: str, by: str, data: dict) -> tuple[int, dict, float]:
        """POST one entry with `seat`'s token: (status, body, milliseconds)."""
        envelope = {"id": f"bench-{next(_ids)}", "type": etype, "by": by, "data": data}
        start = time.perf_counter()
        resp = self.http.post(f"{self.base}/api/games/{self.id}/events", json=envelope, headers=self._auth(seat),
                              timeout=60)
        return resp.status_code, resp.json(), (time.perf_counter() - start) * 1000

    def refuse(self) -> float:
        """An entry out of turn; the ms it took to be refused."""
        other = "p2" if self.turn == "p1" else "p1"
        status, body, ms = self.post(other, "add", other, {"points": 1})
        if status != 422 or body["error"]["code"] != "not_your_turn":
            raise RuntimeError(f"expected not_your_turn, got {status} {body}")
        return ms

    def one_round(self) -> None:
        """Refused entry, entry, the referee's undo of it (the turn is back where it was)."""
        self.times["refused"].append(self.refuse())
        status, body, ms = self.post(self.turn, "add", self.turn, {"points": 1})
        if status != 201:
            raise RuntimeError(f"submit: {status} {body}")
        self.times["submit"].append(ms)
        status, undo, ms = self.post("referee", "revert", "referee", {"seq": body["seq"], "reason": "benchmark"})
        if status != 201:
            raise RuntimeError(f"undo: {status} {undo}")
        self.times["undo"].append(ms)


    def submit_in_turn(self) -> None:
        """The entry of the seat whose turn it is, kept (the turn passes on)."""
        status, body, _ = self.post(self.turn, "add", self.turn, {"points": 1})
        if status != 201:
            raise RuntimeError(f"submit: {status} {body}")
        self.turn = "p2" if self.turn == "p1" else "p1"


def cpu_seconds(pid: int) -> float:
    """CPU time a process has used so far (user + system, all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_per_submit(pid: int, tables: list[Table], batches: int, batch: int) -> dict[int, float]:
    """The server's CPU per kept submit in each game, in ms: `batches` rounds of `batch` submits to each game in turn
    (CPU time depends far less than latency on what else the machine runs)."""
    used = {t.entries: 0.0 for t in tables}
    for _ in range(batches):
        for table in tables:
            before = cpu_seconds(pid)
            for _ in range(batch):
                table.submit_in_turn()
            used[table.entries] += cpu_seconds(pid) - before
    return {n: round(seconds * 1000 / (batches * batch), 3) for n, seconds in used.items()}


def p50(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def probe_healthz(base: str, seconds: float, table: Table | None) -> dict:
    """/healthz p50/p99 over `seconds`, while `table` gets refused entries at REFUSALS_PER_SECOND (None: idle)."""
    stop = threading.Event()
    sent = [0]

    def refuse() -> None:
        next_at = time.monotonic()
        while not stop.is_set():
            table.refuse()
            sent[0] += 1
            next_at += 1 / REFUSALS_PER_SECOND
            stop.wait(max(0.0, next_at - time.monotonic()))
    sender = threading.Thread(target=refuse, daemon=True) if table is not None else None
    with HealthzProbe(base) as probe:
        if sender:
            sender.start()
        time.sleep(seconds)
        stop.set()
    if sender:
        sender.join(30)
    return {"probes": len(probe.latencies), "failures": len(probe.failures), "refused_sent": sent[0],
            "p50_ms": round(probe.percentile(50) * 1000, 2), "p99_ms": round(probe.percentile(99) * 1000, 2)}


def run(sizes: list[int], rounds: int, seconds: float, cpu_batches: int = 3, cpu_batch: int = 100) -> dict:
    """Start the server, import the games, time the rounds and /healthz; the report."""
    with tempfile.TemporaryDirectory() as tmp:
        server = ServerProcess(f"sqlite:///{tmp}/bench.sqlite3", Path(tmp), RATE_LIMIT_PER_SECOND="0")
        try:
            tables = [Table(server.url, n) for n in sizes]
            for table in tables:
                table.one_round()        # warm: the first entries after loading are not timed
                table.times = {k: [] for k in table.times}
            order = random.Random(1)
            for _ in range(rounds):
                for table in order.sample(tables, len(tables)):   # no game always right after another
                    table.one_round()
            cpu = cpu_per_submit(server.proc.pid, tables, cpu_batches, cpu_batch)
            idle = probe_healthz(server.url, seconds, None)
            refusing = probe_healthz(server.url, seconds, tables[-1])
            tracebacks = server.log().count("Traceback")
        finally:
            server.stop()
    by_size = [{"entries": t.entries, "submit_cpu_ms": cpu[t.entries], **{f"{k}_p50_ms": round(p50(v), 2) for k, v in t.times.items()},
                **{f"{k}_p90_ms": round(sorted(v)[int(0.9 * (len(v) - 1))], 2) for k, v in t.times.items() if v}}
               for t in tables]
    ratio = by_size[-1]["submit_p50_ms"] / by_size[0]["submit_p50_ms"] if by_size[0]["submit_p50_ms"] else 0.0
    cpu_ratio = by_size[-1]["submit_cpu_ms"] / by_size[0]["submit_cpu_ms"] if by_size[0]["submit_cpu_ms"] else 0.0
    return {"sizes": by_size, "rounds": rounds, "cpu_submits": cpu_batches * cpu_batch, "submit_cpu_ratio": round(cpu_ratio, 2), "load_average": [round(x, 2) for x in os.getloadavg()],
            "submit_ratio": round(ratio, 2), "targets": {
                "submit_ratio": SUBMIT_RATIO_TARGET, "refused_ms": REFUSED_TARGET_MS, "undo_ms": UNDO_TARGET_MS},
            "met": {"submit_ratio": ratio <= SUBMIT_RATIO_TARGET, "submit_cpu_ratio": cpu_ratio <= SUBMIT_RATIO_TARGET,
                    "refused": all(s["refused_p50_ms"] <= REFUSED_TARGET_MS for s in by_size),
                    "undo": all(s["undo_p50_ms"] <= UNDO_TARGET_MS for s in by_size)},
            "healthz": {"idle": idle, "refusing": refusing}, "tracebacks_in_log": tracebacks}


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


def print_report(report: dict) -> None:
    load = ", ".join(str(x) for x in report["load_average"])
    print(f"Latency by game length (REST, p50 over {report['rounds']} rounds; load average {load})")
    print(f"{'entries':>8} {'submit':>9} {'refused':>9} {'undo':>9}   (p90: submit / refused / undo)")
    for s in report["sizes"]:
        print(f"{s['entries']:>8} {s['submit_p50_ms']:>7.2f}ms {s['refused_p50_ms']:>7.2f}ms {s['undo_p50_ms']:>7.2f}ms"
              f"   ({s.get('submit_p90_ms', 0):.2f} / {s.get('refused_p90_ms', 0):.2f} / {s.get('undo_p90_ms', 0):.2f})")
    first, last = report["sizes"][0], report["sizes"][-1]
    met, t = report["met"], report["targets"]
    print(f"submit at {last['entries']} / at {first['entries']}: {report['submit_ratio']:.2f}x "
          f"(target <= {t['submit_ratio']}x) {verdict(met['submit_ratio'])}")
    print(f"server CPU per submit ({report['cpu_submits']} kept submits per game): "
          + ", ".join(f"{s['submit_cpu_ms']:.2f} ms at {s['entries']}" for s in report["sizes"])
          + f"; at {last['entries']} / at {first['entries']}: {report['submit_cpu_ratio']:.2f}x (target <= "
          f"{t['submit_ratio']}x) {verdict(met['submit_cpu_ratio'])}")
    print(f"refused p50 at every size <= {t['refused_ms']:.0f} ms (worst {max(s['refused_p50_ms'] for s in report['sizes']):.2f}"
          f" ms) {verdict(met['refused'])}")
    print(f"undo p50 at every size <= {t['undo_ms']:.0f} ms (worst {max(s['undo_p50_ms'] for s in report['sizes']):.2f}"
          f" ms) {verdict(met['undo'])}")
    idle, busy = report["healthz"]["idle"], report["healthz"]["refusing"]
    print(f"/healthz idle: p50 {idle['p50_ms']:.2f} ms, p99 {idle['p99_ms']:.2f} ms ({idle['probes']} probes); while one "
          f"client sends {REFUSALS_PER_SECOND:.0f} refused entries a second into the {last['entries']}-entry game: p50 "
          f"{busy['p50_ms']:.2f} ms, p99 {busy['p99_ms']:.2f} ms ({busy['refused_sent']} refused)")
    print(f"tracebacks in the server log: {report['tracebacks_in_log']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="0,5000,20000", help="game lengths, comma-separated, shortest first")
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each /healthz phase")
    parser.add_argument("--cpu-batches", type=int, default=3, help="batches of kept submits per game for the CPU figure")
    parser.add_argument("--cpu-batch", type=int, default=100, help="submits per batch")
    parser.add_argument("--json", action="store_true", help="print the report as JSON only")
    parser.add_argument("--server-root", type=Path, help="run the server from another checkout (to compare)")
    args = parser.parse_args()
    if args.server_root:
        live.ROOT = args.server_root.resolve()
    sizes = sorted(int(s) for s in args.sizes.split(","))
    report = run(sizes, args.rounds, args.seconds, args.cpu_batches, args.cpu_batch)
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)


if __name__ == "__main__":
    main()
