"""What every REST endpoint reads from a request: the bearer token, the JSON body, and the write rate limit."""
from __future__ import annotations

import time

from flask import current_app, request
from marshmallow import Schema, ValidationError
from werkzeug.exceptions import RequestEntityTooLarge

from app.ratelimit import Limits
from app.schemas import sanity
from app.schemas.wire import field_messages
from app.service import ApiError
from app.service.tokens import hash_token


def bearer_token() -> str | None:
    """The token of `Authorization: Bearer <token>`, or None."""
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None


def json_body():
    """The request's JSON body; 400 when it is not JSON (413 comes from MAX_CONTENT_LENGTH)."""
    raw = request.get_data(cache=True)
    if not raw:
        raise ApiError(400, "bad_request", "The body must be a JSON object.")
    try:
        return sanity.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise ApiError(400, "bad_json", "The body is not valid JSON.") from None


READ_SLICE = 64 * 1024


def body_bytes(most: int) -> bytes | bytearray:
    """The raw body, at most `most` bytes (RequestEntityTooLarge past it), read a slice at a time.

    A socket with a large upload waiting would hand it over in one read; between slices `time.sleep(0)` lets
    the event loop (eventlet and gevent patch it) answer every other request meanwhile. A body of known length
    is read into one buffer made for it: joining a large body's slices afterwards holds the server for tens of
    milliseconds (benchmarks/README.md, "Figures behind the code").
    """
    length = request.content_length
    if length is not None and length > most:
        raise RequestEntityTooLarge()
    if length is None:
        parts: list[bytes] = []
        total = 0
        while chunk := request.stream.read(READ_SLICE):
            total += len(chunk)
            if total > most:
                raise RequestEntityTooLarge()
            parts.append(chunk)
            time.sleep(0)
        return b"".join(parts)
    buf = bytearray(length)
    at = 0
    while at < length and (chunk := request.stream.read(min(READ_SLICE, length - at))):
        buf[at:at + len(chunk)] = chunk
        at += len(chunk)
        time.sleep(0)
    return buf if at == length else buf[:at]
def schema_body(schema: Schema) -> dict:
    """The JSON body loaded through `schema`: 400 naming each malformed field (the schema the API document shows)."""
    body = json_body()
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", "The body must be a JSON object.")
    try:
        return schema.load(body)
    except ValidationError as err:
        raise ApiError(400, "invalid", "Some fields are missing or malformed.", fields=field_messages(err)) from None


def limits() -> Limits:
    """The app's rate limits."""
    return current_app.extensions["tablewarden"]["limits"]


def too_many(wait: float, message: str = "Too many requests at once; slow down.") -> ApiError:
    """429 with the seconds to wait."""
    return ApiError(429, "rate_limited", message, extra={"retry_after": round(wait, 3)})


def read_limit() -> None:
    """Refuse a flood of reads from one token or one address with 429 (READ_FACTOR times the write limit)."""
    token = bearer_token()
    wait = limits().read(hash_token(token) if token else None, request.remote_addr)
    if wait:
        raise too_many(wait, "Too many reads at once; slow down.")


def rate_limit() -> None:
    """Refuse a flood of writes from one token or one address with 429."""
    token = bearer_token()
    wait = limits().write(hash_token(token) if token else None, request.remote_addr)
    if wait:
        raise too_many(wait)
