"""Warhammer Underworlds combat sequence as pure functions, for the Deathgorge, Dreadfane and Shadespire rules.

Nothing here reads or changes game state: the caller (the Underworlds ruleset: attacks.py, spells.py, power.py) passes
the facts it knows (is the target on Guard, staggered, how many wounds it has left) and applies what
comes back (damage, drive back, Stagger token, backlash). Every decision names its rule source.

Editions are DATA: `CombatRules` (frozen dataclass) with `DEATHGORGE_COMBAT`, `DREADFANE_COMBAT`,
`SHADESPIRE_COMBAT` (look one up with `combat_rules("dreadfane")`); the code branches on its fields,
never on the edition name. A correction is one line, e.g.
``DEATHGORGE_COMBAT.replace(cover_symbol="double")``.

The `attack` event
------------------
``ATTACK_FIELDS`` is the core field spec of the event's data (DESIGN.md envelope plus a few optional
members)::

    {"attacker": "p1.cyreni", "target": "p2.vexmor",
     "profile": {"name": "Blade", "dice": 2, "symbol": "smash", "damage": 2,
                 "keywords": ["cleave", "grievous 1"], "spell": false},
     "attack_roll": {"dice": 2, "crit": 1, "smash": 1},          # magic faces for spells: crit, channel, focus
     "defence_roll": {"dice": 1, "block": 1},
     "supporting": {"attacker": 1, "target": 0},                 # optional, default 0/0
     "trapped": false, "cover": false,                           # optional
     "defence": {"dice": 1, "symbol": "block"},                  # optional: a card changed the characteristic
     "innate": {"attacker": "smash", "target": null},            # optional: the one innate symbol chosen
     "cannot_be_driven_back": false}                             # optional: a card says so (no push, no trap)

The profile may be only ``{"name": "Blade"}`` (plus changed characteristics): fill the rest from the
attacker's record with ``complete_profile(event_profile, fighter["profiles"])`` before checking.
Then, with the facts from state::

    facts = dict(defence=target["defence"], guard=target_on_guard, target_staggered=...,
                 target_wounds_left=wounds - counters, attacker_wounds_left=...)
    problems = check_attack_event(rules, data, **facts)      # [Violation]; structural ones block
    result = resolve_attack_event(rules, data, **facts)      # AttackResult; .to_dict() is JSON

Read ``result.success`` / ``result.damage`` (to the target), ``result.drive_back`` (may the attacking
player push the target 1 hex; then up to ``result.knockback`` more in the same direction),
``result.target_staggered`` (give a Stagger token), ``result.backlash`` (damage to the caster),
``result.critical_abilities`` ("attacker" | "target" | None), ``result.attack_rerolls`` and
``result.rules`` (sources) / ``result.steps`` ({text, rule} per decision) for the log.
``result.result`` is the step 4 outcome: critical_hit | hit | draw | miss | critical_defence (the same
vocabulary in every edition; ``result.book_result`` has the edition's own words), or None when a spell's
backlash took the caster out of action before step 4. Multiplayer: count only supporters from the two
warbands involved (Deathgorge rulebook, Supporting fighters, multiplayer).

Forms/suggestions: ``attack_bounds(profile, defence)`` gives bounds per roll face ("attack_roll.smash").
Gambit spells and spell actions: ``resolve_casting(rules, roll, casting_value, wizard_level=...)``;
``CASTING_FIELDS`` is a field spec for a casting roll inside an event (caster, roll, casting_value, innate).
Scything: ``scything_attacks(rules, adjacent_enemies)`` says which separate Attack actions to make.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..core import Violation, check_fields, structural
from .dice import (ATTACK_FACES, DEFENCE_FACES, MAGIC_FACES, MAX_DICE, check_roll, counts,
                   dice_rolled, with_innate)

RESULTS = ("critical_hit", "hit", "draw", "miss", "critical_defence")
SUCCESS_RESULTS = ("critical_hit", "hit")
ATTACK_SYMBOLS = ("smash", "fury")
SPELL_SYMBOLS = ("channel", "focus")
DEFENCE_SYMBOLS = ("block", "dodge")
SUPPORT_COUNT = "count"          # Deathgorge: your own number of supporters decides
SUPPORT_RELATIVE = "relative"    # Dreadfane/Shadespire: how many more supporters than the enemy
TRAPPED_EXTRA_SUCCESS = "extra_success"   # Deathgorge: +1 success to an attack roll with a success
TRAPPED_DRAW_SUCCEEDS = "draw_succeeds"   # Dreadfane/Shadespire: a draw that cannot push succeeds
SIMPLE_KEYWORDS = ("cleave", "ensnare", "scything", "stagger")
NUMBER_KEYWORDS = ("grievous", "knockback")
MAX_SUPPORT = 12
MAX_DAMAGE = 20

DG = "Deathgorge rulebook"
DF = "Dreadfane rulebook"
SS = "Shadespire rulebook"

# ----------------------------------------------------------------------------------------------
# Edition data
# ----------------------------------------------------------------------------------------------

_DEATHGORGE_REFS = {
    "attack_roll": f"{DG}, Combat sequence, step 2: Attack roll (pg 21)",
    "defence_roll": f"{DG}, Combat sequence, step 3: Defence roll (pg 21)",
    "determine": f"{DG}, Combat sequence, step 4: Determine success, count successes (pg 21)",
    "crits": f"{DG}, Combat sequence, step 4: Determine success, count critical successes (pg 21)",
    "trapped": f"{DG}, Combat sequence, step 4: Trapped (pg 21)",
    "untrappable": f"{DG}, Advanced rules: Combat sequence (pg 21)",
    "damage": f"{DG}, Combat sequence, step 5: Deal damage (pg 21)",
    "out_of_action": f"{DG}, Combat sequence, step 6: Check if the target is taken out of action (pg 21)",
    "drive_back": f"{DG}, Combat sequence, step 7: Drive back (pg 21); Driven back (pg 22)",
    "support": f"{DG}, Support (pg 22)",
    "spell_support": f"{DG}, Support: no support for spell Attack actions (pg 22)",
    "critical_abilities": f"{DG}, Critical abilities (pg 22)",
    "innate": f"{DG}, Innate symbols (pg 22)",
    "vulnerable": f"{DG}, Vulnerable (pg 23)",
    "keywords": f"{DG}, Attack action keywords (pg 25-26)",
    "cleave": f"{DG}, Attack action keywords: Cleave (pg 25)",
    "ensnare": f"{DG}, Attack action keywords: Ensnare (pg 25)",
    "grievous": f"{DG}, Attack action keywords: Grievous (pg 25)",
    "scything": f"{DG}, Attack action keywords: Scything (pg 25)",
    "stagger": f"{DG}, Attack action keywords: Stagger (pg 25)",
    "staggered": f"{DG}, Stagger token: re-roll one dice against a staggered target (pg 25)",
    "knockback": f"{DG}, Attack action keywords: Knockback (pg 26)",
    "guard": f"{DG}, Guard action (pg 27)",
    "cover": f"{DG}, Cover hexes (pg 10)",
    "spell_attack": f"{DG}, Spells: Casting spell Attack actions (pg 28)",
    "backlash": f"{DG}, Spells: Casting spells, step 2: backlash (pg 28)",
    "casting": f"{DG}, Spells: Casting spells, step 3 (pg 28)",
    "casting_roll": f"{DG}, Spells: Casting spells, step 1 (pg 28)",
}

_DREADFANE_REFS = {
    "attack_roll": f"{DF}, Combat sequence, step 2: Attack roll (pg 12)",
    "defence_roll": f"{DF}, Combat sequence, step 3: Defence roll (pg 12)",
    "determine": f"{DF}, Combat sequence, step 4: Determine success (pg 12)",
    "crits": f"{DF}, Critical successes (pg 13)",
    "critical_hit": f"{DF}, Critical successes: Critical hit (pg 13)",
    "trapped": f"{DF}, Driven back: Trapped (pg 13)",
    "untrappable": f"{DF}, Driven back: Trapped (pg 13) (only a target that could be driven back is trapped)",
    "damage": f"{DF}, Combat sequence, step 5: Deal damage (pg 12)",
    "out_of_action": f"{DF}, Combat sequence, step 6: Check if the target is taken out of action (pg 12)",
    "drive_back": f"{DF}, Combat sequence, step 7: Drive back (pg 12); Driven back (pg 13)",
    "support": f"{DF}, Support (pg 12)",
    "critical_abilities": f"{DF}, Critical successes: Critical hit (pg 13)",
    "innate": f"{DF}, Innate symbols (pg 18)",
    "keywords": f"{DF}, Attack action keywords (pg 14)",
    "cleave": f"{DF}, Attack action keywords: Cleave (pg 14)",
    "ensnare": f"{DF}, Attack action keywords: Ensnare (pg 14)",
    "grievous": f"{DF}, Critical successes: Critical hit (pg 13) (an ability that adds damage on a critical hit)",
    "scything": f"{DF}, Attack action keywords: Scything (pg 14)",
    "knockback": f"{DF}, Attack action keywords: Knockback (pg 14)",
    "guard": f"{DF}, Guard action (pg 14)",
}

_SHADESPIRE_REFS = {
    "attack_roll": f"{SS}, Combat (pg 20)",
    "defence_roll": f"{SS}, Combat (pg 20)",
    "determine": f"{SS}, Combat (pg 20)",
    "draw": f"{SS}, Combat (pg 20); Errata and FAQs v1.4 (equal totals with a success: the target can be driven back)",
    "crits": f"{SS}, Critical successes (pg 20), with Errata and FAQs v1.4 (page 20)",
    "critical_hit": f"{SS}, Critical hit (pg 22); Critical successes (pg 20) as amended by Errata v1.4",
    "trapped": f"{SS}, Combat: Trapped (pg 20)",
    "untrappable": f"{SS}, Combat: Trapped (pg 20) (only a target that can be driven back is trapped)",
    "damage": f"{SS}, Combat (pg 20)",
    "out_of_action": f"{SS}, Out of action (pg 21)",
    "drive_back": f"{SS}, Combat (pg 20); Driven back (pg 20)",
    "support": f"{SS}, Support (pg 21)",
    "critical_abilities": f"{SS}, Critical hit (pg 22)",
    "keywords": f"{SS}, Additional Attack action rules (pg 22)",
    "cleave": f"{SS}, Cleave (pg 22)",
    "grievous": f"{SS}, Critical hit (pg 22) (an ability that adds damage on a critical hit)",
    "scything": f"{SS}, Attacking multiple targets (pg 21)",
    "knockback": f"{SS}, Knockback (pg 22)",
    "guard": f"{SS}, Guard (pg 22)",
    # Not in the Shadespire book: later cards (Nightvault on) bring them; the 2019 book's text applies.
    "ensnare": f"{DF}, Attack action keywords: Ensnare (pg 14) (not in the Shadespire rulebook)",
    "innate": f"{DF}, Innate symbols (pg 18) (not in the Shadespire rulebook)",
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
    book: str
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

    def replace(self, **changes: Any) -> "CombatRules":
        """An edited copy (e.g. a corrected cover symbol)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict:
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
    edition="dreadfane", book=DF, support_mode=SUPPORT_RELATIVE, trapped_mode=TRAPPED_DRAW_SUCCEEDS,
    cover_symbol=None, guard_knockback_drive_back=False, critical_defence_abilities=False,
    stagger=False, spell_rules=False, guard_prevents_drive_back=True,
    # Reference sheet, Determining success: "Succeeds" / "Fails" / "Fails but drive back".
    words={"critical_hit": "succeeds (critical hit)", "hit": "succeeds", "draw": "fails but drive back",
           "miss": "fails", "critical_defence": "fails (the target rolled more critical successes)"},
    refs={**_borrowed(DF, _LATER_KEYS), **_DREADFANE_REFS},
)

