"""benchmarks/taps_battlelore.py: the numbers it reports from the taps counted and the log read (no browser here)."""
from __future__ import annotations

import pytest

from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.slow


def load():
    return load_benchmark("taps_battlelore")


def played(bench, acting: dict, other: int = 0, default: int = 1, setup: dict | None = None):
    """A Result where every scripted step took `acting[kind]` taps on its phone and `other` on the other phone, and
    game 2's set-up steps `setup[kind]`."""
    result = bench.Result()
    for step in bench.SCRIPT:
        result.taps[step.kind][step.seat].append(acting.get(step.kind, default))
        result.taps[step.kind]["p2" if step.seat == "p1" else "p1"].append(other)
    for step in bench.SETUP2:
        result.setup2[step.kind][step.seat].append((setup or {}).get(step.kind, default))
        result.setup2[step.kind]["p2" if step.seat == "p1" else "p1"].append(0)
    return result


def test_targets_met_and_missed():
    bench = load()
    r = played(bench, {"attack": 4}, setup={"scenario": 2, "fill_units": 1, "muster": 8, "deploy": 9})
    r.card_taps = {name: 6 for name in bench.CARDS}
    r.seen, r.log_types = [0.1, 0.9], ["order"] * 19 + ["end_step"]
    out = bench.summarise(r)
    assert out["setup_taps_both_phones"] == 40 and out["setup_taps"] == {"p1": 20, "p2": 20}
    assert out["setup_taps_by_kind"] == {"scenario": 4, "fill_units": 2, "muster": 16, "deploy": 18}
    assert all(out["targets_met"].values()), out["targets_met"]
    assert out["explicit_share"] == 0.05 and out["unit_card_taps_max"] == 6

    r = played(bench, {"attack": 7}, other=1, setup={"scenario": 3, "fill_units": 1, "muster": 8, "deploy": 10})
    r.card_taps = {"Chaos Lord": 7}
    r.seen, r.log_types = [1.2], ["order", "decline"]
    r.waiting_for_self = [("counter", "p2")]
    out = bench.summarise(r)
    assert not any(out["targets_met"].values()), out["targets_met"]
    text = bench.report(out)
    assert "target <= 40" in text and "('counter', 'p2')" in text and "Chaos Lord 7" in text


def test_the_script_never_taps_a_done_step_nor_takes_plain_hits():
    """The steps a player only closes ("done ordering", "stay", "deployment done") are inferred, and plain hits apply
    themselves: the script's only defend is a retreat, the one thing of its hits the defender decides."""
    bench = load()
    kinds = {step.kind for step in bench.SCRIPT}
    assert not kinds & {"done", "end_step", "stay", "deploy_done"}
    assert {"type_units", "muster", "deploy", "attack", "counter", "defend"} <= kinds
    defends = [s for s in bench.SCRIPT if s.kind == "defend"]
    assert [d.args["label"] for d in defends] == ["Take 2 damage, retreat 1"]
    assert [s.kind for s in bench.SETUP2] == ["scenario", "scenario", "fill_units", "fill_units", "muster", "muster",
                                               "deploy", "deploy"]


def test_each_unit_card_typed_is_a_card_the_armies_muster():
    """Game 1 types exactly the cards the two armies muster, and every card fits the form's choices."""
    bench = load()
    assert set(bench.CARDS) == set(bench.ARMIES["p1"]) | set(bench.ARMIES["p2"])
    for rec in bench.CARDS.values():
        assert 1 <= rec["health"] <= 6 and 0 <= rec["movement"] <= 4 and 1 <= rec["combat"] <= 5
        assert 1 <= rec["muster"] <= 12 and (rec["attack"] == "melee" or 2 <= rec["range"] <= 5)
