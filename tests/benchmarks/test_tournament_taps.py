"""benchmarks/tournament_taps.py: its count against the target, and the page controls its script relies on."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.benchmarks import ROOT, load_benchmark

pytestmark = pytest.mark.slow


def load():
    return load_benchmark("tournament_taps")


def finished(bench, **kw):
    r = bench.Result(checked_in=8, tables=4, published=True, edited=True)
    for k, v in kw.items():
        setattr(r, k, v)
    for step in bench.SCRIPT:
        bench.count(r, step)
    for step in bench.EDIT_SCRIPT:
        bench.count(r, step, edit=True)
    return r


def test_the_script_is_counted_against_the_target():
    bench = load()
    out = bench.summarise(finished(bench))
    assert out["total_taps"] == sum(bench.COST[s.kind] for s in bench.SCRIPT) == 9
    assert out["targets_met"] == {"at_most_20_taps": True, "edit_at_most_5_taps": True}
    assert "9  in all (target <= 20)" in bench.report(out)
    assert out["edit_taps"] == 4 and " 4  in all (target <= 5)" in bench.report(out)
    r = finished(bench)
    r.taps += [("register one more by hand", 12)]
    r.edit_taps += [("merge the old registration", 2)]
    assert bench.summarise(r)["targets_met"] == {"at_most_20_taps": False, "edit_at_most_5_taps": False}


def test_a_run_that_did_not_publish_everyone_misses_the_target_whatever_it_counted():
    bench = load()
    for broken in ({"checked_in": 7}, {"published": False}, {"tables": 3}):
        out = bench.summarise(finished(bench, **broken))
        assert out["targets_met"]["at_most_20_taps"] is False and not out["round_1_published"]
        assert "NOT published" in bench.report(out)
    out = bench.summarise(finished(bench, edited=False))
    assert out["targets_met"]["edit_at_most_5_taps"] is False and "NOT changed" in bench.report(out)


def test_every_step_names_a_control_the_pages_still_have():
    bench = load()
    code = "".join(p.read_text() for p in Path(ROOT, "static", "js", "tournaments").glob("*.js"))
    code += Path(ROOT, "static", "js", "pages", "league.js").read_text()
    for step in [*bench.SCRIPT, *bench.EDIT_SCRIPT, *(s for steps in bench.BOOKKEEPING.values() for s in steps)]:
        assert step.needle in code, step
        assert step.kind in bench.COST


def _with_bookkeeping(bench, done=True):
    r = finished(bench)
    for item, steps in bench.BOOKKEEPING.items():
        for step in steps:
            bench.count_bookkeeping(r, item, step)
        r.bookkeeping_done[item] = done
    return r


def test_each_bookkeeping_item_is_counted_against_its_own_target():
    bench = load()
    out = bench.summarise(_with_bookkeeping(bench))
    taps = {item: b["taps"] for item, b in out["bookkeeping"].items()}
    assert taps == {"paid check": 3, "deck check": 2, "time extension": 5, "penalty": 7, "league's next event": 2}
    assert all(out["targets_met"].values()) and len(out["targets_met"]) == 2 + len(bench.BOOKKEEPING)
    assert " 7  penalty (target <= 8)" in bench.report(out)
    r = _with_bookkeeping(bench)
    r.bookkeeping["penalty"].append(("pick the round", 2))
    assert not bench.summarise(r)["targets_met"]["penalty: at most 8 taps"]


def test_a_bookkeeping_item_the_server_does_not_hold_misses_its_target():
    bench = load()
    out = bench.summarise(_with_bookkeeping(bench, done=False))
    assert out["targets_met"]["at_most_20_taps"] and not any(v for k, v in out["targets_met"].items() if ":" in k)
    assert "NOT done" in bench.report(out)
