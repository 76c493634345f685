"""The budgets of an imported game file: counted in the text before parsing, then part by part."""
from __future__ import annotations

import json

import pytest

from app.schemas import export_shape
from app.schemas.export_shape import ShapeProblem, check_parts, check_text, measure, values_in_text


def test_the_text_count_is_an_upper_bound_of_the_values():
    body = {"a": [1, 2, {"b": "x,y"}], "c": None}
    raw = json.dumps(body).encode()
    # a comma inside a text counts too: the count may be more than the values, never fewer
    assert values_in_text(raw) >= measure(body, 10**6)[0]


def test_a_file_padded_with_numbers_is_refused_before_parsing(monkeypatch):
    monkeypatch.setattr(export_shape, "MAX_FILE_VALUES", 1000)
    check_text(json.dumps({"setup": [1] * 998}).encode())
    with pytest.raises(ShapeProblem) as caught:
        check_text(json.dumps({"setup": [1] * 1000}).encode())
    assert "at most 1,000 values" in caught.value.message


def test_measure_stops_counting_past_the_limit():
    count, depth = measure([[1, 2], [3, [4]]], 100)
    assert (count, depth) == (8, 4)
    assert measure(list(range(10**5)), 10)[0] == 11


def test_a_setup_over_its_budget_or_too_deep_is_refused():
    with pytest.raises(ShapeProblem) as caught:
        check_parts({"setup": {"seats": [0] * export_shape.MAX_SETUP_VALUES}, "events": []})
    assert caught.value.field == "setup"
    deep: dict = {}
    for _ in range(export_shape.MAX_SETUP_DEPTH):
        deep = {"x": deep}
    with pytest.raises(ShapeProblem, match="levels deep"):
        check_parts({"setup": deep, "events": []})


def test_an_event_over_its_budget_is_named():
    big = {"seq": 2, "data": {f"k{i}": i for i in range(export_shape.MAX_EVENT_VALUES)}}
    with pytest.raises(ShapeProblem) as caught:
        check_parts({"setup": {}, "events": [{"seq": 1}, big]})
    assert caught.value.field == "events[1]" and "Event 2" in caught.value.message


def test_a_real_sized_file_passes():
    check_parts({"setup": {"seats": [{"name": "A", "deck": list(range(32))}] * 4},
                 "events": [{"seq": i, "data": {"text": "x"}, "consequences": [{"type": "c"}] * 5} for i in range(500)]})


def test_the_text_is_counted_a_slice_at_a_time_and_counting_stops_past_the_limit(monkeypatch):
    monkeypatch.setattr(export_shape, "COUNT_SLICE", 4)
    raw = b"[1,2,3,4,5,6,7,8,9]"
    assert values_in_text(raw) == 1 + 1 + 8  # across slices, the same count as in one piece
    assert values_in_text(raw, limit=3) < values_in_text(raw)
