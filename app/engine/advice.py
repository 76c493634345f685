"""What the engine suggests to a seat: legal next events, the open step, and the passes nobody has to say."""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from .envelope import Consequence, Event


@dataclass
class Suggestion:
    """A legal next event: complete (no missing fields) or a template with choices/bounds per missing field.

    `choices` maps a dotted field path ("target", "attack_roll.smash") to its finite list of legal
    values; `bounds` maps a path to {"type": "int", "min": .., "max": ..} or {"type": "str"}.
    """

    type: str
    by: str
    label: str
    data: dict[str, Any] = field(default_factory=dict)
    choices: dict[str, list[Any]] = field(default_factory=dict)
    bounds: dict[str, dict[str, Any]] = field(default_factory=dict)
    group: str | None = None
    # An explicit pass ("No reaction", "Pass") of a step that also closes by itself when play goes on: clients
    # show it as a secondary control, never as the one thing to tap.
    is_pass: bool = False
    # A play the rules allow now but whose condition only the players can judge (an Inspire condition in words
    # only): clients keep it out of the way (a secondary route), never as a prominent button.
    players_judge: bool = False

    @property
    def complete(self) -> bool:
        """True when the event can be submitted exactly as it is."""
        return not self.choices and not self.bounds

    def to_dict(self) -> dict[str, Any]:
        """Wire form: {"label", "event": {...}} or {"label", "template": {...}, "choices", "fields"}."""
        body = {"type": self.type, "by": self.by, "data": plain_copy(self.data)}
        out: dict[str, Any] = {"label": self.label}
        if self.group:
            out["group"] = self.group
        if self.is_pass:
            out["pass"] = True
        if self.players_judge:
            out["players_judge"] = True
        if self.complete:
            out["event"] = body
        else:
            out["template"] = body
            out["choices"] = self.choices
            out["fields"] = self.bounds
        return out


def plain_copy(value: Any) -> Any:
    """A copy of JSON-like data (dicts, lists and tuples copied all the way down, other values shared), as
    copy.deepcopy gives for it: every view copies each suggestion's data, and deepcopy's bookkeeping was 5% of a
    server's CPU at 64 tables (py-spy on benchmarks/live.py). Strings, numbers and Rule citations are immutable."""
    kind = type(value)
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is tuple:
        return tuple(plain_copy(v) for v in value)
    if kind in (str, int, float, bool, type(None)) or isinstance(value, str):
        return value
    return copy.deepcopy(value)  # anything else (a set, an object): as before


@dataclass
class Advice:
    """What `Ruleset.suggest` returns for one seat: the current step, its legal events, open reactions."""

    seat: str
    step: dict[str, Any]
    suggestions: list[Suggestion] = field(default_factory=list)
    reaction_window: dict[str, Any] | None = None
    waiting_for: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """Wire form for clients."""
        return {"seat": self.seat, "step": self.step,
                "suggestions": [s.to_dict() for s in self.suggestions],
                "reaction_window": self.reaction_window, "waiting_for": self.waiting_for}


@dataclass
class ImpliedPass:
    """A pass nobody has to say: the event a player would enter to close the optional step open now.

    `step` names the kind of step it closes ("reaction", "power"...), so the log can read "Ana and Bob passed
    the power step"; `rule` is the book's word for why the step may pass without comment.
    """

    event: "Event"
    step: str
    rule: str


# The passes inferred before an event (Ruleset.settle), each with its consequences.
InferredPasses = list[tuple[ImpliedPass, list[Consequence]]]

INFERRED_PASSES = "passes_inferred"
MAX_IMPLIED_PASSES = 32  # a bound, not a rule: more optional steps than this are never open at once


def inferred_consequences(passes: InferredPasses) -> list[Consequence]:
    """Log form of inferred passes: one consequence per run of passes in the same kind of step ("Ana and Bob
    passed the power step"), carrying the pass events themselves, each run followed by what its passes did."""
    out: list[Consequence] = []
    run: Consequence | None = None
    after: list[Consequence] = []
    for implied, cons in passes:
        if run is None or run.data["step"] != implied.step or after:
            out.extend(after)
            after = []
            run = Consequence(INFERRED_PASSES, {"step": implied.step, "seats": [], "events": []}, implied.rule)
            out.append(run)
        if implied.event.by not in run.data["seats"]:
            run.data["seats"].append(implied.event.by)
        run.data["events"].append({"type": implied.event.type, "by": implied.event.by, "data": implied.event.data})
        after.extend(cons)
    out.extend(after)
    return out
