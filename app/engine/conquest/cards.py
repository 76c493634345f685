"""Card records as entered or loaded: normalising, keywords and the numbers the rules compute from them."""
from __future__ import annotations

import math
import re
from typing import Any, Iterable, Mapping

# Keywords the engine reads (lower case, a number where the keyword takes one: "area effect 2").
KEYWORDS = ("ambush", "area effect", "armorbane", "brutal", "flying", "limited", "mobile",
            "no attachments", "ranged")
CARD_TYPES = ("army", "support", "attachment", "event", "token")
UNIT_KINDS = ("warlord", "army", "token")


def norm_keywords(raw: Iterable[object] | None) -> list[str]:
    """Lower-case, trimmed, de-duplicated keyword strings ("Area Effect (2)" -> "area effect 2")."""
    out: list[str] = []
    for item in raw or []:
        if not isinstance(item, str):
            continue
        kw = re.sub(r"[()\.]", " ", item.lower())
        kw = re.sub(r"\s+", " ", kw).strip()
        if kw and kw not in out:
            out.append(kw)
    return out


def has_keyword(card: Mapping[str, Any], keyword: str) -> bool:
    """Does the card carry this keyword (with or without a number after it)?"""
    return any(k == keyword or k.startswith(keyword + " ") for k in card.get("keywords") or [])


def keyword_value(card: Mapping[str, Any], keyword: str) -> int | None:
    """The number after a keyword ("area effect 2" -> 2); None when absent, 0 when given no number."""
    for k in card.get("keywords") or []:
        if k == keyword:
            return 0
        if k.startswith(keyword + " "):
            tail = k[len(keyword) + 1:].strip()
            return int(tail) if tail.isdigit() else 0
    return None


def no_attachments_trait(card: Mapping[str, Any]) -> str | None | bool:
    """False: attachments allowed; None: none at all; a trait: attachments with that trait barred."""
    keywords: list[str] = card.get("keywords") or []
    for k in keywords:
        if k == "no attachments":
            return None
        if k.startswith("no attachments "):
            return k[len("no attachments "):].strip()
    return False


def traits(card: Mapping[str, Any]) -> list[str]:
    """Lower-case traits of a card."""
    return [t.lower().strip() for t in card.get("traits") or [] if isinstance(t, str) and t.strip()]


def is_relic(card: Mapping[str, Any]) -> bool:
    """Cards with the Relic trait fall under the one-Relic limit."""
    return "relic" in traits(card)


def slug(name: str) -> str:
    """Id-friendly form of a card name."""
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return s[:40] or "card"


def attack_value(unit: Mapping[str, Any]) -> int:
    """ATK including Brutal (+1 per damage on the unit)."""
    atk = unit.get("attack") or 0
    if has_keyword(unit, "brutal"):
        atk += unit.get("damage", 0)
    return max(0, atk)


def attack_damage(attacker: Mapping[str, Any], defender: Mapping[str, Any]) -> int:
    """Damage an attack deals: ATK (Brutal added first), halved rounding up against Flying by a non-flier."""
    dmg = attack_value(attacker)
    if has_keyword(defender, "flying") and not has_keyword(attacker, "flying"):
        # Additive modifiers (Brutal) come first, then halving, fractions rounded up.
        dmg = math.ceil(dmg / 2)
    return dmg


def hp_left(unit: Mapping[str, Any]) -> int:
    """Hit points the unit has left."""
    left: int = (unit.get("hp") or 0) - unit.get("damage", 0)
    return max(0, left)
