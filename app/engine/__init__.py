"""Pure rules engine: no Flask, no Socket.IO, no database. See ruleset.py for the contract, core.py for the whole core."""
from .core import (
    Advice,
    Consequence,
    Event,
    Handler,
    IllegalEvent,
    Outcome,
    Rule,
    Ruleset,
    SetupError,
    Suggestion,
    Violation,
    ViolationCodes,
    check_revert,
    effective_events,
    replay,
    replay_with_consequences,
)

__all__ = ["Advice", "Consequence", "Event", "Handler", "IllegalEvent", "Outcome", "Rule", "Ruleset", "SetupError",
           "Suggestion", "Violation", "ViolationCodes", "check_revert", "effective_events", "replay",
           "replay_with_consequences"]
