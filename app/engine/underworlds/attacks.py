"""The `attack` event: the dice entered at the table, resolved by the combat package, applied to the state.

combat/ (pure functions of the rolls) decides step 4 (critical hit / hit / draw / miss / critical
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

from typing import TYPE_CHECKING, Any

from ..core import Consequence, Event, Suggestion, Violation
from . import combat, damage, effects, reactions, turns
from . import violations as V
from .combat import AttackResult, CombatRules
from .state import (
    FighterRecord,
    UnderworldsState,
    characteristic,
    defence_known,
    enemies,
    fighter_name,
    present,
    profiles,
    profiles_unknown,
    seat_of,
    traits,
)

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def fields() -> dict[str, Any]:
    """The attack event's field spec (combat.ATTACK_FIELDS)."""
    return combat.ATTACK_FIELDS


def _facts(state: UnderworldsState, data: dict[str, Any]) -> dict[str, Any]:
    att, tgt = data["attacker"], data["target"]
    ft, fa = state["fighters"][tgt], state["fighters"][att]
    return {"defence": characteristic(state, tgt, "defence") or {"dice": 1, "symbol": "block"},
            "guard": ft["tokens"]["guard"] > 0,
            "target_staggered": ft["tokens"]["stagger"] > 0,
            "target_wounds_left": wounds_left(ft), "attacker_wounds_left": wounds_left(fa)}


def wounds_left(f: FighterRecord) -> int | None:
    """Wounds minus wound counters; None when the Wounds characteristic is unknown."""
    return None if f["wounds"] is None else max(0, f["wounds"] - f["damage"])


def full_data(state: UnderworldsState, data: dict[str, Any], rules: CombatRules | None = None) -> dict[str, Any]:
    """Event data with the profile completed from the attacker's card (name only is enough), and cover where the
    engine knows the target stands on a cover hex token: "a hex that contains a cover token is a cover hex"
    (Deathgorge rulebook, Feature tokens pg 14; Cover hexes pg 10), in the editions that have cover hexes."""
    out = dict(data)
    out["profile"] = combat.complete_profile(data.get("profile") or {}, profiles(state, data["attacker"]))
    if rules is not None and rules.cover_symbol is not None and on_cover_token(state, data["target"]):
        out["cover"] = True
    return out


def on_cover_token(state: UnderworldsState, fid: str) -> bool:
    """The fighter stands on a feature token whose cover hex side is face up."""
    key = state["fighters"][fid]["feature"]
    if not key:
        return False
    return state["features"][key]["on_board"] and state["features"][key]["face"] == "cover"


