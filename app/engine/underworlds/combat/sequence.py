"""The combat sequence, steps 2 to 7: successes, the result, damage, drive back, Stagger and backlash."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from ...core import Violation
from ..dice import SUCCESS, counts, with_innate
from .checks import check_attack_input, profile_is_spell
from .editions import (
    DEFENCE_SYMBOLS,
    SUCCESS_RESULTS,
    SUPPORT_COUNT,
    TRAPPED_DRAW_SUCCEEDS,
    TRAPPED_EXTRA_SUCCESS,
    CombatRules,
)
from .keywords import Keywords, parse_keywords


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
    steps: list[dict[str, Any]] = field(default_factory=list)   # [{"text", "rule"}] in order
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

    def to_dict(self) -> dict[str, Any]:
        """JSON form (consequence data, logs, clients)."""
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        out["steps"] = [dict(s) for s in self.steps]
        out["violations"] = [v.to_dict() for v in self.violations]
        out["rules"] = self.rules
        out["summary"] = self.summary()
        return out


class Trail:
    def __init__(self, rules: CombatRules):
        self.rules = rules
        self.steps: list[dict[str, Any]] = []

    def add(self, key_or_ref: str, text: str) -> None:
        ref = self.rules.refs.get(key_or_ref, key_or_ref)
        self.steps.append({"text": text, "rule": ref})


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
                   guard: bool, cover: bool, kw: Keywords, trail: Trail) -> tuple[set[str], set[str]]:
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


def _support(rules: CombatRules, who: str, own: int, enemy: int, trail: Trail) -> tuple[str, ...]:
    gained = support_faces(rules, own, enemy)
    if gained or own:
        how = (f"{own} supporting fighter(s)" if rules.support_mode == SUPPORT_COUNT
               else f"{own} supporting fighter(s) against {enemy}")
        trail.add("support", f"{who}: {how}, so " + (" and ".join(gained) if gained else "no support")
                             + " face(s) count as successes.")
    return gained


def _can_be_driven_back(rules: CombatRules, *, guard: bool, cannot_be_driven_back: bool, kw: Keywords,
                        trail: Trail) -> bool:
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
               movable: bool, trail: Trail) -> tuple[str, int, bool]:
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


def resolve_attack(rules: CombatRules, profile: Mapping[str, Any], attack_roll: Mapping[str, Any],
                   defence: Mapping[str, Any], defence_roll: Mapping[str, Any], *,
                   supporting: Mapping[str, Any] | None = None, guard: bool = False, cover: bool = False,
                   trapped: bool = False, cannot_be_driven_back: bool = False, innate_attack: str | None = None,
                   innate_defence: str | None = None, target_staggered: bool = False,
                   target_wounds_left: int | None = None, attacker_wounds_left: int | None = None) -> AttackResult:
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
    trail = Trail(rules)
    kw = parse_keywords(profile.get("keywords"))
    spell = profile_is_spell(profile)
    out.spell, out.scything = spell, kw.scything
    if spell and not rules.spell_rules:
        trail.add("spell_attack", f"The {rules.book} has no spell rules: the Deathgorge rules for spell "
                                  "Attack actions apply.")
    own, enemy = _supporting(supporting or {}, spell=spell, trail=trail)

    attack_faces, defence_faces = _success_faces(rules, profile["symbol"], defence["symbol"], spell=spell,
                                                 own=own, enemy=enemy, guard=guard, cover=cover, kw=kw,
                                                 trail=trail)
    out.attack_success_faces, out.defence_success_faces = sorted(attack_faces), sorted(defence_faces)
    # A roll entered by its counts (dice.py): its `success` dice are successes as the table counted them, with
    # the faces above; the engine still decides the result, damage and drive back from them (step 4 on).
    attack_faces.add(SUCCESS)
    defence_faces.add(SUCCESS)
    a_counts, d_counts = _rolled_counts(attack_roll, defence_roll, spell=spell, innate_attack=innate_attack,
                                        innate_defence=innate_defence, trail=trail)
    out.attack_crits, out.defence_crits = a_counts["crit"], d_counts["crit"]

    if spell and _backlash(out, attacker_wounds_left, trail):
        out.steps = trail.steps
        return out

    movable = _can_be_driven_back(rules, guard=guard, cannot_be_driven_back=cannot_be_driven_back, kw=kw,
                                  trail=trail)
    result, out.attack_successes, out.trapped = _determine(
        rules, out.attack_crits, out.defence_crits, _count(a_counts, attack_faces),
        _count(d_counts, defence_faces), trapped=trapped, movable=movable, trail=trail)
    out.defence_successes = _count(d_counts, defence_faces)
    _record_result(rules, out, result, trail)
    if out.success:
        _deal_damage(out, profile, result, kw, target_wounds_left, trail)
    if result in ("critical_hit", "hit", "draw") and out.target_out_of_action is not True:
        _drive_back(out, movable=movable, trapped=trapped, kw=kw, trail=trail)
    _after_attack(rules, out, kw, target_staggered=target_staggered, trail=trail)
    out.steps = trail.steps
    return out


def _supporting(supporting: Mapping[str, Any], *, spell: bool, trail: Trail) -> tuple[int, int]:
    """Supporting fighters of the attacker and of the target (a spell is never supported)."""
    own, enemy = int(supporting.get("attacker") or 0), int(supporting.get("target") or 0)
    if spell and own:
        trail.add("spell_support", f"A spell Attack action cannot be supported: {own} supporting "
                                   "fighter(s) of the attacker ignored.")
        own = 0
    return own, enemy


def _rolled_counts(attack_roll: Mapping[str, Any], defence_roll: Mapping[str, Any], *, spell: bool,
                   innate_attack: str | None, innate_defence: str | None,
                   trail: Trail) -> tuple[dict[str, Any], dict[str, Any]]:
    """Face counts of the attack and defence rolls, each with its Innate dice added."""
    a_counts = counts("magic" if spell else "attack", attack_roll)
    d_counts = counts("defence", defence_roll)
    if innate_attack:
        a_counts = with_innate(a_counts, innate_attack)
        trail.add("innate", f"Innate ({innate_attack}) added to the attack roll.")
    if innate_defence:
        d_counts = with_innate(d_counts, innate_defence)
        trail.add("innate", f"Innate ({innate_defence}) added to the defence roll.")
    return a_counts, d_counts


def _backlash(out: AttackResult, attacker_wounds_left: int | None, trail: Trail) -> bool:
    """A spell's backlash on its attack roll; True when it takes the caster out and ends the Attack action."""
    # Backlash happens with the attack roll (step 2), before success is determined.
    if out.attack_crits < 2:
        return False
    out.backlash = 1
    trail.add("backlash", f"{out.attack_crits} critical successes in a spell's attack roll: backlash, "
                          "the caster is dealt 1 damage.")
    if attacker_wounds_left is not None:
        out.caster_out_of_action = attacker_wounds_left <= 1
    if not out.caster_out_of_action:
        return False
    out.aborted = "backlash"
    trail.add("spell_attack", "Backlash took the caster out of action: the spell and the Attack "
                              "action fail.")
    return True


