"""The game-neutral engine core, in one import: events, violations, consequences, suggestions, rulesets and replay.

Nothing here knows about a particular game. A ruleset (one per game family and edition) subclasses `Ruleset`, gives
a `Handler` (check, apply) per event type and implements the `suggest` / `view` / `outcome` / `event_types` hooks;
the core gives every ruleset the same structural validation, override handling, generic events (`note`, `revert`),
dispatch, log folding, the `Rule` citation type and the registry of violation codes each ruleset declares its codes
in. Each concern lives in its own module, named below; games and the service import them from here.

State is plain JSON-serialisable data (dicts, lists, str, int, float, bool, None). Every ruleset state is a dict
with a "seats" mapping keyed by seat id ("p1".."p4").
"""
from __future__ import annotations

# suggestions and inferred passes
from .advice import (
    INFERRED_PASSES,
    MAX_IMPLIED_PASSES,
    Advice,
    ImpliedPass,
    InferredPasses,
    Suggestion,
    inferred_consequences,
    plain_copy,
)

# the Rule citation type
from .citations import (
    CORE_RULE,
    HOUSE,
    Rule,
)

# violations and the registry of violation codes
from .codes import (
    ALREADY_REVERTED,
    BAD_CHOICE,
    CORE_CODES,
    MALFORMED,
    MISSING_FIELD,
    NOT_LAST_EVENT,
    NOT_YOUR_EVENT,
    OUT_OF_RANGE,
    REFEREE_ENTRY,
    REVERT_OF_REVERT,
    UNKNOWN_EVENT,
    UNKNOWN_FIELD,
    UNKNOWN_NOTE_TARGET,
    UNKNOWN_SEAT,
    UNKNOWN_SEQ,
    Violation,
    ViolationCode,
    ViolationCodes,
)

# the event envelope, consequences, records, outcomes
from .envelope import (
    NOTE,
    PLAYER_SEATS,
    REVERT,
    ROLES,
    Consequence,
    ConsequenceRecord,
    Event,
    EventRecord,
    InertRecord,
    Outcome,
    ViolationRecord,
    as_outcome,
)

# the log: undo, notes, folding and replay
from .eventlog import (
    LATE_LOOK_BACK,
    NO_EFFECT,
    REFUSED_NOW,
    FoldPoint,
    LogFold,
    LoggedEvent,
    changes_nothing,
    check_note_target,
    check_revert,
    check_revert_on,
    closed_by,
    effective_events,
    fold_log,
    replay,
    replay_with_consequences,
    resume_fold,
    reverted_seqs,
)

# field specifications of event data
from .fields import (
    MAX_ITEMS,
    MAX_KEYS,
    NOTE_SPEC,
    REVERT_SPEC,
    check_fields,
)

# the Ruleset base and its contract
from .ruleset import (
    Handler,
    IllegalEvent,
    Ruleset,
    S,
    SetupError,
)

# The modules the core is made of: a game records a hash of them with its own engine (registry.rules_version).
PARTS = ("citations", "envelope", "codes", "advice", "fields", "ruleset", "eventlog", "sharing")

__all__ = [
    "PARTS",
    "INFERRED_PASSES",
    "MAX_IMPLIED_PASSES",
    "Advice",
    "ImpliedPass",
    "InferredPasses",
    "Suggestion",
    "inferred_consequences",
    "plain_copy",
    "CORE_RULE",
    "HOUSE",
    "Rule",
    "ALREADY_REVERTED",
    "BAD_CHOICE",
    "CORE_CODES",
    "MALFORMED",
    "MISSING_FIELD",
    "NOT_LAST_EVENT",
    "NOT_YOUR_EVENT",
    "OUT_OF_RANGE",
    "REFEREE_ENTRY",
    "REVERT_OF_REVERT",
    "UNKNOWN_EVENT",
    "UNKNOWN_FIELD",
    "UNKNOWN_NOTE_TARGET",
    "UNKNOWN_SEAT",
    "UNKNOWN_SEQ",
    "Violation",
    "ViolationCode",
    "ViolationCodes",
    "NOTE",
    "PLAYER_SEATS",
    "REVERT",
    "ROLES",
    "Consequence",
    "ConsequenceRecord",
    "Event",
    "EventRecord",
    "InertRecord",
    "Outcome",
    "ViolationRecord",
    "as_outcome",
    "LATE_LOOK_BACK",
    "NO_EFFECT",
    "REFUSED_NOW",
    "FoldPoint",
    "LogFold",
    "LoggedEvent",
    "changes_nothing",
    "check_note_target",
    "check_revert",
    "check_revert_on",
    "closed_by",
    "effective_events",
    "fold_log",
    "replay",
    "replay_with_consequences",
    "resume_fold",
    "reverted_seqs",
    "MAX_ITEMS",
    "MAX_KEYS",
    "NOTE_SPEC",
    "REVERT_SPEC",
    "check_fields",
    "Handler",
    "IllegalEvent",
    "Ruleset",
    "S",
    "SetupError",
]
