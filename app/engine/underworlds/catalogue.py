"""The event catalogue of the Underworlds rulesets: every event type with a spec for each field.

Field specs follow core.check_fields; extra keys: "ref": "feature" (a feature token id: "1".."9", "b1"..),
"help" (player-facing text). Fighter fields hold "<seat>.<slug>", seat fields "p1".."p4".
"""
from __future__ import annotations

from typing import Any

from . import attacks
from .cards import MOST_DECK_CARDS
from .edition import Edition
from .reactions import REACTION_STEP_IDS
from .state import TOKENS

FIGHTER = {"type": "fighter", "help": "Fighter (<seat>.<slug>)"}
OPT_FIGHTER = {**FIGHTER, "required": False}
CARD = {"type": "str", "max_length": 120, "required": False, "help": "Card name (when known)"}
# The one choice a card's fixed effects need (card_effects.py): the fighter it affects, the option picked.
CARD_CHOICE = {"chosen": {**OPT_FIGHTER, "help": "The fighter the card's effect goes to"},
               "option": {"type": "int", "min": 0, "max": 3, "required": False,
                          "help": "The card's option picked (0 = the first)"}}
FEATURE = {"type": "str", "max_length": 4, "ref": "feature", "help": "Feature token (1-9, or b1.. for the others)"}
OPT_FEATURE = {**FEATURE, "required": False}
FACES = ["objective", "cover", "blocked"]
# Named counters (Advanced rules, Tokens and counters pg 19): a short label, like a keyword. The core set has
# 24 wound/generic counters, so no single rule gives more at once.
COUNTER_NAME = {"type": "str", "max_length": 24, "help": "Counter name, as the rule names it (e.g. blood)"}
MAX_COUNTERS = 24
CASTING_VALUE = {"type": "object", "required": False, "help": "The spell's casting value",
                 "fields": {k: {"type": "int", "min": 0, "max": 6, "required": False} for k in ("channel", "focus", "crit")}}
MAGIC = {"type": "object", "required": False, "help": "Magic dice, counts per face",
         "fields": {k: {"type": "int", "min": 0, "max": 20, "required": False} for k in ("dice", "crit", "channel", "focus")}}


def _setup_entries() -> list[dict[str, Any]]:
    """Entries of the game's setup: roll-offs, do-overs and deployment."""
    return [
        {"type": "roll_off", "label": "Roll-off",
         "help": "Who won a roll-off and whom they picked: the player who chooses the first board (boards), "
                 "places a fighter first (deployment) or takes the first turn (first_turn).",
         "fields": {"purpose": {"type": "enum", "choices": ["boards", "deployment", "first_turn"]},
                    "first": {"type": "seat", "help": "The player picked to go first"},
                    "winner": {"type": "seat", "required": False, "help": "Who won the roll-off"},
                    "rolls": {"type": "object", "required": False,
                              "help": "Optional: each player's roll-off dice {seat: {crit, double, single}}; the "
                                      "engine then says who won (first round: +1 critical for the player who "
                                      "finished placing fighters first)"}}},
        {"type": "do_over", "label": "Do-over", "help": "Redraw part or all of the starting hand, or keep it.",
         "fields": {"choice": {"type": "enum", "choices": ["none", "power", "objectives", "all"]}}},
        {"type": "deployed", "label": "Fighters placed",
         "help": "All fighters are on the battlefield; who finished placing their warband first.",
         "fields": {"finished_first": {"type": "seat"}}},
    ]


