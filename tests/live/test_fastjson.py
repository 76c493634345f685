"""app/live/fastjson.py: the frames' JSON says what the standard library would say, orjson or not."""
from __future__ import annotations

import json
import math

import pytest

from app.live import fastjson


@pytest.mark.parametrize("value", [
    {"seq": 3, "state": {"seats": {"p1": {"wounds": [1, 2], "name": "Ana \u00e9"}}}, "advice": None, "ok": True},
    {"big": 2 ** 70},             # past orjson's 64 bits: the standard library encodes it
    {"lone": "\ud800x"},          # a lone surrogate orjson refuses: encoded as the standard library does
    {1: "an int key", "f": 0.5},  # non-string keys become strings, as json.dumps does
])
def test_encoding_round_trips_like_the_standard_library(value):
    text = fastjson.dumps(value, separators=(",", ":"))
    assert json.loads(text) == json.loads(json.dumps(value))


def test_decoding_falls_back_so_the_wire_checks_still_see_what_was_sent():
    assert fastjson.loads('["submit", {"n": 1}]') == ["submit", {"n": 1}]
    assert math.isnan(fastjson.loads('{"x": NaN}')["x"])  # refused later by app/schemas/sanity, with its field
    with pytest.raises(ValueError):
        fastjson.loads("{not json")
