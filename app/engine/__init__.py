"""Pure rules engine: no Flask, no Socket.IO, no database. See core.py for the contract."""
from .core import (Advice, Consequence, Event, IllegalEvent, Ruleset, SetupError, Suggestion, Violation,  # noqa: F401
                   check_revert, effective_events, replay, replay_with_consequences)
