"""benchmarks/sqlite_commit.py runs end to end at a tiny size, on the settings the store uses, and leaves nothing."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "benchmarks"))

import sqlite_commit  # noqa: E402

pytestmark = pytest.mark.slow


def test_a_tiny_run_reports_its_commits_and_removes_its_database(tmp_path):
    out = subprocess.run([sys.executable, "benchmarks/sqlite_commit.py", "--seconds", "0.5", "--interval-ms", "20",
                          "--row-bytes", "100", "--dir", str(tmp_path), "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    assert report["commits"] == 25 and report["row_bytes"] == 100 and report["interval_ms"] == 20
    assert 0 < report["p50_ms"] <= report["p99_ms"] <= report["max_ms"], report
    assert report["commits"] >= report["over_50_ms"] >= report["over_100_ms"] >= 0
    assert len(report["load_before"]) == len(report["load_after"]) == 3
    assert report["file_system"]  # the report says which disk it measured
    assert list(tmp_path.iterdir()) == []


def test_the_text_report_names_the_figures(tmp_path):
    out = subprocess.run([sys.executable, "benchmarks/sqlite_commit.py", "--seconds", "0.2", "--dir", str(tmp_path)],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "20 commits of 600 bytes, one every 10 ms" in out.stdout
    assert "commit p50" in out.stdout and "over 50 ms" in out.stdout and "load average" in out.stdout


def test_commits_use_wal_and_full_sync_and_store_every_row(tmp_path, monkeypatch):
    seen = {}
    real_connect = sqlite3.connect

    class KeepOpen:  # read the pragmas and the rows before the probe closes its connection
        def __init__(self, conn):
            self.conn = conn

        def __getattr__(self, name):
            return getattr(self.conn, name)

        def close(self):
            seen["journal"] = self.conn.execute("PRAGMA journal_mode").fetchone()[0]
            seen["synchronous"] = self.conn.execute("PRAGMA synchronous").fetchone()[0]
            seen["rows"] = self.conn.execute("SELECT COUNT(*), MIN(LENGTH(body)) FROM events").fetchone()
            self.conn.close()

    monkeypatch.setattr(sqlite_commit.sqlite3, "connect", lambda *a, **k: KeepOpen(real_connect(*a, **k)))
    times = sqlite_commit.commit_times(str(tmp_path / "probe.sqlite3"), seconds=0.1, interval_s=0.01, row_bytes=600)
    assert len(times) == 10 and all(t > 0 for t in times)
    assert seen["journal"] == "wal" and seen["synchronous"] == 2  # 2 = FULL
    assert seen["rows"] == (10, 600)


def test_the_percentile_is_the_nearest_rank():
    values = [float(i) for i in range(1, 101)]
    assert [sqlite_commit.percentile(values, p) for p in (50, 99, 100)] == [50.0, 99.0, 100.0]
    assert sqlite_commit.percentile([7.0], 99) == 7.0


@pytest.mark.parametrize("option", [["--seconds", "0"], ["--interval-ms", "-1"], ["--row-bytes", "0"]])
def test_nonsense_options_are_refused_with_a_message(option):
    out = subprocess.run([sys.executable, "benchmarks/sqlite_commit.py", *option],
                         cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 2 and "must be positive" in out.stderr
