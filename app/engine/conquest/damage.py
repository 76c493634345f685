"""Dealing damage: shield opportunities, indirect damage, taking damage and destroyed units (rules summary, 3. Combat)."""
from __future__ import annotations

from typing import Any, Callable

from ..core import Consequence, Event, Violation
from . import rules, windows
from . import violations as V
from .board import initiative_order, other
from .cards import hp_left
from .types import ConquestState

# What goes on once the damage of a prompt is placed, by the prompt's "after" ("attack", "battle"): the combat
# sequence registers its next steps here (combat.py), so dealing damage needs no knowledge of combat.
AFTER_DAMAGE: dict[str, Callable[[ConquestState], list[Consequence]]] = {}
# Whether a seat could answer this damage with a card ability (ability_entries.py registers it), so its
# opportunity opens even with no shield to use.
CAN_ANSWER: list[Callable[[ConquestState, dict[str, Any], str], bool]] = []


def _order(state: ConquestState) -> list[str]:
    """Shield opportunities start with the player who has the initiative (in a battle: the battle's)."""
    b = state.get("battle")
    return initiative_order(state, b["initiative"] if b else None)


def start(state: ConquestState, hits: dict[str, Any], source: str, rule: str, after: str | None = None,
          barred: list[str] | None = None) -> list[Consequence]:
    """Assign damage to units; open the shield window, or place the damage at once when no one can shield."""
    hits = {u: n for u, n in hits.items() if n > 0 and u in state["units"]}
    cons = [Consequence("damage_assigned", {"hits": dict(hits), "source": source}, rule)]
    pend = {"kind": "damage", "hits": hits, "prevented": {}, "shielded": [], "barred": barred or [],
            "passed": [], "turn": None, "after": after, "source": source}
    state["pending"].insert(0, pend)
    return cons + _next_opportunity(state, pend, _order(state))


# The most shield icons a card prints (events and attachments of content/conquest/cards.json; the data has no
# unit or support shields, and the shield entry offers at most this many: tests/content/test_conquest.py).
MAX_SHIELD_ICONS = 3


def shield_could_matter(state: ConquestState, pend: dict[str, Any], uid: str) -> bool:
    """Could a shield change anything for this unit? Not when the damage destroys it even after the biggest
    shield: the unit leaves play either way and the excess damage is ignored (3. Combat, Dealing damage).

    Reading: "a card ability can only be initiated if its effect has some potential to change the game state"
    (Other rules, Card effects); a shield is not a card ability, but the summary gives no other rule for a choice
    that changes nothing, so a shield that cannot save the unit is no opportunity (the game does not ask for it,
    and one entered anyway is refused unless overridden: a card may say otherwise)."""
    unit = state["units"].get(uid)
    return unit is not None and pend["hits"][uid] - MAX_SHIELD_ICONS < hp_left(unit)


def _eligible(state: ConquestState, pend: dict[str, Any], seat: str) -> list[str]:
    """Units of `seat` still able to take a shield that could matter in this damage instance."""
    if seat in pend["barred"] or seat in pend["passed"] or state["seats"][seat]["hand"] <= 0:
        return []
    return [u for u in pend["hits"] if u in state["units"] and state["units"][u]["owner"] == seat
            and u not in pend["shielded"] and shield_could_matter(state, pend, u)]


def shieldable(state: ConquestState, pend: dict[str, Any], seat: str) -> list[str]:
    """Units `seat` may shield now (public for suggest())."""
    return _eligible(state, pend, seat) if pend.get("turn") == seat else []


def _next_opportunity(state: ConquestState, pend: dict[str, Any], order: list[str]) -> list[Consequence]:
    # Opportunities alternate, initiative first; a player who passed has no more in this instance.
    for seat in order:
        # A card ability opens a seat's first opportunity in this damage instance; after a shield, only a shield
        # that could still matter gives it another (the reaction window is the same one: it had its chance).
        if _eligible(state, pend, seat) or (seat not in pend["passed"] and seat not in pend.get("acted", [])
                                            and any(f(state, pend, seat) for f in CAN_ANSWER)):
            pend["turn"] = seat
            return []
    return resolve(state, pend)


