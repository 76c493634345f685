"""BattleLore Second Edition on the Tablewarden engine contract."""
from .ruleset import BATTLELORE, BattleLoreRuleset

__all__ = ["BATTLELORE", "BattleLoreRuleset"]
