"""Each edition's combat rules as data (`CombatRules`), with the rulebook page behind each of its settings."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

from ...core import Rule
from ..editions.sources import DREADFANE_BOOK, SHADESPIRE_BOOK

RESULTS = ("critical_hit", "hit", "draw", "miss", "critical_defence")
SUCCESS_RESULTS = ("critical_hit", "hit")
ATTACK_SYMBOLS = ("smash", "fury")
SPELL_SYMBOLS = ("channel", "focus")
DEFENCE_SYMBOLS = ("block", "dodge")
SUPPORT_COUNT = "count"          # Deathgorge: your own number of supporters decides
SUPPORT_RELATIVE = "relative"    # Dreadfane/Shadespire: how many more supporters than the enemy
TRAPPED_EXTRA_SUCCESS = "extra_success"   # Deathgorge: +1 success to an attack roll with a success
TRAPPED_DRAW_SUCCEEDS = "draw_succeeds"   # Dreadfane/Shadespire: a draw that cannot push succeeds
MAX_SUPPORT = 12
# Keywords a card may add to an Attack action on the phone's attack sheet (Scything changes the targets, so it is
# entered with them, not ticked).
OFFERED_KEYWORDS = ("cleave", "ensnare", "stagger", "grievous 1", "knockback 1")
MAX_DAMAGE = 20

# The books cited, spelled as every Underworlds citation spells them.
DG = "Deathgorge rulebook"
DF = DREADFANE_BOOK
SS = SHADESPIRE_BOOK

_DEATHGORGE_REFS = {
    "attack_roll": Rule(DG, "Combat sequence, step 2: Attack roll", 21),
    "defence_roll": Rule(DG, "Combat sequence, step 3: Defence roll", 21),
    "determine": Rule(DG, "Combat sequence, step 4: Determine success, count successes", 21),
    "crits": Rule(DG, "Combat sequence, step 4: Determine success, count critical successes", 21),
    "trapped": Rule(DG, "Combat sequence, step 4: Trapped", 21),
    "untrappable": Rule(DG, "Advanced rules: Combat sequence", 21),
    "damage": Rule(DG, "Combat sequence, step 5: Deal damage", 21),
    "out_of_action": Rule(DG, "Combat sequence, step 6: Check if the target is taken out of action", 21),
    "drive_back": Rule(DG, "Combat sequence, step 7: Drive back (pg 21); Driven back", 22),
    "support": Rule(DG, "Support", 22),
    "spell_support": Rule(DG, "Support: no support for spell Attack actions", 22),
    "critical_abilities": Rule(DG, "Critical abilities", 22),
    "innate": Rule(DG, "Innate symbols", 22),
    "vulnerable": Rule(DG, "Vulnerable", 23),
    "keywords": Rule(DG, "Attack action keywords (pg 25-26)"),
    "cleave": Rule(DG, "Attack action keywords: Cleave", 25),
    "ensnare": Rule(DG, "Attack action keywords: Ensnare", 25),
    "grievous": Rule(DG, "Attack action keywords: Grievous", 25),
    "scything": Rule(DG, "Attack action keywords: Scything", 25),
    "stagger": Rule(DG, "Attack action keywords: Stagger", 25),
    "staggered": Rule(DG, "Stagger token: re-roll one dice against a staggered target", 25),
    "knockback": Rule(DG, "Attack action keywords: Knockback", 26),
    "guard": Rule(DG, "Guard action", 27),
    "cover": Rule(DG, "Cover hexes", 10),
    "spell_attack": Rule(DG, "Spells: Casting spell Attack actions", 28),
    "backlash": Rule(DG, "Spells: Casting spells, step 2: backlash", 28),
    "casting": Rule(DG, "Spells: Casting spells, step 3", 28),
    "casting_roll": Rule(DG, "Spells: Casting spells, step 1", 28),
}

_DREADFANE_REFS = {
    "attack_roll": Rule(DF, "Combat sequence, step 2: Attack roll", 12),
    "defence_roll": Rule(DF, "Combat sequence, step 3: Defence roll", 12),
    "determine": Rule(DF, "Combat sequence, step 4: Determine success", 12),
    "crits": Rule(DF, "Critical successes", 13),
    "critical_hit": Rule(DF, "Critical successes: Critical hit", 13),
    "trapped": Rule(DF, "Driven back: Trapped", 13),
    "untrappable": Rule(DF, "Driven back: Trapped (pg 13) (only a target that could be driven back is trapped)"),
    "damage": Rule(DF, "Combat sequence, step 5: Deal damage", 12),
    "out_of_action": Rule(DF, "Combat sequence, step 6: Check if the target is taken out of action", 12),
    "drive_back": Rule(DF, "Combat sequence, step 7: Drive back (pg 12); Driven back", 13),
    "support": Rule(DF, "Support", 12),
    "critical_abilities": Rule(DF, "Critical successes: Critical hit", 13),
    "innate": Rule(DF, "Innate symbols", 18),
    "keywords": Rule(DF, "Attack action keywords", 14),
    "cleave": Rule(DF, "Attack action keywords: Cleave", 14),
    "ensnare": Rule(DF, "Attack action keywords: Ensnare", 14),
    "grievous": Rule(DF, "Critical successes: Critical hit (pg 13) (an ability that adds damage on a critical hit)"),
    "scything": Rule(DF, "Attack action keywords: Scything", 14),
    "knockback": Rule(DF, "Attack action keywords: Knockback", 14),
    "guard": Rule(DF, "Guard action", 14),
}

_SHADESPIRE_REFS = {
    "attack_roll": Rule(SS, "Combat", 20),
    "defence_roll": Rule(SS, "Combat", 20),
    "determine": Rule(SS, "Combat", 20),
    "draw": Rule(SS, "Combat (pg 20); Errata and FAQs v1.4 (equal totals with a success: the target can be driven back)"),
    "crits": Rule(SS, "Critical successes (pg 20), with Errata and FAQs v1.4 (page 20)"),
    "critical_hit": Rule(SS, "Critical hit (pg 22); Critical successes (pg 20) as amended by Errata v1.4"),
    "trapped": Rule(SS, "Combat: Trapped", 20),
    "untrappable": Rule(SS, "Combat: Trapped (pg 20) (only a target that can be driven back is trapped)"),
    "damage": Rule(SS, "Combat", 20),
    "out_of_action": Rule(SS, "Out of action", 21),
    "drive_back": Rule(SS, "Combat (pg 20); Driven back", 20),
    "support": Rule(SS, "Support", 21),
    "critical_abilities": Rule(SS, "Critical hit", 22),
    "keywords": Rule(SS, "Additional Attack action rules", 22),
    "cleave": Rule(SS, "Cleave", 22),
    "grievous": Rule(SS, "Critical hit (pg 22) (an ability that adds damage on a critical hit)"),
    "scything": Rule(SS, "Attacking multiple targets", 21),
    "knockback": Rule(SS, "Knockback", 22),
    "guard": Rule(SS, "Guard", 22),
    # Not in the Shadespire book: later cards (Nightvault on) bring them; the 2019 book's text applies.
    "ensnare": Rule(DF, "Attack action keywords: Ensnare (pg 14) (not in the Shadespire rulebook)"),
    "innate": Rule(DF, "Innate symbols (pg 18) (not in the Shadespire rulebook)"),
}


def _borrowed(book: str, keys: tuple[str, ...]) -> dict[str, str]:
    """Deathgorge references for rules an older book lacks, saying so."""
    return {k: f"{_DEATHGORGE_REFS[k]} (the {book} has no such rule)" for k in keys}


# Rules the older books lack; cited from Deathgorge (saying so) in case an edited copy turns them on.
_LATER_KEYS = ("spell_attack", "spell_support", "backlash", "casting", "casting_roll", "cover", "stagger",
               "staggered", "vulnerable")


@dataclass(frozen=True)
class CombatRules:
    """One edition's combat rules as data; `replace(...)` gives an edited copy."""

    edition: str
    book: str                              # the book's name in sentences ("the Dreadfane rulebook has no ...")
    support_mode: str                      # SUPPORT_COUNT | SUPPORT_RELATIVE
    trapped_mode: str                      # TRAPPED_EXTRA_SUCCESS | TRAPPED_DRAW_SUCCEEDS
    # Defence-roll face a fighter on a cover hex counts as a success; None: the edition has no cover
    # hexes. The icon is lost in the Deathgorge text (Cover hexes, pg 10); the rule sources' README
    # says to read it as single support. Correct it here.
    cover_symbol: str | None
    guard_knockback_drive_back: bool       # may a target on Guard be driven back by a Knockback attack?
    # Does Guard stop drive back at all? Dreadfane (Guard action, pg 14) and Deathgorge (pg 27) say
    # so; the Shadespire book's Guard (pg 22, errata included) only changes the defence roll.
    guard_prevents_drive_back: bool
    critical_defence_abilities: bool       # does a critical defence open the target's critical abilities?
    stagger: bool                          # does the edition have Stagger tokens and the Stagger keyword?
    spell_rules: bool                      # does this book itself have spell rules (else Deathgorge's apply)?
    words: Mapping[str, str]               # result -> the book's own words for it
    refs: Mapping[str, str]                # rule key -> citation

    def ref(self, key: str) -> str:
        """The citation for a rule key in this edition."""
        return self.refs[key]

    def attack_options(self) -> dict[str, Any]:
        """What a phone offers beside an Attack action's dice in this edition: the keywords a card may add (Stagger
        only where the edition has it) and whether a target can be on a cover hex. The phone shows these and no
        other; the success faces come from the engine's preview of the attack."""
        keywords = [k for k in OFFERED_KEYWORDS if k.split()[0] in self.refs and (k != "stagger" or self.stagger)]
        return {"keywords": keywords, "cover": self.cover_symbol is not None}

    def replace(self, **changes: Any) -> "CombatRules":
        """An edited copy (e.g. a corrected cover symbol)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (for the ruleset catalogue and docs)."""
        out = dataclasses.asdict(self)
        out["words"] = dict(self.words)
        out["refs"] = dict(self.refs)
        return out


