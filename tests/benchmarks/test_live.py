"""benchmarks/live.py runs end to end at a tiny load: real Underworlds games against the real server beside the
bare echo (phones shared among two processes), and two app processes on PostgreSQL + Redis beside one on SQLite;
every phone ends with every seq exactly once, and the view frames after the first are patches that applied; the
report gives the servers' CPU per entry and the targets against the echo, each met or not."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> dict:
    out = subprocess.run([sys.executable, "benchmarks/live.py", "--tables", "2", "--seconds", "3", "--warmup", "1",
                          "--json", *args], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    text = out.stdout
    return {**json.loads(text[text.index("{\n"):]), "text": text}


def check(result: dict) -> None:
    assert result["events"] > 0 and result["errors"] == 0, result
    assert result["lost"] == 0 and result["doubled"] == 0 and result["resyncs"] == 0, result
    # CPU per entry: the server's CPU over the measured seconds (in 10 ms ticks), per entry stored in them.
    assert result["entries"] > 0 and 0 <= result["cpu_per_entry_ms"] < 1000, result


def test_one_process_beside_the_echo_with_phones_in_two_processes():
    report = run("--rounds", "1", "--phone-processes", "2")
    echo, real = report["results"]
    assert echo["name"].startswith("bare") and real["name"].startswith("Tablewarden")
    check(echo)
    check(real)
    assert real["refused"] == 0  # every event came from the engine's own suggestions
    for target in ("ack p50", "broadcast p99", "CPU per entry"):
        assert re.search(rf"^  {target} .* = +([0-9.]+|nan)x \(target <= [0-9.]+x\): (met|NOT met)$", report["text"], re.M)


def test_two_processes_on_postgresql_and_redis_beside_one_on_sqlite():
    report = run("--processes", "2")
    multi, single = report["results"]
    assert multi["name"].startswith("2 x") and single["name"].startswith("1 x")
    check(multi)
    check(single)
    # PostgreSQL's and Redis's CPU is counted beside the app processes' (a 3 s run may count none of it).
    assert multi["store_cpu_per_entry_ms"] >= 0 and "PostgreSQL + Redis" in report["text"]


def test_the_protocol_floor_keeps_every_promise_but_the_rules():
    """The floor stores every entry, acks it, relays `applied` and sends each seat the recorded view frames as
    patches its phones apply (no phone asks for a whole view again); the report compares its CPU with the echo's
    and Tablewarden's."""
    report = run("--rounds", "1", "--floor")
    echo, floor, real = report["results"]
    assert floor["name"] == "protocol floor: store + views + applied, no rules"
    for result in (echo, floor, real):
        check(result)
    assert floor["view_p50_ms"] > 0                      # its phones got view frames, and applied them all
    assert re.search(r"^  CPU per entry .* = +([0-9.]+|nan)x the echo's; Tablewarden spends -?[0-9.]+ ms more",
                     report["text"], re.M)
    against_floor = report["text"].split("targets (Tablewarden against the floor, same run):")[1]
    for target in ("CPU per entry", "broadcast p99"):
        assert re.search(rf"^  {target} .* = +([0-9.]+|nan)x \(target <= 1.3x\): (met|NOT met)$", against_floor, re.M)


def test_the_floor_without_a_part_says_which_it_left_out(tmp_path):
    report = run("--rounds", "1", "--floor-skip", "store")
    assert report["results"][1]["name"] == "protocol floor: views + applied, no rules"
    check(report["results"][1])
    bad = subprocess.run([sys.executable, "benchmarks/protocol_floor.py", "0", str(tmp_path / "x.sqlite"), "--skip",
                          "rules"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "unknown parts to skip: rules" in bad.stderr