SHADESPIRE_COMBAT = CombatRules(
    edition="shadespire", book=SS, support_mode=SUPPORT_RELATIVE, trapped_mode=TRAPPED_DRAW_SUCCEEDS,
    cover_symbol=None, guard_knockback_drive_back=False, critical_defence_abilities=False,
    stagger=False, spell_rules=False, guard_prevents_drive_back=False,
    words={"critical_hit": "successful (critical hit)", "hit": "successful",
           "draw": "fails, but the target can be driven back", "miss": "fails",
           "critical_defence": "fails, and the target cannot be driven back"},
    refs={**_borrowed(SS, _LATER_KEYS), **_SHADESPIRE_REFS},
)

EDITIONS: dict[str, CombatRules] = {r.edition: r for r in (DEATHGORGE_COMBAT, DREADFANE_COMBAT, SHADESPIRE_COMBAT)}


def combat_rules(edition: str) -> CombatRules:
    """The combat rules of an edition id (deathgorge | dreadfane | shadespire); KeyError if unknown."""
    return EDITIONS[edition]


# ----------------------------------------------------------------------------------------------
# Keywords
# ----------------------------------------------------------------------------------------------

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
    flags = {k: False for k in SIMPLE_KEYWORDS}
    numbers = {k: 0 for k in NUMBER_KEYWORDS}
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


