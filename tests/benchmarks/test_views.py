"""benchmarks/views.py at a tiny size: it replays played games through the engine and the four seats' view frames,
and reports CPU per entry in all and per part, the parts adding up to the whole, and the seat views offering nothing."""
import math

import pytest

from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.slow

views = load_benchmark("views")


def test_cpu_per_entry_is_reported_in_all_and_per_part():
    result = views.measure(game_count=1, events=30, passes=1)
    assert result["entries"] == 30
    assert set(result["parts_ms"]) == {"check + apply", "views (state, outcome, suggestions)", "patches", "JSON"}
    assert all(ms >= 0 for ms in result["parts_ms"].values()) and result["cpu_per_entry_ms"] > 0
    assert math.isclose(sum(result["parts_ms"].values()), result["cpu_per_entry_ms"])
    # Every seat's view is counted, and those offering nothing are a part of them.
    assert result["seat_views"] == 4 * 30 and 0 <= result["idle_seat_views"] <= result["seat_views"]
    assert 0 <= result["idle_views_ms_per_entry"] <= result["parts_ms"]["views (state, outcome, suggestions)"]
