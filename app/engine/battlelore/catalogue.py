"""The BattleLore event catalogue: every event type with its field specification."""
from __future__ import annotations

from typing import Any

from . import rules
from . import terrain as T
from .combat import RETREAT_ENDS
from .turns import LORE_CHOICES
from .units import ATTACK_TYPES, FACES, MOST, RECORD_KEYS, REMOVABLE_FOR_LORE, TOKENS

MOST_DICE_MODIFIER = 6
MOST_DICE = MOST["combat"] + MOST_DICE_MODIFIER

SEATS = ["p1", "p2"]
OPT = {"required": False}

POSITION = {"type": "object", "help": "The hex the unit stands in, as far as the rules care", "fields": {
    "section": {"type": "enum", "choices": T.SECTIONS, "help": "Board section (on a line: both)"},
    "terrain": {"type": "str", "max_length": 40,
                "help": "Terrain type (clear, forest, hill, building, ford, bridge, water...) or a tile id such as p2.tent"},
    "banner": {"type": "int", "min": 0, "max": 9, **OPT, "help": "VP shown on a banner marker in the hex"},
    "faction_banner": {"type": "enum", "choices": SEATS, **OPT, "help": "Whose faction banner is in the hex"},
}}

ROLL = {
    # At most a unit's largest combat value plus the largest dice modifier (Combat, 2).
    "roll": {"type": "list", "items": {"type": "enum", "choices": list(FACES)}, "max_items": MOST_DICE,
             "help": "One face per die rolled (after rerolls)"},
    "commit": {"type": "object", **OPT, "max_keys": len(FACES), "help": "Die results committed to unit abilities, by face"},
    "ability_damage": {"type": "int", "min": 0, "max": 20, **OPT, "help": "Damage the committed results cause"},
    "ability_retreats": {"type": "int", "min": 0, "max": 20, **OPT, "help": "Retreats the committed results cause"},
    "poison_damage": {"type": "int", "min": 0, "max": 20, **OPT,
                      "help": "Morale results committed to a poisoned target, 1 damage each"},
    "inflict": {"type": "list", "items": {"type": "enum", "choices": ["stun", "poison", "bleed", "blight", "panic"]},
                "max_items": 5,
                **OPT, "help": "Tokens the roll gives the target (through abilities)"},
    "dice_modifier": {"type": "int", "min": -MOST_DICE_MODIFIER, "max": MOST_DICE_MODIFIER, **OPT,
                      "help": "Dice added or removed by cards and abilities (after terrain)"},
    "note": {"type": "str", "max_length": 300, **OPT},
}

UNIT = {"type": "fighter", "help": "Unit id, e.g. p1.spearmen-1"}


def _setup_entries() -> list[dict[str, Any]]:
    """Setup entries: scenario, first player, unit cards, muster and deployment."""
    return [
        {"type": "choose_scenario", "label": "Choose scenario", "fields": {
            "scenario": {"type": "str", "max_length": 4, "help": "Initiative on the card, e.g. A1"},
            "name": {"type": "str", "max_length": 80, **OPT}},
         "help": "Each player picks one of three scenario cards; alphabetically first goes first."},
        {"type": "first_player", "label": "First player", "fields": {
            "seat": {"type": "enum", "choices": SEATS}},
         "help": "Only when scenario order does not decide (campaign start, equal initiative)."},
        {"type": "unit_card", "label": "Enter unit card", "fields": {
            "unit": {"type": "object", "max_keys": len(RECORD_KEYS),
                     "help": "Reference card: name, health, movement, combat, attack, range, muster..."},
            "faction": {"type": "str", "max_length": 40, **OPT}},
         "help": "Numbers from a unit reference card, entered once before mustering."},
        {"type": "muster", "label": "Muster army", "fields": {
            "army": {"type": "object", "max_keys": rules.MAX_UNIT_CARDS,
                     "help": "Unit or terrain slug -> number of deployment cards"},
            "command_tent": {"type": "bool", **OPT, "help": "Add a command tent (+5 muster points)"},
            "decoys": {"type": "int", "min": 0, "max": 18, **OPT, "help": "Decoy deployment cards"}},
         "help": "Exactly 18 deployment cards for at most 50 muster points."},
        {"type": "place", "label": "Place unit", "fields": {"unit": UNIT, "to": POSITION},
         "help": "Replace a deployment card with the unit's figures."},
        {"type": "deploy_done", "label": "Deployment done", "fields": {}},
    ]