# ----------------------------------------------------------------------------------------------
# Results
# ----------------------------------------------------------------------------------------------

@dataclass
class AttackResult:
    """What one Attack action's dice decide (combat sequence steps 4-7), with the rule behind each part."""

    edition: str
    result: str | None = None             # critical_hit | hit | draw | miss | critical_defence | None
    book_result: str = ""
    success: bool = False
    attack_successes: int = 0             # including the Deathgorge trapped bonus
    defence_successes: int = 0
    attack_crits: int = 0
    defence_crits: int = 0
    attack_success_faces: list[str] = field(default_factory=list)
    defence_success_faces: list[str] = field(default_factory=list)
    spell: bool = False
    trapped: bool = False                 # the trapped rule changed or decided the outcome
    damage: int = 0                       # to the target
    grievous: int = 0                     # extra damage from Grievous included in `damage`
    target_out_of_action: bool | None = None   # None when the target's wounds left were not given
    drive_back: bool = False              # may the attacking player push the target 1 hex away
    knockback: int = 0                    # further hexes in the same direction (only with drive_back)
    target_staggered: bool = False        # give the target a Stagger token (Stagger keyword)
    attack_rerolls: int = 0               # dice the attacker may re-roll (staggered target)
    backlash: int = 0                     # damage to the caster of a spell Attack action
    caster_out_of_action: bool | None = None
    critical_abilities: str | None = None  # "attacker" | "target" | None
    scything: bool = False
    aborted: str | None = None            # "backlash" when the caster fell before step 4
    steps: list[dict] = field(default_factory=list)   # [{"text", "rule"}] in order
    violations: list[Violation] = field(default_factory=list)

    @property
    def rules(self) -> list[str]:
        """The rule sources that applied, in order, each once."""
        seen: list[str] = []
        for step in self.steps:
            if step["rule"] not in seen:
                seen.append(step["rule"])
        return seen

    @property
    def valid(self) -> bool:
        """False when the input was malformed and nothing was resolved."""
        return not any(not v.overridable for v in self.violations)

    def summary(self) -> str:
        """One line for the log, e.g. "critical hit: 3 damage, drive back (+1 knockback)"."""
        if not self.valid:
            return "not resolved: " + "; ".join(v.message for v in self.violations)
        if self.aborted == "backlash":
            return "backlash took the caster out of action: the spell fails"
        effects = []
        if self.success:
            effects.append(f"{self.damage} damage" + (f" (grievous +{self.grievous})" if self.grievous else ""))
        if self.drive_back:
            effects.append("drive back" + (f" (+{self.knockback} knockback)" if self.knockback else ""))
        if self.target_staggered:
            effects.append("target staggered")
        if self.backlash:
            effects.append(f"backlash {self.backlash} to the caster")
        head = self.book_result or str(self.result)
        return f"{head}: {', '.join(effects)}" if effects else head

    def to_dict(self) -> dict:
        """JSON form (consequence data, logs, clients)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out["steps"] = [dict(s) for s in self.steps]
        out["violations"] = [v.to_dict() for v in self.violations]
        out["rules"] = self.rules
        out["summary"] = self.summary()
        return out


class _Trail:
    def __init__(self, rules: CombatRules):
        self.rules = rules
        self.steps: list[dict] = []

    def add(self, key_or_ref: str, text: str) -> None:
        ref = self.rules.refs.get(key_or_ref, key_or_ref)
        self.steps.append({"text": text, "rule": ref})


# ----------------------------------------------------------------------------------------------
# Input checks
# ----------------------------------------------------------------------------------------------

def _is_int(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _profile_is_spell(profile: Mapping) -> bool:
    """A profile is a spell Attack action when flagged so or when it needs magic dice symbols."""
    return bool(profile.get("spell")) or profile.get("symbol") in SPELL_SYMBOLS


def _check_profile(profile: Any) -> list[Violation]:
    if not isinstance(profile, Mapping):
        return [structural("malformed", "profile must be an object (the Attack action's characteristics).")]
    problems: list[Violation] = []
    symbol = profile.get("symbol")
    spell_flag = profile.get("spell")
    if symbol not in ATTACK_SYMBOLS + SPELL_SYMBOLS:
        problems.append(structural("bad_choice", "profile.symbol must be one of: smash, fury (attack dice), "
                                                 "channel, focus (magic dice)."))
    if spell_flag is not None and not isinstance(spell_flag, bool):
        problems.append(structural("malformed", "profile.spell must be true or false."))
    elif spell_flag is True and symbol in ATTACK_SYMBOLS:
        problems.append(structural("bad_choice", "A spell Attack action rolls magic dice: its symbol is channel "
                                                 "or focus, not " + str(symbol) + "."))
    elif spell_flag is False and symbol in SPELL_SYMBOLS:
        problems.append(structural("bad_choice", f"profile.symbol {symbol} is a magic dice symbol; mark the "
                                                 "profile as a spell or use smash or fury."))
    dice = profile.get("dice")
    if dice is None:
        if not _profile_is_spell(profile):
            problems.append(structural("missing_field", "profile.dice is required (the Dice characteristic)."))
        # A spell Attack action may have "-": roll dice equal to the wizard level (Deathgorge pg 20).
    elif not _is_int(dice, 0, MAX_DICE):
        problems.append(structural("malformed", f"profile.dice must be a whole number from 0 to {MAX_DICE}."))
    damage = profile.get("damage")
    if damage is None:
        problems.append(structural("missing_field", "profile.damage is required (the Damage characteristic)."))
    elif not _is_int(damage, 0, MAX_DAMAGE):
        problems.append(structural("malformed", f"profile.damage must be a whole number from 0 to {MAX_DAMAGE}."))
    keywords = profile.get("keywords")
    if keywords is not None and (not isinstance(keywords, list)
                                 or not all(isinstance(k, str) and 0 < len(k) <= 40 for k in keywords)):
        problems.append(structural("malformed", "profile.keywords must be a list of short words, "
                                                "e.g. [\"cleave\", \"grievous 1\"]."))
    return problems


def _check_innate(value: Any, faces: tuple[str, ...], where: str, rules: CombatRules) -> list[Violation]:
    if value is None:
        return []
    if isinstance(value, (list, tuple)):
        # Innate symbols do not stack: only one applies to a roll (the player chooses which).
        return [Violation("one_innate", f"{where}: only one innate symbol applies to a roll; choose one.",
                          rules.ref("innate"), overridable=False)]
    if value not in faces:
        return [structural("bad_choice", f"{where} must be one of: {', '.join(faces)}.")]
    return []


def check_attack_input(rules: CombatRules, profile: Any, attack_roll: Any, defence: Any, defence_roll: Any, *,
                       supporting: Any = None, guard: Any = False, cover: Any = False, trapped: Any = False,
                       cannot_be_driven_back: Any = False, innate_attack: Any = None,
                       innate_defence: Any = None, target_staggered: Any = False,
                       target_wounds_left: Any = None, attacker_wounds_left: Any = None) -> list[Violation]:
    """Problems with an attack's input: structural ones (overridable=False) first, then edition ones."""
    problems = _check_profile(profile)
    spell = isinstance(profile, Mapping) and _profile_is_spell(profile)
    problems += check_roll("magic" if spell else "attack", attack_roll, "attack_roll")
    if not isinstance(defence, Mapping):
        problems.append(structural("malformed", "defence must be the target's Defence characteristic "
                                                "{dice, symbol}."))
    else:
        if defence.get("symbol") not in DEFENCE_SYMBOLS:
            problems.append(structural("bad_choice", "defence.symbol must be block or dodge."))
        if defence.get("dice") is not None and not _is_int(defence.get("dice"), 0, MAX_DICE):
            problems.append(structural("malformed", f"defence.dice must be a whole number from 0 to {MAX_DICE}."))
    problems += check_roll("defence", defence_roll, "defence_roll")
    if supporting is not None:
        if not isinstance(supporting, Mapping):
            problems.append(structural("malformed", "supporting must be {attacker, target} counts."))
        else:
            for key, value in supporting.items():
                if key not in ("attacker", "target"):
                    problems.append(structural("unknown_field", f"supporting.{key}: use attacker and target."))
                elif value is not None and not _is_int(value, 0, MAX_SUPPORT):
                    problems.append(structural("malformed", f"supporting.{key} must be a whole number "
                                                            f"from 0 to {MAX_SUPPORT}."))
    for name, value in (("guard", guard), ("cover", cover), ("trapped", trapped),
                        ("cannot_be_driven_back", cannot_be_driven_back), ("target_staggered", target_staggered)):
        if not isinstance(value, bool):
            problems.append(structural("malformed", f"{name} must be true or false."))
    for name, value in (("target_wounds_left", target_wounds_left), ("attacker_wounds_left", attacker_wounds_left)):
        if value is not None and not _is_int(value, 0, 99):
            problems.append(structural("malformed", f"{name} must be a whole number or null."))
    problems += _check_innate(innate_attack, MAGIC_FACES if spell else ATTACK_FACES, "innate_attack", rules)
    problems += _check_innate(innate_defence, DEFENCE_FACES, "innate_defence", rules)
    if problems:
        return problems
    return _edition_problems(rules, profile, cover=cover, target_staggered=target_staggered)


