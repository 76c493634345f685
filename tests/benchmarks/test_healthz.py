"""benchmarks/healthz.py runs end to end at a tiny load: both phases time /healthz, the hostile phase sends
requests and frames, and nothing gets a 5xx or a traceback."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.apifuzz import HealthProbe

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_a_tiny_run_reports_both_phases_and_no_problem():
    out = subprocess.run([sys.executable, "benchmarks/healthz.py", "--seconds", "2", "--clients", "1", "--json"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout)
    for phase in ("idle", "hostile"):
        assert report[phase]["probes"] > 10 and report[phase]["failures"] == 0, report
        assert 0 < report[phase]["p50_ms"] <= report[phase]["p99_ms"] <= report[phase]["max_ms"], report
    assert report["requests"] > 20 and report["frames"] >= 100, report
    assert report["problems"] == 0 and report["tracebacks_in_log"] == 0, report["first_problems"]
    assert report["target_met"] == (report["hostile"]["p99_ms"] < report["target_p99_ms"])


def test_the_percentile_is_the_nearest_rank():
    probe = HealthProbe("http://127.0.0.1:9")
    probe.latencies_ms = [float(i) for i in range(1, 101)]
    assert (probe.percentile(50), probe.percentile(99), probe.percentile(100)) == (50.0, 99.0, 100.0)
    probe.latencies_ms = [5.0]
    assert probe.percentile(99) == 5.0
