"""Custom content a player saves on the server (a warband, a deck, a card list, a BattleLore unit), validated."""
from __future__ import annotations

from typing import Any

from marshmallow import ValidationError

from app.schemas.content import CUSTOM_KINDS

from .errors import describe_errors


def validate_custom(kind: str, payload: Any) -> tuple[dict | None, list[dict]]:
    """Validate custom content (a player's warband or deck): (clean record, []) or (None, problems)."""
    schema = CUSTOM_KINDS.get(kind)
    if schema is None:
        return None, [{"record": "record", "field": "kind", "message": f"unknown custom kind '{kind}'"}]
    if not isinstance(payload, dict):
        return None, [{"record": "record", "field": "(whole record)", "message": "must be an object"}]
    try:
        return schema().load(payload), []
    except ValidationError as exc:
        return None, describe_errors(exc, payload)
