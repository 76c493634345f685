"""Unit records (reference-card numbers as data) and what follows from a unit's state."""
from __future__ import annotations

from typing import Any

from . import rules
from . import terrain as T
from .types import BattleLoreState, BattleLoreUnit

ATTACK_TYPES = ("melee", "ranged")
FACES = ("strike", "cleave", "pierce", "morale", "lore", "heroic")
# Markers a unit can carry: core tokens (Other rules) and the expansion markers.
TOKENS = ("poison", "stun", "bleed", "blight", "panic", "shield")
REMOVABLE_FOR_LORE = ("poison", "stun", "bleed", "blight", "panic")

# Numbers a unit record needs before it can be mustered (health, movement, combat value, muster
# value; range for ranged units). Unknown numbers are null until a player enters them.
NEEDED = ("health", "movement", "combat", "attack", "muster")


# The largest number each field of a unit card may hold. They bound what the engine builds from a card (a unit's
# figures, a move's choice of hexes, a roll's dice, the units a muster makes), so no override lifts them: an
# override lifts a rule, never the shape of the game. The rules summary prints no largest value (the numbers are on
# the reference cards); the entry form offers what the cards print (suggest.unit_card_template: health 1-6,
# movement 0-4, combat 1-5, range 2-5, muster 1-12), and each bound below leaves room over it.
MOST = {
    "health": 30,    # figures, or damage tokens (Mustering and deployment, 4: "figures equal to their health value")
    "movement": 12,  # the longest move the `move` event takes (catalogue: hexes 1-12; Main phase, Move step)
    "combat": 12,    # dice rolled (Combat, 2: "roll dice equal to your unit's combat value")
    "range": 12,     # the longest distance the `attack` event takes (catalogue: distance 1-12; Combat, 1)
    "min_range": 12,
    # A card that costs more than a whole budget with a command tent could never be mustered (Mustering, 1).
    "muster": rules.MUSTER_POINTS + rules.TENT_BONUS,
    # Deployment cards of one unit a player owns (Optional rules, Playing with extra core games).
    "cards": 30,
}
NAME_LENGTH = 60     # a unit's name and slug (the saved unit card's schema: app/schemas/battlelore.py)
MOST_WORDS = 20      # abilities and traits of one card, each at most WORD_LENGTH characters
WORD_LENGTH = 40
RECORD_KEYS = frozenset({"slug", "name", "kind", "terrain", "faction", *MOST, "attack", "damage_tokens", "legend",
                         "abilities", "traits", "source"})


def problems_in_record(rec: object) -> list[str]:
    """What is wrong with a unit or terrain card record (empty list when it is usable as data)."""
    if not isinstance(rec, dict):
        return ["a unit record must be an object"]
    out = []
    unknown = sorted(str(k) for k in rec if k not in RECORD_KEYS)
    if unknown:
        out.append(f"a unit card has no {', '.join(unknown[:3])}")
    slug = rec.get("slug")
    if not isinstance(slug, str) or not slug or "." in slug or len(slug) > NAME_LENGTH:
        out.append(f"slug must be a non-empty string without dots, at most {NAME_LENGTH} characters")
    for key in ("name", "faction", "terrain", "source"):
        value = rec.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > (400 if key == "source" else NAME_LENGTH)):
            out.append(f"{key} must be a short text")
    kind = rec.get("kind", "unit")
    if kind not in ("unit", "terrain"):
        out.append("kind must be unit or terrain")
    for key, most in MOST.items():
        value = rec.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most):
            out.append(f"{key} must be a whole number from 0 to {most}, or null")
    if rec.get("attack") not in (None, *ATTACK_TYPES):
        out.append("attack must be melee or ranged")
    if kind == "terrain" and rec.get("terrain") not in T.TYPES:
        out.append("a terrain card names its terrain type")
    for key in ("abilities", "traits"):
        words = rec.get(key, [])
        if (not isinstance(words, list) or len(words) > MOST_WORDS
                or not all(isinstance(w, str) and len(w) <= WORD_LENGTH for w in words)):
            out.append(f"{key} must be a list of at most {MOST_WORDS} words")
    return out


def missing_numbers(rec: dict[str, Any]) -> list[str]:
    """Numbers still unknown (null) that a unit needs to be mustered."""
    if rec.get("kind", "unit") == "terrain":
        return [] if rec.get("muster") is not None else ["muster"]
    out = [k for k in NEEDED if rec.get(k) is None]
    if rec.get("attack") == "ranged" and rec.get("range") is None:
        out.append("range")
    return out


