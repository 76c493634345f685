"""Attack action keywords: parsing a profile's keyword list (Cleave, Ensnare, Scything, Stagger, Grievous X,
Knockback X)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

SIMPLE_KEYWORDS = ("cleave", "ensnare", "scything", "stagger")
NUMBER_KEYWORDS = ("grievous", "knockback")
_NUMBERED = re.compile(r"^(grievous|knockback)(?:\s*(\d{1,2}))?$")


@dataclass(frozen=True)
class Keywords:
    """An Attack action's keywords, parsed; numbers of repeated Grievous/Knockback are added up."""

    cleave: bool = False
    ensnare: bool = False
    scything: bool = False
    stagger: bool = False
    grievous: int = 0
    knockback: int = 0
    unknown: tuple[str, ...] = ()


def parse_keywords(keywords: Any) -> Keywords:
    """Parse a profile's keyword list ("cleave", "grievous 1", "knockback 2" ...); unknown ones are kept apart."""
    flags: dict[str, Any] = {k: False for k in SIMPLE_KEYWORDS}
    numbers: dict[str, Any] = {k: 0 for k in NUMBER_KEYWORDS}
    unknown: list[str] = []
    for raw in keywords or ():
        word = " ".join(str(raw).lower().split())
        if word in flags:
            flags[word] = True
            continue
        m = _NUMBERED.match(word)
        if m and (m.group(2) is not None or m.group(1) == "grievous"):
            # Deathgorge rulebook, Advanced rules: Grievous (pg 25): a bare "Grievous" is Grievous 1,
            # and two rules giving Grievous (or Knockback, pg 26) add their numbers together.
            numbers[m.group(1)] += int(m.group(2) or 1)
        else:
            unknown.append(str(raw))
    return Keywords(**flags, **numbers, unknown=tuple(unknown))