def _edition_problems(rules: CombatRules, profile: Mapping, *, cover: bool, target_staggered: bool) -> list[Violation]:
    """Rule (overridable) problems: things this edition does not have."""
    out: list[Violation] = []
    kw = parse_keywords(profile.get("keywords"))
    for word in kw.unknown:
        out.append(Violation("unknown_keyword", f"'{word}' is not an Attack action keyword the rules know "
                                                "(cleave, ensnare, scything, stagger, grievous X, knockback X); "
                                                "it will be ignored.", rules.ref("keywords")))
    if cover and rules.cover_symbol is None:
        out.append(Violation("no_cover_hexes", f"The {rules.book} has no cover hexes; cover is ignored.",
                             rules.ref("defence_roll")))
    if not rules.stagger and (kw.stagger or target_staggered):
        out.append(Violation("no_stagger", f"The {rules.book} has no Stagger tokens or Stagger keyword; "
                                           "they are ignored.", rules.ref("keywords")))
    return out


# ----------------------------------------------------------------------------------------------
# The combat sequence
# ----------------------------------------------------------------------------------------------

def support_faces(rules: CombatRules, own: int, enemy: int) -> tuple[str, ...]:
    """Support faces that are successes for a fighter with `own` supporters against `enemy` supporters."""
    lead = own if rules.support_mode == SUPPORT_COUNT else own - enemy
    if lead >= 2:
        return ("single", "double")
    if lead == 1:
        return ("single",)
    return ()


def _count(face_counts: Mapping[str, int], faces: set[str]) -> int:
    return sum(n for face, n in face_counts.items() if face in faces)


def _success_faces(rules: CombatRules, symbol: str, defence_symbol: str, *, spell: bool, own: int, enemy: int,
                   guard: bool, cover: bool, kw: Keywords, trail: _Trail) -> tuple[set[str], set[str]]:
    """Which faces are successes in the attack roll and in the defence roll (steps 2-3)."""
    attack_faces = {"crit", symbol}
    trail.add("attack_roll", f"Attack roll with {'magic' if spell else 'attack'} dice: critical successes "
                             f"and {symbol} are successes.")
    if not spell:  # magic dice have no support faces, and a spell attacker has no supporters anyway
        attack_faces.update(_support(rules, "Attacker", own, enemy, trail))
    defence_faces = {"crit", defence_symbol}
    trail.add("defence_roll", f"Defence roll: critical successes and {defence_symbol} are successes.")
    if guard:
        defence_faces.update(DEFENCE_SYMBOLS)
        trail.add("guard", "The target is on Guard: block and dodge are both successes.")
    defence_faces.update(_support(rules, "Target", enemy, own, trail))
    if cover:
        if rules.cover_symbol:
            defence_faces.add(rules.cover_symbol)
            trail.add("cover", f"The target is on a cover hex: {rules.cover_symbol} counts as a success "
                               "(the icon is lost in the text; a Tablewarden setting).")
        else:
            trail.add("defence_roll", f"Cover ignored: the {rules.book} has no cover hexes.")
    # Cleave and Ensnare take a symbol away even from a fighter on Guard; a critical success stays.
    if kw.cleave:
        defence_faces.discard("block")
        trail.add("cleave", "Cleave: block cannot be a success in the defence roll"
                            + (" (even on Guard)." if guard else "."))
    if kw.ensnare:
        defence_faces.discard("dodge")
        trail.add("ensnare", "Ensnare: dodge cannot be a success in the defence roll"
                             + (" (even on Guard)." if guard else "."))
    return attack_faces, defence_faces


