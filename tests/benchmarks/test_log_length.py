"""benchmarks/log_length.py runs end to end at tiny sizes: every game gets its timed submits, refusals and undos,
/healthz is answered in both phases while the refusals are sent, and each verdict follows from its numbers."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.long_games import tally_export

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_a_tiny_run_times_every_kind_of_entry_at_every_size():
    out = subprocess.run([sys.executable, "benchmarks/log_length.py", "--sizes", "300,0", "--rounds", "3",
                          "--seconds", "1.5", "--cpu-batches", "1", "--cpu-batch", "20", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    assert [s["entries"] for s in report["sizes"]] == [0, 300]
    for size in report["sizes"]:
        for kind in ("submit", "refused", "undo"):
            assert 0 < size[f"{kind}_p50_ms"] <= size[f"{kind}_p90_ms"], size
    for phase in ("idle", "refusing"):
        assert report["healthz"][phase]["probes"] > 10 and report["healthz"][phase]["failures"] == 0, report
    assert report["healthz"]["refusing"]["refused_sent"] >= 5 and report["healthz"]["idle"]["refused_sent"] == 0
    assert report["tracebacks_in_log"] == 0
    first, last = report["sizes"]
    assert report["submit_ratio"] == round(last["submit_p50_ms"] / first["submit_p50_ms"], 2)
    assert all(size["submit_cpu_ms"] > 0 for size in report["sizes"]) and report["cpu_submits"] == 20
    assert report["met"] == {"submit_ratio": report["submit_ratio"] <= 1.2,
                             "submit_cpu_ratio": report["submit_cpu_ratio"] <= 1.2,
                             "refused": max(first["refused_p50_ms"], last["refused_p50_ms"]) <= 15.0,
                             "undo": max(first["undo_p50_ms"], last["undo_p50_ms"]) <= 15.0}
    assert len(report["load_average"]) == 3


def test_the_imported_game_alternates_the_two_seats():
    events = tally_export(5)["events"]
    assert [e["by"] for e in events] == ["p1", "p2", "p1", "p2", "p1"] and [e["seq"] for e in events] == [1, 2, 3, 4, 5]
    assert tally_export(0)["events"] == []
