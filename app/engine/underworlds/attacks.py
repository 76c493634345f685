"""The `attack` event: the dice entered at the table, resolved by combat.py, applied to the state.

combat.py (pure functions of the rolls) decides step 4 (critical hit / hit / draw / miss / critical
defence), damage, drive back, Stagger and backlash from the rolls; this module supplies the facts it needs
from the state (Defence, Guard, staggered, wounds left) and applies the result with its consequences:
wound counters, out of action and bounty, Stagger token, backlash damage to the caster, and the reaction
steps the Attack action passed. Drive back and Knockback are the attacking player's choice on the board:
the result says how far the target may be pushed (the `drive_back` event, checked against it).

Reading chosen: an Attack action is entered as ONE event once its dice are final, so reactions used during the
combat sequence (after the attack roll, after the defence roll...) happen at the table before the rolls are
entered (a re-roll changes the entered dice). The window opened after the event lists every reaction step the
Attack action passed, so those reactions are recorded in the log, one per player per step.
"""
from __future__ import annotations

from ..core import Consequence, Violation
from . import combat, damage
from . import fighters as F
from . import reactions, turns
from .state import characteristic, defence_known, profiles, seat_of, traits


def fields() -> dict:
    """The attack event's field spec (combat.ATTACK_FIELDS)."""
    return combat.ATTACK_FIELDS


def _facts(state, data) -> dict:
    att, tgt = data["attacker"], data["target"]
    ft, fa = state["fighters"][tgt], state["fighters"][att]
    return {"defence": characteristic(state, tgt, "defence") or {"dice": 1, "symbol": "block"},
            "guard": ft["tokens"]["guard"] > 0,
            "target_staggered": ft["tokens"]["stagger"] > 0,
            "target_wounds_left": wounds_left(ft), "attacker_wounds_left": wounds_left(fa)}


def wounds_left(f: dict) -> int | None:
    """Wounds minus wound counters; None when the Wounds characteristic is unknown."""
    return None if f["wounds"] is None else max(0, f["wounds"] - f["damage"])


def full_data(state, data) -> dict:
    """Event data with the profile completed from the attacker's card (name only is enough)."""
    out = dict(data)
    out["profile"] = combat.complete_profile(data.get("profile") or {}, profiles(state, data["attacker"]))
    return out


def check_attack(rs, state, event) -> list[Violation]:
    """The pending Attack action, a friendly attacker and an enemy target on the battlefield, sound dice."""
    R = rs.edition.rule
    d = event.data
    att, tgt = d["attacker"], d["target"]
    out = []
    if seat_of(att) != event.by:
        return [Violation("not_friendly", "You make Attack actions with your own fighters.", R("attack"))]
    pending = state.get("pending")
    granted = (state.get("granted") or {}).get(att, 0) > 0
    if (not pending or pending["attacker"] != att) and not granted:
        out.append(Violation("no_attack_pending", f"{att} has not been activated to make an Attack action "
                             "(a card granting one? override with its name).", R("activation_step")))
    if state["fighters"][att]["out"]:
        return out + [Violation("fighter_out_of_action", f"{att} is out of action.", R("out_of_action_adv"))]
    if seat_of(tgt) == event.by:
        out.append(Violation("friendly_target", "You cannot target a friendly fighter.", R("combat_friendly")))
    if state["fighters"][tgt]["out"]:
        return out + [Violation("target_out_of_action", f"{tgt} is out of action.", R("out_of_action_adv"))]
    if pending and tgt in pending.get("targets", []):
        out.append(Violation("scything_same_target", "Each Scything Attack action targets a different fighter.",
                             R("scything")))
    entered = d.get("defence") or {}
    if not defence_known(state, tgt) and (entered.get("dice") is None or entered.get("symbol") is None):
        # Combat step 3 (pg 21) rolls the target's Defence: content without it must not be guessed.
        out.append(Violation("defence_needed", f"{tgt}'s Defence is not known: enter its dice and symbol from the "
                             "fighter card (defence).", R("combat"), overridable=False))
    data = full_data(state, d)
    if data["profile"].get("spell") and "wizard" not in traits(state, att):
        out.append(Violation("not_a_wizard", "Only wizards make spell Attack actions.", R("spells")))
    out.extend(combat.check_attack_event(rs.edition.combat, data, **_facts(state, d)))
    return out


