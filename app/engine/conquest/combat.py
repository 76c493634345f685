"""The combat phase: Mobile moves, battles in line order, combat turns, retreats, winning and stalemates."""
from __future__ import annotations

from typing import Any, cast

from ..core import Consequence, Event, Violation
from . import abilities, damage, rules, victory, windows
from . import violations as V
from .board import (
    adjacent_slots,
    battle_now,
    face_up,
    initiative_order,
    other,
    planet_at,
    planet_label,
    seats,
    units_at,
    warlord,
)
from .cards import attack_damage, has_keyword, keyword_value
from .types import ConquestState, ConquestUnit

# The summary says a player "passes if he cannot attack", yet also that a combat round ends
# "usually" when all units are exhausted, so passing with a ready unit must be possible: we let a
# player pass at any combat turn. A player who has no unit able to attack passes automatically.
VOLUNTARY_PASS = True


# -- phase and battle sequencing ---------------------------------------------------------------

def start_phase(state: ConquestState) -> list[Consequence]:
    """Combat begins: Mobile units may move first, then the battle at the first planet."""
    state["phase"] = "combat"
    cons = [Consequence("phase", {"phase": "combat", "round": state["round"]}, rules.COMBAT)]
    if any(mobile_units(state, s) for s in seats(state)):
        state["step"] = {"name": "mobile", "turn": state["initiative"], "moved": [], "done": []}
        return cons + _mobile_next(state)
    return cons + start_battle(state, state["first_planet"])


def mobile_units(state: ConquestState, seat: str) -> list[ConquestUnit]:
    """A seat's Mobile units at a planet that have not moved this phase and have somewhere to go."""
    moved = state["step"].get("moved", []) if state["step"].get("name") == "mobile" else []
    return [u for u in state["units"].values()
            if u["owner"] == seat and u["at"] != "hq" and has_keyword(u, "mobile")
            and u["id"] not in moved and adjacent_slots(state, u["at"])]


def _mobile_next(state: ConquestState) -> list[Consequence]:
    # The player with the initiative resolves all his Mobile units first.
    step = state["step"]
    for seat in initiative_order(state):
        if seat in step["done"]:
            continue
        if mobile_units(state, seat):
            step["turn"] = seat
            return []
        step["done"].append(seat)
    return start_battle(state, state["first_planet"])


def check_mobile_move(state: ConquestState, ev: Event) -> list[Violation]:
    """Mobile: after the combat phase begins, the unit may move to an adjacent face-up planet."""
    step = state["step"]
    if step.get("turn") != ev.by:
        return [V.OUT_OF_STEP("The player with the initiative resolves his Mobile units first.", rules.KW_MOBILE)]
    unit = state["units"][ev.data["unit"]]
    if unit["owner"] != ev.by:
        return [V.NOT_YOURS("You can only move your own units.", rules.KW_MOBILE)]
    out = []
    if not has_keyword(unit, "mobile"):
        out.append(V.NOT_MOBILE(f"{unit['name']} does not have Mobile.", rules.KW_MOBILE))
    if unit["id"] in step["moved"]:
        out.append(V.MOVED(f"{unit['name']} already moved this phase.", rules.KW_MOBILE))
    if unit["at"] == "hq" or ev.data["planet"] not in adjacent_slots(state, unit["at"]):
        out.append(V.NOT_ADJACENT("Mobile moves to an adjacent face-up planet.", rules.KW_MOBILE))
    return out


def apply_mobile_move(state: ConquestState, ev: Event) -> list[Consequence]:
    """Move the Mobile unit."""
    unit = state["units"][ev.data["unit"]]
    unit["at"] = ev.data["planet"]
    state["step"]["moved"].append(unit["id"])
    return [Consequence("unit_moved", {"unit": unit["id"], "planet": unit["at"]}, rules.KW_MOBILE)] + _mobile_next(state)


def apply_mobile_done(state: ConquestState, ev: Event) -> list[Consequence]:
    """The player is done with his Mobile units."""
    state["step"]["done"].append(ev.by)
    return _mobile_next(state)


def warlords_at(state: ConquestState, slot: int) -> list[str]:
    """Seats whose warlord is at a planet."""
    return [s for s in seats(state) if warlord(state, s)["at"] == slot]