def _support(rules: CombatRules, who: str, own: int, enemy: int, trail: _Trail) -> tuple[str, ...]:
    gained = support_faces(rules, own, enemy)
    if gained or own:
        how = (f"{own} supporting fighter(s)" if rules.support_mode == SUPPORT_COUNT
               else f"{own} supporting fighter(s) against {enemy}")
        trail.add("support", f"{who}: {how}, so " + (" and ".join(gained) if gained else "no support")
                             + " face(s) count as successes.")
    return gained


def _can_be_driven_back(rules: CombatRules, *, guard: bool, cannot_be_driven_back: bool, kw: Keywords,
                        trail: _Trail) -> bool:
    """Could the target be driven back at all (Guard, cards)? Such a target also cannot be trapped."""
    if cannot_be_driven_back:
        trail.add("drive_back", "The target cannot be driven back (a card says so).")
        return False
    if guard and rules.guard_prevents_drive_back:
        if rules.guard_knockback_drive_back and kw.knockback:
            # Deathgorge, Guard action (pg 27): "cannot be driven back unless the Attack action has
            # Knockback" -- so against Knockback a guarded target can be driven back, and therefore
            # (Advanced rules: Combat sequence, pg 21) can also be trapped.
            trail.add("guard", f"The target is on Guard, but the Attack action has Knockback {kw.knockback}: "
                               "it can be driven back.")
            return True
        trail.add("guard", "The target is on Guard: it cannot be driven back.")
        return False
    return True


def _determine(rules: CombatRules, a_crit: int, d_crit: int, a_succ: int, d_succ: int, *, trapped: bool,
               movable: bool, trail: _Trail) -> tuple[str, int, bool]:
    """Step 4: (result, attack successes after any trapped bonus, whether the trapped rule applied)."""
    trapped_now = False
    if rules.trapped_mode == TRAPPED_EXTRA_SUCCESS and trapped:
        if not movable:
            trail.add("untrappable", "A fighter that cannot be driven back cannot be trapped.")
        elif a_succ >= 1:
            a_succ += 1
            trapped_now = True
            trail.add("trapped", "The target is trapped and the attack roll has a success: +1 success.")
        else:
            trail.add("trapped", "The target is trapped, but the attack roll has no success: no extra success.")

    if a_crit > d_crit:
        result = "critical_hit"
        trail.add("crits", f"{a_crit} critical success(es) against {d_crit}: the Attack action succeeds "
                           "(critical hit), whatever the other successes.")
    elif d_crit > a_crit:
        result = "critical_defence"
        trail.add("crits", f"{d_crit} critical success(es) in the defence roll against {a_crit}: the Attack "
                           "action fails and the target is not driven back"
                           + (" (critical defence)." if rules.critical_defence_abilities else "."))
    elif a_succ > d_succ:
        result = "critical_hit" if a_crit >= 1 else "hit"
        trail.add("critical_hit" if a_crit and "critical_hit" in rules.refs else "determine",
                  f"{a_succ} success(es) against {d_succ}: the Attack action succeeds"
                  + (" with a critical success (critical hit)." if a_crit else " (hit)."))
    elif a_succ == d_succ and a_succ >= 1:
        result = "draw"
        trail.add("draw" if "draw" in rules.refs else "determine",
                  f"{a_succ} success(es) each: the Attack action fails, but the target can be driven back.")
    else:
        result = "miss"
        trail.add("determine", f"{a_succ} success(es) against {d_succ}: the Attack action fails.")

    if rules.trapped_mode == TRAPPED_DRAW_SUCCEEDS and trapped:
        if result != "draw":
            trail.add("trapped", "Trapped only matters when the attack fails but could drive the target back.")
        elif not movable:
            trail.add("untrappable", "The target could not be driven back, so it is not trapped: the attack fails.")
        else:
            # "Successful instead of failing"; a successful attack with a critical success is a critical hit.
            result = "critical_hit" if a_crit >= 1 else "hit"
            trapped_now = True
            trail.add("trapped", "The target could be driven back but cannot be pushed: it is trapped, and "
                                 "the Attack action succeeds instead of failing (no drive back).")
    return result, a_succ, trapped_now


