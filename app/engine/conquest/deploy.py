"""The deploy phase and deploying cards: costs, placement, Limited, unique, Relic, No Attachments, Ambush."""
from __future__ import annotations

from typing import Any, Mapping

from ..core import Consequence, Event, Violation
from . import combat, command, rules, windows
from . import violations as V
from .board import controlled_cards, face_up_slots, new_id, other
from .cards import has_keyword, is_relic, no_attachments_trait, norm_keywords
from .types import ConquestState

TOKEN_LIMIT = 10  # no more than 10 token units of one title in play (Other rules, Token units)


def start_phase(state: ConquestState) -> list[Consequence]:
    """Deploy phase: the initiative player takes the first deployment turn."""
    state["phase"] = "deploy"
    state["step"] = {"name": "deploy", "turn": state["initiative"], "passed": []}
    windows.note(state, "deploy_phase_begins", seat=None)
    return [Consequence("phase", {"phase": "deploy", "round": state["round"]}, rules.DEPLOY)]


def card_record(raw: dict[str, Any]) -> dict[str, Any]:
    """The card as entered, with defaults and normalised keywords/traits."""
    keywords = norm_keywords(raw.get("keywords"))
    return {"name": raw["name"].strip(), "type": raw["type"], "cost": raw.get("cost") or 0,
            "attack": raw.get("attack") or 0, "hp": raw.get("hp"), "command": raw.get("command") or 0,
            "shields": raw.get("shields") or 0,
            "keywords": keywords, "traits": [t.strip() for t in raw.get("traits") or [] if t.strip()],
            "unique": bool(raw.get("unique"))}


def _in_play_named(state: ConquestState, seat: str, name: str) -> bool:
    return any(c["name"].lower() == name.lower() for c in controlled_cards(state, seat))


def placement_problems(state: ConquestState, ev: Event, card: dict[str, Any], rule_for_army: str) -> list[Violation]:
    """Where a card may enter play: units at a face-up planet (or HQ for effects), attachments on a unit."""
    out = []
    if card["type"] in ("army", "token"):
        if card["hp"] is None:
            out.append(V.NO_HP("Enter the unit's HP.", rule_for_army))
        planet = ev.data.get("planet")
        if ev.type == "deploy" and planet is None:
            out.append(V.NO_PLANET("Army units are deployed at one of the face-up planets.", rule_for_army))
        elif planet is not None and planet not in face_up_slots(state):
            out.append(V.NOT_FACE_UP("Units go to a face-up planet in the line.", rule_for_army))
    elif card["type"] == "attachment":
        host_id = ev.data.get("attach_to")
        # Attachments go on "another card, element, or area": a unit, or a support/attachment card.
        host = (state["units"].get(host_id) or state["cards"].get(host_id)) if host_id else None
        if host is None:
            out.append(V.NO_HOST("Say which card the attachment goes on.", rules.DEPLOY_ATTACHMENT))
        else:
            barred = no_attachments_trait(host)
            if not may_host(host, card):
                what = "attachments" if barred is None else f"{barred} attachments"
                out.append(V.NO_ATTACHMENTS(f"{host['name']} cannot have {what}.", rules.KW_NO_ATTACHMENTS))
    elif card["type"] == "event":
        out.append(V.EVENT_CARD("Event cards are played with 'Use an action'.", rules.DEPLOY_EVENT))
    return out


def may_host(host: Mapping[str, Any], attachment: Mapping[str, Any]) -> bool:
    """May this card have this attachment (No Attachments: none; No <trait> Attachments: none of that trait)?"""
    barred = no_attachments_trait(host)
    if barred is None:
        return False
    return not barred or barred not in [t.lower() for t in attachment.get("traits") or []]


def not_legally_attached(state: ConquestState, host_id: str) -> list[str]:
    """The attachments on a card that it may no longer have (Other rules, Attachment cards)."""
    host = state["units"].get(host_id) or state["cards"].get(host_id)
    if host is None:
        return []
    return [c["id"] for c in state["cards"].values() if c.get("attached_to") == host_id and not may_host(host, c)]