def _turn_entries() -> list[dict[str, Any]]:
    """Turn entries: command cards, orders, moves, attacks and their answers."""
    return [
        {"type": "play_command", "label": "Play command card", "fields": {
            "section": {"type": "enum", "choices": T.CARD_SECTIONS, "help": "Section the card orders in"},
            "units": {"type": "int", "min": 0, "max": 9, "help": "How many units the card orders"},
            "card": {"type": "str", "max_length": 60, **OPT, "help": "Card name"},
            "resolve": {"type": "bool", **OPT, "help": "false: order 1 unit anywhere instead"},
            "text": {"type": "str", "max_length": 300, **OPT}}},
        {"type": "order", "label": "Order unit", "fields": {"unit": UNIT}},
        {"type": "remove_token", "label": "Remove token (2 lore)", "fields": {
            "unit": UNIT, "token": {"type": "enum", "choices": list(REMOVABLE_FOR_LORE)}}},
        {"type": "end_step", "label": "Next step", "fields": {}},
        {"type": "move", "label": "Move unit", "fields": {
            "unit": UNIT, "hexes": {"type": "int", "min": 1, "max": 12}, "to": POSITION}},
        {"type": "attack", "label": "Attack", "fields": {
            "attacker": UNIT, "target": UNIT,
            "kind": {"type": "enum", "choices": list(ATTACK_TYPES)},
            "distance": {"type": "int", "min": 1, "max": 12, "help": "Hexes to the target (1 = adjacent)"},
            "los": {"type": "bool", **OPT, "help": "Line of sight is clear (ranged)"},
            **ROLL}},
        {"type": "defend", "label": "Take hits", "fields": {
            "ignore_damage": {"type": "int", "min": 0, "max": 20, **OPT},
            "ignore_retreats": {"type": "int", "min": 0, "max": 20, **OPT},
            "moved": {"type": "int", "min": 0, "max": 20, **OPT, "help": "Hexes actually retreated"},
            "end": {"type": "enum", "choices": list(RETREAT_ENDS), **OPT,
                    "help": "free / supported (friendly unit behind) / blocked (edge, impassable, enemy)"},
            "to": {**POSITION, **OPT}},
         "help": "The target's player resolves damage and retreats."},
        {"type": "counter", "label": "Counter", "fields": dict(ROLL)},
        {"type": "decline", "label": "Decline", "fields": {
            "window": {"type": "enum", "choices": ["counter", "advance"]}}},
        {"type": "advance", "label": "Advance", "fields": {}},
    ]


def _lore_and_score_entries() -> list[dict[str, Any]]:
    """Victory points and lore entries."""
    return [
        {"type": "score_vp", "label": "Victory points", "fields": {
            "scenario_vp": {"type": "int", "min": 0, "max": 20, **OPT, "help": "VPs from the scenario card"},
            "reason": {"type": "str", "max_length": 200, **OPT}},
         "help": "Banner VPs are counted from where your units stand; then you draw a command card."},
        {"type": "lore_step", "label": "Lore step", "fields": {
            "choice": {"type": "enum", "choices": list(LORE_CHOICES)}}},
        {"type": "play_lore", "label": "Play lore card", "fields": {
            "card": {"type": "str", "max_length": 60}, "cost": {"type": "int", "min": 0, "max": 20},
            "blocks_opponent": {"type": "bool", **OPT,
                                "help": "The card stops the opponent playing a lore card this turn"}}},
    ]


def _effect_entries() -> list[dict[str, Any]]:
    """Entries a card's effect or a correction makes."""
    return [
        {"type": "damage", "label": "Damage (effect)", "fields": {
            "unit": UNIT, "amount": {"type": "int", "min": 1, "max": 20},
            "source": {"type": "str", "max_length": 120, **OPT},
            "kind": {"type": "enum", "choices": ["damage", "remove_figures"], **OPT}}},
        {"type": "heal", "label": "Recover health", "fields": {
            "unit": UNIT, "amount": {"type": "int", "min": 1, "max": 20}}},
        {"type": "token", "label": "Token", "fields": {
            "unit": UNIT, "token": {"type": "enum", "choices": list(TOKENS)},
            "action": {"type": "enum", "choices": ["add", "remove"]}}},
        {"type": "reposition", "label": "Place unit (effect)", "fields": {"unit": UNIT, "to": POSITION}},
        {"type": "adjust", "label": "Correct counts", "fields": {
            "seat": {"type": "enum", "choices": SEATS},
            "vp": {"type": "int", "min": -50, "max": 50, **OPT},
            "lore": {"type": "int", "min": -50, "max": 50, **OPT},
            "command_cards": {"type": "int", "min": -9, "max": 9, **OPT},
            "lore_cards": {"type": "int", "min": -9, "max": 9, **OPT},
            "reason": {"type": "str", "max_length": 200}}},
    ]


def event_types() -> list[dict[str, Any]]:
    """Every BattleLore event with its fields, in play order."""
    return [
        *_setup_entries(),
        *_turn_entries(),
        *_lore_and_score_entries(),
        *_effect_entries(),
    ]


UNIT_FIELDS = {"unit", "attacker", "target"}
