"""Why a tournament entry cannot be added: a stable code, a sentence, the kind of refusal and the rule it rests on."""
from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    """What sort of refusal it is, in the domain's words; the service answers each kind with its HTTP status
    (app/tournaments/statuses.py), so the fold knows nothing of HTTP."""

    INVALID = "invalid"      # well formed, but the rules or the event's own limits refuse it
    MALFORMED = "malformed"  # it asks for what no entry can be: an entry type, a role or a size not offered
    NOT_FOUND = "not_found"  # it names a player, round, table or request the event does not have
    FORBIDDEN = "forbidden"  # the one sending it may not do this
    CONFLICT = "conflict"    # not now: already done, not yet possible, or the event is full
    GONE = "gone"            # what it asks for was handed out once and is not handed out again


# The kinds by their names alone, as each refusal names one.
INVALID, MALFORMED, NOT_FOUND = Kind.INVALID, Kind.MALFORMED, Kind.NOT_FOUND
FORBIDDEN, CONFLICT, GONE = Kind.FORBIDDEN, Kind.CONFLICT, Kind.GONE


@dataclass(frozen=True)
class Refusal:
    """Why an entry cannot be added: a stable code, a sentence for the organiser, its kind (and the rule, where a book
    gives one)."""

    code: str
    message: str
    kind: Kind
    rule: str | None = None