def play_restrictions(state: ConquestState, seat: str, card: dict[str, Any]) -> list[Violation]:
    """Unique, Relic and Limited limits that apply to deploying or putting the card into play."""
    out = []
    if card["unique"] and _in_play_named(state, seat, card["name"]):
        out.append(V.UNIQUE(f"You already have {card['name']} in play.", rules.UNIQUE))
    if is_relic(card) and any(is_relic(c) for c in controlled_cards(state, seat)):
        out.append(V.RELIC("You already control a Relic.", rules.RELIC))
    return out


def check_deploy(state: ConquestState, ev: Event) -> list[Violation]:
    """Deploy a card from hand on your deployment turn (or an Ambush card on your combat turn)."""
    card = card_record(ev.data["card"])
    seat = state["seats"][ev.by]
    step = state["step"]
    if card["type"] == "token":
        return [V.TOKEN_FROM_HAND("Token units are put into play by abilities, not deployed.", rules.TOKENS)]
    if state["phase"] == "deploy":
        if ev.by != step.get("turn"):
            return [V.OUT_OF_STEP("It is the other player's deployment turn.", rules.DEPLOY)]
    elif state["phase"] == "combat" and has_keyword(card, "ambush"):
        if not combat.in_battle_turn(state, ev.by) or state["pending"]:
            return [V.OUT_OF_STEP("Ambush cards are deployed as an action on your combat turn.", rules.KW_AMBUSH)]
    else:
        return [V.OUT_OF_STEP("Cards are deployed in the deploy phase (Ambush: in the combat phase).", rules.DEPLOY)]
    out = placement_problems(state, ev, card, rules.DEPLOY_ARMY)
    if card["type"] != "army" and ev.data.get("planet") is not None:
        out.append(V.PLANET_FOR_UNIT("Only army units are deployed at a planet.", rules.DEPLOY))
    if card["type"] != "attachment" and ev.data.get("attach_to"):
        out.append(V.NOT_ATTACHMENT("Only attachments are attached.", rules.DEPLOY_ATTACHMENT))
    if seat["hand"] <= 0:
        out.append(V.EMPTY_HAND("You have no cards in hand.", rules.DEPLOY))
    if card["cost"] > seat["resources"]:
        out.append(V.COST(f"{card['name']} costs {card['cost']}; you have {seat['resources']} resources.", rules.DEPLOY_COST))
    if has_keyword(card, "limited") and seat.get("limited_round") == state["round"]:
        out.append(V.LIMITED("You already deployed or played a Limited card this round.", rules.KW_LIMITED))
    return out + play_restrictions(state, ev.by, card)


def enter_play(state: ConquestState, seat: str, card: dict[str, Any], planet: int | None,
               attach_to: str | None) -> tuple[str, list[Consequence]]:
    """Put the card on the table: units ready at their planet (or HQ), supports at HQ, attachments on a unit."""
    cid = new_id(state, seat, card["name"])
    if card["type"] in ("army", "token"):
        state["units"][cid] = {"id": cid, "owner": seat, "name": card["name"], "kind": card["type"],
                               "cost": card["cost"], "attack": card["attack"], "hp": card["hp"],
                               "command": card["command"], "keywords": card["keywords"],
                               "traits": card["traits"], "unique": card["unique"],
                               "at": planet if planet is not None else "hq", "ready": True, "damage": 0}
    else:
        state["cards"][cid] = {"id": cid, "owner": seat, "name": card["name"], "kind": card["type"],
                               "keywords": card["keywords"], "traits": card["traits"], "unique": card["unique"],
                               "attached_to": attach_to if card["type"] == "attachment" else None, "ready": True}
    return cid, []