def apply_attack(rs, state, event) -> list[Consequence]:
    """Resolve the rolls and apply damage, out of action, bounty, Stagger and backlash; open reaction steps."""
    R = rs.edition.rule
    d = event.data
    att, tgt = d["attacker"], d["target"]
    data = full_data(state, d)
    result = combat.resolve_attack_event(rs.edition.combat, data, **_facts(state, d))
    summary = {"attacker": att, "target": tgt, "result": result.result, "success": result.success,
               "damage": result.damage, "drive_back": result.drive_back, "knockback": result.knockback,
               "critical_abilities": result.critical_abilities, "attack_rerolls": result.attack_rerolls,
               "summary": result.summary()}
    cons = [Consequence("attack_resolved", summary, R("combat"))]
    steps = ["after_declare_attack", "after_attack_roll"]
    if result.backlash:
        cons.extend(damage.deal_damage(rs, state, att, result.backlash, att, "backlash"))
        # Backlash is damage: the reaction steps of a fighter dealt damage (and taken out of action) follow it
        # (Deathgorge rulebook, Reactions: when a fighter is dealt damage, pg 36).
        steps += ["after_backlash", "after_damage"] + (["after_out_of_action"] if state["fighters"][att]["out"] else [])
    out_now: list[str] = []
    target_feature = state["fighters"][tgt]["feature"]  # cleared if the target goes out of action (Plunder needs it)
    if result.result is not None:  # None: backlash took the caster out before step 4, the spell fails
        steps += ["after_defence_roll", "after_determine_success"]
        if result.success:
            cons.extend(damage.deal_damage(rs, state, tgt, result.damage, att, "attack"))
            steps += ["after_damage", "after_out_of_action"]
            if state["fighters"][tgt]["out"]:
                out_now.append(tgt)
            elif result.target_staggered:
                F.give_token(rs, state, tgt, "stagger", cons)
                cons.append(Consequence("staggered", {"fighter": tgt, "by": att}, R("stagger")))
        if not out_now and result.result in ("critical_hit", "hit", "draw"):
            steps.append("after_drive_back")  # step 7 happens (the target may or may not be pushed)
    steps.append("after_attack")
    if state["fighters"][att]["out"]:
        out_now.append(att)
    pending = state.get("pending")
    granted = state.get("granted") or {}
    if granted.get(att) and not (pending and pending["attacker"] == att):
        granted[att] -= 1
        if granted[att] <= 0:
            del granted[att]
    elif pending and pending["attacker"] == att:
        pending["left"] -= 1
        pending.setdefault("targets", []).append(tgt)
        if pending["left"] <= 0:
            cons.extend(turns.finish_activation(rs, state))
            steps += ["after_action", "after_activation"]
    reactions.open_window(state, steps, {"attacker": att, "target": tgt, "out_of_action": out_now,
                                         "result": result.result, "success": bool(result.success),
                                         "target_feature": target_feature})
    # Step 7: the attacking player may now push the target 1 hex away (+ Knockback): the drive_back event.
    state["drive_back"] = ({"attacker": att, "fighter": tgt, "hexes": 1 + (result.knockback or 0)}
                           if result.drive_back and not out_now else None)
    if state["drive_back"]:
        cons.append(Consequence("drive_back_allowed", dict(state["drive_back"]), R("combat")))
    return cons


def check_drive_back(rs, state, event) -> list[Violation]:
    """Drive back (combat step 7, pg 21; Knockback pg 26): the attacking player may push the target of the
    Attack action just made 1 hex away from the attacker, plus up to its Knockback in the same direction."""
    R = rs.edition.rule
    d = event.data
    allowed = state.get("drive_back")
    if not allowed or allowed["fighter"] != d["fighter"]:
        return [Violation("no_drive_back", "Only the target of the Attack action just made can be driven back, when "
                          "the result allows it (not on Guard without Knockback, not trapped, not out of action).",
                          R("combat"))]
    out = []
    if seat_of(allowed["attacker"]) != event.by:
        out.append(Violation("not_attacking_player", "The attacking player chooses whether to drive the target back.",
                             R("combat")))
    if d["hexes"] > allowed["hexes"]:
        out.append(Violation("too_far", f"The target can be driven back at most {allowed['hexes']} hex(es).",
                             R("combat")))
    return out


def apply_drive_back(rs, state, event) -> list[Consequence]:
    """Push the target (a push into a lethal hex deals 1 damage dealt by the hex; a snare hex staggers); 0 hexes:
    the attacking player chose not to drive it back (combat step 7, pg 21)."""
    state["drive_back"] = None
    if event.data["hexes"] == 0:
        return [Consequence("not_driven_back", {"fighter": event.data["fighter"]}, rs.edition.rule("combat"))]
    return F.apply_push(rs, state, event)
