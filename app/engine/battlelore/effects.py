"""Effects the players enter from cards and abilities: damage, recovery, tokens, moves, counters."""
from __future__ import annotations

from ..core import Consequence, Event, Violation
from . import rules
from . import terrain as T
from . import violations as V
from .damage import recover, suffer
from .types import BattleLoreState
from .units import RULE_FOR_TOKEN, combat_terrain


def battle_on(state: BattleLoreState) -> list[Violation]:
    """Card and ability effects apply once the battle has started and until it ends."""
    if state["phase"] == "over":
        return [V.GAME_OVER("The game is over.", rules.WINNING)]
    if state["phase"] != "main":
        return [V.WRONG_PHASE("The battle has not started yet.", rules.PHASES)]
    return []


def alive(state: BattleLoreState, uid: str) -> list[Violation]:
    """The named unit must still be in the game."""
    if not state["units"][uid]["alive"]:
        return [V.ELIMINATED(f"{state['units'][uid]['name']} has been eliminated.", rules.DAMAGE)]
    return []


def check_damage(state: BattleLoreState, event: Event) -> list[Violation]:
    """Damage or figure removal from a card or ability effect."""
    return battle_on(state) or alive(state, event.data["unit"])


def apply_damage(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Outside combat a building or a shield lets the unit ignore 1 damage; removing figures is not damage."""
    uid, amount = event.data["unit"], event.data["amount"]
    unit = state["units"][uid]
    source = event.data.get("source") or "effect"
    if event.data.get("kind") == "remove_figures":
        # Other rules, Removing figures: not damage, cannot be ignored.
        return suffer(state, uid, amount, rules.REMOVING, source)
    cons = []
    if state["combat"] is None:
        if "shield" in unit["tokens"]:
            unit["tokens"].remove("shield")
            amount -= 1
            cons.append(Consequence("damage_ignored", {"unit": uid, "amount": 1, "why": "shield"}, rules.MARKERS))
        elif T.prop(combat_terrain(unit), "ignore_damage"):
            amount -= 1
            cons.append(Consequence("damage_ignored", {"unit": uid, "amount": 1, "why": "building"}, rules.BUILDING))
    return cons + suffer(state, uid, amount, rules.TABLE, source)


def check_heal(state: BattleLoreState, event: Event) -> list[Violation]:
    """A unit recovers health up to its health value."""
    out = battle_on(state) or alive(state, event.data["unit"])
    if not out and state["units"][event.data["unit"]]["damage"] == 0:
        out = [V.FULL_HEALTH("The unit is already at full health.", rules.RECOVER)]
    return out


def apply_heal(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Remove damage tokens or add figures back."""
    return recover(state, event.data["unit"], event.data["amount"])


def check_token(state: BattleLoreState, event: Event) -> list[Violation]:
    """Put or take a marker (poison, stun, ...) on a unit."""
    out = battle_on(state) or alive(state, event.data["unit"])
    if out:
        return out
    unit, tok = state["units"][event.data["unit"]], event.data["token"]
    if event.data["action"] == "remove" and tok not in unit["tokens"]:
        return [V.NO_TOKEN(f"{unit['name']} has no {tok} token.", RULE_FOR_TOKEN[tok], overridable=True)]
    return []


def apply_token(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Causing a token a unit already has has no effect."""
    unit, tok = state["units"][event.data["unit"]], event.data["token"]
    if event.data["action"] == "add" and tok not in unit["tokens"]:
        unit["tokens"].append(tok)
    elif event.data["action"] == "remove" and tok in unit["tokens"]:
        unit["tokens"].remove(tok)
    return [Consequence("token", {"unit": unit["id"], "token": tok, "action": event.data["action"]},
                        RULE_FOR_TOKEN[tok])]


def check_reposition(state: BattleLoreState, event: Event) -> list[Violation]:
    """Move or place a unit by an effect (not a move step move), or correct where it stands."""
    out = battle_on(state) or alive(state, event.data["unit"])
    return out or T.check_position(state, state["units"][event.data["unit"]], event.data["to"], rules.TABLE)


def apply_reposition(state: BattleLoreState, event: Event) -> list[Consequence]:
    """The unit now stands in the given hex."""
    unit = state["units"][event.data["unit"]]
    unit["pos"] = T.normalise_position(state, event.data["to"])
    return []


def check_adjust(state: BattleLoreState, event: Event) -> list[Violation]:
    """Correct VPs, lore tokens or hand sizes (cards and effects the engine does not know)."""
    if event.data["seat"] not in state["seats"]:
        return [V.UNKNOWN_SEAT("No such seat.", rules.TABLE)]
    seat = state["seats"][event.data["seat"]]
    for key in ("vp", "lore", "command_cards", "lore_cards"):
        if seat[key] + (event.data.get(key) or 0) < 0:
            return [V.BELOW_ZERO(f"{key} cannot go below 0.", rules.TABLE)]
    return []


def apply_adjust(state: BattleLoreState, event: Event) -> list[Consequence]:
    """Add the deltas."""
    seat = state["seats"][event.data["seat"]]
    for key in ("vp", "lore", "command_cards", "lore_cards"):
        seat[key] += event.data.get(key) or 0  # an optional field sent as null is a field left out
    return []