def resolve_attack(rules: CombatRules, profile: Mapping, attack_roll: Mapping, defence: Mapping,
                   defence_roll: Mapping, *, supporting: Mapping | None = None, guard: bool = False,
                   cover: bool = False, trapped: bool = False, cannot_be_driven_back: bool = False,
                   innate_attack: str | None = None, innate_defence: str | None = None,
                   target_staggered: bool = False, target_wounds_left: int | None = None,
                   attacker_wounds_left: int | None = None) -> AttackResult:
    """Resolve steps 4-7 of one Attack action from the entered rolls; never raises on bad input.

    `trapped`: the target has no empty hex to be pushed into away from the attacker (the caller judges
    the board). `target_wounds_left`: Wounds minus wound counters, to decide step 6 (else unknown).
    Malformed input gives an unresolved result whose `violations` say why.
    """
    problems = check_attack_input(rules, profile, attack_roll, defence, defence_roll, supporting=supporting,
                                  guard=guard, cover=cover, trapped=trapped,
                                  cannot_be_driven_back=cannot_be_driven_back, innate_attack=innate_attack,
                                  innate_defence=innate_defence, target_staggered=target_staggered,
                                  target_wounds_left=target_wounds_left,
                                  attacker_wounds_left=attacker_wounds_left)
    out = AttackResult(edition=rules.edition, violations=problems)
    if not out.valid:
        return out
    trail = _Trail(rules)
    kw = parse_keywords(profile.get("keywords"))
    spell = _profile_is_spell(profile)
    out.spell, out.scything = spell, kw.scything
    if spell and not rules.spell_rules:
        trail.add("spell_attack", f"The {rules.book} has no spell rules: the Deathgorge rules for spell "
                                  "Attack actions apply.")
    supporting = supporting or {}
    own, enemy = int(supporting.get("attacker") or 0), int(supporting.get("target") or 0)
    if spell and own:
        trail.add("spell_support", f"A spell Attack action cannot be supported: {own} supporting "
                                   "fighter(s) of the attacker ignored.")
        own = 0

    attack_faces, defence_faces = _success_faces(rules, profile["symbol"], defence["symbol"], spell=spell,
                                                 own=own, enemy=enemy, guard=guard, cover=cover, kw=kw,
                                                 trail=trail)
    out.attack_success_faces, out.defence_success_faces = sorted(attack_faces), sorted(defence_faces)
    a_counts = counts("magic" if spell else "attack", attack_roll)
    d_counts = counts("defence", defence_roll)
    if innate_attack:
        a_counts = with_innate(a_counts, innate_attack)
        trail.add("innate", f"Innate ({innate_attack}) added to the attack roll.")
    if innate_defence:
        d_counts = with_innate(d_counts, innate_defence)
        trail.add("innate", f"Innate ({innate_defence}) added to the defence roll.")
    out.attack_crits, out.defence_crits = a_counts["crit"], d_counts["crit"]

    # Backlash happens with the attack roll (step 2), before success is determined.
    if spell and out.attack_crits >= 2:
        out.backlash = 1
        trail.add("backlash", f"{out.attack_crits} critical successes in a spell's attack roll: backlash, "
                              "the caster is dealt 1 damage.")
        if attacker_wounds_left is not None:
            out.caster_out_of_action = attacker_wounds_left <= 1
        if out.caster_out_of_action:
            out.aborted = "backlash"
            trail.add("spell_attack", "Backlash took the caster out of action: the spell and the Attack "
                                      "action fail.")
            out.steps = trail.steps
            return out

    movable = _can_be_driven_back(rules, guard=guard, cannot_be_driven_back=cannot_be_driven_back, kw=kw,
                                  trail=trail)
    result, out.attack_successes, out.trapped = _determine(
        rules, out.attack_crits, out.defence_crits, _count(a_counts, attack_faces),
        _count(d_counts, defence_faces), trapped=trapped, movable=movable, trail=trail)
    out.defence_successes = _count(d_counts, defence_faces)
    out.result = result
    out.success = result in SUCCESS_RESULTS
    out.book_result = rules.words[result] + (" (trapped)" if out.trapped and
                                              rules.trapped_mode == TRAPPED_DRAW_SUCCEEDS else "")
    if result == "critical_hit":
        out.critical_abilities = "attacker"
        trail.add("critical_abilities", "Critical hit: the attacker's critical abilities can be used.")
    elif result == "critical_defence" and rules.critical_defence_abilities:
        out.critical_abilities = "target"
        trail.add("critical_abilities", "Critical defence: the target's critical abilities can be used.")

    # Step 5 (deal damage) and step 6 (out of action?).
    if out.success:
        out.damage = int(profile["damage"])
        if result == "critical_hit" and kw.grievous:
            out.grievous = kw.grievous
            out.damage += kw.grievous
            trail.add("grievous", f"Grievous {kw.grievous} on a critical hit: +{kw.grievous} damage.")
        trail.add("damage", f"The target is dealt {out.damage} damage.")
        if target_wounds_left is not None:
            out.target_out_of_action = out.damage >= target_wounds_left
            if out.target_out_of_action:
                trail.add("out_of_action", "The target is taken out of action: no drive back.")

    # Step 7: drive back (after a hit or a draw, unless the target is gone, immovable or trapped).
    if result in ("critical_hit", "hit", "draw") and out.target_out_of_action is not True:
        if not movable:
            trail.add("drive_back", "The target is not driven back (it cannot be).")
        elif trapped:
            trail.add("drive_back", "The target is trapped: it cannot be driven back.")
        else:
            out.drive_back = True
            trail.add("drive_back", "The attacking player can drive the target back 1 hex.")
            if out.success and kw.knockback:
                out.knockback = kw.knockback
                trail.add("knockback", f"Knockback {kw.knockback}: the target can be driven back up to "
                                       f"{kw.knockback} more hex(es) in the same direction.")

    # After the Attack action.
    if kw.stagger and rules.stagger and out.success and out.target_out_of_action is not True:
        out.target_staggered = True
        trail.add("stagger", "Stagger: the target is given a Stagger token (its Guard tokens are removed).")
    if target_staggered and rules.stagger:
        out.attack_rerolls = 1
        trail.add("staggered", "The target is staggered: the attacking player could re-roll one attack dice "
                               "(enter the roll after any re-roll).")
    if kw.scything:
        trail.add("scything", "Scything: a separate Attack action against each adjacent enemy fighter "
                              "(see scything_attacks).")
    out.steps = trail.steps
    return out


# ----------------------------------------------------------------------------------------------
# The attack event
# ----------------------------------------------------------------------------------------------

_COUNT = {"type": "int", "min": 0, "max": MAX_DICE, "required": False}
PROFILE_FIELDS: dict[str, dict] = {
    "name": {"type": "str", "max_length": 100, "required": False, "help": "Attack action name"},
    "range": {"type": "int", "min": 0, "max": 20, "required": False, "help": "Range characteristic"},
    "dice": {"type": "int", "min": 0, "max": MAX_DICE, "required": False,
             "help": "Dice characteristic (omit for a spell rolling its wizard level)"},
    "symbol": {"type": "enum", "choices": list(ATTACK_SYMBOLS + SPELL_SYMBOLS), "required": False,
               "help": "Success symbol: smash or fury (attack dice), channel or focus (magic dice)"},
    "damage": {"type": "int", "min": 0, "max": MAX_DAMAGE, "required": False, "help": "Damage characteristic"},
    "keywords": {"type": "list", "items": {"type": "str", "max_length": 40}, "required": False,
                 "help": "cleave, ensnare, scything, stagger, grievous X, knockback X"},
    "spell": {"type": "bool", "required": False, "help": "Spell Attack action (magic dice)"},
}
ATTACK_ROLL_FIELDS: dict[str, dict] = {
    "dice": {**_COUNT, "help": "Dice rolled (the faces must add up to it)"},
    **{face: {**_COUNT, "help": f"Dice showing {face}"} for face in dict.fromkeys(ATTACK_FACES + MAGIC_FACES)},
}
DEFENCE_ROLL_FIELDS: dict[str, dict] = {
    "dice": {**_COUNT, "help": "Dice rolled (the faces must add up to it)"},
    **{face: {**_COUNT, "help": f"Dice showing {face}"} for face in DEFENCE_FACES},
}
ATTACK_FIELDS: dict[str, dict] = {
    "attacker": {"type": "fighter", "help": "Fighter making the Attack action"},
    "target": {"type": "fighter", "help": "Fighter targeted"},
    "profile": {"type": "object", "fields": PROFILE_FIELDS,
                "help": "The Attack action used (name, and any characteristic a card changed)"},
    "attack_roll": {"type": "object", "fields": ATTACK_ROLL_FIELDS, "help": "Attack roll, counts per face"},
    "defence_roll": {"type": "object", "fields": DEFENCE_ROLL_FIELDS, "help": "Defence roll, counts per face"},
    "supporting": {"type": "object", "required": False,
                   "help": "Supporting fighters on each side (multiplayer: only the two warbands involved)",
                   "fields": {"attacker": {"type": "int", "min": 0, "max": MAX_SUPPORT, "required": False},
                              "target": {"type": "int", "min": 0, "max": MAX_SUPPORT, "required": False}}},
    "trapped": {"type": "bool", "required": False,
                "help": "No empty hex next to the target further from the attacker"},
    "cover": {"type": "bool", "required": False, "help": "The target is on a cover hex"},
    "defence": {"type": "object", "required": False, "help": "The target's Defence if a card changed it",
                "fields": {"dice": {"type": "int", "min": 0, "max": MAX_DICE, "required": False},
                           "symbol": {"type": "enum", "choices": list(DEFENCE_SYMBOLS)}}},
    "innate": {"type": "object", "required": False, "help": "The one innate symbol added to each roll",
               "fields": {"attacker": {"type": "enum", "choices": list(dict.fromkeys(ATTACK_FACES + MAGIC_FACES)),
                                       "required": False},
                          "target": {"type": "enum", "choices": list(DEFENCE_FACES), "required": False}}},
    "cannot_be_driven_back": {"type": "bool", "required": False,
                              "help": "A card stops the target being pushed or driven back (so it cannot be trapped)"},
}


