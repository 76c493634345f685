"""Card effects entered by the players: the table says what a card did, the engine keeps the books straight."""
from __future__ import annotations

from ..core import Consequence, Event, Violation
from . import combat, damage, rules, victory, windows
from . import violations as V
from .board import face_up_slots
from .cards import hp_left, norm_keywords
from .deploy import (
    TOKEN_LIMIT,
    card_record,
    enter_play,
    not_legally_attached,
    placement_problems,
    play_restrictions,
    token_count,
)
from .types import ConquestState


def _reason(ev: Event) -> str:
    return ev.data.get("reason") or "card effect"


def check_put_into_play(state: ConquestState, ev: Event) -> list[Violation]:
    """Put into play: no cost, but the deployment rules (unique, Relic, placement) still apply."""
    card = card_record(ev.data["card"])
    if card["type"] == "event":
        return [V.EVENT_CARD("Event cards are not put into play.", rules.DEPLOY_EVENT)]
    out = placement_problems(state, ev, card, rules.DEPLOY_ARMY) + play_restrictions(state, ev.by, card)
    if card["type"] == "token" and token_count(state, card["name"]) >= TOKEN_LIMIT:
        out.append(V.TOKEN_LIMIT(f"No more than {TOKEN_LIMIT} {card['name']} tokens in play.", rules.TOKENS))
    if card["type"] not in ("army", "token") and ev.data.get("planet") is not None:
        out.append(V.PLANET_FOR_UNIT("Only units go to a planet.", rules.DEPLOY))
    return out


def apply_put_into_play(state: ConquestState, ev: Event) -> list[Consequence]:
    """The card enters play ready; army cards come from hand, token units from the bank."""
    card = card_record(ev.data["card"])
    if card["type"] != "token":
        state["seats"][ev.by]["hand"] = max(0, state["seats"][ev.by]["hand"] - 1)
    cid, cons = enter_play(state, ev.by, card, ev.data.get("planet"), ev.data.get("attach_to"))
    if cid in state["units"]:
        windows.note_unit(state, "enters_play", state["units"][cid])
    return [Consequence("put_into_play", {"card": cid, "name": card["name"], "reason": _reason(ev)},
                        rules.CARD_TEXT)] + _battle_check(state)



def apply_deal_damage(state: ConquestState, ev: Event) -> list[Consequence]:
    """Damage from a card effect goes through the shield window like any damage."""
    return damage.start(state, {ev.data["unit"]: ev.data["amount"]}, _reason(ev), rules.DAMAGE) + _battle_check(state)


def check_indirect(state: ConquestState, ev: Event) -> list[Violation]:
    """Indirect damage is dealt to a player who has units."""
    if not any(u["owner"] == ev.data["seat"] for u in state["units"].values()):
        return [V.NO_UNITS("That player has no units.", rules.INDIRECT)]
    return []


def apply_indirect(state: ConquestState, ev: Event) -> list[Consequence]:
    """The player dealt indirect damage divides it among his units."""
    return damage.start_indirect(state, ev.data["seat"], ev.data["amount"], _reason(ev))


def apply_remove_damage(state: ConquestState, ev: Event) -> list[Consequence]:
    """Remove damage tokens from a unit."""
    u = state["units"][ev.data["unit"]]
    n = min(u["damage"], ev.data["amount"])
    u["damage"] -= n
    return [Consequence("damage_removed", {"unit": u["id"], "amount": n, "reason": _reason(ev)}, rules.CARD_TEXT)]


def apply_destroy(state: ConquestState, ev: Event) -> list[Consequence]:
    """A card leaves play by an effect (destroy, sacrifice, discard): units as when destroyed by damage."""
    cid = ev.data["unit"]
    if cid in state["cards"]:
        card = state["cards"].pop(cid)
        state["seats"][card["owner"]]["discard"] += 1
        damage.remember(state, cid, card["name"])
        cons = [Consequence("card_discarded", {"card": cid, "name": card["name"], "reason": _reason(ev)},
                            rules.CARD_TEXT)]
        return cons + damage.discard_attachments(state, cid)
    u = state["units"][cid]
    if u["kind"] == "warlord":
        u["damage"] = u["hp"]  # destroying a warlord defeats it (hale -> bloodied, bloodied -> game lost)
    return damage.destroy(state, cid, rules.CARD_TEXT) + victory.evaluate(state) + _battle_check(state)


