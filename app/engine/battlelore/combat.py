"""Combat: declare, roll, resolve results, suffer damage, retreat, gain lore, counter, advance."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..core import Consequence, Event, Violation
from . import rules
from . import terrain as T
from . import violations as V
from .answers import choices
from .damage import suffer
from .turns import advance_to, not_active
from .types import BattleLoreState, BattleLoreUnit
from .units import FACES, combat_terrain, dice_for, has, is_weak, terrain_of

RETREAT_ENDS = ("free", "supported", "blocked")


def owner(state: BattleLoreState, uid: str) -> str:
    """Seat of a unit."""
    return state["units"][uid]["seat"]


# -- checks -----------------------------------------------------------------------------------

def check_roll(state: BattleLoreState, data: dict[str, Any], attacker: BattleLoreUnit,
               target: BattleLoreUnit) -> list[Violation]:
    """The roll has as many dice as the combat value allows; commits use dice that were rolled."""
    out = []
    roll = data["roll"]
    bad = [f for f in roll if f not in FACES]
    if bad:
        return [V.BAD_FACE(f"Dice faces are {', '.join(FACES)}.", rules.RESULTS)]
    need, why = dice_for(attacker, target, data.get("dice_modifier") or 0)
    if len(roll) != need:
        out.append(V.DICE_COUNT(f"Roll {need} dice ({'; '.join(why)}), not {len(roll)}.", rules.ROLL))
    rolled = Counter(roll)
    commit = data.get("commit") or {}
    for face, n in commit.items():
        if face not in FACES or isinstance(n, bool) or not isinstance(n, int) or n < 0:
            return [V.MALFORMED("commit maps die faces to counts.", rules.RESULTS)]
        if n > rolled[face]:
            out.append(V.COMMIT_MORE_THAN_ROLLED(f"Only {rolled[face]} {face} rolled.", rules.ABILITIES))
    poison = data.get("poison_damage") or 0
    if poison:
        spare = rolled[rules.POISON_FACE] - commit.get(rules.POISON_FACE, 0)
        if poison > spare:
            out.append(V.POISON_DICE(f"Only {spare} {rules.POISON_FACE} result(s) left to commit to poison.", rules.POISON))
        if "poison" not in target["tokens"] and "poison" not in (data.get("inflict") or []):
            out.append(V.NOT_POISONED(f"{target['name']} is not poisoned.", rules.POISON))
    committed = sum(commit.values())
    if (data.get("ability_damage") or 0) + (data.get("ability_retreats") or 0) > committed:
        out.append(V.ABILITY_WITHOUT_DICE("Each die committed to a dice ability triggers it once: commit the dice that cause this.", rules.ABILITIES))
    for tok in data.get("inflict") or []:
        if tok not in ("stun", "poison", "bleed", "blight", "panic"):
            return [V.BAD_TOKEN(f"{tok!r} is not a token an attack can cause.", rules.MARKERS)]
    return out


def check_attack(state: BattleLoreState, event: Event) -> list[Violation]:
    """An ordered unit attacks once, melee adjacent or ranged in range and LOS. (Combat, 1-2; Attack step)"""
    out = not_active(state, event, rules.ATTACK_STEP)
    if out:
        return out
    if state["combat"]:
        return [V.COMBAT_OPEN("Finish resolving the current combat first.", rules.ATTACK_STEP)]
    if state["step"] != "attack":
        # the order and move steps close by themselves before it (passes.py)
        return [V.WRONG_STEP("Attacks come in the attack step." if state["step"] != "command"
                          else "Play a command card first.", rules.ATTACK_STEP, overridable=True)]
    d = event.data
    attacker, target = state["units"][d["attacker"]], state["units"][d["target"]]
    if attacker["seat"] != event.by or not attacker["alive"]:
        return [V.NOT_YOUR_UNIT("Attack with one of your units in play.", rules.ATTACK_STEP, overridable=False)]
    if target["seat"] == event.by or not target["alive"]:
        return [V.BAD_TARGET("The target must be an enemy unit in play.", rules.DECLARE)]
    if attacker["id"] not in state["ordered"]:
        out.append(V.NOT_ORDERED(f"{attacker['name']} was not ordered this turn.", rules.ORDER))
    if attacker["id"] in state["attacked"]:
        out.append(V.ALREADY_ATTACKED(f"{attacker['name']} has already attacked this turn.", rules.ATTACK_STEP))
    if "stun" in attacker["tokens"]:
        out.append(V.STUNNED(f"{attacker['name']} is stunned and cannot attack.", rules.STUN))
    out.extend(check_reach(state, d, attacker, target))
    out.extend(check_roll(state, d, attacker, target))
    return out


def check_reach(state: BattleLoreState, d: dict[str, Any], attacker: BattleLoreUnit,
                target: BattleLoreUnit) -> list[Violation]:
    """Melee only against an adjacent target; ranged within range (minimum range too) and in LOS."""
    out = []
    if d["kind"] != attacker["attack"]:
        out.append(V.ATTACK_TYPE(f"{attacker['name']} makes {attacker['attack']} attacks.", rules.DECLARE))
    dist = d["distance"]
    if d["kind"] == "melee" and dist != 1:
        out.append(V.NOT_ADJACENT("A melee attack targets a unit in an adjacent hex.", rules.DECLARE))
    if d["kind"] == "ranged":
        lo, hi = attacker.get("min_range") or 1, attacker.get("range") or 0
        if not lo <= dist <= hi:
            out.append(V.OUT_OF_RANGE(f"{attacker['name']} shoots at {lo} to {hi} hexes.", rules.DECLARE))
        if d.get("los", True) is False:
            out.append(V.NO_LOS("Line of sight is blocked: the unit cannot be targeted.", rules.DECLARE))
    if terrain_of(target) == "cavern" and dist != 1:
        out.append(V.CAVERN("A unit in a cavern can be targeted only by adjacent units.", rules.CAVERN))
    return out


# -- resolution -------------------------------------------------------------------------------

def open_combat(state: BattleLoreState, attacker: BattleLoreUnit, target: BattleLoreUnit, d: dict[str, Any],
                is_counter: bool) -> list[Consequence]:
    """Work out the results of a combat roll and wait for the target's player if they have choices."""
    rolled = Counter(d["roll"])
    commit = Counter(d.get("commit") or {})
    left = {f: rolled[f] - commit[f] for f in FACES}
    weak = is_weak(attacker, state)
    cons = []
    for tok in d.get("inflict") or []:
        if tok not in target["tokens"]:  # causing it again has no effect (Poison; Stun)
            target["tokens"].append(tok)
            cons.append(Consequence("token", {"unit": target["id"], "token": tok, "action": "add"},
                                    {"stun": rules.STUN, "poison": rules.POISON}.get(tok, rules.MARKERS)))
    poison = d.get("poison_damage") or 0
    if d["kind"] == "melee":
        dmg = left["strike"] + (0 if weak else left["cleave"])
    else:
        dmg = left["pierce"]
    dmg += (d.get("ability_damage") or 0) + poison
    retreats = left["morale"] - poison + (d.get("ability_retreats") or 0)
    auto = []
    if dmg and "shield" in target["tokens"]:
        target["tokens"].remove("shield")
        dmg -= 1
        auto.append("shield")
    elif "shield" in target["tokens"]:
        target["tokens"].remove("shield")  # removed by any combat roll against it (Markers, Shield)
    bldg = T.prop(combat_terrain(target), "ignore_damage", 0)
    building_left = 0
    if bldg and rules.AUTO_BUILDING_IGNORE:
        if dmg:
            dmg -= bldg
            auto.append("building")
        else:
            building_left = bldg
    state["combat"] = {
        "attacker": attacker["id"], "target": target["id"], "kind": d["kind"], "distance": d["distance"],
        "counter": is_counter, "roll": list(d["roll"]), "damage": dmg, "retreats": retreats,
        "lore": left["lore"], "weak_attacker": weak, "auto_ignored": auto,
        "building_left": building_left,
        "stunned_by_roll": "stun" in (d.get("inflict") or []),
        "target_origin": dict(target["pos"]), "target_moved": 0, "stage": "defend",
        "waiting": target["seat"]}
    cons.append(Consequence("combat_roll", {
        "attacker": attacker["id"], "target": target["id"], "counter": is_counter,
        "damage": dmg, "retreats": retreats, "lore": left["lore"], "weak_attacker": weak,
        "ignored": auto}, rules.RESULTS))
    if dmg <= 0 and retreats <= 0:
        state["combat"]["damage"] = 0
    if not choices(state, target, dmg, retreats):
        # No ability, effect or retreat for the target's player to decide: the hits apply at once (answers.py).
        cons.extend(finish_hits(state, {"ignore_damage": 0, "ignore_retreats": 0, "moved": 0, "end": "free"}))
    return cons