def complete_profile(event_profile: Mapping, fighter_profiles: list[Mapping] | None) -> dict:
    """The event's profile with missing characteristics filled from the fighter's profile of the same name."""
    if not isinstance(event_profile, Mapping):
        return event_profile  # left for check_attack_input to report
    out = dict(event_profile)
    name = out.get("name")
    for known in fighter_profiles or ():
        if isinstance(known, Mapping) and name and known.get("name") == name:
            for key in ("range", "dice", "symbol", "damage", "keywords", "spell"):
                if out.get(key) is None and known.get(key) is not None:
                    out[key] = known[key]
            break
    return out


def _flag(data: Mapping, name: str) -> Any:
    value = data.get(name)
    return False if value is None else value  # a non-bool is reported by check_attack_input


def _event_kwargs(data: Mapping, facts: Mapping) -> dict:
    innate = data.get("innate") or {}
    return dict(
        profile=data.get("profile"), attack_roll=data.get("attack_roll"),
        defence=data.get("defence") or facts.get("defence"), defence_roll=data.get("defence_roll"),
        supporting=data.get("supporting"), guard=facts.get("guard", False),
        cover=_flag(data, "cover"), trapped=_flag(data, "trapped"),
        cannot_be_driven_back=_flag(data, "cannot_be_driven_back"),
        innate_attack=innate.get("attacker") or facts.get("innate_attack"),
        innate_defence=innate.get("target") or facts.get("innate_defence"),
        target_staggered=facts.get("target_staggered", False),
        target_wounds_left=facts.get("target_wounds_left"),
        attacker_wounds_left=facts.get("attacker_wounds_left"))


def check_attack_event(rules: CombatRules, data: Any, **facts: Any) -> list[Violation]:
    """Field check plus check_attack_input for an `attack` event's data and facts from state (defence, guard...)."""
    problems = check_fields(ATTACK_FIELDS, data)
    if problems:
        return problems
    kwargs = _event_kwargs(data, facts)
    return check_attack_input(rules, kwargs.pop("profile"), kwargs.pop("attack_roll"), kwargs.pop("defence"),
                              kwargs.pop("defence_roll"), **kwargs)


def resolve_attack_event(rules: CombatRules, data: Any, **facts: Any) -> AttackResult:
    """resolve_attack for an `attack` event's data plus facts from state (defence, guard, target_staggered...)."""
    problems = check_fields(ATTACK_FIELDS, data)
    if problems:
        return AttackResult(edition=rules.edition, violations=problems)
    kwargs = _event_kwargs(data, facts)
    return resolve_attack(rules, kwargs.pop("profile"), kwargs.pop("attack_roll"), kwargs.pop("defence"),
                          kwargs.pop("defence_roll"), **kwargs)


def attack_bounds(profile: Mapping, defence: Mapping, *, wizard_level: int | None = None) -> dict[str, dict]:
    """Suggestion bounds (core.Suggestion.bounds) for an attack event's rolls, from the characteristics.

    The maximum of each face is the Dice (or Defence) characteristic, or MAX_DICE when unknown: cards
    add dice, so the bound is a hint for forms, not a rule check.
    """
    spell = isinstance(profile, Mapping) and _profile_is_spell(profile)
    dice = profile.get("dice") if isinstance(profile, Mapping) else None
    if dice is None and spell:
        dice = wizard_level  # a spell Attack action with "-" rolls its wizard level (Deathgorge pg 20)
    defence_dice = defence.get("dice") if isinstance(defence, Mapping) else None
    out: dict[str, dict] = {}
    for face in (MAGIC_FACES if spell else ATTACK_FACES):
        out[f"attack_roll.{face}"] = {"type": "int", "min": 0, "max": dice if _is_int(dice, 0, MAX_DICE) else MAX_DICE}
    for face in DEFENCE_FACES:
        out[f"defence_roll.{face}"] = {"type": "int", "min": 0,
                                       "max": defence_dice if _is_int(defence_dice, 0, MAX_DICE) else MAX_DICE}
    out["supporting.attacker"] = {"type": "int", "min": 0, "max": 0 if spell else MAX_SUPPORT}
    out["supporting.target"] = {"type": "int", "min": 0, "max": MAX_SUPPORT}
    return out


# ----------------------------------------------------------------------------------------------
# Scything, vulnerable
# ----------------------------------------------------------------------------------------------

def scything_attacks(rules: CombatRules, adjacent_enemies: list[str]) -> dict:
    """The separate Attack actions a Scything Attack action makes: one per adjacent enemy, fixed at the start.

    More than one target makes it a superaction; no adjacent enemy means no Attack action at all.
    """
    targets = list(dict.fromkeys(adjacent_enemies))
    return {"targets": targets, "superaction": len(targets) > 1, "rule": rules.ref("scything")}