def start_battle(state: ConquestState, slot: int) -> list[Consequence]:
    """Begin a battle: initiative to the lone warlord present, else to the initiative token holder."""
    state["step"] = {"name": "battle"}
    present = warlords_at(state, slot)
    lead = present[0] if len(present) == 1 else state["initiative"]
    state["battle"] = {"planet": slot, "initiative": lead, "round": 1, "stage": "ranged", "turn": lead,
                       "passed": [], "acted": False, "retreat_turn": None, "retreat_done": [],
                       "winner": None, "watch": None}
    cons = [Consequence("battle_started", {"planet": slot, "name": planet_label(state, slot), "initiative": lead},
                        rules.BATTLE_INITIATIVE)]
    return cons + open_turn(state)


def next_battle(state: ConquestState, after_slot: int) -> list[Consequence]:
    """The next planet down the line with a warlord present, or the headquarters phase."""
    for p in face_up(state):
        if p["slot"] > after_slot and warlords_at(state, p["slot"]):
            return start_battle(state, p["slot"])
    state["battle"] = None
    state["phase"] = "headquarters"
    state["step"] = {"name": "headquarters"}
    return [Consequence("phase", {"phase": "headquarters", "round": state["round"]}, rules.HEADQUARTERS)]


def can_attack_with(state: ConquestState, seat: str) -> list[ConquestUnit]:
    """Units the seat may attack with on this combat turn (ready; Ranged only in the ranged skirmish)."""
    b = battle_now(state)
    out = [u for u in units_at(state, b["planet"], seat) if u["ready"]]
    if b["stage"] == "ranged":
        out = [u for u in out if has_keyword(u, "ranged")]
    return out


def open_turn(state: ConquestState) -> list[Consequence]:
    """Start the current combat turn: end the battle if a side has no units; pass for a player who cannot attack."""
    cons: list[Consequence] = []
    for _ in range(8):  # at most a few automatic passes before someone must act
        b = battle_now(state)
        if not b or b["stage"] not in ("ranged", "melee"):
            return cons
        seat = b["turn"]
        mine = units_at(state, b["planet"], seat)
        theirs = units_at(state, b["planet"], other(state, seat))
        if not theirs:
            return cons + end_battle(state, seat if mine else None)
        if can_attack_with(state, seat):
            return cons
        cons.append(Consequence("auto_pass", {"seat": seat, "stage": b["stage"]},
                                rules.RANGED_SKIRMISH if b["stage"] == "ranged" else rules.COMBAT_TURNS))
        cons += _pass(state, seat, reopen=False)
    return cons


def _pass(state: ConquestState, seat: str, reopen: bool = True) -> list[Consequence]:
    b = battle_now(state)
    b["passed"].append(seat)
    return _advance(state, seat, reopen)


def _advance(state: ConquestState, seat: str, reopen: bool = True) -> list[Consequence]:
    """Next combat turn: the other player unless he has passed; both passed ends the skirmish or round."""
    b = battle_now(state)
    opp = other(state, seat)
    if opp not in b["passed"]:
        b["turn"] = opp
    elif seat not in b["passed"]:
        b["turn"] = seat
    else:
        return _stage_over(state)
    return open_turn(state) if reopen else []


def _stage_over(state: ConquestState) -> list[Consequence]:
    b = battle_now(state)
    if b["stage"] == "ranged":
        b.update({"stage": "melee", "passed": [], "turn": b["initiative"]})
        return [Consequence("ranged_skirmish_over", {}, rules.RANGED_SKIRMISH)] + open_turn(state)
    # End of the combat round: every unit at the planet readies, then retreat opportunities.
    cons = []
    for u in units_at(state, b["planet"]):
        u["ready"] = True
    cons.append(Consequence("combat_round_over", {"round": b["round"]}, rules.COMBAT_ROUND_END))
    watch = b.get("watch")
    if watch:
        if _snapshot(state) == watch["snapshot"]:
            watch["rounds"] += 1
            if watch["rounds"] >= 3:
                return cons + end_battle(state, None, rules.STALEMATE)
        else:
            b["watch"] = None
            cons.append(Consequence("stalemate_check_failed", {}, rules.STALEMATE))
    b.update({"stage": "retreat", "retreat_turn": b["initiative"], "retreat_done": []})
    return cons + _retreat_next(state)


def _retreat_next(state: ConquestState) -> list[Consequence]:
    b = battle_now(state)
    for seat in initiative_order(state, b["initiative"]):
        if seat in b["retreat_done"]:
            continue
        if units_at(state, b["planet"], seat):
            b["retreat_turn"] = seat
            return []
        b["retreat_done"].append(seat)  # nothing to retreat
    b.update({"stage": "melee", "round": b["round"] + 1, "passed": [], "acted": False, "turn": b["initiative"],
              "retreat_turn": None})
    return [Consequence("combat_round_started", {"round": b["round"]}, rules.COMBAT_TURNS)] + open_turn(state)


