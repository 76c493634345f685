"""Warhammer 40,000: Conquest on the Tablewarden engine (ruleset id conquest/core)."""
from .ruleset import ConquestRuleset

CONQUEST = ConquestRuleset()

__all__ = ["CONQUEST", "ConquestRuleset"]
