"""Violations and the registry of violation codes each ruleset declares, with the codes every ruleset answers with."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterator

from .citations import CORE_RULE, plain_rule
from .envelope import ViolationRecord


@dataclass(frozen=True)
class Violation:
    """Why an event is not legal: stable code, a plain sentence, the rule it comes from."""

    code: str
    message: str
    rule: str | None = None
    overridable: bool = True

    def to_dict(self) -> ViolationRecord:
        """JSON form, as sent to clients."""
        return {"code": self.code, "message": self.message, "rule": plain_rule(self.rule),
                "overridable": self.overridable}


@dataclass(frozen=True)
class ViolationCode:
    """One violation code of a ruleset, declared once: what it means, the rules it cites, whether an override lifts it.

    Calling it builds the Violation a check returns: `NOT_FACE_UP("Units go to a face-up planet.", rules.DEPLOY)`.
    The first rule is the code's own; a check may cite another of its declared rules (a more precise section).
    `overridable=None` declares a code some checks let an override lift and others not: each check says which.
    `cites_at_run_time` declares a code whose rule is only known while playing (a card's own condition, the rule of
    the step open now): it says where that rule comes from, and a check may cite any rule for this code alone.
    """

    code: str
    meaning: str
    rules: tuple[str, ...]
    overridable: bool | None = True
    cites_at_run_time: str | None = None

    def __call__(self, message: str, rule: str | None = None, *, overridable: bool | None = None) -> Violation:
        """The violation with this code, its message for the player and the rule it breaks (default: the first)."""
        cited = self.rules[0] if rule is None else rule
        if cited not in self.rules and not (self.cites_at_run_time and isinstance(cited, str) and cited):
            raise ValueError(f"violation {self.code!r} cites {cited!r}, which its declaration does not name")
        if self.overridable is None:
            if overridable is None:
                raise ValueError(f"violation {self.code!r} needs each check to say whether an override lifts it")
        elif overridable is not None and overridable != self.overridable:
            raise ValueError(f"violation {self.code!r} is declared with overridable={self.overridable}")
        lifted = self.overridable if overridable is None else overridable
        return Violation(self.code, message, cited, bool(lifted))

    def to_dict(self) -> dict[str, Any]:
        """Catalogue form: {"code", "meaning", "rules", "overridable"}, and "cites_at_run_time" when it does."""
        out: dict[str, Any] = {"code": self.code, "meaning": self.meaning, "rules": [str(r) for r in self.rules],
                               "overridable": self.overridable}
        if self.cites_at_run_time:
            out["cites_at_run_time"] = self.cites_at_run_time
        return out


class ViolationCodes:
    """The registry of a ruleset's violation codes: each declared once, listed in the ruleset's catalogue."""

    def __init__(self, *bases: "ViolationCodes"):
        self._codes: dict[str, ViolationCode] = {}
        self._bases = bases

    def declare(self, code: str, meaning: str, *rules: str, overridable: bool | None = True,
                cites_at_run_time: str | None = None) -> ViolationCode:
        """Declare a code once, with its meaning and every rule it may cite (its own rule first); a code whose
        checks cite a rule known only at run time says where it comes from in `cites_at_run_time` (and still names
        the book's rule it rests on)."""
        if code in self._codes:
            raise ValueError(f"violation code {code!r} is declared twice")
        if not rules:
            raise ValueError(f"violation code {code!r} names no rule")
        declared = ViolationCode(code, meaning, tuple(rules), overridable, cites_at_run_time)
        self._codes[code] = declared
        return declared

    def structural(self, code: str, meaning: str) -> ViolationCode:
        """Declare a code no override lifts: the event is malformed or names nothing real (the log's rule)."""
        return self.declare(code, meaning, CORE_RULE, overridable=False)

    def __iter__(self) -> Iterator[ViolationCode]:
        return iter(self._codes.values())

    def __contains__(self, code: str) -> bool:
        return code in self._codes

    def __getitem__(self, code: str) -> ViolationCode:
        return self._codes[code]

    def to_list(self) -> list[dict[str, Any]]:
        """Every code (those of the bases first), for the catalogue; a code declared again adds its rules (and is
        overridable null when the two declarations disagree: each violation says)."""
        merged: dict[str, dict[str, Any]] = {}
        for base in self._bases:
            for entry in base.to_list():
                merged[entry["code"]] = entry
        for declared in self:
            entry = declared.to_dict()
            if declared.code in merged:
                before = merged[declared.code]
                entry["rules"] = list(dict.fromkeys([*entry["rules"], *before["rules"]]))
                if before["overridable"] != entry["overridable"]:
                    entry["overridable"] = None
            merged[declared.code] = entry
        return list(merged.values())


# The codes every ruleset answers with: the event's envelope and fields, and taking events back.
CORE_CODES = ViolationCodes()
UNKNOWN_EVENT = CORE_CODES.structural("unknown_event", "The ruleset has no event of that type.")
UNKNOWN_SEAT = CORE_CODES.structural("unknown_seat", "The event names a seat that is not at this table.")
MALFORMED = CORE_CODES.structural("malformed", "A field has the wrong kind of value.")
MISSING_FIELD = CORE_CODES.structural("missing_field", "A required field is missing.")
UNKNOWN_FIELD = CORE_CODES.structural("unknown_field", "The event has a field its type does not have.")
OUT_OF_RANGE = CORE_CODES.structural("out_of_range", "A number is outside the bounds of its field.")
BAD_CHOICE = CORE_CODES.structural("bad_choice", "A field's value is not one of its choices.")
UNKNOWN_SEQ = CORE_CODES.structural("unknown_seq", "An undo names an event that is not in the log.")
REVERT_OF_REVERT = CORE_CODES.structural("revert_of_revert", "An undo cannot itself be undone.")
ALREADY_REVERTED = CORE_CODES.structural("already_reverted", "The event was already taken back.")
NOT_LAST_EVENT = CORE_CODES.structural("not_last_event", "Players undo only the last event; the referee any.")
NOT_YOUR_EVENT = CORE_CODES.structural("not_your_event", "Players undo only events entered for their own seat.")
REFEREE_ENTRY = CORE_CODES.structural("referee_entry", "Only the referee takes back what the referee entered.")
UNKNOWN_NOTE_TARGET = CORE_CODES.structural("unknown_note_target", "A note names an entry that is not in the log.")