def _snapshot(state: ConquestState) -> dict[str, Any]:
    b = battle_now(state)
    units = {u["id"]: [u["damage"], u["ready"], u["attack"], u["hp"]] for u in units_at(state, b["planet"])}
    pools = {s: [v["resources"], v["hand"], v["deck"], v["discard"]] for s, v in state["seats"].items()}
    return {"units": units, "pools": pools}


def end_battle(state: ConquestState, winner: str | None, rule: str = rules.BATTLE_END) -> list[Consequence]:
    """The battle ends: a winner chooses whether to use the battle ability; a stalemate wins nothing."""
    b = battle_now(state)
    if winner is None:
        return [Consequence("stalemate", {"planet": b["planet"]}, rule)] + finish_battle(state, None)
    b.update({"stage": "won", "winner": winner, "turn": None})
    cons = [Consequence("battle_won", {"planet": b["planet"], "winner": winner}, rule)]
    kind = abilities.effect_of(state, b["planet"])
    if kind is not None and not abilities.usable(state, winner, kind, b["planet"]):
        # "An ability can only be initiated if its effect could change the game state": a Battle ability that
        # would change nothing is no choice to make, so the battle finishes at once.
        info = state["planets"].get(planet_at(state, b["planet"])["name"] or "", {})
        cons.append(Consequence("battle_ability_unusable", {"planet": b["planet"], "ability": info.get("battle")},
                                rules.CARD_EFFECTS))
        b["stage"] = "ability"
        cons += finish_battle(state, winner)
    return cons


def finish_battle(state: ConquestState, winner: str | None) -> list[Consequence]:
    """After the battle: the first planet goes to the winner's victory display (or is removed), units go home."""
    b = battle_now(state)
    slot = b["planet"]
    p = planet_at(state, slot)
    first = slot == state["first_planet"]
    cons: list[Consequence] = []
    if first:
        if winner:
            p.update({"status": "captured", "captured_by": winner})
            state["seats"][winner]["victory"].append(cast(str, p["name"]))  # face up: its name is known
            state["last_capture"] = winner
            cons.append(Consequence("planet_captured", {"planet": slot, "name": p["name"], "seat": winner},
                                    rules.WIN_BATTLE))
        else:
            p.update({"status": "removed"})
            cons.append(Consequence("planet_removed", {"planet": slot, "name": p["name"]}, rules.WIN_BATTLE))
        # Survivors go to HQ keeping their ready/exhausted state; the first planet token stays in the
        # vacated spot until the headquarters phase. (A stalemate by the 3-round check can leave units
        # there too; the planet is gone, so we send them to HQ as well.)
        for u in units_at(state, slot):
            u["at"] = "hq"
    elif winner:
        wl = warlord(state, winner)
        if wl["at"] == slot:
            wl["at"] = "hq"
            cons.append(Consequence("warlord_returns", {"unit": wl["id"]}, rules.WIN_BATTLE))
    cons += victory.evaluate(state)
    if first and not state.get("result"):
        cons += victory.last_planet(state)
    if state.get("result"):
        return cons
    return cons + next_battle(state, slot)


# -- combat turn events ------------------------------------------------------------------------

def _turn_problem(state: ConquestState, ev: Event, rule: str) -> list[Violation]:
    b = state.get("battle")
    if state["phase"] != "combat" or not b or b["stage"] not in ("ranged", "melee"):
        return [V.OUT_OF_STEP("There is no combat turn now.", rule)]
    if b["turn"] != ev.by:
        return [V.OUT_OF_STEP("It is the other player's combat turn.", rules.COMBAT_TURNS)]
    return []


def check_attack(state: ConquestState, ev: Event) -> list[Violation]:
    """Making an attack: a ready unit you control at the planet against an enemy unit there."""
    out = _turn_problem(state, ev, rules.ATTACK)
    if out:
        return out
    b = battle_now(state)
    att = state["units"][ev.data["attacker"]]
    if att["owner"] != ev.by or att["at"] != b["planet"]:
        return [V.NOT_HERE("Attack with one of your units at the planet of the battle.", rules.ATTACK)]
    if not att["ready"]:
        out.append(V.EXHAUSTED(f"{att['name']} is exhausted.", rules.ATTACK))
    if b["stage"] == "ranged" and not has_keyword(att, "ranged"):
        out.append(V.NOT_RANGED("Only Ranged units attack in the ranged skirmish.", rules.KW_RANGED))
    if ev.data.get("area_effect"):
        if keyword_value(att, "area effect") is None:
            out.append(V.NO_AREA_EFFECT(f"{att['name']} does not have Area Effect.", rules.KW_AREA_EFFECT))
        if ev.data.get("defender"):
            out.append(V.AE_DEFENDER("Area Effect is used instead of declaring a defender.", rules.KW_AREA_EFFECT))
        return out
    dfd = ev.data.get("defender")
    if not dfd:
        return out + [V.NO_DEFENDER("Declare the enemy unit you attack.", rules.ATTACK)]
    d = state["units"][dfd]
    if d["owner"] == ev.by or d["at"] != b["planet"]:
        out.append(V.BAD_DEFENDER("The defender must be an enemy unit at the planet.", rules.ATTACK))
    return out


