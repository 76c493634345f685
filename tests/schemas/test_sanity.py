"""Payload sanity: non-finite numbers, lone surrogates and deep nesting are refused, naming the field."""
from __future__ import annotations

import pytest

from app.schemas import sanity


@pytest.mark.parametrize("raw, field", [
    ('{"data": {"unit_card": {"hp": NaN}}}', "data.unit_card.hp"),
    ('{"a": [1, Infinity]}', "a[1]"),
    ('{"a": -Infinity}', "a"),
    ('{"a": 1e400}', "a"),
    ('{"id": "\\ud800x"}', "id"),
    ('{"data": {"\\udfff": 1}}', "data"),
    ("[" * 100_000, "_schema"),
    ('{"a": ' + "[" * 40 + "]" * 40 + "}", "a" + "[0]" * 31),
])
def test_refused_payloads_name_their_field(raw, field):
    with pytest.raises(sanity.WireProblem) as info:
        sanity.loads(raw)
    assert info.value.field == field


def test_ordinary_payloads_pass():
    body = '{"id": "e1", "data": {"points": 2.5, "name": "Ångström 🎲", "list": [[[1]]]}}'
    assert sanity.loads(body)["data"]["name"] == "Ångström 🎲"


def test_not_json_is_a_value_error_not_a_wire_problem():
    with pytest.raises(ValueError):
        sanity.loads("{nope")
