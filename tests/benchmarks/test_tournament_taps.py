"""benchmarks/tournament_taps.py: its count against the target, and the page controls its script relies on."""
from __future__ import annotations

from pathlib import Path

from tests.support.benchmarks import ROOT, load_benchmark


def load():
    return load_benchmark("tournament_taps")


def finished(bench, **kw):
    r = bench.Result(checked_in=8, tables=4, published=True)
    for k, v in kw.items():
        setattr(r, k, v)
    for step in bench.SCRIPT:
        bench.count(r, step)
    return r


def test_the_script_is_counted_against_the_target():
    bench = load()
    out = bench.summarise(finished(bench))
    assert out["total_taps"] == sum(bench.COST[s.kind] for s in bench.SCRIPT) == 9
    assert out["targets_met"] == {"at_most_20_taps": True}
    assert "9  in all (target <= 20)" in bench.report(out)
    r = finished(bench)
    r.taps += [("register one more by hand", 12)]
    assert bench.summarise(r)["targets_met"] == {"at_most_20_taps": False}


def test_a_run_that_did_not_publish_everyone_misses_the_target_whatever_it_counted():
    bench = load()
    for broken in ({"checked_in": 7}, {"published": False}, {"tables": 3}):
        out = bench.summarise(finished(bench, **broken))
        assert out["targets_met"] == {"at_most_20_taps": False} and not out["round_1_published"]
        assert "NOT published" in bench.report(out)


def test_every_step_names_a_control_the_pages_still_have():
    bench = load()
    code = "".join(p.read_text() for p in Path(ROOT, "static", "js", "tournaments").glob("*.js"))
    for step in bench.SCRIPT:
        assert step.needle in code, step
        assert step.kind in bench.COST