def check_shield(state: ConquestState, ev: Event) -> list[Violation]:
    """One shield card per damaged unit per damage instance, by its controller, not against Armorbane."""
    pend = state["pending"][0]
    uid = ev.data["unit"]
    if pend.get("turn") != ev.by:
        return [V.NOT_YOUR_SHIELD("The other player has the shield opportunity now.", rules.SHIELDS)]
    if uid not in pend["hits"] or state["units"][uid]["owner"] != ev.by:
        return [V.NOT_DAMAGED("Shields only protect one of your units being dealt this damage.", rules.SHIELDS)]
    if uid in pend["shielded"]:
        return [V.ONE_SHIELD("Only 1 shield card can be used each time a unit is dealt damage.", rules.SHIELDS)]
    if ev.by in pend["barred"]:
        return [V.ARMORBANE("The attacker has Armorbane: no shields against it.", rules.KW_ARMORBANE)]
    if state["seats"][ev.by]["hand"] <= 0:
        return [V.NO_CARDS("You have no cards in hand to discard as a shield.", rules.SHIELDS)]
    if not shield_could_matter(state, pend, uid):
        unit = state["units"][uid]
        return [V.SHIELD_NO_EFFECT(f"{unit['name']} is destroyed even after a {MAX_SHIELD_ICONS}-shield card: "
                                   "a shield changes nothing.", rules.CARD_EFFECTS)]
    return []


def apply_shield(state: ConquestState, ev: Event) -> list[Consequence]:
    """Discard a shield card from hand and prevent up to its shield icons on one unit."""
    pend = state["pending"][0]
    uid = ev.data["unit"]
    prevented = min(ev.data["shields"], pend["hits"][uid])
    pend["prevented"][uid] = prevented
    pend["shielded"].append(uid)
    pend.setdefault("acted", []).append(ev.by)
    seat = state["seats"][ev.by]
    seat["hand"] = max(0, seat["hand"] - 1)
    seat["discard"] += 1
    cons = [Consequence("damage_prevented", {"unit": uid, "amount": prevented}, rules.SHIELDS)]
    return cons + _next_opportunity(state, pend, [other(state, ev.by), ev.by])


def apply_no_shield(state: ConquestState, ev: Event) -> list[Consequence]:
    """Pass the shield opportunity for this damage instance."""
    pend = state["pending"][0]
    pend["passed"].append(ev.by)
    return _next_opportunity(state, pend, [other(state, ev.by), ev.by])


def resolve(state: ConquestState, pend: dict[str, Any]) -> list[Consequence]:
    """Place the unprevented damage (up to each unit's remaining HP), then destroy units at their HP."""
    if pend in state["pending"]:
        state["pending"].remove(pend)
    cons: list[Consequence] = []
    placed = {}
    for uid, n in pend["hits"].items():
        unit = state["units"].get(uid)
        if not unit:
            continue
        amount = min(max(0, n - pend["prevented"].get(uid, 0)), hp_left(unit))  # excess is ignored
        unit["damage"] += amount
        placed[uid] = amount
    # The names as they are now: the log and the other phone read them after a destroyed unit has left play.
    names = {uid: state["units"][uid]["name"] for uid in placed}
    cons.append(Consequence("damage_taken", {"placed": placed, "names": names}, rules.DAMAGE))
    # Damage is placed simultaneously, then every unit at its HP is destroyed.
    for uid in list(placed):
        unit = state["units"].get(uid)
        if unit and unit["damage"] >= (unit["hp"] or 0):
            cons += destroy(state, uid, rules.DAMAGED_UNITS)
    after = AFTER_DAMAGE.get(pend.get("after") or "")
    if after:
        cons += after(state)
    return cons


def destroy(state: ConquestState, uid: str, rule: str) -> list[Consequence]:
    """A unit leaves play (or a warlord is bloodied or defeated); its attachments are discarded."""
    unit = state["units"][uid]
    seat = state["seats"][unit["owner"]]
    if unit["kind"] == "warlord":
        if unit["side"] == "hale":
            unit.update({"side": "bloodied", "damage": 0, "ready": False, "at": "hq"})
            bl = unit.get("bloodied")
            cons = [Consequence("warlord_bloodied", {"unit": uid}, rules.DAMAGED_UNITS)]
            if bl:
                unit["attack"], unit["hp"] = bl["attack"], bl["hp"]
            else:
                # The bloodied numbers are not known: the owner enters them before play goes on.
                state["pending"].insert(0, {"kind": "bloodied_stats", "seat": unit["owner"], "unit": uid})
            return cons
        seat["defeated"] = True
        return [Consequence("warlord_defeated", {"unit": uid}, rules.LOSE_WARLORD)]
    windows.note_unit(state, "leaves_play", unit)
    windows.note_unit(state, "destroyed", unit)
    cons = discard_attachments(state, uid)
    del state["units"][uid]
    remember(state, uid, unit["name"])
    if unit["kind"] == "token":
        where = "token bank"  # token units go back to the bank, not a discard pile
    else:
        seat["discard"] += 1
        where = "discard"
    cons.append(Consequence("unit_destroyed", {"unit": uid, "name": unit["name"], "to": where}, rule))
    return cons