def apply_attack(state: BattleLoreState, event: Event) -> list[Consequence]:
    """The attacker rolls; the target's player then resolves damage and retreats."""
    cons = advance_to(state, "attack")
    attacker, target = state["units"][event.data["attacker"]], state["units"][event.data["target"]]
    state["attacked"].append(attacker["id"])
    cons.extend(open_combat(state, attacker, target, event.data, is_counter=False))
    return cons


def check_defend(state: BattleLoreState, event: Event) -> list[Violation]:
    """The target's player ignores damage/retreats by effects and resolves retreats. (Combat, 4-5)"""
    c = state["combat"]
    if not c or c["stage"] != "defend":
        return [V.NO_COMBAT("There are no hits to resolve.", rules.SUFFER)]
    if event.by != c["waiting"]:
        return [V.NOT_YOUR_UNIT("The target's player resolves its damage and retreats.", rules.SUFFER, overridable=True)]
    d = event.data
    out = []
    ig_d, ig_r = d.get("ignore_damage", 0), d.get("ignore_retreats", 0)
    if ig_d > max(0, c["damage"]):
        out.append(V.IGNORE_TOO_MUCH(f"Only {max(0, c['damage'])} damage to ignore.", rules.SUFFER))
    if ig_r > max(0, c["retreats"]):
        out.append(V.IGNORE_TOO_MUCH(f"Only {max(0, c['retreats'])} retreat(s) to ignore.", rules.RETREATS))
    if out:
        return out
    target = state["units"][c["target"]]
    need = max(0, c["retreats"]) - ig_r
    moved, end = d.get("moved", 0), d.get("end", "free")
    if moved > need:
        return [V.RETREAT_TOO_FAR(f"The unit retreats {need} hex(es) at most.", rules.RETREAT)]
    if moved and d.get("to") is None:
        return [V.MISSING_FIELD("Say where the unit retreated to (data.to).", rules.RETREAT)]
    if moved and ("stun" in target["tokens"] or has(target, "unyielding")):
        return [V.CANNOT_RETREAT(f"{target['name']} cannot retreat; it suffers damage instead.", rules.STUN if "stun" in target["tokens"] else rules.UNYIELDING)]
    if moved:
        out.extend(T.check_position(state, target, d["to"], rules.RETREAT))
    if end == "free" and moved < need:
        stops = moved and d.get("to") and _stops_retreat(state, target, d["to"])
        if not stops and not ("stun" in target["tokens"] or has(target, "unyielding")):
            out.append(V.RETREAT_SHORT(f"The unit must retreat {need} hex(es); say whether it was supported, blocked or stopped by terrain.", rules.RETREAT))
    return out


