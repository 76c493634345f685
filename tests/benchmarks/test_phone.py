"""benchmarks/phone.py: its scripted games, its statistics and its verdicts (no browser here: the benchmark itself is
the browser run)."""
from __future__ import annotations

import pytest

from app.engine import registry
from app.engine.core import Event
from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.slow


def _phone():
    return load_benchmark("phone")


@pytest.mark.parametrize("ruleset", list(_phone().GAMES))
def test_each_ruleset_s_scripted_game_is_legal_from_start_to_end_and_the_same_every_time(ruleset):
    mod = _phone()
    game = mod.scripted_game(ruleset, 3, 400)
    assert game and [e["type"] for e in game] == [e["type"] for e in mod.scripted_game(ruleset, 3, 400)]
    rs = registry.get(ruleset)
    state = rs.new_game(mod.expand_setup(ruleset, mod.GAMES[ruleset]))
    for n, env in enumerate(game, 1):
        ev = Event(type=env["type"], by=env["by"], data=env["data"], id=env["id"], seq=n)
        assert rs.check(state, ev) == [], (n, env)
        state, _ = rs.apply(state, ev)
    assert rs.outcome(state) is not None or len(game) == 400


def test_percentile_is_the_nearest_rank():
    mod = _phone()
    assert mod.percentile([], 95) == 0.0
    assert mod.percentile([5.0], 95) == 5.0
    values = [float(v) for v in range(1, 101)]
    assert mod.percentile(values, 95) == 95.0 and mod.percentile(values, 50) == 50.0
    assert mod.percentile([3.0, 1.0, 2.0], 100) == 3.0


def test_the_sleeping_phone_misses_entries_of_the_other_seats_only_and_wakes_to_its_own_turn():
    mod = _phone()
    game = [{"by": b} for b in ("p1", "p2", "p1", "p1", "p1", "p2")]
    before, missed = mod.split_game(game, "p2")
    assert before == game[:2] and missed == game[2:5] and len(missed) == mod.MISSED
    assert mod.split_game([{"by": "p2"}] * 6, "p2") == ([{"by": "p2"}] * 6, [])
    # Three of the others' entries at the start, then more of theirs: the phone would wake with nothing to tap.
    late = [{"by": b} for b in ("p1", "p1", "p1", "p1", "p2", "p1", "p1", "p1", "p2")]
    assert mod.split_game(late, "p2") == (late[:1], late[1:4])


def _figures(usable=1.0, nbytes=60_000, p95=10.0, task=40.0, reload=0.5, right=True):
    return {"first_load": {"usable_s": usable, "bytes": nbytes, "requests": 20},
            "each_entry": {"entries": 10, "refused": 0, "p50_ms": 5.0, "p95_ms": p95, "max_ms": p95,
                           "longest_task_ms": task, "long_tasks": 0},
            "reload": {"usable_s": reload, "card_s": reload, "missed": [3, 4, 5], "told": ["3", "4", "5"],
                       "card_right": right}}


@pytest.mark.parametrize("change, target", [({"usable": 2.6}, "first_usable_s"), ({"nbytes": 70_000}, "first_bytes"),
                                            ({"p95": 17.0}, "entry_p95_ms"), ({"task": 51.0}, "longest_task_ms"),
                                            ({"reload": 1.1}, "reload_usable_s"), ({"right": False}, "reload_usable_s")])
def test_each_target_is_judged_on_its_own_figure(change, target):
    mod = _phone()
    assert all(mod.verdicts(_figures()).values())
    verdict = mod.verdicts(_figures(**change))
    assert verdict[target] is False and all(v for k, v in verdict.items() if k != target)


def test_the_report_says_met_or_not_met_for_every_target(capsys):
    mod = _phone()
    assert mod.report({"a/b": _figures()}) is True
    assert mod.report({"a/b": _figures(), "c/d": _figures(p95=30.0)}) is False
    out = capsys.readouterr().out
    assert out.count("NOT met") == 1 and "p95 30.0 ms (target 16 ms: NOT met)" in out
    assert "catch-up card right" in out and "65,536 B: met" in out
