"""BattleLore Second Edition on the Tablewarden engine contract."""
from .ruleset import BATTLELORE, BattleLore  # noqa: F401
