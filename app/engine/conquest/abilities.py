"""Planet Battle abilities the engine can resolve itself, keyed by the planet record's `effect`.

Content marks each planet with an effect kind (content/conquest/planets.yaml); the winner of a
battle chooses the ability's target on the same event. Planets with no known kind (Y'varn, Carnath)
are resolved by the players with the card-effect events, as any card text.
"""
from __future__ import annotations

from typing import Any

from ..core import Consequence, Event, Violation
from . import damage, rules
from . import violations as V
from .board import HQ, adjacent_slots, face_up_slots, other, units_at
from .types import ConquestState
from .victory import draw_cards

# effect kind -> the event fields it needs: "unit" (a unit id), "planet" (a slot, or 0 for an HQ),
# "choice" ("resources" | "cards").
NEEDS = {
    "take_resource": (), "random_discard": (), "search": (),
    "rout": ("unit",), "heal_all": ("unit",), "move_unit": ("unit", "planet"),
    "underdog": ("choice",), "damage_each_enemy": ("planet",),
}
RULE = rules.BATTLE_ABILITY


def effect_of(state: ConquestState, slot: int) -> str | None:
    """The planet's effect kind, when the engine knows how to resolve it."""
    p = next((x for x in state["line"] if x["slot"] == slot), None)
    kind = (state["planets"].get(p["name"], {}) if p and p["name"] else {}).get("effect")
    return kind if kind in NEEDS else None


def _units_controlled(state: ConquestState, seat: str) -> int:
    return sum(1 for u in state["units"].values() if u["owner"] == seat)


def targets(state: ConquestState, seat: str, kind: str, slot: int) -> dict[str, list[Any]]:
    """The legal choices of each field the effect needs (empty list: the ability cannot be used)."""
    units = state["units"].values()
    if kind == "rout":
        return {"unit": [u["id"] for u in units if u["kind"] != "warlord" and u["at"] != HQ]}
    if kind == "heal_all":
        return {"unit": [u["id"] for u in units if u["damage"] > 0]}
    if kind == "move_unit":
        return {"unit": [u["id"] for u in units if u["owner"] == seat and u["kind"] != "warlord"],
                "planet": face_up_slots(state)}
    if kind == "underdog":
        fewer = _units_controlled(state, seat) < _units_controlled(state, other(state, seat))
        return {"choice": ["resources", "cards"] if fewer else []}
    if kind == "damage_each_enemy":
        # "a target HQ or adjacent planet": 0 stands for the opponent's HQ.
        return {"planet": [0, *adjacent_slots(state, slot)]}
    return {}


def usable(state: ConquestState, seat: str, kind: str, slot: int) -> bool:
    """Card effects: an ability can only be initiated if its effect could change the game state."""
    opp = state["seats"][other(state, seat)]
    if kind == "take_resource":
        return opp["resources"] > 0
    if kind == "random_discard":
        return opp["hand"] > 0
    if kind == "search":
        return state["seats"][seat]["deck"] > 0
    return all(targets(state, seat, kind, slot).get(f) for f in NEEDS[kind])


def check(state: ConquestState, ev: Event, slot: int) -> list[Violation]:
    """A used ability can change the game and names a legal target for each field its effect needs."""
    kind = effect_of(state, slot)
    if not ev.data.get("use") or kind is None:
        return []
    # No table agreement can stand in for a choice the ability resolves with: a missing one is never lifted.
    missing = [V.TARGET_NEEDED(f"Choose the {field} for this Battle ability.", RULE, overridable=False)
               for field in NEEDS[kind] if ev.data.get(field) is None][:1]
    if not usable(state, ev.by, kind, slot):
        return [V.NO_EFFECT("This Battle ability would change nothing now, so it cannot be used.", rules.CARD_EFFECTS),
                *missing]
    if missing:
        return missing
    legal = targets(state, ev.by, kind, slot)
    for field in NEEDS[kind]:
        value = ev.data.get(field)
        if value not in legal.get(field, []):
            return [V.BAD_TARGET(f"That {field} is not a legal target of this Battle ability.", RULE)]
    return []


def resolve(state: ConquestState, ev: Event, slot: int) -> list[Consequence]:
    """Carry out the ability; returns its consequences (damage opens a shield window)."""
    kind = effect_of(state, slot)
    seat, opp = ev.by, other(state, ev.by)
    me, them = state["seats"][seat], state["seats"][opp]
    d = ev.data
    if kind == "take_resource":
        n = min(1, them["resources"])
        them["resources"] -= n
        me["resources"] += n
        return [Consequence("ability_resources", {"from": opp, "to": seat, "amount": n}, RULE)]
    if kind == "random_discard":
        n = min(1, them["hand"])
        them["hand"] -= n
        them["discard"] += n
        return [Consequence("ability_discard", {"seat": opp, "amount": n}, RULE)]
    if kind == "search":
        got = draw_cards(state, seat, 1)  # one of the top 3 to hand; the others go to the bottom
        return [Consequence("ability_search", {"seat": seat, "cards": got}, RULE)]
    if kind == "rout":
        u = state["units"][d["unit"]]
        u.update({"at": HQ, "ready": False})
        return [Consequence("unit_moved", {"unit": u["id"], "to": HQ}, rules.ROUT)]
    if kind == "heal_all":
        u = state["units"][d["unit"]]
        healed, u["damage"] = u["damage"], 0
        return [Consequence("damage_removed", {"unit": u["id"], "amount": healed, "reason": "Battle ability"}, RULE)]
    if kind == "move_unit":
        u = state["units"][d["unit"]]
        u["at"] = d["planet"]
        return [Consequence("unit_moved", {"unit": u["id"], "to": d["planet"]}, RULE)]
    if kind == "underdog":
        if d["choice"] == "resources":
            me["resources"] += 3
            return [Consequence("ability_resources", {"from": None, "to": seat, "amount": 3}, RULE)]
        got = draw_cards(state, seat, 3)
        return [Consequence("ability_search", {"seat": seat, "cards": got}, RULE)]
    if kind == "damage_each_enemy":
        where = HQ if d["planet"] == 0 else d["planet"]
        hits = {u["id"]: 1 for u in units_at(state, where, opp)}
        return damage.start(state, hits, "Battle ability", RULE, after="battle")
    return []
