"""benchmarks/taps_setup.py: the numbers it reports from the taps counted on each phone (no browser here)."""
from __future__ import annotations

import pytest

from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.slow


def load():
    return load_benchmark("taps_setup")


def test_targets_met_and_missed():
    mod = load()
    out = mod.summarise({"p1": 9, "p2": 7, "p3": 7, "p4": 7}, 63)
    assert all(out["targets_met"].values()), out["targets_met"]
    assert out["taps_total"] == 30 and out["taps_most_on_one_phone"] == 9 and out["typed_once_fields"] == 63
    assert "In all: 30 taps" in mod.report(out) and "p1 Ana    9" in mod.report(out)
    one_phone = mod.summarise({"p1": 13, "p2": 5, "p3": 5, "p4": 5}, 0)["targets_met"]
    assert one_phone == {"at_most_12_taps_on_any_phone": False, "at_most_30_taps_in_all": True}
    too_many = mod.summarise({"p1": 9, "p2": 8, "p3": 8, "p4": 8}, 0)["targets_met"]
    assert too_many == {"at_most_12_taps_on_any_phone": True, "at_most_30_taps_in_all": False}
    assert mod.summarise({"p1": 0, "p2": 0}, 0)["targets_met"]["at_most_30_taps_in_all"] is False   # nothing counted


def test_the_seats_are_four_and_the_typed_warbands_are_played():
    mod = load()
    assert list(mod.SEATS) == ["p1", "p2", "p3", "p4"]
    assert {w for _, w, _ in mod.SEATS.values()} >= set(mod.TYPED_BEFORE)