def _turn_entries(edition: Edition) -> list[dict[str, Any]]:
    """Entries of a turn: activations, the power step and reactions."""
    return [
        {"type": "activate", "label": "Activate a fighter", "help": "The activation step: a fighter makes an action.",
         "fields": {"action": {"type": "enum", "choices": list(edition.actions)},
                    "fighter": FIGHTER,
                    "target": {**OPT_FIGHTER, "help": "Stun/Barge: the adjacent enemy fighter"},
                    "attacks": {"type": "int", "min": 1, "max": 6, "required": False,
                                "help": "Scything: one Attack action per adjacent enemy fighter"},
                    "lethal": {"type": "int", "min": 0, "max": 9, "required": False,
                               "help": "Lethal hexes moved into (1 damage each)"},
                    "snare": {"type": "bool", "required": False, "help": "Moved onto a snare hex"},
                    "name": {"type": "str", "max_length": 120, "required": False,
                             "help": "Name of an action from a card"},
                    "casting_roll": {**MAGIC, "help": "Spell action: the casting roll"},
                    "casting_value": CASTING_VALUE}},
        {"type": "player_action", "label": "Player action",
         "help": "Use an activation without a fighter.",
         "fields": {"action": {"type": "enum", "choices": list(edition.player_actions)}}},
        {"type": "abandon", "label": "Attack cannot be made",
         "help": "The pending Attack action ends unresolved (a reaction made it impossible).",
         "fields": {"reason": {"type": "str", "max_length": 300, "required": False}}},
        {"type": "power", "label": "Power step",
         "help": "Play a ploy, gambit spell or upgrade, delve, salvage or pass.",
         "fields": {"play": {"type": "enum", "choices": list(edition.power_plays)},
                    "card": CARD,
                    "persists": {"type": "bool", "required": False,
                                 "help": "Ploy: it persists (stays face up until discarded)"},
                    "fighter": {**OPT_FIGHTER, "help": "Upgrade: who gets it; spell: the caster; delve: who delves"},
                    "feature": {**OPT_FEATURE, "help": "Delve: the feature token flipped"},
                    "casting_roll": {**MAGIC, "help": "Gambit spell: the casting roll"},
                    "casting_value": {"type": "object", "required": False,
                                      "help": "Gambit spell: its casting value (when the card is not known)",
                                      "fields": {k: {"type": "int", "min": 0, "max": 6, "required": False}
                                                 for k in ("channel", "focus", "crit")}},
                    **CARD_CHOICE}},
        {"type": "reaction", "label": "Reaction",
         "help": "Use a reaction in an open reaction step (Plunder, or one from a card).",
         "fields": {"step": {"type": "enum", "choices": list(REACTION_STEP_IDS)},
                    "name": {"type": "str", "max_length": 120, "help": "Reaction name (plunder, or the card's)"},
                    "card": CARD, "fighter": OPT_FIGHTER,
                    "feature": {**OPT_FEATURE, "help": "Plunder: the available feature token placed"},
                    "casting_roll": {**MAGIC, "help": "Spell reaction: the casting roll (fighter = the caster)"},
                    "casting_value": CASTING_VALUE,
                    "face": {"type": "enum", "choices": FACES, "required": False},
                    **CARD_CHOICE}},
        {"type": "reaction_pass", "label": "No reaction", "help": "Pass in the open reaction step.", "fields": {}},
    ]


def _card_entries() -> list[dict[str, Any]]:
    """Entries of objective and power cards and the end phase."""
    return [
        {"type": "objective", "label": "Objective",
         "help": "Reveal a surge objective (scored next surge step), score one in the end phase, or discard one.",
         "fields": {"action": {"type": "enum", "choices": ["reveal", "score", "discard"]},
                    "card": CARD,
                    "glory": {"type": "int", "min": 0, "max": 9, "required": False,
                              "help": "Glory it is worth (when the card is not known)"}}},
        {"type": "discard_power", "label": "Discard a power card",
         "help": "End phase step 4; or a persisting gambit in play is discarded (in_play: true).",
         "fields": {"card": CARD, "in_play": {"type": "bool", "required": False,
                                              "help": "Discard a persisting gambit that is in play"}}},
        {"type": "end_phase_done", "label": "End phase done",
         "help": "Finished your end phase sequence; draw up to 3 objective and 5 power cards.", "fields": {}},
        {"type": "objectives_held", "label": "Objectives held",
         "help": "The game ended tied on glory: what each tied player holds (combined value, or number in the "
                 "2018 and 2019 rules) decides it.",
         "fields": {"held": {"type": "object", "help": "Per tied player (p1..p4)",
                             "fields": {s: {"type": "int", "min": 0, "max": 20, "required": False}
                                        for s in ("p1", "p2", "p3", "p4")}}}},
    ]