def remember(state: ConquestState, cid: str, name: str) -> None:
    """Keep the name of a card that left play, so the log and the other phone still name it."""
    state.setdefault("left_play", {})[cid] = name


def discard_attachments(state: ConquestState, host: str, only: list[str] | None = None) -> list[Consequence]:
    """Attachments on a card that leaves play go to their owner's discard pile (`only`: just these ones)."""
    cons = []
    for cid in [c["id"] for c in state["cards"].values() if c.get("attached_to") == host]:
        if only is not None and cid not in only:
            continue
        card = state["cards"].pop(cid)
        state["seats"][card["owner"]]["discard"] += 1
        remember(state, cid, card["name"])
        cons.append(Consequence("attachment_discarded", {"card": cid, "name": card["name"]}, rules.ATTACHMENTS))
        cons += discard_attachments(state, cid)  # an attachment on the attachment leaves with it
    return cons


# -- indirect damage ---------------------------------------------------------------------------

def start_indirect(state: ConquestState, seat: str, amount: int, source: str) -> list[Consequence]:
    """Indirect damage: the player it is dealt to divides it among his units."""
    pend = {"kind": "indirect", "seat": seat, "amount": amount, "remaining": amount, "assigned": {},
            "source": source}
    state["pending"].insert(0, pend)
    return [Consequence("indirect_damage_dealt", {"seat": seat, "amount": amount}, rules.INDIRECT)] + \
        _indirect_maybe_done(state, pend)


def indirect_room(state: ConquestState, pend: dict[str, Any]) -> dict[str, int]:
    """How much more indirect damage each of the player's units can take (not more than its HP left)."""
    out = {}
    for u in state["units"].values():
        if u["owner"] == pend["seat"]:
            room = hp_left(u) - pend["assigned"].get(u["id"], 0)
            if room > 0:
                out[u["id"]] = room
    return out


def check_assign_indirect(state: ConquestState, ev: Event) -> list[Violation]:
    """Indirect damage goes on the player's own units, never more than a unit's HP left."""
    pend = state["pending"][0]
    if ev.by != pend["seat"]:
        return [V.NOT_YOURS("The player dealt indirect damage assigns it.", rules.INDIRECT)]
    room = indirect_room(state, pend)
    uid = ev.data["unit"]
    if uid not in room:
        return [V.NO_ROOM("That unit is not yours or cannot take more damage.", rules.INDIRECT)]
    if ev.data["amount"] > min(room[uid], pend["remaining"]):
        return [V.TOO_MUCH(f"At most {min(room[uid], pend['remaining'])} more on that unit.", rules.INDIRECT)]
    return []


def apply_assign_indirect(state: ConquestState, ev: Event) -> list[Consequence]:
    """Put part of the indirect damage on one unit."""
    pend = state["pending"][0]
    uid = ev.data["unit"]
    pend["assigned"][uid] = pend["assigned"].get(uid, 0) + ev.data["amount"]
    pend["remaining"] -= ev.data["amount"]
    return _indirect_maybe_done(state, pend)


def _indirect_maybe_done(state: ConquestState, pend: dict[str, Any]) -> list[Consequence]:
    if pend["remaining"] > 0 and indirect_room(state, pend):
        return []
    # Damage that cannot be dealt is ignored; once assigned it is dealt like any other damage.
    state["pending"].remove(pend)
    return start(state, pend["assigned"], pend["source"], rules.INDIRECT)


def apply_bloodied_stats(state: ConquestState, ev: Event) -> list[Consequence]:
    """Record the bloodied side's printed numbers."""
    pend = state["pending"].pop(0)
    unit = state["units"][pend["unit"]]
    unit["attack"], unit["hp"] = ev.data["attack"], ev.data["hp"]
    unit["bloodied"] = {"attack": ev.data["attack"], "hp": ev.data["hp"]}
    return [Consequence("bloodied_side", {"unit": unit["id"], "attack": unit["attack"], "hp": unit["hp"]},
                        rules.DAMAGED_UNITS)]
