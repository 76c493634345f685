"""The HTTP status of each kind of tournament refusal, and a refusal as the ApiError the API answers with.

The one place a tournament's refusals meet HTTP: the fold and its parts refuse in their own words (refusals.py).
"""
from __future__ import annotations

from app.service import ApiError

from .refusals import Kind, Refusal

STATUS: dict[Kind, int] = {
    Kind.INVALID: 422,
    Kind.MALFORMED: 400,
    Kind.NOT_FOUND: 404,
    Kind.FORBIDDEN: 403,
    Kind.CONFLICT: 409,
    Kind.GONE: 410,
}


def status_of(refusal: Refusal) -> int:
    """The HTTP status a refusal is answered with."""
    return STATUS[refusal.kind]


def refused(refusal: Refusal) -> ApiError:
    """The refusal as the API's error: its status, code, sentence and rule."""
    return ApiError(status_of(refusal), refusal.code, refusal.message, rule=refusal.rule)