def apply_attack(state: ConquestState, ev: Event) -> list[Consequence]:
    """Exhaust the attacker and deal its damage (Area Effect: to each enemy unit at the planet)."""
    b = battle_now(state)
    att = state["units"][ev.data["attacker"]]
    att["ready"] = False
    b["acted"] = True
    defender = state["units"].get(ev.data.get("defender") or "")
    windows.note_unit(state, "attack_declared", att, defender=defender["id"] if defender else None,
                      defender_kind=defender["kind"] if defender else None)
    opp = other(state, ev.by)
    barred = [opp] if has_keyword(att, "armorbane") else []
    if ev.data.get("area_effect"):
        # AE damage is a card effect, not the attack: Flying does not halve it (it halves damage of an
        # attack), but Armorbane applies because the unit is attacking.
        value = keyword_value(att, "area effect") or 0
        hits = {u["id"]: value for u in units_at(state, b["planet"], opp)}
        cons = [Consequence("attack", {"attacker": att["id"], "area_effect": value}, rules.KW_AREA_EFFECT)]
        return cons + damage.start(state, hits, att["id"], rules.KW_AREA_EFFECT, after="attack", barred=barred)
    d = state["units"][ev.data["defender"]]
    amount = attack_damage(att, d)
    rule = rules.KW_FLYING if has_keyword(d, "flying") and not has_keyword(att, "flying") else rules.ATTACK
    cons = [Consequence("attack", {"attacker": att["id"], "defender": d["id"], "damage": amount,
                                   "names": {att["id"]: att["name"], d["id"]: d["name"]}}, rule)]
    return cons + damage.start(state, {d["id"]: amount}, att["id"], rule, after="attack", barred=barred)


def after_attack(state: ConquestState) -> list[Consequence]:
    """The attack is over: the combat turn passes on (unless the game just ended)."""
    cons = victory.evaluate(state)
    b = state.get("battle")
    if state.get("result") or not b or b["stage"] not in ("ranged", "melee"):
        return cons
    return cons + _advance(state, b["turn"])


def check_pass(state: ConquestState, ev: Event) -> list[Violation]:
    """Pass the combat turn."""
    return _turn_problem(state, ev, rules.COMBAT_TURNS)


def apply_pass(state: ConquestState, ev: Event) -> list[Consequence]:
    """A player who passes takes no more combat turns this skirmish or round."""
    return [Consequence("passed", {"seat": ev.by}, rules.COMBAT_TURNS)] + _pass(state, ev.by)


def check_warlord_retreat(state: ConquestState, ev: Event) -> list[Violation]:
    """Warlord retreat: the warlord may exhaust to retreat any time it would exhaust to attack."""
    out = _turn_problem(state, ev, rules.WARLORD_RETREAT)
    if out:
        return out
    wl = warlord(state, ev.by)
    b = battle_now(state)
    if wl["at"] != b["planet"]:
        return [V.NOT_HERE("Your warlord is not in this battle.", rules.WARLORD_RETREAT)]
    if not wl["ready"]:
        return [V.EXHAUSTED("Your warlord is exhausted.", rules.WARLORD_RETREAT)]
    if b["stage"] == "ranged" and not has_keyword(wl, "ranged"):
        return [V.NOT_RANGED("In the ranged skirmish only a Ranged warlord could exhaust to attack.", rules.WARLORD_RETREAT)]
    return []


def apply_warlord_retreat(state: ConquestState, ev: Event) -> list[Consequence]:
    """The warlord exhausts and goes to HQ; the other player takes the next combat turn."""
    wl = warlord(state, ev.by)
    wl.update({"ready": False, "at": "hq"})
    battle_now(state)["acted"] = True
    cons = [Consequence("warlord_retreated", {"unit": wl["id"]}, rules.WARLORD_RETREAT)]
    return cons + _advance(state, ev.by)


