"""A request body (REST JSON or a Socket.IO frame) checked against its schema before anything reads it."""
from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError

from app.schemas import sanity
from app.schemas.wire import field_messages

from .errors import ApiError, invalid_payload


def load_body(schema: Schema, raw: Any) -> dict:
    """`raw` loaded by `schema`; 400 `bad_request` when it is not a JSON object, 400 `invalid` naming each field's
    problem (NaN, lone surrogates and deep nesting included: Socket.IO frames arrive already parsed)."""
    if not isinstance(raw, dict):
        raise ApiError(400, "bad_request", "The body must be a JSON object.")
    try:
        sanity.check(raw)
    except sanity.WireProblem as problem:
        raise invalid_payload(problem) from problem
    try:
        return schema.load(raw)
    except ValidationError as err:
        raise ApiError(400, "invalid", "Some fields are missing or malformed.", fields=field_messages(err)) from err
