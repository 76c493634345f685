"""app/schemas/wire.py: bounded lists and mappings are refused before their items are read; true/false only."""
from __future__ import annotations

import pytest
from marshmallow import ValidationError

from app.schemas.wire import CreateGameSchema, HandoverAnswerSchema, PreviewSchema
from app.tournaments.schemas import ResultSchema


def test_an_overlong_list_is_refused_as_one_error_naming_the_list():
    with pytest.raises(ValidationError) as err:
        CreateGameSchema().load({"ruleset": "test/tally", "seats": ["p1"] * 15_000})
    assert err.value.messages == {"seats": ["At most 4 items."]}  # not 15,000 item errors
    with pytest.raises(ValidationError) as err:
        CreateGameSchema().load({"ruleset": "test/tally", "seats": []})
    assert "seats" in err.value.messages
    assert CreateGameSchema().load({"ruleset": "test/tally", "seats": [{"name": "Ana"}]})["seats"] == [{"name": "Ana"}]


def test_an_overlarge_mapping_is_refused_as_one_error():
    with pytest.raises(ValidationError) as err:
        ResultSchema().load({"winner": None, "glory": {str(i): "x" for i in range(9_000)}})
    assert err.value.messages == {"glory": ["At most 8 entries."]}
    assert ResultSchema().load({"winner": "p1", "glory": {"p1": 3, "p2": 1}})["glory"] == {"p1": 3, "p2": 1}


@pytest.mark.parametrize("approve", [1, 0, "true", "yes", None, [], {}])
def test_a_handover_answer_is_true_or_false_only(approve):
    with pytest.raises(ValidationError):
        HandoverAnswerSchema().load({"approve": approve})
    assert HandoverAnswerSchema().load({"approve": False}) == {"approve": False}


def test_a_preview_needs_a_type_and_refuses_keys_it_does_not_know():
    assert PreviewSchema().load({"type": "add"}) == {"type": "add", "by": None, "data": {}, "override": None, "then": None}
    for body in ({}, {"type": "add", "seq": 3}, {"type": "add", "data": []}, {"type": "add", "override": {}}):
        with pytest.raises(ValidationError):
            PreviewSchema().load(body)