def is_vulnerable(wounds: int, wound_counters: int) -> bool:
    """Deathgorge rulebook, Vulnerable (pg 23): one more damage would take the fighter out of action (not at Wounds 1)."""
    return wounds > 1 and wound_counters == wounds - 1


# ----------------------------------------------------------------------------------------------
# Casting rolls (spells other than spell Attack actions)
# ----------------------------------------------------------------------------------------------

@dataclass
class CastingResult:
    """The outcome of a casting roll: cast or not, backlash, with the rules behind it."""

    edition: str
    cast: bool = False
    backlash: int = 0
    caster_out_of_action: bool | None = None
    needed: dict = field(default_factory=dict)
    rolled: dict = field(default_factory=dict)
    missing: int = 0                 # symbols of the casting value left unmatched
    steps: list[dict] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)

    @property
    def rules(self) -> list[str]:
        """The rule sources that applied, in order, each once."""
        return list(dict.fromkeys(s["rule"] for s in self.steps))

    @property
    def valid(self) -> bool:
        """False when the input was malformed and nothing was resolved."""
        return not any(not v.overridable for v in self.violations)

    def to_dict(self) -> dict:
        """JSON form."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out["steps"] = [dict(s) for s in self.steps]
        out["violations"] = [v.to_dict() for v in self.violations]
        out["rules"] = self.rules
        return out


MAGIC_ROLL_FIELDS: dict[str, dict] = {
    "dice": {**_COUNT, "help": "Magic dice rolled (one per wizard level)"},
    **{face: {**_COUNT, "help": f"Dice showing {face}"} for face in MAGIC_FACES},
}
CASTING_FIELDS: dict[str, dict] = {
    "caster": {"type": "fighter", "help": "Wizard attempting the spell"},
    "roll": {"type": "object", "fields": MAGIC_ROLL_FIELDS, "help": "Casting roll, counts per face"},
    "casting_value": {"type": "object", "help": "The spell's symbols, e.g. {channel: 2}",
                      "fields": {face: {**_COUNT} for face in MAGIC_FACES}},
    "innate": {"type": "enum", "choices": list(MAGIC_FACES), "required": False,
               "help": "The one innate symbol added to the casting roll"},
}


def _casting_needs(casting_value: Any) -> dict[str, int] | None:
    """{"channel": n, "focus": n, "crit": n} from a list of symbols or a mapping; None if malformed."""
    if isinstance(casting_value, (list, tuple)):
        if not all(v in MAGIC_FACES for v in casting_value):
            return None
        return {face: list(casting_value).count(face) for face in MAGIC_FACES}
    if isinstance(casting_value, Mapping):
        if any(k not in MAGIC_FACES or not _is_int(v, 0, MAX_DICE) for k, v in casting_value.items()):
            return None
        return {face: int(casting_value.get(face, 0)) for face in MAGIC_FACES}
    return None


def check_casting_input(rules: CombatRules, roll: Any, casting_value: Any, *, wizard_level: Any = None,
                        innate: Any = None, caster_wounds_left: Any = None) -> list[Violation]:
    """Problems with a casting roll's input: structural first, then rule ones (dice vs wizard level)."""
    problems = check_roll("magic", roll, "roll")
    needs = _casting_needs(casting_value)
    if needs is None or sum(needs.values()) == 0:
        problems.append(structural("malformed", "casting_value must list the spell's symbols, e.g. "
                                                "[\"channel\", \"channel\"] or {\"focus\": 1}."))
    if wizard_level is not None and not _is_int(wizard_level, 0, MAX_DICE):
        problems.append(structural("malformed", "wizard_level must be a whole number."))
    if caster_wounds_left is not None and not _is_int(caster_wounds_left, 0, 99):
        problems.append(structural("malformed", "caster_wounds_left must be a whole number or null."))
    problems += _check_innate(innate, MAGIC_FACES, "innate", rules)
    if problems:
        return problems
    if wizard_level is not None and dice_rolled("magic", roll) != wizard_level:
        problems.append(Violation("casting_dice", f"A casting roll is one magic dice per wizard level "
                                                  f"({wizard_level}), but {dice_rolled('magic', roll)} were "
                                                  "entered.", rules.ref("casting_roll")))
    return problems


def resolve_casting(rules: CombatRules, roll: Mapping, casting_value: Any, *, wizard_level: int | None = None,
                    innate: str | None = None, caster_wounds_left: int | None = None) -> CastingResult:
    """Resolve a casting roll against a spell's casting value (criticals match any symbol); never raises."""
    out = CastingResult(edition=rules.edition,
                        violations=check_casting_input(rules, roll, casting_value, wizard_level=wizard_level,
                                                       innate=innate, caster_wounds_left=caster_wounds_left))
    if not out.valid:
        return out
    trail = _Trail(rules)
    if not rules.spell_rules:
        trail.add("casting", f"The {rules.book} has no spell rules: the Deathgorge casting sequence applies.")
    rolled = counts("magic", roll)
    trail.add("casting_roll", f"Casting roll of {sum(rolled.values())} magic dice.")
    if innate:
        rolled = with_innate(rolled, innate)
        trail.add("innate", f"Innate ({innate}) added to the casting roll.")
    needs = _casting_needs(casting_value)
    out.needed, out.rolled = needs, rolled
    if rolled["crit"] >= 2:
        out.backlash = 1
        trail.add("backlash", f"{rolled['crit']} critical successes: backlash, the caster is dealt 1 damage.")
        if caster_wounds_left is not None:
            out.caster_out_of_action = caster_wounds_left <= 1
        if out.caster_out_of_action:
            trail.add("backlash", "Backlash took the caster out of action: the spell fails.")
            out.missing = sum(needs.values())
            out.steps = trail.steps
            return out
    # Each symbol of the casting value needs its own face; each critical success matches any symbol.
    # A "crit" in the casting value can only be matched by a critical success.
    short = sum(max(0, needs[f] - rolled[f]) for f in ("channel", "focus"))
    spare_crits = rolled["crit"] - needs["crit"]
    if spare_crits < 0:
        out.missing = -spare_crits + short
    else:
        out.missing = max(0, short - spare_crits)
    out.cast = out.missing == 0
    trail.add("casting", "Every symbol of the casting value is matched: the spell is cast." if out.cast else
              f"{out.missing} symbol(s) of the casting value unmatched: the spell fails.")
    out.steps = trail.steps
    return out