def check_retreat(state: ConquestState, ev: Event) -> list[Violation]:
    """At the end of a combat round each player, initiative first, has one opportunity to retreat units."""
    b = state.get("battle")
    if not b or b["stage"] != "retreat" or b["retreat_turn"] != ev.by:
        return [V.OUT_OF_STEP("It is not your retreat opportunity.", rules.COMBAT_ROUND_END)]
    if ev.type == "retreat":
        u = state["units"][ev.data["unit"]]
        if u["owner"] != ev.by or u["at"] != b["planet"]:
            return [V.NOT_HERE("Retreat one of your units in this battle.", rules.COMBAT_ROUND_END)]
    return []


def apply_retreat(state: ConquestState, ev: Event) -> list[Consequence]:
    """The unit goes to HQ, exhausted."""
    u = state["units"][ev.data["unit"]]
    u.update({"at": "hq", "ready": False})
    cons = [Consequence("retreated", {"unit": u["id"]}, rules.COMBAT_ROUND_END)]
    if not units_at(state, battle_now(state)["planet"], ev.by):
        battle_now(state)["retreat_done"].append(ev.by)
        cons += _retreat_next(state)
    return cons


def apply_retreat_done(state: ConquestState, ev: Event) -> list[Consequence]:
    """This player's retreat opportunity is over."""
    battle_now(state)["retreat_done"].append(ev.by)
    return _retreat_next(state)


def check_call_stalemate(state: ConquestState, ev: Event) -> list[Violation]:
    """A stalemate check is called at the beginning of a combat round."""
    b = state.get("battle")
    if not b or b["stage"] != "melee" or b["acted"] or b["passed"]:
        return [V.OUT_OF_STEP("Call a stalemate check at the beginning of a combat round.", rules.STALEMATE)]
    if b.get("watch"):
        return [V.OUT_OF_STEP("A stalemate check is already running.", rules.STALEMATE)]
    return []


def apply_call_stalemate(state: ConquestState, ev: Event) -> list[Consequence]:
    """Remember the game state; 3 combat rounds ending identical to it make the battle a stalemate."""
    battle_now(state)["watch"] = {"snapshot": _snapshot(state), "rounds": 0, "by": ev.by}
    return [Consequence("stalemate_check", {"by": ev.by}, rules.STALEMATE)]


def check_battle_ability(state: ConquestState, ev: Event) -> list[Violation]:
    """Only the winner of the battle chooses whether to resolve the planet's Battle ability, and its target."""
    b = state.get("battle")
    if not b or b["stage"] != "won":
        return [V.OUT_OF_STEP("No battle has just been won.", rules.BATTLE_ABILITY)]
    if b["winner"] != ev.by:
        return [V.OUT_OF_STEP("The winner of the battle decides.", rules.BATTLE_ABILITY)]
    return abilities.check(state, ev, b["planet"])


def apply_battle_ability(state: ConquestState, ev: Event) -> list[Consequence]:
    """Resolve the ability when used (if the engine knows it), then finish the battle.

    The ability resolves while the survivors are still at the planet; then the planet goes to the
    victory display (Winning a battle). Damage from an ability waits for its shield window first.
    """
    b = battle_now(state)
    info = state["planets"].get(planet_at(state, b["planet"])["name"] or "", {})
    kind = abilities.effect_of(state, b["planet"]) if ev.data["use"] else None
    cons = [Consequence("battle_ability", {"planet": b["planet"], "use": ev.data["use"], "ability": info.get("battle"),
                                           "resolved": kind is not None}, rules.BATTLE_ABILITY)]
    b["stage"] = "ability"
    if kind:
        cons += abilities.resolve(state, ev, b["planet"])
        if state.get("battle") is not b or battle_now(state)["stage"] != "ability" or state.get("result") or \
                any(p.get("after") == "battle" for p in state["pending"]):
            return cons  # already finished, or a shield window first (after_battle_ability finishes it)
    return cons + finish_battle(state, ev.by)


def after_battle_ability(state: ConquestState) -> list[Consequence]:
    """The damage of the planet's battle ability is placed: the game may be won; else the battle finishes."""
    cons = victory.evaluate(state)
    b = state.get("battle")
    if not state.get("result") and b and b.get("stage") == "ability":
        cons += finish_battle(state, b["winner"])
    return cons


def in_battle_turn(state: ConquestState, seat: str) -> bool:
    """Is it this seat's combat turn in a battle (when Ambush and actions may be used)?"""
    b = state.get("battle")
    return (state["phase"] == "combat" and b is not None and bool(b) and b["stage"] in ("ranged", "melee")
            and b["turn"] == seat)


damage.AFTER_DAMAGE.update({"attack": after_attack, "battle": after_battle_ability})
