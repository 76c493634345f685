"""The Conquest event catalogue: every event type with its fields, for clients, docs and structural checks."""
from __future__ import annotations

import copy
from typing import Any

from .cards import CARD_TYPES
from .setup import LINE_LENGTH

SLOT = {"type": "int", "min": 1, "max": LINE_LENGTH, "help": "Planet position in the line (1 = leftmost)"}
UNIT = {"type": "str", "max_length": 80, "help": "Unit id, e.g. p1.warlord"}
CARD_FIELDS = {
    "name": {"type": "str", "max_length": 80, "help": "Card title"},
    "type": {"type": "enum", "choices": list(CARD_TYPES), "help": "Card type"},
    "cost": {"type": "int", "min": 0, "max": 20, "required": False, "help": "Resource cost"},
    "attack": {"type": "int", "min": 0, "max": 30, "required": False, "help": "ATK"},
    "hp": {"type": "int", "min": 1, "max": 30, "required": False, "help": "Hit points"},
    "command": {"type": "int", "min": 0, "max": 9, "required": False, "help": "Command icons"},
    "shields": {"type": "int", "min": 0, "max": 5, "required": False,
                "help": "Shield icons (they only matter when the card is discarded from hand as a shield)"},
    # The card pool prints at most 3 keywords and 3 traits a card (content/conquest/cards.json, 1,124 cards).
    "keywords": {"type": "list", "items": {"type": "str", "max_length": 40}, "required": False, "max_items": 12,
                 "help": "ambush, area effect N, armorbane, brutal, flying, limited, mobile, no attachments, ranged"},
    "traits": {"type": "list", "items": {"type": "str", "max_length": 40}, "required": False, "max_items": 12,
               "help": "Traits, e.g. Relic"},
    "unique": {"type": "bool", "required": False, "help": "Unique card"},
}
CARD = {"type": "object", "fields": CARD_FIELDS}
REASON = {"type": "str", "max_length": 300, "required": False, "help": "Which card or effect"}


def _e(type_: str, label: str, fields: dict[str, Any], help_: str) -> dict[str, Any]:
    return {"type": type_, "label": label, "fields": fields, "help": help_}