def _record_result(rules: CombatRules, out: AttackResult, result: str, trail: Trail) -> None:
    """Step 4's result in the book's words, and whose critical abilities it opens."""
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


def _deal_damage(out: AttackResult, profile: Mapping[str, Any], result: str, kw: Keywords,
                 target_wounds_left: int | None, trail: Trail) -> None:
    """Step 5 (deal damage) and step 6 (out of action?) of a successful Attack action."""
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


def _drive_back(out: AttackResult, *, movable: bool, trapped: bool, kw: Keywords, trail: Trail) -> None:
    """Step 7: drive back after a hit or a draw, unless the target is immovable or trapped."""
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


def _after_attack(rules: CombatRules, out: AttackResult, kw: Keywords, *, target_staggered: bool, trail: Trail) -> None:
    """What follows the Attack action: Stagger, a staggered target's re-roll, Scything."""
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


def scything_attacks(rules: CombatRules, adjacent_enemies: list[str]) -> dict[str, Any]:
    """The separate Attack actions a Scything Attack action makes: one per adjacent enemy, fixed at the start.

    More than one target makes it a superaction; no adjacent enemy means no Attack action at all.
    """
    targets = list(dict.fromkeys(adjacent_enemies))
    return {"targets": targets, "superaction": len(targets) > 1, "rule": rules.ref("scything")}


def is_vulnerable(wounds: int, wound_counters: int) -> bool:
    """Deathgorge rulebook, Vulnerable (pg 23): one more damage would take the fighter out of action (not at Wounds 1)."""
    return wounds > 1 and wound_counters == wounds - 1