def check_move(state: ConquestState, ev: Event) -> list[Violation]:
    """Units move to a face-up planet in the line, or to HQ."""
    slot = ev.data.get("planet")
    if slot is not None and slot not in face_up_slots(state):
        return [V.NOT_FACE_UP("Units can only be at face-up planets in the line.", rules.CARD_TEXT)]
    return []


def apply_move(state: ConquestState, ev: Event) -> list[Consequence]:
    """Move a unit (a rout: to HQ exhausted)."""
    u = state["units"][ev.data["unit"]]
    u["at"] = ev.data.get("planet") if ev.data.get("planet") is not None else "hq"
    if ev.data.get("exhaust"):
        u["ready"] = False
    rule = rules.ROUT if u["at"] == "hq" and ev.data.get("exhaust") else rules.CARD_TEXT
    return [Consequence("unit_moved", {"unit": u["id"], "to": u["at"], "reason": _reason(ev)}, rule)] + \
        _battle_check(state)


def apply_set_ready(state: ConquestState, ev: Event) -> list[Consequence]:
    """Ready or exhaust a card."""
    cid = ev.data["unit"]
    card = state["units"].get(cid) or state["cards"][cid]
    card["ready"] = ev.data["ready"]
    return [Consequence("readied" if card["ready"] else "exhausted", {"card": cid, "reason": _reason(ev)},
                        rules.CARD_TEXT)] + _battle_check(state)


def apply_modify(state: ConquestState, ev: Event) -> list[Consequence]:
    """Change a unit's numbers or keywords; a unit whose damage reaches its new HP is destroyed."""
    u = state["units"][ev.data["unit"]]
    for key in ("attack", "hp", "command"):
        if ev.data.get(key) is not None:
            u[key] = ev.data[key]
    if ev.data.get("keywords") is not None:
        u["keywords"] = norm_keywords(ev.data["keywords"])
    cons = [Consequence("unit_changed", {"unit": u["id"], "reason": _reason(ev)}, rules.CARD_TEXT)]
    # "If an attachment becomes not legally attached, discard it" (Other rules, Attachment cards): a unit that
    # gains No Attachments (or No <trait> Attachments) loses the attachments it may no longer have.
    cons += damage.discard_attachments(state, u["id"], only=not_legally_attached(state, u["id"]))
    if hp_left(u) <= 0:
        cons += damage.destroy(state, u["id"], rules.DAMAGED_UNITS) + victory.evaluate(state)
    return cons + _battle_check(state)


def check_resources(state: ConquestState, ev: Event) -> list[Violation]:
    """A resource pool never goes below 0."""
    if state["seats"][ev.by]["resources"] + ev.data["amount"] < 0:
        return [V.NOT_ENOUGH("You do not have that many resources.", rules.DEPLOY_COST)]
    return []


def apply_resources(state: ConquestState, ev: Event) -> list[Consequence]:
    """Gain or spend resources by a card effect."""
    state["seats"][ev.by]["resources"] += ev.data["amount"]
    return [Consequence("resources", {"seat": ev.by, "amount": ev.data["amount"], "reason": _reason(ev)},
                        rules.CARD_TEXT)]


def check_cards(state: ConquestState, ev: Event) -> list[Violation]:
    """Card counts never go below 0."""
    s = state["seats"][ev.by]
    for key in ("hand", "deck", "discard"):
        if s[key] + (ev.data.get(key) or 0) < 0:
            return [V.NOT_ENOUGH(f"Your {key} would go below 0.", rules.CARD_TEXT)]
    return []


def apply_cards(state: ConquestState, ev: Event) -> list[Consequence]:
    """Move cards between deck, hand and discard; an empty deck loses the game."""
    s = state["seats"][ev.by]
    for key in ("hand", "deck", "discard"):
        s[key] += ev.data.get(key) or 0
    cons = [Consequence("cards", {"seat": ev.by, **{k: ev.data.get(k) or 0 for k in ("hand", "deck", "discard")},
                                  "reason": _reason(ev)}, rules.CARD_TEXT)]
    return cons + victory.evaluate(state)


def _battle_check(state: ConquestState) -> list[Consequence]:
    """After an effect, a battle in progress ends at once if a side has no units left there."""
    b = state.get("battle")
    if state.get("result") or state["pending"] or not b or b["stage"] not in ("ranged", "melee"):
        return []
    return combat.open_turn(state)
