"""Reaction and interrupt windows: the triggers the game sees as they happen, and which card abilities match them.

"Reactions may be resolved after the specified triggering condition occurs"; interrupts "resolve just before
their triggering condition occurs"; several may answer one trigger (Rules summary, Cards, Abilities: Interrupts,
Reactions). The engine notes each trigger it sees while an entry is applied (a unit entering or leaving play, a
unit destroyed, a commitment, a command struggle won, an attack declared, the deploy phase beginning, an event
played); the window stays open for card abilities until the next entry of the game that is not one, which closes
it by itself (nobody taps "no reaction"). Damage assigned is the shield window itself (damage.py's pending damage).

Reading: an interrupt to a unit leaving play is offered right after it left, with what the game knew of it then
(its planet, its attachments): the core set's "when this leaves play" effects (a token, cards drawn, damage
around it) read the same before and after.
"""
from __future__ import annotations

from typing import Any, Mapping

from .board import adjacent_slots
from .types import ConquestState

MOST_TRIGGERS = 16  # one entry notes a few (an Area Effect destroying a whole planet at most a dozen)


def note(state: ConquestState, trigger: str, **context: Any) -> None:
    """Open a window for this trigger (kept until the next entry that is not a card ability)."""
    window = state.setdefault("window", [])
    if len(window) < MOST_TRIGGERS:
        window.append({"trigger": trigger, **context, "used": []})


def note_unit(state: ConquestState, trigger: str, unit: Mapping[str, Any], **context: Any) -> None:
    """A trigger about a unit: its id, owner, planet, kind, traits and faction as they are now."""
    attached = [{"id": c["id"], "name": c["name"], "owner": c["owner"]} for c in state["cards"].values()
                if c.get("attached_to") == unit["id"]]
    note(state, trigger, unit=unit["id"], name=unit["name"], seat=unit["owner"], planet=unit["at"],
         kind=unit["kind"], traits=[t.lower() for t in unit.get("traits") or []], faction=faction_of(state, unit),
         attachments=attached, **context)


def faction_of(state: ConquestState, unit: Mapping[str, Any]) -> str | None:
    """A unit's faction: as entered, else its card's in its owner's starter deck, else (a warlord) its seat's."""
    faction: str | None = unit.get("faction")
    if faction:
        return faction
    rec = (state.get("abilities") or {}).get(unit["owner"], {}).get(unit["name"])
    if rec and rec.get("faction"):
        printed: str = rec["faction"]
        return printed
    return state["seats"][unit["owner"]].get("faction") if unit["kind"] == "warlord" else None


def close(state: ConquestState) -> None:
    """The next entry of the game closes every open window."""
    state["window"] = []


def open_windows(state: ConquestState) -> list[dict[str, Any]]:
    """The windows open now: the noted triggers and, in a shield window, damage assigned to each unit."""
    out = list(state.get("window") or [])
    if state["pending"] and state["pending"][0]["kind"] == "damage":
        pend = state["pending"][0]
        for uid in pend["hits"]:
            unit = state["units"].get(uid)
            if unit is not None:
                out.append({"trigger": "damage_assigned", "unit": uid, "name": unit["name"], "seat": unit["owner"],
                            "planet": unit["at"], "kind": unit["kind"], "faction": faction_of(state, unit),
                            "traits": [t.lower() for t in unit.get("traits") or []], "attachments": [],
                            "by_attack": pend.get("after") == "attack", "attacker": pend.get("source"),
                            "used": pend.setdefault("used", [])})
    return out


def location(state: ConquestState, cid: str | None) -> Any:
    """Where a card in play is: a unit's planet or HQ, an attachment's unit's, a support's HQ (None: not in play)."""
    if cid in state["units"]:
        return state["units"][cid]["at"]
    card = state["cards"].get(cid or "")
    if card is None:
        return None
    host = card.get("attached_to")
    return state["units"][host]["at"] if host in state["units"] else "hq"


def subject_matches(state: ConquestState, window: dict[str, Any], seat: str, source: str | None,
                    when: dict[str, Any]) -> bool:
    """Is the window's subject the one the ability's `when.subject` names, seen from `seat` and its card?"""
    subject = when.get("subject", "this")
    if subject == "this":
        return source is not None and window.get("unit") == source
    if subject == "attached":
        card = state["cards"].get(source or "")
        return (card is not None and card.get("attached_to") == window.get("unit")) or \
            any(a["id"] == source for a in window.get("attachments") or [])
    if subject == "your_warlord":
        return window.get("unit") == f"{seat}.warlord"
    if subject == "friendly":
        return window.get("seat") == seat
    if subject == "enemy":
        return window.get("seat") not in (None, seat)
    return True


def conditions_met(state: ConquestState, window: dict[str, Any], seat: str, source: str | None,
                   when: dict[str, Any]) -> bool:
    """The ability's `when` over the window (its subject, its planet, by an attack, the unit's kind and traits)."""
    if not subject_matches(state, window, seat, source, when):
        return False
    if when.get("here") and source is not None:
        where = location(state, source)
        if where is not None and where != window.get("planet"):
            return False
    if when.get("by_attack") and not window.get("by_attack"):
        return False
    if when.get("ready") and not (state["units"].get(source or "") or state["cards"].get(source or "") or {}).get("ready"):
        return False
    kind = window.get("defender_kind") if window["trigger"] == "attack_declared" else window.get("kind")
    if when.get("non_warlord") and kind == "warlord":
        return False
    if when.get("army") and window.get("kind") != "army":
        return False
    traits = window.get("traits") or []
    if when.get("elite") and "elite" not in traits:
        return False
    if when.get("trait") and when["trait"].lower() not in traits:
        return False
    return not (when.get("faction") and window.get("faction") != when["faction"])


def anchor(state: ConquestState, source: str | None, window: dict[str, Any] | None, cost_unit: str | None) -> Any:
    """The planet "here" means for an ability: its card's, else the unit paid as its cost's, else the window's."""
    for cid in (source, cost_unit):
        where = location(state, cid)
        if where is not None:
            return where
    return window.get("planet") if window else None


def unit_choices(state: ConquestState, seat: str, spec: dict[str, Any], here: Any, window: dict[str, Any] | None,
                 source: str | None) -> list[str]:
    """The units an ability's `target` (or a unit paid as its cost) may name."""
    out = []
    for u in state["units"].values():
        side = spec.get("side", "any")
        if (side == "enemy" and u["owner"] == seat) or (side == "friendly" and u["owner"] != seat):
            continue
        at = spec.get("at", "any")
        if at == "here" and u["at"] != here:
            continue
        if at == "window" and (window is None or u["at"] != window.get("planet")):
            continue
        if at == "adjacent" and (here == "hq" or u["at"] not in adjacent_slots(state, here)):
            continue
        if not _unit_fits(state, u, spec, source, window):
            continue
        out.append(u["id"])
    return out


def _unit_fits(state: ConquestState, u: Mapping[str, Any], spec: dict[str, Any], source: str | None,
               window: dict[str, Any] | None) -> bool:
    if spec.get("non_warlord") and u["kind"] == "warlord":
        return False
    if spec.get("army") and u["kind"] != "army":
        return False
    if spec.get("non_unique") and u.get("unique"):
        return False
    if spec.get("damaged") and not u["damage"]:
        return False
    if spec.get("not_this") and (u["id"] == source or (window and u["id"] == window.get("defender"))):
        return False
    if spec.get("trait") and spec["trait"].lower() not in [t.lower() for t in u.get("traits") or []]:
        return False
    return not (spec.get("faction") and faction_of(state, u) != spec["faction"])