def _fighter_entries() -> list[dict[str, Any]]:
    """Entries that change a fighter: Inspire, damage, tokens, counters, position and Wounds."""
    return [
        {"type": "inspire", "label": "Inspire", "help": "The fighter's Inspire condition is met (Inspire step).",
         "fields": {"fighter": FIGHTER}},
        {"type": "uninspire", "label": "Un-Inspire", "help": "An ability un-Inspires the fighter.",
         "fields": {"fighter": FIGHTER}},
        {"type": "damage", "label": "Damage", "help": "A fighter is dealt damage outside an attack.",
         "fields": {"fighter": FIGHTER, "amount": {"type": "int", "min": 1, "max": 20},
                    "source": {"type": "enum", "choices": ["card", "spell", "upgrade", "attack", "backlash",
                                                           "lethal_hex", "other"]},
                    "dealt_by": {"type": "str", "max_length": 60, "required": False,
                                 "help": "Fighter or seat that dealt it (default: the entering seat)"}}},
        {"type": "heal", "label": "Heal", "fields": {"fighter": FIGHTER, "amount": {"type": "int", "min": 1, "max": 20}}},
        {"type": "token", "label": "Token", "help": "Give or remove a Move, Charge, Guard, Stagger or Raise token.",
         "fields": {"fighter": FIGHTER, "token": {"type": "enum", "choices": list(TOKENS)},
                    "action": {"type": "enum", "choices": ["give", "remove"]}}},
        {"type": "counter", "label": "Counter",
         "help": "Give or remove counters a rule names (e.g. 'blood'); wound counters are damage and heal.",
         "fields": {"fighter": FIGHTER, "name": COUNTER_NAME, "action": {"type": "enum", "choices": ["give", "remove"]},
                    "count": {"type": "int", "min": 1, "max": MAX_COUNTERS}}},
        {"type": "drive_back", "label": "Drive back",
         "help": "Push the target of the Attack action just made away from the attacker (1 hex, plus Knockback); "
                 "0 hexes: the attacking player chooses not to drive it back.",
         "fields": {"fighter": FIGHTER, "hexes": {"type": "int", "min": 0, "max": 9},
                    "into": {"type": "enum", "choices": ["none", "lethal", "snare"], "required": False}}},
        {"type": "push", "label": "Push", "help": "A fighter is pushed (or driven back).",
         "fields": {"fighter": FIGHTER, "hexes": {"type": "int", "min": 1, "max": 9},
                    "into": {"type": "enum", "choices": ["none", "lethal", "snare"], "required": False}}},
        {"type": "position", "label": "On a feature token",
         "help": "The fighter now stands on this feature token (or on none).",
         "fields": {"fighter": FIGHTER, "feature": {**OPT_FEATURE, "help": "Token, or empty for none"}}},
        {"type": "feature", "label": "Feature token", "help": "Flip, place or remove a feature token (card effects).",
         "fields": {"feature": FEATURE, "action": {"type": "enum", "choices": ["flip", "place", "remove"]},
                    "face": {"type": "enum", "choices": FACES, "required": False}}},
        {"type": "out_of_action", "label": "Out of action",
         "help": "The fighter is taken out of action (its Wounds are unknown here, or a card says so).",
         "fields": {"fighter": FIGHTER,
                    "source": {"type": "enum", "choices": ["attack", "card", "spell", "backlash", "lethal_hex", "other"],
                               "required": False},
                    "dealt_by": {"type": "str", "max_length": 60, "required": False,
                                 "help": "Fighter or seat that took it out (default: the entering seat)"}}},
        {"type": "return_fighter", "label": "Return a fighter", "help": "An ability returns a fighter to the battlefield.",
         "fields": {"fighter": FIGHTER}},
        {"type": "wounds", "label": "Wounds modifier",
         "help": "A card changes the fighter's Wounds characteristic by this much (sets it when unknown).",
         "fields": {"fighter": FIGHTER, "change": {"type": "int", "min": -9, "max": 9}}},
    ]


def _hand_and_glory_entries() -> list[dict[str, Any]]:
    """Entries of a player's hand and glory."""
    return [
        {"type": "hand", "label": "My cards",
         "help": "The cards you hold (private: only you and the referee see the names).",
         # A hand holds at most the deck it is drawn from.
         "fields": {"objectives": {"type": "list", "items": {"type": "str", "max_length": 120}, "required": False,
                                   "max_items": MOST_DECK_CARDS},
                    "power": {"type": "list", "items": {"type": "str", "max_length": 120}, "required": False,
                              "max_items": MOST_DECK_CARDS}}},
        {"type": "glory_adjust", "label": "Adjust glory", "help": "Change glory by these amounts (a card, or a fix).",
         "fields": {"seat": {"type": "seat"}, "unspent": {"type": "int", "min": -20, "max": 20},
                    "spent": {"type": "int", "min": -20, "max": 20},
                    "reason": {"type": "str", "max_length": 300}}},
    ]


def event_types(edition: Edition) -> list[dict[str, Any]]:
    """Catalogue entries {type, label, fields, help} for this edition."""
    out = [
        *_setup_entries(),
        *_turn_entries(edition),
        *_card_entries(),
        *_fighter_entries(),
        *_hand_and_glory_entries(),
    ]
    attack_fields = attacks.fields()
    if attack_fields:
        out.insert(4, {"type": "attack", "label": "Attack",
                       "help": "An Attack action's rolls; the engine decides the result, damage and drive back.",
                       "fields": attack_fields, "options": edition.combat.attack_options()})
    return out
