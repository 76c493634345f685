"""Whether the target's player has a choice over a combat's hits; without one the hits apply at once.

Combat, 4. Suffer damage: "The opponent may use any abilities or effects to ignore any damage. The target unit
then suffers damage." 5. Resolve retreats: "The opponent may use any abilities or effects to ignore any retreats."
So the target's player is asked only when such an ability or effect can be used, or when the retreat leaves them
something to say; otherwise the damage is suffered as the step says, with no tap on their phone:
- a retreat: the engine keeps no board, so where the unit goes, whether a friendly unit supports it (Retreat) and
  whether terrain or the board edge stops it are the target's player's to enter;
- an ability of the target that ignores results or damage (Unit abilities, Armor) or retreats (Immovable);
- a lore card of the game's list whose window is this step (its `window` data; content/battlelore/lore_cards.yaml),
  while the target's player holds a lore card and may still play one this turn (Lore cards: "You may use 1 lore card
  per turn"; Runic Barrier; Mana Break).
A building's ignored damage and a shield are applied by the engine already (rules.AUTO_BUILDING_IGNORE; Markers).
"""
from __future__ import annotations

from typing import Any

from .types import BattleLoreState, BattleLoreUnit

# Abilities that answer step 4 (ignore damage or the results that cause it) and step 5 (ignore retreats), by the
# ability's id (content/battlelore/abilities.yaml); a card may print a number after it ("armor 2").
IGNORES_DAMAGE = ("armor",)
IGNORES_RETREATS = ("immovable",)
# When a lore card may be played (lore_cards.yaml `window`, null where no source says), from the summary's lore card
# clarifications: an attack on your unit is declared (Intercede: "become the target of the attack"); step 4 or 5 of a
# combat against your unit; your unit's combat roll (Fury of Y'Ilan; Rune Blade); after an enemy unit is eliminated
# (Raise Dead); after a friendly unit is eliminated in combat (Unstoppable).
LORE_WINDOWS = ("attack_declared", "suffer_damage", "retreats", "own_combat_roll", "enemy_eliminated",
                "friendly_eliminated")
# The windows that open at steps 4 and 5 of a combat against your unit.
DAMAGE_WINDOWS = ("suffer_damage",)
RETREAT_WINDOWS = ("retreats",)


def _has_any(unit: BattleLoreUnit, ids: tuple[str, ...]) -> bool:
    words = [*unit.get("abilities", []), *unit.get("traits", [])]
    return any(w == i or w.startswith(f"{i} ") for w in words for i in ids)


def may_play_lore(state: BattleLoreState, seat: str) -> bool:
    """The seat holds a lore card and may still play one this turn (Lore cards; Runic Barrier; Mana Break)."""
    s = state["seats"][seat]
    return s["lore_cards"] > 0 and s["lore_played_turn"] != state["turn"] and state.get("lore_blocked") != seat


def _lore_answers(state: BattleLoreState, seat: str, windows: tuple[str, ...]) -> list[str]:
    if not may_play_lore(state, seat):
        return []
    lore = state["seats"][seat]["lore"]
    return [c["name"] for c in state["options"].get("cards", {}).get("lore", [])
            if c.get("window") in windows and (c.get("cost") is None or c["cost"] <= lore)]


def choices(state: BattleLoreState, target: BattleLoreUnit, damage: int, retreats: int) -> list[str]:
    """What the target's player may decide about these hits (empty: they apply at once), in words."""
    out = []
    if retreats > 0:
        out.append("retreat")
    if damage > 0 and _has_any(target, IGNORES_DAMAGE):
        out.append("ability")
    if retreats > 0 and _has_any(target, IGNORES_RETREATS):
        out.append("ability")
    windows = (DAMAGE_WINDOWS if damage > 0 else ()) + (RETREAT_WINDOWS if retreats > 0 else ())
    out.extend(f"lore card {name}" for name in _lore_answers(state, target["seat"], windows))
    return out


def open_windows(state: BattleLoreState, seat: str) -> set[str]:
    """The lore card windows open for `seat` now (the attack entry holds its roll, so attack_declared and
    own_combat_roll are never open on their own: such a card is entered with the attack)."""
    c = state["combat"]
    if not c:
        return set()
    out = set()
    target = state["units"][c["target"]]
    if c["stage"] == "defend" and seat == c["waiting"]:
        out |= ({"suffer_damage"} if c["damage"] > 0 else set()) | ({"retreats"} if c["retreats"] > 0 else set())
    if c["stage"] == "advance" and not target["alive"]:
        if seat == state["units"][c["attacker"]]["seat"]:
            out.add("enemy_eliminated")       # Raise Dead: "after an enemy unit is eliminated"
        elif not c["target_moved"]:
            out.add("friendly_eliminated")    # Unstoppable: not if the unit was forced to retreat first
    return out


def cards_for_now(state: BattleLoreState, seat: str) -> list[dict[str, Any]]:
    """Lore cards of the game's list whose window is open for the seat, while it may play one and pay a known cost."""
    if not may_play_lore(state, seat):
        return []
    windows, lore = open_windows(state, seat), state["seats"][seat]["lore"]
    return [c for c in state["options"].get("cards", {}).get("lore", [])
            if c.get("window") in windows and (c.get("cost") is None or c["cost"] <= lore)]

