"""Live games: creation, seats and tokens, submission through the engine, and the per-game state cache."""
from .errors import ApiError  # noqa: F401
from .service import Caller, GameService  # noqa: F401
