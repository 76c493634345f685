"""The game service: creating and joining games, seats and tokens, submission through the engine, reading,
export and import, over the event store with a per-game cache of the folded log."""
from .access import Caller
from .errors import ApiError
from .gamelogs import GameLogs
from .games import GameService

__all__ = ["ApiError", "Caller", "GameLogs", "GameService"]