def _stops_retreat(state: BattleLoreState, unit: BattleLoreUnit, pos: dict[str, Any]) -> bool:
    if has(unit, "flying"):
        return False  # a flying unit ignores the effects of hexes it retreats into (Flying)
    terrain = pos["terrain"]
    if terrain in state["features"]:
        terrain = state["features"][terrain]["type"]
    return bool(T.prop(terrain, "stops_retreat"))


def apply_defend(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Suffer damage, then resolve retreats (damage for those that cannot be made), gain lore, next."""
    c = state["combat"]
    if not c or c["stage"] != "defend":
        # a log stored before plain hits applied themselves holds the defender's "take the hits" after them: it is
        # replayed as what it now is, nothing (new entries are refused by check_defend)
        return []
    return finish_hits(state, event.data)


def finish_hits(state: BattleLoreState, d: dict[str, Any]) -> list[Consequence]:
    """Combat steps 4-6 for the open combat, then open the counter or advance window, or end it."""
    c = state["combat"]
    target = state["units"][c["target"]]
    cons = []
    dmg = max(0, c["damage"]) - d.get("ignore_damage", 0)
    if d.get("ignore_damage"):
        cons.append(Consequence("damage_ignored", {"unit": target["id"], "amount": d["ignore_damage"]},
                                rules.SUFFER))
    cons.extend(suffer(state, target["id"], dmg, rules.SUFFER, "combat"))
    need = max(0, c["retreats"]) - d.get("ignore_retreats", 0)
    if target["alive"] and need > 0 and not state["winner"]:
        cons.extend(_retreat(state, c, target, need, d))
    if state["winner"]:
        state["combat"] = None
        return cons
    attacker = state["units"][c["attacker"]]
    if c["lore"] > 0:
        state["seats"][attacker["seat"]]["lore"] += c["lore"]
        cons.append(Consequence("lore_gained", {"seat": attacker["seat"], "amount": c["lore"],
                                                "why": "lore results"}, rules.GAIN_LORE))
    cons.extend(_next_window(state))
    return cons


def _retreat(state: BattleLoreState, c: dict[str, Any], target: BattleLoreUnit, need: int,
             d: dict[str, Any]) -> list[Consequence]:
    """Move the target back, or damage for each retreat it cannot make. (Retreat; Stun; Terrain)"""
    moved, end = d.get("moved", 0), d.get("end", "free")
    cons = []
    cannot = "stun" in target["tokens"] or has(target, "unyielding")
    if end == "supported":
        # Retreat (supported units): ignored retreats cause no damage.
        cons.append(Consequence("supported", {"unit": target["id"], "ignored": need - moved}, rules.SUPPORTED))
        if moved:
            target["pos"] = T.normalise_position(state, d["to"])
            c["target_moved"] = moved
        return cons
    if cannot:
        rule = rules.STUN if "stun" in target["tokens"] else rules.UNYIELDING
        hurt = need
        if c["building_left"]:
            hurt -= c["building_left"]
            c["building_left"] = 0
        cons.append(Consequence("retreat_blocked", {"unit": target["id"], "unresolved": need}, rule))
        return cons + suffer(state, target["id"], hurt, rule, "retreats it cannot make")
    rule = rules.RETREAT
    unresolved = need - moved
    ignore = 0
    if moved:
        target["pos"] = T.normalise_position(state, d["to"])
        c["target_moved"] = moved
        cons.append(Consequence("retreated", {"unit": target["id"], "hexes": moved}, rules.RETREAT))
        terrain = target["pos"]["terrain"]
        if not has(target, "flying"):
            ignore = T.prop(terrain, "retreat_ignore", 0)
            if T.prop(terrain, "enter_damage"):
                cons.extend(suffer(state, target["id"], T.prop(terrain, "enter_damage"), rules.RUBBLE,
                                   "retreated into rubble"))
            if unresolved and T.prop(terrain, "stops_retreat"):
                rule = T.prop(terrain, "rule")
    elif c["building_left"]:
        ignore = c["building_left"]  # still in its building: the per-combat ignore is unused
    c["building_left"] = 0
    if unresolved > 0 and target["alive"]:
        cons.append(Consequence("retreat_blocked", {"unit": target["id"], "unresolved": unresolved}, rule))
        cons.extend(suffer(state, target["id"], max(0, unresolved - ignore), rule, "retreats it cannot make"))
    return cons


def _next_window(state: BattleLoreState) -> list[Consequence]:
    """After the hits: a counter (step 7) if the target may, else an advance (step 8), else done."""
    c = state["combat"]
    attacker, target = state["units"][c["attacker"]], state["units"][c["target"]]
    adjacent = c["distance"] == 1
    if (not c["counter"] and adjacent and target["alive"] and attacker["alive"] and not c["target_moved"]
            and "stun" not in target["tokens"] and can_reach_adjacent(target)):
        c["stage"], c["waiting"] = "counter", target["seat"]
        return [Consequence("counter_window", {"unit": target["id"]}, rules.COUNTER)]
    if (not c["counter"] and adjacent and attacker["alive"] and "stun" not in attacker["tokens"]
            and (not target["alive"] or c["target_moved"])):
        c["stage"], c["waiting"] = "advance", attacker["seat"]
        return [Consequence("advance_window", {"unit": attacker["id"]}, rules.ADVANCE)]
    state["last_combat"] = {"attacker": c["attacker"], "target": c["target"], "counter": c["counter"]}
    state["combat"] = None
    return [Consequence("combat_over", {"attacker": c["attacker"], "target": c["target"]}, rules.COMBAT)]


def can_reach_adjacent(unit: BattleLoreUnit) -> bool:
    """Can the unit attack an adjacent unit (melee, or ranged with minimum range 1)?"""
    return unit["attack"] == "melee" or (unit.get("min_range") or 1) <= 1


def check_counter(state: BattleLoreState, event: Event) -> list[Violation]:
    """The adjacent surviving target may counter once, following the combat sequence. (Counter)"""
    c = state["combat"]
    if not c or c["stage"] != "counter":
        return [V.NO_COUNTER("There is no counter to make now.", rules.COUNTER)]
    if event.by != c["waiting"]:
        return [V.NOT_YOUR_UNIT("Only the attacked unit's player may counter.", rules.COUNTER, overridable=True)]
    unit, foe = state["units"][c["target"]], state["units"][c["attacker"]]
    d = dict(event.data, kind=unit["attack"], distance=1)
    return check_roll(state, d, unit, foe)


def apply_counter(state: BattleLoreState, event: Event) -> list[Consequence]:
    """The counter is a combat roll against the attacker; it cannot be countered or advance."""
    c = state["combat"]
    unit, foe = state["units"][c["target"]], state["units"][c["attacker"]]
    d = dict(event.data, kind=unit["attack"], distance=1)
    return open_combat(state, unit, foe, d, is_counter=True)


def check_decline(state: BattleLoreState, event: Event) -> list[Violation]:
    """Countering and advancing are optional."""
    c = state["combat"]
    window = event.data["window"]
    if not c or c["stage"] != window:
        return [V.NO_WINDOW(f"There is no {window} to decline.", rules.COUNTER if window == "counter" else rules.ADVANCE)]
    if event.by != c["waiting"]:
        return [V.NOT_YOUR_CHOICE("The other player decides this.", rules.COUNTER)]
    return []


def apply_decline(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Pass on the counter (then the attacker may still not advance: the target did not move)."""
    c = state["combat"]
    state["last_combat"] = {"attacker": c["attacker"], "target": c["target"], "counter": c["counter"]}
    state["combat"] = None
    return [Consequence("combat_over", {"attacker": c["attacker"], "target": c["target"]}, rules.COMBAT)]


def check_advance(state: BattleLoreState, event: Event) -> list[Violation]:
    """After eliminating or pushing back an adjacent target, the attacker may take its hex. (Advance)"""
    c = state["combat"]
    if not c or c["stage"] != "advance":
        return [V.NO_ADVANCE("The attacker cannot advance now.", rules.ADVANCE)]
    if event.by != c["waiting"]:
        return [V.NOT_YOUR_UNIT("Only the attacking player advances.", rules.ADVANCE, overridable=True)]
    return []


def apply_advance(state: BattleLoreState, event: Event) -> list[Consequence]:
    """The attacker moves into the target's original hex."""
    c = state["combat"]
    attacker = state["units"][c["attacker"]]
    attacker["pos"] = dict(c["target_origin"])
    state["last_combat"] = {"attacker": c["attacker"], "target": c["target"], "counter": False}
    state["combat"] = None
    return [Consequence("advanced", {"unit": attacker["id"], "to": attacker["pos"]}, rules.ADVANCE),
            Consequence("combat_over", {"attacker": c["attacker"], "target": c["target"]}, rules.COMBAT)]
