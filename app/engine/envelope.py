"""The event envelope and what the log keeps beside it: events, consequences, records, a game's outcome."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, NotRequired, Required, TypedDict, cast

from .citations import plain_rule

PLAYER_SEATS = ("p1", "p2", "p3", "p4")
ROLES = ("referee", "scorekeeper", "spectator")

# Event types every ruleset understands; they are handled by the core, not by the ruleset.
NOTE = "note"
REVERT = "revert"


class ViolationRecord(TypedDict):
    """A violation as clients and the log see it."""

    code: str
    message: str
    rule: str | None
    overridable: bool


class ConsequenceRecord(TypedDict):
    """Something the rules did on their own, as stored in the log and sent to clients."""

    type: str
    data: dict[str, Any]
    rule: str | None


class EventRecord(TypedDict, total=False):
    """An event's JSON envelope (docs/architecture.md, Event envelope): optional members only when set."""

    type: Required[str]
    by: Required[str]
    data: Required[dict[str, Any]]
    id: str
    override: dict[str, Any]
    seq: int
    expected_seq: int


class InertRecord(TypedDict, total=False):
    """Why a logged event no longer has any effect after an undo (fold_log)."""

    status: Required[str]  # REFUSED_NOW | NO_EFFECT
    violations: list[ViolationRecord]


class Outcome(TypedDict, total=False):
    """How a game ended, as `Ruleset.outcome` answers it; each game adds its own keys (scores, tiebreaks...)."""

    winners: Required[list[str]]
    draw: Required[bool]
    decided_by: Required[str]
    rule: NotRequired[str]


def as_outcome(result: Mapping[str, Any]) -> Outcome:
    """A game's result as the Outcome it is: the common keys, beside those each game adds."""
    return cast(Outcome, result)


@dataclass(frozen=True)
class Consequence:
    """Something the rules did on their own after an event (logged apart from what a player entered)."""

    type: str
    data: dict[str, Any]
    rule: str

    def to_dict(self) -> ConsequenceRecord:
        """JSON form, as stored in the log and sent to clients."""
        return {"type": self.type, "data": self.data, "rule": plain_rule(self.rule)}


@dataclass(frozen=True)
class Event:
    """One entered event (docs/architecture.md, Event envelope); `seq` is set by the store."""

    type: str
    by: str
    data: dict[str, Any] = field(default_factory=dict)
    id: str | None = None
    override: dict[str, Any] | None = None
    seq: int | None = None
    expected_seq: int | None = None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> "Event":
        """Build an event from its JSON envelope (already schema-checked by the caller)."""
        return cls(type=raw["type"], by=raw["by"], data=dict(raw.get("data") or {}),
                   id=raw.get("id"), override=raw.get("override"), seq=raw.get("seq"),
                   expected_seq=raw.get("expected_seq"))

    def to_dict(self) -> EventRecord:
        """JSON envelope; optional members only when set."""
        out: dict[str, Any] = {"type": self.type, "by": self.by, "data": self.data}
        for key in ("id", "override", "seq", "expected_seq"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return cast(EventRecord, out)

    @property
    def override_reason(self) -> str | None:
        """The stated reason when the table overrides a rule check, else None."""
        if isinstance(self.override, dict):
            reason = self.override.get("reason")
            if isinstance(reason, str) and reason.strip():
                return reason.strip()
        return None
