"""benchmarks/ack_stages.py runs end to end at a tiny load: the probed server answers every submit, and every
stage of the ack is measured for the submits it traced."""
from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def test_every_stage_of_the_ack_is_measured():
    out = subprocess.run([sys.executable, "benchmarks/ack_stages.py", "--tables", "2", "--seconds", "3",
                          "--warmup", "1", "--json"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    report = json.loads(out.stdout[out.stdout.index("{\n"):])
    phones = report["phones"]
    assert phones["events"] > 0 and phones["errors"] == 0 and phones["lost"] == 0 and phones["doubled"] == 0
    stages = {row["stage"].strip(): row for row in report["stages"]}
    assert list(stages) == ["waiting to be handled", "to our handler", "envelope and seat", "engine", "store",
                            "of which on its thread", "frames to the table", "ack to its socket", "in the server"]
    for row in stages.values():
        assert row["n"] >= phones["events"], row  # every measured submit was traced (and the warm-up's too)
        assert all(math.isfinite(row[k]) and row[k] >= 0 for k in ("p50_ms", "p90_ms", "p99_ms")), row
    assert stages["in the server"]["p50_ms"] >= stages["engine"]["p50_ms"]
