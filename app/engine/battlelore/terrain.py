"""Terrain types as data (what each one does to movement, retreats and combat) and the hex a unit stands in (Terrain)."""
from __future__ import annotations

from typing import Any

from ..core import Violation
from . import rules
from . import violations as V
from .types import BattleLoreState, BattleLoreUnit

# Keys: blocking (blocks LOS), impassable, ends_move (moving in ends movement), stops_retreat (a
# unit that retreats in cannot retreat further that combat), dice_cap (max dice before modifiers,
# attacking from or into it), ignore_damage (damage ignored each combat while in it),
# retreat_ignore (damage from extra retreats ignored after retreating in), enter_damage (damage on
# moving or retreating in), feature (a hex tile owned by a player), capture_vp (VP for capturing it
# at the start of your turn), rule.
TERRAIN: dict[str, dict[str, Any]] = {
    "clear": {"rule": rules.TERRAIN},
    "forest": {"blocking": True, "ends_move": True, "stops_retreat": True, "dice_cap": 2,
               "rule": rules.FOREST},
    "hill": {"blocking": True, "rule": rules.HILL},
    "building": {"blocking": True, "ends_move": True, "stops_retreat": True, "ignore_damage": 1,
                 "retreat_ignore": 1, "rule": rules.BUILDING},
    "command_tent": {"blocking": True, "ends_move": True, "stops_retreat": True, "feature": True,
                     "capture_vp": 2, "rule": rules.TENT},
    "water": {"impassable": True, "rule": rules.WATER},
    "ford": {"ends_move": True, "stops_retreat": True, "rule": rules.WATER},
    "bridge": {"rule": rules.WATER},
    "hoard": {"ends_move": True, "stops_retreat": True, "feature": True, "capture_vp": 3,
              "rule": rules.HOARD},
    "rubble": {"ends_move": True, "stops_retreat": True, "enter_damage": 1, "rule": rules.RUBBLE},
    "cavern": {"blocking": True, "ends_move": True, "stops_retreat": True,
               "rule": rules.CAVERN},
    "barricade": {"stops_retreat": True, "rule": rules.BARRICADE},
    "crystal_spire": {"feature": True, "rule": rules.CRYSTAL_SPIRE},
    "graveyard": {"feature": True, "rule": rules.GRAVEYARD},
    "plaguelands": {"feature": True, "rule": rules.PLAGUELANDS},
    "blood_field": {"feature": True, "rule": rules.BLOOD_FIELD},
}

# The rule of each feature worth VP when captured at the start of a turn (the capture cites it).
CAPTURE_RULES = {t: spec["rule"] for t, spec in TERRAIN.items() if spec.get("capture_vp")}
TYPES = list(TERRAIN)
# Types a unit can be placed in or moved to without naming a feature tile.
PLAIN = [t for t, spec in TERRAIN.items() if not spec.get("feature")]
# Feature tiles a player musters or places; command tents come from mustering.
FEATURES = [t for t, spec in TERRAIN.items() if spec.get("feature")]
SECTIONS = ["left", "left/center", "center", "center/right", "right"]
CARD_SECTIONS = ["left", "center", "right", "any"]


def prop(terrain: str, key: str, default: Any = None) -> Any:
    """One property of a terrain type (unknown types behave as clear)."""
    return TERRAIN.get(terrain, TERRAIN["clear"]).get(key, default)


def in_section(unit_section: str, card_section: str) -> bool:
    """May a unit in this section be ordered by a card for that section? (Order step)

    A unit on a section line ("left/center") may be ordered by a card for either section.
    """
    if card_section == "any":
        return True
    return card_section in unit_section.split("/")


def check_position(state: BattleLoreState, unit: BattleLoreUnit, pos: dict[str, Any], rule: str) -> list[Violation]:
    """A hex a unit may occupy: known terrain, not impassable water unless it flies, a live feature."""
    terrain = pos["terrain"]
    if terrain in state["features"]:
        feat = state["features"][terrain]
        if feat["removed"]:
            return [V.FEATURE_GONE(f"{feat['name']} has been removed from the board.", rule)]
        occupant = next((u for u in state["units"].values() if u["alive"] and u["id"] != unit["id"]
                         and (u.get("pos") or {}).get("feature") == terrain), None)
        if occupant:
            return [V.HEX_OCCUPIED(f"{occupant['name']} already occupies that hex.", rules.MOVE)]
        return []
    if terrain not in TYPES:
        return [V.UNKNOWN_TERRAIN(f"{terrain!r} is not a terrain type.", rules.TERRAIN)]
    if prop(terrain, "feature"):
        return [V.NAME_THE_TILE(f"Name which {terrain.replace('_', ' ')} (e.g. p2.tent).", rules.TERRAIN)]
    if prop(terrain, "impassable") and "flying" not in unit["traits"] + unit["abilities"]:
        return [V.IMPASSABLE("Water hexes are impassable without a ford or bridge.", rules.WATER)]
    return []


def normalise_position(state: BattleLoreState, pos: dict[str, Any]) -> dict[str, Any]:
    """Position as stored: section, terrain type, feature id (or None), banner VP, faction banner."""
    terrain = pos["terrain"]
    feature = None
    if terrain in state["features"]:
        feature = terrain
        terrain = state["features"][terrain]["type"]
    return {"section": pos["section"], "terrain": terrain, "feature": feature,
            "banner": pos.get("banner", 0) or 0, "faction_banner": pos.get("faction_banner")}
