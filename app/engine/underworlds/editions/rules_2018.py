"""Rule-source strings for the Shadespire (2018) edition, under the same keys as the base's Deathgorge table.

Mechanics the 2018 rules do not have (Stun, Barge, Stagger, delve, salvage, spells, Large, Plunder,
surge steps...) cite the section that lists what the edition does have, so a rejection of one of
them points the table at the right page.
"""
from __future__ import annotations

from typing import Iterable

from ...core import Rule
from ..rules import DEATHGORGE_RULES
from .sources import SHADESPIRE_BOOK, SHADESPIRE_ERRATA

_ACTIVATIONS = Rule(SHADESPIRE_BOOK, "Activations: Move, Charge, Guard or a card's action; draw, swap objective or pass", 18)
_POWER = Rule(SHADESPIRE_BOOK, "Power Step: play a power card or pass", 22)

SHADESPIRE_RULES: dict[str, str] = {
    "game_sequence": Rule(SHADESPIRE_BOOK, "Core Rules, Game Sequence", 14),
    "place_boards": Rule(SHADESPIRE_BOOK, "Game Sequence, 1. Place the boards", 14),
    "roll_off": Rule(SHADESPIRE_ERRATA, "Page 14 - Re-rolls and roll-offs", 14),
    "feature_tokens": Rule(SHADESPIRE_ERRATA, "Page 16 - Place the objective tokens", 16),
    "draw_cards": Rule(SHADESPIRE_BOOK, "3. Draw cards", 16),
    "do_over": Rule(SHADESPIRE_BOOK, "3. Draw cards, Do-over?", 16),
    "running_out": Rule(SHADESPIRE_BOOK, "3. Draw cards: an empty deck is not reshuffled", 16),
    "place_fighters": Rule(SHADESPIRE_ERRATA, "Page 17 - Place the fighters", 17),
    "action_phase": Rule(SHADESPIRE_BOOK, "Round 1, Action Phase", 18),
    "first_round_bonus": Rule(SHADESPIRE_BOOK, "Round 1, Action Phase: the player who finished placing their warband first adds one critical", 18),
    "steps_of_turn": Rule(SHADESPIRE_BOOK, "Round 1, Action Phase: an activation, then a power step", 18),
    "activation_step": _ACTIVATIONS,
    "player_actions": _ACTIVATIONS,
    "move": Rule(SHADESPIRE_BOOK, "Move actions", 18),
    "push": Rule(SHADESPIRE_BOOK, "Pushes and other exceptions", 18),
    "tokens": Rule(SHADESPIRE_BOOK, "Activations: one Move (or Charge) action per fighter in each action phase", 18),
    "attack": Rule(SHADESPIRE_BOOK, "Attack actions", 19),
    "combat": Rule(SHADESPIRE_BOOK, "Combat", 20),
    "combat_friendly": Rule(SHADESPIRE_BOOK, "Combat: you cannot target a friendly fighter", 20),
    "damage": Rule(SHADESPIRE_BOOK, "Combat: the target suffers damage", 20),
    "who_dealt": Rule(SHADESPIRE_ERRATA, "FAQ: when is your warband / a fighter considered to have dealt damage"),
    "heal": Rule(SHADESPIRE_BOOK, "Glossary, Wounds: cards that remove wound tokens", 31),
    "vulnerable": Rule(SHADESPIRE_BOOK, "Glossary (no Vulnerable rule in this edition)", 30),
    "out_of_action": Rule(SHADESPIRE_ERRATA, "Page 21 - Out of action", 21),
    "out_of_action_adv": Rule(SHADESPIRE_ERRATA, "Page 21 - Out of action", 21),
    "bounty": Rule(SHADESPIRE_ERRATA, "Page 21 - Out of action: the other player gains one glory point", 21),
    "plunder": Rule(SHADESPIRE_BOOK, "Reactions (no Plunder reaction in this edition)", 24),
    "large": Rule(SHADESPIRE_ERRATA, "Page 21 - Out of action: one glory point, whatever the fighter", 21),
    "beast": Rule(SHADESPIRE_BOOK, "Place the objective tokens: a fighter standing on an objective token holds it", 16),
    "stagger": _ACTIVATIONS,
    "superactions": Rule(SHADESPIRE_BOOK, "Additional Attack Action Rules, Charge: a single activation", 22),
    "scything": Rule(SHADESPIRE_BOOK, "Attacking multiple targets", 21),
    "stun": _ACTIVATIONS,
    "barge": _ACTIVATIONS,
    "charge": Rule(SHADESPIRE_BOOK, "Additional Attack Action Rules, Charge", 22),
    "charge_token": Rule(SHADESPIRE_ERRATA, "FAQ: a fighter that made a Charge action cannot be activated again for the remainder of the phase"),
    "returned_fighter": Rule(SHADESPIRE_ERRATA, "FAQ: a fighter that moved or charged, was taken out of action and returned to the battlefield in the same action phase is still considered to have moved or charged"),
    "guard": Rule(SHADESPIRE_ERRATA, "Pages 22 and 30 - Guard", 22),
    "spells": _POWER,
    "casting": _POWER,
    "power_step": Rule(SHADESPIRE_BOOK, "Power Step", 22),
    "gambits": Rule(SHADESPIRE_BOOK, "Power Step, Ploy cards", 23),
    "gambit_restrictions": Rule(SHADESPIRE_BOOK, "Power Step: cards with an additional condition", 22),
    "upgrades": Rule(SHADESPIRE_BOOK, "Power Step, Upgrade cards", 23),
    "upgrade_restrictions": Rule(SHADESPIRE_BOOK, "Power Step, Upgrade cards: restrictions", 23),
    "delve": _POWER,
    "salvage": _POWER,
    "inspire": Rule(SHADESPIRE_BOOK, "Before a Game Begins, The fighters: Inspire condition", 13),
    "inspire_adv": Rule(SHADESPIRE_BOOK, "Before a Game Begins, The fighters: Inspired after the action that met the condition", 13),
    "reactions": Rule(SHADESPIRE_BOOK, "Reactions", 24),
    "minor_steps": Rule(SHADESPIRE_BOOK, "Reactions: a player who does not wish to play a reaction lets the other player decide", 24),
    "reaction_limits": Rule(SHADESPIRE_BOOK, "Reactions: only one reaction can be played at each such opportunity", 24),
    "reaction_chains": Rule(SHADESPIRE_BOOK, "Reactions: precedence to the player whose activation is next", 24),
    "reacting_to_reaction": Rule(SHADESPIRE_BOOK, "Reactions: precedence to the player whose activation is next", 24),
    "reaction_steps": Rule(SHADESPIRE_BOOK, "Reactions", 24),
    "end_phase": Rule(SHADESPIRE_BOOK, "Round 1, End Phase", 25),
    "end_phase_adv": Rule(SHADESPIRE_BOOK, "Round 1, End Phase: players cannot use ploys in the end phase", 25),
    "surge": Rule(SHADESPIRE_BOOK, "Objective cards in the action phase", 25),
    "round_3": Rule(SHADESPIRE_BOOK, "Round 3", 25),
    "victory": Rule(SHADESPIRE_BOOK, "Victory", 25),
    "features_adv": Rule(SHADESPIRE_ERRATA, "Page 16 - Place the objective tokens", 16),
    "mp_place_boards": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Place the boards: whichever player scores lowest places a game board "
                         "first", 27),
    "loser_places_board": Rule(SHADESPIRE_BOOK, "Game Sequence, 1. Place the boards: the player who loses chooses a game board first", 14),
    "mp_order": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Round 1, action phase: proceeding clockwise", 27),
    "mp_game_sequence": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Round 1, action phase: four activations each", 27),
    "mp_round_2": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Round 2: anticlockwise", 27),
    "mp_bounty": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Out of action", 27),
    "mp_power_step": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Power step", 27),
    "mp_end_phase": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Round 1, end phase", 27),
    "mp_victory": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Victory", 27),
    "mp_features": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Place the objective tokens", 27),
    "mp_reactions": Rule(SHADESPIRE_BOOK, "Multiplayer Games, Reactions", 27),
    "formats": Rule(SHADESPIRE_BOOK, "Alternative Rules", 26),
    "card_overrides": Rule(SHADESPIRE_BOOK, "But my card says...", 17),
    # Edition-only keys.
    "matched_play": Rule(SHADESPIRE_BOOK, "Alternative Rules, Matched Play", 26),
    "sudden_death": Rule(SHADESPIRE_BOOK, "Alternative Rules, Matched Play, Tiebreaker (sudden death round)", 26),
    "artefact": Rule(SHADESPIRE_BOOK, "Alternative Rules, Capture the Artefact", 26),
    "hand_limit": Rule(SHADESPIRE_BOOK, "3. Draw cards: never more than three objective cards in a hand", 16),
}


def fill(rules: dict[str, str], base_keys: Iterable[str], book: str) -> dict[str, str]:
    """`rules` with every base key present: a key this edition's table lacks names the book, never another edition."""
    out = {key: f"{book}: {key.replace('_', ' ')}" for key in base_keys}
    out.update(rules)
    return out


# The edition's whole table: every key the base checks look up.
SHADESPIRE_CITATIONS = fill(SHADESPIRE_RULES, DEATHGORGE_RULES, SHADESPIRE_BOOK)

__all__ = ["SHADESPIRE_RULES", "SHADESPIRE_CITATIONS", "SHADESPIRE_BOOK", "fill"]