def apply_deploy(state: ConquestState, ev: Event) -> list[Consequence]:
    """Pay the cost, move the card from hand into play, and pass the deployment turn."""
    card = card_record(ev.data["card"])
    seat = state["seats"][ev.by]
    # An override ("my card lowers the cost") may let a card in that the pool could not pay for:
    # the pool and the hand never go below 0.
    seat["resources"] = max(0, seat["resources"] - card["cost"])
    seat["hand"] = max(0, seat["hand"] - 1)
    if has_keyword(card, "limited"):
        seat["limited_round"] = state["round"]
    cid, cons = enter_play(state, ev.by, card, ev.data.get("planet"), ev.data.get("attach_to"))
    cons.insert(0, Consequence("deployed", {"card": cid, "name": card["name"], "cost": card["cost"],
                                            "planet": ev.data.get("planet")}, rules.DEPLOY_READY))
    if cid in state["units"]:
        windows.note_unit(state, "enters_play", state["units"][cid], deployed=True)
    if state["phase"] == "deploy":
        cons += next_turn(state, ev.by)
    else:
        cons += combat.open_turn(state)
    return cons


def next_turn(state: ConquestState, seat: str) -> list[Consequence]:
    """Alternate deployment turns; a player who passed takes no more; both passed ends the phase."""
    step = state["step"]
    opp = other(state, seat)
    if opp not in step["passed"]:
        step["turn"] = opp
    elif seat not in step["passed"]:
        step["turn"] = seat
    else:
        return command.start_phase(state)
    return []


def check_pass(state: ConquestState, ev: Event) -> list[Violation]:
    """Pass: in the deploy phase for the rest of the phase; in a battle for this skirmish or round."""
    if state["phase"] == "deploy":
        if state["step"].get("turn") != ev.by:
            return [V.OUT_OF_STEP("It is the other player's deployment turn.", rules.DEPLOY)]
        return []
    return combat.check_pass(state, ev)


def apply_pass(state: ConquestState, ev: Event) -> list[Consequence]:
    """Record the pass and move on."""
    if state["phase"] == "deploy":
        state["step"]["passed"].append(ev.by)
        return [Consequence("passed", {"seat": ev.by}, rules.DEPLOY)] + next_turn(state, ev.by)
    return combat.apply_pass(state, ev)


def check_action(state: ConquestState, ev: Event) -> list[Violation]:
    """Actions: on your deployment turn, or on your combat turn; Limited and cost as for deploying."""
    seat = state["seats"][ev.by]
    if state["phase"] == "deploy":
        if state["step"].get("turn") != ev.by:
            return [V.OUT_OF_STEP("It is the other player's deployment turn.", rules.DEPLOY)]
    elif not combat.in_battle_turn(state, ev.by):
        return [V.NO_ACTION_WINDOW("Actions are used on your deployment or combat turn.", rules.ACTIONS)]
    out = []
    cost = ev.data.get("cost") or 0
    if cost > seat["resources"]:
        out.append(V.COST(f"That costs {cost}; you have {seat['resources']} resources.", rules.DEPLOY_COST))
    if ev.data.get("from_hand") and seat["hand"] <= 0:
        out.append(V.EMPTY_HAND("You have no cards in hand.", rules.DEPLOY_EVENT))
    if ev.data.get("limited") and seat.get("limited_round") == state["round"]:
        out.append(V.LIMITED("You already deployed or played a Limited card this round.", rules.KW_LIMITED))
    return out


def apply_action(state: ConquestState, ev: Event) -> list[Consequence]:
    """Pay the cost (an event card goes from hand to discard); a deployment turn is used up."""
    seat = state["seats"][ev.by]
    seat["resources"] = max(0, seat["resources"] - (ev.data.get("cost") or 0))
    if ev.data.get("from_hand"):
        seat["hand"] = max(0, seat["hand"] - 1)
        seat["discard"] += 1
    if ev.data.get("limited"):
        seat["limited_round"] = state["round"]
    cons = [Consequence("action_used", {"seat": ev.by, "card": ev.data["card"]},
                        rules.DEPLOY_EVENT if ev.data.get("from_hand") else rules.ACTIONS)]
    if state["phase"] == "deploy":
        cons += next_turn(state, ev.by)
    return cons


def token_count(state: ConquestState, name: str) -> int:
    """Token units of a title in play (both players)."""
    return sum(1 for u in state["units"].values() if u["kind"] == "token" and u["name"].lower() == name.lower())
