"""benchmarks/taps_battlelore.py: the numbers it reports from the taps counted and the log read (no browser here)."""
from __future__ import annotations

from tests.support.benchmarks import load_benchmark


def load():
    return load_benchmark("taps_battlelore")


def played(bench, acting: dict, other: int = 0, default: int = 1):
    """A Result where every scripted step took `acting[kind]` taps on its phone and `other` on the other phone."""
    result = bench.Result()
    for step in bench.SCRIPT:
        result.taps[step.kind][step.seat].append(acting.get(step.kind, default))
        result.taps[step.kind]["p2" if step.seat == "p1" else "p1"].append(other)
    return result


def test_targets_met_and_missed():
    bench = load()
    r = played(bench, {"fill_units": 1, "muster": 8, "deploy": 11, "attack": 8})
    r.seen, r.log_types = [0.1, 0.9], ["order"] * 9 + ["end_step"]
    out = bench.summarise(r)
    assert out["setup_taps_both_phones"] == 40 and out["setup_taps"] == {"p1": 20, "p2": 20}
    assert all(out["targets_met"].values()), out["targets_met"]
    assert out["explicit_share"] == 0.1 and out["kinds"]["attack"]["acting_max"] == 8

    r = played(bench, {"fill_units": 1, "muster": 8, "deploy": 12, "attack": 9}, other=1)
    r.seen, r.log_types = [1.2], ["order", "decline"]
    r.waiting_for_self = [("defend", "p2")]
    out = bench.summarise(r)
    assert not any(out["targets_met"].values()), out["targets_met"]
    assert "target <= 40" in bench.report(out) and "('defend', 'p2')" in bench.report(out)


def test_the_script_never_taps_a_done_step():
    """The steps a player only closes ("done ordering", "stay") are inferred: the script has no such step."""
    bench = load()
    kinds = {step.kind for step in bench.SCRIPT}
    assert not kinds & {"done", "end_step", "stay"}
    assert {"fill_units", "muster", "deploy", "attack", "counter", "defend"} <= kinds