DEATHGORGE_COMBAT = CombatRules(
    edition="deathgorge", book=DG, support_mode=SUPPORT_COUNT, trapped_mode=TRAPPED_EXTRA_SUCCESS,
    cover_symbol="single", guard_knockback_drive_back=True, critical_defence_abilities=True,
    stagger=True, spell_rules=True, guard_prevents_drive_back=True,
    words={"critical_hit": "critical hit", "hit": "hit", "draw": "draw", "miss": "miss",
           "critical_defence": "critical defence"},
    refs=dict(_DEATHGORGE_REFS),
)

DREADFANE_COMBAT = CombatRules(
    edition="dreadfane", book="Dreadfane rulebook", support_mode=SUPPORT_RELATIVE,
    trapped_mode=TRAPPED_DRAW_SUCCEEDS,
    cover_symbol=None, guard_knockback_drive_back=False, critical_defence_abilities=False,
    stagger=False, spell_rules=False, guard_prevents_drive_back=True,
    # Reference sheet, Determining success: "Succeeds" / "Fails" / "Fails but drive back".
    words={"critical_hit": "succeeds (critical hit)", "hit": "succeeds", "draw": "fails but drive back",
           "miss": "fails", "critical_defence": "fails (the target rolled more critical successes)"},
    refs={**_borrowed("Dreadfane rulebook", _LATER_KEYS), **_DREADFANE_REFS},
)

SHADESPIRE_COMBAT = CombatRules(
    edition="shadespire", book="Shadespire rulebook", support_mode=SUPPORT_RELATIVE,
    trapped_mode=TRAPPED_DRAW_SUCCEEDS,
    cover_symbol=None, guard_knockback_drive_back=False, critical_defence_abilities=False,
    stagger=False, spell_rules=False, guard_prevents_drive_back=False,
    words={"critical_hit": "successful (critical hit)", "hit": "successful",
           "draw": "fails, but the target can be driven back", "miss": "fails",
           "critical_defence": "fails, and the target cannot be driven back"},
    refs={**_borrowed("Shadespire rulebook", _LATER_KEYS), **_SHADESPIRE_REFS},
)

EDITIONS: dict[str, CombatRules] = {r.edition: r for r in (DEATHGORGE_COMBAT, DREADFANE_COMBAT, SHADESPIRE_COMBAT)}


def combat_rules(edition: str) -> CombatRules:
    """The combat rules of an edition id (deathgorge | dreadfane | shadespire); KeyError if unknown."""
    return EDITIONS[edition]
