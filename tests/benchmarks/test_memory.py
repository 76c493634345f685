"""benchmarks/memory.py runs end to end at a tiny size: the games are stored, opened in the real server (each at its
full length), and the report's memory curve and per-game figure come from the server's own VmRSS."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_a_tiny_run_opens_every_game_and_reports_the_curve():
    out = subprocess.run([sys.executable, "benchmarks/memory.py", "--games", "6", "--entries", "20", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    assert report["entries"] == 20 and report["games"] == 6 and report["cache_games"] >= 6
    assert [c["games"] for c in report["curve"]] == [0, 1, 2, 3, 4, 5, 6]
    assert all(c["rss_mb"] > 20 for c in report["curve"]) and report["final_rss_mb"] == report["curve"][-1]["rss_mb"]
    growth = (report["curve"][-1]["rss_mb"] - report["start_rss_mb"]) * 1024 / 6
    assert abs(report["per_game_kb"] - growth) < 1.0 and report["measured_at_games"] == 6
