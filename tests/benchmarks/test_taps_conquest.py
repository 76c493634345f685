"""benchmarks/taps_conquest.py: the numbers it reports from the taps counted and the log read, and the shield a
scripted defender uses (no browser here)."""
from __future__ import annotations

import pytest

from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.slow


def load():
    return load_benchmark("taps_conquest")


def played(mod, steps, log):
    """A result where each (seat, kind, taps on the acting phone, taps on the other) was played, and `log` entered."""
    r = mod.ConquestResult()
    for seat, kind, acting, other in steps:
        r.taps[kind][seat].append(acting)
        r.taps[kind]["p2" if seat == "p1" else "p1"].append(other)
        r.kinds.append((kind, seat))
    r.log_types = log
    return r


def test_targets_met_and_missed():
    mod = load()
    steps = [("p1", "deploy", 4, 0), ("p2", "deploy", 3, 0), ("p1", "attack", 3, 0), ("p2", "no_shield", 1, 0)]
    log = [("deploy", {})] * 19 + [("no_shield", {})]
    r = played(mod, steps, log)
    r.seen = [0.1, 0.4, 0.9]
    r.setup_taps = 34
    out = mod.summarise(r)
    assert all(out["targets_met"].values()), out["targets_met"]
    assert out["kinds"]["deploy"] == {"n": 2, "acting_mean": 3.5, "acting_max": 4, "other_max": 0, "both_max": 4,
                                      "p1_taps": [4], "p2_taps": [3]}
    assert out["explicit_decisions"] == 1 and out["explicit_decision_share"] == 0.05
    assert out["setup_taps_both_phones"] == 34 and out["attack_taps_acting_mean"] == 3
    r.log_types = [("initiative", {}), ("mulligan", {})] + log[2:]
    assert mod.summarise(r)["explicit_decision_share_after_setup"] == round(1 / 18, 3)   # 1 of the 18 after it
    assert out["played"] == ["p1 deploy", "p2 deploy", "p1 attack", "p2 no_shield"]

    r = played(mod, [("p1", "deploy", 5, 0), ("p2", "attack", 7, 1), ("p1", "attack", 2, 0)],
               [("deploy", {}), ("battle_ability", {"use": False}), ("retreat_done", {})])
    r.seen = [1.5]
    r.setup_taps = 41
    out = mod.summarise(r)
    assert out["targets_met"] == {"setup_at_most_40_taps": False, "explicit_decisions_at_most_5pct": False,
                                  "attack_mean_at_most_4_taps": False, "attack_max_at_most_6_taps": False,
                                  "deploy_by_name_at_most_4_taps": False, "seen_within_1s": False}
    assert out["explicit_decisions"] == 2 and out["attack_taps_acting_mean"] == 4.5
    report = mod.report(out)
    assert "41 taps   target <= 40" in report and "mean 4.5, max 7   targets <= 4 / 6" in report


def test_a_scripted_defender_shields_only_a_unit_the_damage_would_destroy():
    mod = load()
    st = {"units": {"p2.a": {"name": "A", "kind": "army", "hp": 2, "damage": 1},
                    "p2.w": {"name": "W", "kind": "warlord", "hp": 6, "damage": 5}}}
    offered = [{"label": "Shield A"}, {"label": "Shield W"}, {"label": "No shield"}]
    assert mod.ConquestTable.lethal(st, {"hits": {"p2.a": 1}}, offered) == "Shield A"
    assert mod.ConquestTable.lethal(st, {"hits": {"p2.w": 3}}, offered) is None      # the warlord turns bloodied
    st["units"]["p2.a"]["damage"] = 0
    assert mod.ConquestTable.lethal(st, {"hits": {"p2.a": 1}}, offered) is None       # it survives the hit
    assert mod.ConquestTable.lethal(st, {"hits": {"p2.a": 2}}, [{"label": "No shield"}]) is None   # no card in hand