EVENT_TYPES = [
    # setup
    _e("initiative", "Initiative token", {"seat": {"type": "seat", "help": "Who takes the initiative token"}},
       "The player chosen at random to take the initiative token and start the game."),
    _e("reveal_planet", "Reveal planet", {"planet": {"type": "str", "max_length": 80, "help": "Planet card turned face up"}},
       "Turn the leftmost face-down planet face up (5 at setup, 1 in each headquarters phase)."),
    _e("mulligan", "Mulligan", {"take": {"type": "bool", "help": "Reshuffle the starting hand and draw a new one"}},
       "Keep the starting hand or take the one mulligan."),
    # deploy / actions
    _e("deploy", "Deploy a card", {"card": CARD, "planet": {**SLOT, "required": False},
                                   "attach_to": {**UNIT, "required": False, "help": "Unit the attachment goes on"}},
       "Deploy a card from hand, paying its cost: army units to a face-up planet, supports to HQ, attachments onto a unit."),
    _e("action", "Use an action", {"card": {"type": "str", "max_length": 80, "help": "Card whose Action: ability is used"},
                                   "cost": {"type": "int", "min": 0, "max": 20, "required": False},
                                   "from_hand": {"type": "bool", "required": False, "help": "An event card played from hand"},
                                   "limited": {"type": "bool", "required": False, "help": "The card has Limited"}},
       "Use an Action: ability (or play an event card); its effects are entered with the adjust events."),
    _e("pass", "Pass", {}, "Pass the deployment turn (for the rest of the phase) or the combat turn."),
    # command
    _e("commit", "Commit to a planet", {"planet": SLOT},
       "Secretly choose a planet on the command dial; revealed when both players have committed."),
    _e("take_bonus", "Take command bonus", {"resources": {"type": "bool"}, "cards": {"type": "bool"}},
       "The winner of a command struggle takes the planet's resource bonus, card bonus, both or none."),
    # combat
    _e("mobile_move", "Mobile move", {"unit": UNIT, "planet": SLOT},
       "At the start of the combat phase a Mobile unit may move to an adjacent face-up planet."),
    _e("mobile_done", "Done with Mobile", {}, "No (more) Mobile moves this phase."),
    _e("attack", "Attack", {"attacker": UNIT, "defender": {**UNIT, "required": False},
                            "area_effect": {"type": "bool", "required": False, "help": "Use Area Effect instead of a defender"}},
       "Exhaust a ready unit to attack an enemy unit at the planet (Ranged units only in the ranged skirmish)."),
    _e("warlord_retreat", "Warlord retreats", {}, "Exhaust the warlord to retreat it to HQ; ends the combat turn."),
    _e("shield", "Use a shield card", {"unit": UNIT, "shields": {"type": "int", "min": 1, "max": 5, "help": "Shield icons"},
                                       "card": {"type": "str", "max_length": 80, "required": False,
                                                "help": "The card discarded from hand as the shield (for the log)"}},
       "Discard one shield card from hand to prevent damage to one damaged unit."),
    _e("no_shield", "No shield", {}, "Pass the shield opportunity."),
    _e("retreat", "Retreat a unit", {"unit": UNIT}, "At the end of a combat round, move a unit from the battle to HQ, exhausted."),
    _e("retreat_done", "Done retreating", {}, "End this retreat opportunity."),
    _e("call_stalemate", "Call stalemate check", {},
       "At the beginning of a combat round: if 3 combat rounds end with identical states, the battle is a stalemate."),
    _e("battle_ability", "Planet battle ability", {
        "use": {"type": "bool"},
        "unit": {**UNIT, "required": False, "help": "The ability's target unit"},
        "planet": {"type": "int", "min": 0, "max": LINE_LENGTH, "required": False,
                   "help": "The ability's target planet (0 = the opponent's HQ)"},
        "choice": {"type": "enum", "choices": ["resources", "cards"], "required": False}},
       "The winner of a battle may resolve the planet's Battle ability: the engine resolves the planets it "
       "knows; for the others enter the effects as card effects."),
    _e("assign_indirect", "Assign indirect damage", {"unit": UNIT, "amount": {"type": "int", "min": 1, "max": 30}},
       "Put some of the indirect damage dealt to you on one of your units."),
    _e("bloodied_stats", "Bloodied warlord numbers", {"attack": {"type": "int", "min": 0, "max": 30},
                                                      "hp": {"type": "int", "min": 1, "max": 30}},
       "Enter the ATK and HP printed on the warlord's bloodied side."),
    # headquarters
    _e("headquarters", "Headquarters phase", {"reveal": {"type": "str", "max_length": 80, "required": False,
                                                          "help": "The planet revealed (when face-down planets remain)"}},
       "Move the first planet token, reveal the next planet, draw 2, gain 4 resources, ready all, pass the initiative."),
    # card effects, entered by the players (the table decides what the cards say)
    _e("put_into_play", "Put into play", {"card": CARD, "planet": {**SLOT, "required": False}, "reason": REASON},
       "A card effect puts a unit (e.g. a token unit) into play without paying its cost; no planet = HQ."),
    _e("deal_damage", "Deal damage (card effect)", {"unit": UNIT, "amount": {"type": "int", "min": 1, "max": 30},
                                                    "reason": REASON},
       "A card effect deals damage to a unit (shields may be used)."),
    _e("indirect_damage", "Deal indirect damage", {"seat": {"type": "seat"}, "amount": {"type": "int", "min": 1, "max": 30},
                                                   "reason": REASON},
       "A card effect deals indirect damage to a player, who divides it among his units."),
    _e("remove_damage", "Remove damage", {"unit": UNIT, "amount": {"type": "int", "min": 1, "max": 30}, "reason": REASON},
       "A card effect removes damage from a unit."),
    _e("destroy", "Destroy / discard a card", {"unit": UNIT, "reason": REASON},
       "A card effect destroys, sacrifices or discards a card in play (unit, support or attachment id)."),
    _e("move_unit", "Move a unit", {"unit": UNIT, "planet": {**SLOT, "required": False},
                                    "exhaust": {"type": "bool", "required": False}, "reason": REASON},
       "A card effect moves a unit to a planet (or HQ when no planet is given); a rout exhausts it."),
    _e("set_ready", "Ready / exhaust", {"unit": UNIT, "ready": {"type": "bool"}, "reason": REASON},
       "A card effect readies or exhausts a card."),
    _e("modify_unit", "Change a unit's numbers", {"unit": UNIT,
                                                 "attack": {"type": "int", "min": 0, "max": 30, "required": False},
                                                 "hp": {"type": "int", "min": 1, "max": 30, "required": False},
                                                 "command": {"type": "int", "min": 0, "max": 9, "required": False},
                                                 "keywords": CARD_FIELDS["keywords"], "reason": REASON},
       "A lasting card effect changes a unit's printed numbers or keywords."),
    _e("adjust_resources", "Gain / lose resources", {"amount": {"type": "int", "min": -50, "max": 50}, "reason": REASON},
       "A card effect changes your resource pool."),
    _e("card_ability", "Play a card's ability", {
        "card": {"type": "str", "max_length": 80, "help": "The card (of your deck) whose Action, Reaction or Interrupt is played"},
        "source": {**UNIT, "required": False, "help": "Your card in play that uses it (none for an event from hand)"},
        "target": {**UNIT, "required": False, "help": "The unit the ability chooses"},
        "cost_unit": {**UNIT, "required": False, "help": "Your unit exhausted or sacrificed to pay for it"}},
       "Play a card's ability the engine knows (core set starter decks): it checks the window and the cost, applies "
       "the fixed effects citing the card, and logs what the players carry out."),
    _e("adjust_cards", "Draw / discard cards", {"hand": {"type": "int", "min": -30, "max": 30, "required": False},
                                                "deck": {"type": "int", "min": -60, "max": 60, "required": False},
                                                "discard": {"type": "int", "min": -60, "max": 60, "required": False},
                                                "reason": REASON},
       "A card effect moves cards between your deck, hand and discard pile (draw 1 = hand +1, deck -1)."),
]



def event_types() -> list[dict[str, Any]]:
    """Every Conquest event with its fields (a copy: callers may change it)."""
    return copy.deepcopy(EVENT_TYPES)


EFFECT_TYPES = {"put_into_play", "deal_damage", "indirect_damage", "remove_damage", "destroy", "move_unit",
                "set_ready", "modify_unit", "adjust_resources", "adjust_cards"}