def has(unit: BattleLoreUnit, trait: str) -> bool:
    """Does the unit have this trait or ability (lower-case names, e.g. flying, unyielding)?"""
    return trait in unit.get("traits", []) or trait in unit.get("abilities", [])


def remaining(unit: BattleLoreUnit) -> int:
    """Figures left (or health left for a unit with the damage token icon). (Damage)"""
    return max(0, unit["health"] - unit["damage"])


def is_weak(unit: BattleLoreUnit, state: BattleLoreState | None = None) -> bool:
    """Weak: reduced to 1 figure; never for damage-token units; always when blighted. (Weak units)"""
    if "blight" in unit["tokens"]:
        return True  # Markers, Blight: weak even with more figures, damage-token units too
    if has(unit, "unyielding"):
        return False  # Unit abilities, Unyielding: never weak
    pos = unit.get("pos") or {}
    if state is not None and pos.get("feature"):
        feat = state["features"].get(pos["feature"], {})
        if feat.get("type") == "plaguelands" and feat.get("owner") != unit["seat"]:
            return True  # Terrain reference, Plaguelands: enemy units in it are weak
    if unit.get("damage_tokens"):
        return False
    return remaining(unit) == 1


def movement(unit: BattleLoreUnit) -> int:
    """Movement value: the card's, or 1 while blighted (Markers, Blight)."""
    return 1 if "blight" in unit["tokens"] else unit["movement"]


def terrain_of(unit: BattleLoreUnit) -> str:
    """Terrain type of the unit's hex; flying units apply no terrain effects in combat (Flying)."""
    terrain: str = (unit.get("pos") or {}).get("terrain", "clear")
    return terrain


def combat_terrain(unit: BattleLoreUnit) -> str:
    """Terrain that counts for this unit in combat: none for a flying unit (Unit abilities, Flying)."""
    return "clear" if has(unit, "flying") else terrain_of(unit)


def dice_for(attacker: BattleLoreUnit, target: BattleLoreUnit, modifier: int = 0) -> tuple[int, list[str]]:
    """Dice the attacker rolls against the target, with the reasons (Combat, 2; Terrain, Forest).

    Terrain caps come first, then modifiers (Combat, 2: "Apply dice modifiers after applying
    relevant terrain effects").
    """
    n = attacker["combat"]
    why = [f"combat value {n}"]
    cap_from = [t for t in (combat_terrain(attacker), combat_terrain(target)) if T.prop(t, "dice_cap")]
    if cap_from:
        cap = min(T.prop(t, "dice_cap") for t in cap_from)
        if n > cap:
            n = cap
            why.append(f"at most {cap} dice ({'/'.join(sorted(set(cap_from)))})")
    if has(target, "ethereal") and not has(attacker, "caster"):
        n -= 1
        why.append("1 fewer against an ethereal unit")
    if modifier:
        n += modifier
        why.append(f"{modifier:+d} from effects")
    if "bleed" in attacker["tokens"]:
        n = max(1, n - 1)
        why.append("1 fewer while bleeding (minimum 1)")
    return max(0, n), why


def unit_from_record(seat: str, uid: str, rec: dict[str, Any]) -> BattleLoreUnit:
    """A unit in play, built from its reference-card record."""
    return {
        "id": uid, "seat": seat, "slug": rec["slug"], "name": rec.get("name") or rec["slug"],
        "health": rec["health"], "damage_tokens": bool(rec.get("damage_tokens")),
        "legend": bool(rec.get("legend")), "movement": rec["movement"], "combat": rec["combat"],
        "attack": rec["attack"], "range": rec.get("range"),
        "min_range": rec["min_range"] if rec.get("min_range") is not None else 1,
        "abilities": [str(a).lower() for a in rec.get("abilities", [])],
        "traits": [str(t).lower() for t in rec.get("traits", [])],
        "damage": 0, "tokens": [], "pos": None, "alive": True,
    }


RULE_FOR_TOKEN = {"poison": rules.POISON, "stun": rules.STUN, "bleed": rules.BLEED, "blight": rules.BLIGHT,
                  "panic": rules.MARKERS, "shield": rules.MARKERS}
