"""A body is checked before anything reads it: the same answers for games and tournaments."""
from __future__ import annotations

import math

import pytest
from marshmallow import Schema, fields

from app.service.bodies import load_body
from app.service.errors import ApiError
from app.tournaments.log import TournamentLog


class NameSchema(Schema):
    name = fields.String(required=True)
    value = fields.Raw()   # anything the schema itself takes: only the wire check refuses NaN here


@pytest.mark.parametrize("raw", [None, [], "text", 3])
def test_a_body_that_is_not_an_object_is_a_bad_request(raw):
    with pytest.raises(ApiError) as err:
        load_body(NameSchema(), raw)
    assert (err.value.status, err.value.code) == (400, "bad_request")


def test_a_field_the_schema_refuses_is_named():
    with pytest.raises(ApiError) as err:
        load_body(NameSchema(), {"name": 3})
    assert (err.value.status, err.value.code) == (400, "invalid") and "name" in err.value.fields


def test_a_parsed_frame_with_nan_is_refused_before_the_schema_reads_it():
    with pytest.raises(ApiError) as err:
        load_body(NameSchema(), {"name": "Ana", "value": math.nan})
    assert (err.value.status, err.value.code) == (400, "invalid") and list(err.value.fields) == ["value"]


def test_a_good_body_is_loaded():
    assert load_body(NameSchema(), {"name": "Ana"}) == {"name": "Ana"}


def test_tournaments_check_their_bodies_the_same_way():
    assert TournamentLog.load is load_body or TournamentLog.load.__func__ is load_body
    with pytest.raises(ApiError) as err:
        TournamentLog.load(NameSchema(), {"name": "Ana", "value": math.inf})
    assert err.value.code == "invalid" and list(err.value.fields) == ["value"]