def check_attack(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """The pending Attack action, a friendly attacker and an enemy target on the battlefield, sound dice."""
    cite = rs.edition.rule
    d = event.data
    att, tgt = d["attacker"], d["target"]
    out = []
    if seat_of(att) != event.by:
        return [V.NOT_FRIENDLY("You make Attack actions with your own fighters.", cite("attack"))]
    pending = state.get("pending")
    granted = (state.get("granted") or {}).get(att, 0) > 0
    if (not pending or pending["attacker"] != att) and not granted:
        out.append(V.NO_ATTACK_PENDING(f"{att} has not been activated to make an Attack action "
                                       "(a card granting one? override with its name).", cite("activation_step")))
    if state["fighters"][att]["out"]:
        return out + [V.FIGHTER_OUT_OF_ACTION(f"{att} is out of action.", cite("out_of_action_adv"))]
    if seat_of(tgt) == event.by:
        out.append(V.FRIENDLY_TARGET("You cannot target a friendly fighter.", cite("combat_friendly")))
    if state["fighters"][tgt]["out"]:
        return out + [V.TARGET_OUT_OF_ACTION(f"{tgt} is out of action.", cite("out_of_action_adv"))]
    if pending and tgt in pending.get("targets", []):
        out.append(V.SCYTHING_SAME_TARGET("Each Scything Attack action targets a different fighter.", cite("scything")))
    entered = d.get("defence") or {}
    if not defence_known(state, tgt) and (entered.get("dice") is None or entered.get("symbol") is None):
        # Combat step 3 (pg 21) rolls the target's Defence: content without it must not be guessed.
        out.append(V.DEFENCE_NEEDED(f"{tgt}'s Defence is not known: enter its dice and symbol from the "
                                    "fighter card (defence).", cite("combat")))
    data = full_data(state, d, rs.edition.combat)
    if data["profile"].get("spell") and "wizard" not in traits(state, att):
        out.append(V.NOT_A_WIZARD("Only wizards make spell Attack actions.", cite("spells")))
    out.extend(combat.check_attack_event(rs.edition.combat, data, **_facts(state, d)))
    return out


def _read_by_cards(data: dict[str, Any], result: AttackResult, charge: bool) -> dict[str, Any]:
    """What the conditions of cards read of an Attack action (conditions.py, reactions.unmet_conditions): a Charge's
    attack, criticals rolled, its range, the damage dealt."""
    return {"charge": charge, "crit": (data.get("attack_roll") or {}).get("crit", 0) > 0,
            "defence_crit": (data.get("defence_roll") or {}).get("crit", 0) > 0,
            "range": data["profile"].get("range"), "damage": result.damage if result.success else 0}


def apply_attack(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Resolve the rolls and apply damage, out of action, bounty, Stagger and backlash; open reaction steps."""
    cite = rs.edition.rule
    d = event.data
    att, tgt = d["attacker"], d["target"]
    data = full_data(state, d, rs.edition.combat)
    result = combat.resolve_attack_event(rs.edition.combat, data, **_facts(state, d))
    summary = {"attacker": att, "target": tgt, "result": result.result, "success": result.success,
               "damage": result.damage, "drive_back": result.drive_back, "knockback": result.knockback,
               "critical_abilities": result.critical_abilities, "attack_rerolls": result.attack_rerolls,
               # The faces that counted as successes (support, Guard, cover, Cleave, Ensnare applied): the phone
               # shows these, from the preview, rather than working them out itself.
               "faces": {"attack": result.attack_success_faces, "defence": result.defence_success_faces},
               "summary": result.summary()}
    cons = [Consequence("attack_resolved", summary, cite("combat"))]
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
                effects.give_token(rs, state, tgt, "stagger", cons)
                cons.append(Consequence("staggered", {"fighter": tgt, "by": att}, cite("stagger")))
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
    charge = bool(pending and pending["attacker"] == att and pending.get("charge"))
    reactions.open_window(state, steps, {"attacker": att, "target": tgt, "out_of_action": out_now,
                                         "result": result.result, "success": bool(result.success),
                                         "target_feature": target_feature, **_read_by_cards(data, result, charge)})
    # Step 7: the attacking player may now push the target 1 hex away (+ Knockback): the drive_back event.
    state["drive_back"] = ({"attacker": att, "fighter": tgt, "hexes": 1 + (result.knockback or 0)}
                           if result.drive_back and not out_now else None)
    if state["drive_back"]:
        cons.append(Consequence("drive_back_allowed", dict(state["drive_back"]), cite("combat")))
    return cons


def check_drive_back(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Drive back (combat step 7, pg 21; Knockback pg 26): the attacking player may push the target of the
    Attack action just made 1 hex away from the attacker, plus up to its Knockback in the same direction."""
    cite = rs.edition.rule
    d = event.data
    allowed = state.get("drive_back")
    if not allowed or allowed["fighter"] != d["fighter"]:
        return [V.NO_DRIVE_BACK("Only the target of the Attack action just made can be driven back, when the result "
                                "allows it (not on Guard without Knockback, not trapped, not out of action).",
                                cite("combat"))]
    out = []
    if seat_of(allowed["attacker"]) != event.by:
        out.append(V.NOT_ATTACKING_PLAYER("The attacking player chooses whether to drive the target back.",
                                          cite("combat")))
    if d["hexes"] > allowed["hexes"]:
        out.append(V.TOO_FAR(f"The target can be driven back at most {allowed['hexes']} hex(es).", cite("combat")))
    return out


def apply_drive_back(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Push the target (a push into a lethal hex deals 1 damage dealt by the hex; a snare hex staggers); 0 hexes:
    the attacking player chose not to drive it back (combat step 7, pg 21)."""
    state["drive_back"] = None
    if event.data["hexes"] == 0:
        return [Consequence("not_driven_back", {"fighter": event.data["fighter"]}, rs.edition.rule("combat"))]
    return effects.apply_push(rs, state, event)


# -- suggestions (suggest.py builds the seat's advice from these) ------------------------------

def into_choices(rs: UnderworldsRuleset) -> list[str]:
    """Hexes a push can end in that matter to the rules: snare hexes only where the edition has Stagger."""
    stagger = rs.edition.combat.stagger
    return ["none", "lethal", "snare"] if stagger else ["none", "lethal"]


def suggest_pending_attack(rs: UnderworldsRuleset, state: UnderworldsState, seat: str) -> list[Suggestion]:
    pending = present(state, "pending")
    att = pending["attacker"]
    if seat_of(att) != seat:
        return []
    out = attack_templates(rs, state, seat, att, pending.get("targets", []))
    out.append(Suggestion("abandon", seat, "The Attack action cannot be made", {}, group="Attack"))
    return out


# Bounds for numbers a player enters from the fighter card when content lacks them: hints for forms, like
# combat.attack_bounds (cards change characteristics, so these are not rule checks).
ENTERED_PROFILE = {"range": {"type": "int", "min": 1, "max": 4}, "dice": {"type": "int", "min": 1, "max": 5},
                   "damage": {"type": "int", "min": 1, "max": 5}}
ENTERED_DEFENCE_DICE = {"type": "int", "min": 1, "max": 4}
UNKNOWN_DICE_FACE_MAX = 4  # each face of a roll whose Dice are still to be entered: 5 faces x 4 <= 20 dice
DEFENCE_SYMBOLS = ["block", "dodge"]


def attack_templates(rs: UnderworldsRuleset, state: UnderworldsState, seat: str, att: str,
                     done: list[str]) -> list[Suggestion]:
    """One attack template per usable Attack action of `att`: target choices, roll counts as int bounds.

    Numbers our content lacks are asked for in the template (the attack event carries an inline profile and
    the target's Defence): an unknown Dice/Damage/Range as int bounds and an unknown symbol as a choice; a
    fighter whose Attack actions are all unknown gets one template asking for the whole profile; targets whose
    Defence is unknown get their own template asking for it."""
    targets = [e for e in enemies(state, seat) if e not in done]
    out: list[Suggestion] = []
    if not targets or "attack" not in {e["type"] for e in rs.event_types()}:
        return out
    known_def = [t for t in targets if defence_known(state, t)]
    unknown_def = [t for t in targets if not defence_known(state, t)]
    wizard = "wizard" in traits(state, att)
    profs = list(profiles(state, att))
    if not profs and profiles_unknown(state, att):
        profs = [{"name": None, "range": None, "dice": None, "symbol": None, "damage": None, "spell": False}]
    for prof in profs:
        spell = bool(prof.get("spell"))
        if spell and not wizard:
            continue
        given, bounds, choices = _profile_fields(state, att, prof)
        dice = given.get("dice") or prof.get("dice") or (
            (state["fighter_cards"][att].get("wizard_level") or 1) if spell else UNKNOWN_DICE_FACE_MAX)
        # The faces' bounds (the face form: a roll by its counts, dice.py, is the other way to fill it, not a field
        # to fill beside them).
        faces = ("crit", "channel", "focus") if spell else ("crit", "smash", "fury", "single", "double")
        bounds.update({f"attack_roll.{f}": {"type": "int", "min": 0, "max": dice} for f in faces})
        if prof.get("name"):
            label = prof["name"] + (" (enter its numbers)" if choices or bounds.keys() & PROFILE_PATHS else "")
        elif any(prof.get(k) is None for k in ("dice", "symbol", "damage")):
            label = "Attack (enter its profile)"
        else:
            label = f"{dice} {prof.get('symbol')}, {prof.get('damage')} damage"
        for group_targets, needs_def in ((known_def, False), (unknown_def, True)):
            if not group_targets:
                continue
            b, c = dict(bounds), {"target": group_targets, **choices}
            if needs_def:
                max_def = ENTERED_DEFENCE_DICE["max"]
                b["defence.dice"] = dict(ENTERED_DEFENCE_DICE)
                c["defence.symbol"] = list(DEFENCE_SYMBOLS)
            else:
                max_def = max(characteristic(state, t, "defence")["dice"] or 1 for t in group_targets)
            b.update({f"defence_roll.{f}": {"type": "int", "min": 0, "max": max_def}
                      for f in ("crit", "block", "dodge", "single", "double")})
            out.append(Suggestion("attack", seat, f"{fighter_name(state, att)}: {label}"
                                  + (" (enter the target's Defence)" if needs_def else ""),
                                  {"attacker": att, "profile": dict(given)}, choices=c, bounds=b, group="Attack"))
    return out


PROFILE_PATHS = {"profile.range", "profile.dice", "profile.damage"}


def _profile_fields(state: UnderworldsState, att: str,
                    prof: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    """The event's profile for a card profile: its name (the rest is filled from the card), or its known numbers;
    plus bounds/choices for the numbers no source gives (the player enters them from the card)."""
    spell = bool(prof.get("spell"))
    if prof.get("name"):
        given = {"name": prof["name"]}
    else:
        given = {k: v for k, v in prof.items() if v is not None and k in ("range", "dice", "symbol", "damage",
                                                                           "keywords", "spell")}
    bounds, choices = {}, {}
    for key in ("range", "dice", "damage"):
        if prof.get(key) is None and not (key == "dice" and spell):  # a spell without Dice rolls its wizard level
            bounds[f"profile.{key}"] = dict(ENTERED_PROFILE[key])
    if prof.get("symbol") is None:
        choices["profile.symbol"] = ["channel", "focus"] if spell else ["smash", "fury"]
    return given, bounds, choices
