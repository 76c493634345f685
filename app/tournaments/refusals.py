"""Why a tournament entry cannot be added: a stable code, a sentence, the HTTP status and the rule it rests on."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Refusal:
    """Why an entry cannot be added: a stable code and a sentence for the organiser (and the rule, where a book gives one)."""

    code: str
    message: str
    status: int = 422
    rule: str | None = None
