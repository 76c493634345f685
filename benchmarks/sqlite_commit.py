"""How long a durable SQLite commit takes on this disk: the store's settings, without the server around it.

Opens a fresh database file in --dir (by default the app's instance/ folder, so the disk the server writes to),
in WAL mode with synchronous=FULL as app/store/sqlite.py sets them, and commits one row of --row-bytes every
--interval-ms for --seconds, each in its own transaction (INSERT ... COMMIT, which waits for the WAL's fsync).
The schedule is fixed: a commit that stalls delays the next ones, which then start at once, as appends queue
behind a slow commit in the server. Checkpoints are SQLite's own (every 1,000 WAL pages, inside a commit).

    .venv/bin/python benchmarks/sqlite_commit.py                  # 60 s, one 600-byte row every 10 ms
    .venv/bin/python benchmarks/sqlite_commit.py --seconds 10 --json

Prints commit time p50 / p99 / max, how many commits took over 50 ms and 100 ms, the load average before and
after and the file system; it removes its database afterwards.
"""
from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SLOW_MS = (50, 100)


def percentile(values: list[float], p: float) -> float:
    """Nearest-rank percentile of `values` (p in 0..100)."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def file_system(path: Path) -> str:
    """Type and device of the file system holding `path` (from /proc/mounts; '' when unknown)."""
    try:
        mounts = [line.split()[:3] for line in Path("/proc/mounts").read_text().splitlines()]
    except OSError:
        return ""
    real = str(path.resolve())
    best = max((m for m in mounts if real == m[1] or real.startswith(m[1].rstrip("/") + "/")),
               key=lambda m: len(m[1]), default=None)
    return f"{best[2]} on {best[0]}" if best else ""


def commit_times(db_path: str, seconds: float, interval_s: float, row_bytes: int) -> list[float]:
    """Commit one row every `interval_s` for `seconds`; each commit's duration in milliseconds."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE events (seq INTEGER PRIMARY KEY, body BLOB NOT NULL)")
        row = os.urandom(row_bytes)  # random bytes: nothing below compresses or deduplicates them
        times: list[float] = []
        start = time.monotonic()
        # A fixed number of commits on a fixed schedule (adding the interval up would drift by rounding).
        for i in range(max(1, round(seconds / interval_s))):
            pause = start + i * interval_s - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            began = time.perf_counter()
            conn.execute("BEGIN IMMEDIATE")
            conn.execute("INSERT INTO events (body) VALUES (?)", (row,))
            conn.execute("COMMIT")
            times.append((time.perf_counter() - began) * 1000)
        return times
    finally:
        conn.close()


def probe(directory: Path, seconds: float, interval_ms: float, row_bytes: int) -> dict:
    """Run the probe in a fresh database under `directory` and summarise it."""
    directory.mkdir(parents=True, exist_ok=True)
    started = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    load_before = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="sqlite-commit-", dir=directory) as tmp:
        times = commit_times(os.path.join(tmp, "probe.sqlite3"), seconds, interval_ms / 1000, row_bytes)
    load_after = os.getloadavg()
    return {
        "commits": len(times), "seconds": seconds, "interval_ms": interval_ms, "row_bytes": row_bytes,
        "p50_ms": round(percentile(times, 50), 3), "p99_ms": round(percentile(times, 99), 3),
        "max_ms": round(max(times), 3),
        **{f"over_{ms}_ms": sum(t > ms for t in times) for ms in SLOW_MS},
        "load_before": [round(x, 2) for x in load_before], "load_after": [round(x, 2) for x in load_after],
        "file_system": file_system(directory), "started": started,
    }


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the probe, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to commit (default 60)")
    parser.add_argument("--interval-ms", type=float, default=10.0, help="one commit every this often (default 10)")
    parser.add_argument("--row-bytes", type=int, default=600, help="size of each row (default 600, an event)")
    parser.add_argument("--dir", type=Path, default=ROOT / "instance",
                        help="where the database goes (default instance/, where the server keeps its own)")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    args = parser.parse_args(argv)
    if args.seconds <= 0 or args.interval_ms <= 0 or args.row_bytes <= 0:
        parser.error("--seconds, --interval-ms and --row-bytes must be positive")
    report = probe(args.dir, args.seconds, args.interval_ms, args.row_bytes)
    if args.json:
        print(json.dumps(report))
        return 0
    print(f"{report['commits']} commits of {report['row_bytes']} bytes, one every {report['interval_ms']:g} ms "
          f"for {report['seconds']:g} s (from {report['started']}; {report['file_system'] or 'file system unknown'})")
    print(f"commit p50 {report['p50_ms']:.2f} ms, p99 {report['p99_ms']:.2f} ms, max {report['max_ms']:.1f} ms; "
          + ", ".join(f"{report[f'over_{ms}_ms']} over {ms} ms" for ms in SLOW_MS))
    print("load average (1, 5, 15 min): before " + " / ".join(f"{x:.2f}" for x in report["load_before"])
          + ", after " + " / ".join(f"{x:.2f}" for x in report["load_after"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
