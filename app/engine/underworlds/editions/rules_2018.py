"""Rule-source strings for the Shadespire (2018) edition, under the same keys as the base's Deathgorge table.

Mechanics the 2018 rules do not have (Stun, Barge, Stagger, delve, salvage, spells, Large, Plunder,
surge steps...) cite the section that lists what the edition does have, so a rejection of one of
them points the table at the right page.
"""
from __future__ import annotations

from .sources import SHADESPIRE_BOOK, errata, shadespire as s

_ACTIVATIONS = s("Activations: Move, Charge, Guard or a card's action; draw, swap objective or pass", 18)
_POWER = s("Power Step: play a power card or pass", 22)

SHADESPIRE_RULES: dict[str, str] = {
    "game_sequence": s("Core Rules, Game Sequence", 14),
    "place_boards": s("Game Sequence, 1. Place the boards", 14),
    "roll_off": errata("Page 14 - Re-rolls and roll-offs", 14),
    "feature_tokens": errata("Page 16 - Place the objective tokens", 16),
    "draw_cards": s("3. Draw cards", 16),
    "do_over": s("3. Draw cards, Do-over?", 16),
    "running_out": s("3. Draw cards: an empty deck is not reshuffled", 16),
    "place_fighters": errata("Page 17 - Place the fighters", 17),
    "action_phase": s("Round 1, Action Phase", 18),
    "first_round_bonus": s("Round 1, Action Phase: the player who finished placing their warband first adds one critical", 18),
    "steps_of_turn": s("Round 1, Action Phase: an activation, then a power step", 18),
    "activation_step": _ACTIVATIONS,
    "player_actions": _ACTIVATIONS,
    "move": s("Move actions", 18),
    "push": s("Pushes and other exceptions", 18),
    "tokens": s("Activations: one Move (or Charge) action per fighter in each action phase", 18),
    "attack": s("Attack actions", 19),
    "combat": s("Combat", 20),
    "combat_friendly": s("Combat: you cannot target a friendly fighter", 20),
    "damage": s("Combat: the target suffers damage", 20),
    "who_dealt": errata("FAQ: when is your warband / a fighter considered to have dealt damage"),
    "heal": s("Glossary, Wounds: cards that remove wound tokens", 31),
    "vulnerable": s("Glossary (no Vulnerable rule in this edition)", 30),
    "out_of_action": errata("Page 21 - Out of action", 21),
    "out_of_action_adv": errata("Page 21 - Out of action", 21),
    "bounty": errata("Page 21 - Out of action: the other player gains one glory point", 21),
    "plunder": s("Reactions (no Plunder reaction in this edition)", 24),
    "large": errata("Page 21 - Out of action: one glory point, whatever the fighter", 21),
    "beast": s("Place the objective tokens: a fighter standing on an objective token holds it", 16),
    "stagger": _ACTIVATIONS,
    "superactions": s("Additional Attack Action Rules, Charge: a single activation", 22),
    "scything": s("Attacking multiple targets", 21),
    "stun": _ACTIVATIONS,
    "barge": _ACTIVATIONS,
    "charge": s("Additional Attack Action Rules, Charge", 22),
    "charge_token": errata("FAQ: a fighter that made a Charge action cannot be activated again for the remainder of the phase"),
    "guard": errata("Pages 22 and 30 - Guard", 22),
    "spells": _POWER,
    "casting": _POWER,
    "power_step": s("Power Step", 22),
    "gambits": s("Power Step, Ploy cards", 23),
    "gambit_restrictions": s("Power Step: cards with an additional condition", 22),
    "upgrades": s("Power Step, Upgrade cards", 23),
    "upgrade_restrictions": s("Power Step, Upgrade cards: restrictions", 23),
    "delve": _POWER,
    "salvage": _POWER,
    "inspire": s("Before a Game Begins, The fighters: Inspire condition", 13),
    "inspire_adv": s("Before a Game Begins, The fighters: Inspired after the action that met the condition", 13),
    "reactions": s("Reactions", 24),
    "minor_steps": s("Reactions: a player who does not wish to play a reaction lets the other player decide", 24),
    "reaction_limits": s("Reactions: only one reaction can be played at each such opportunity", 24),
    "reaction_chains": s("Reactions: precedence to the player whose activation is next", 24),
    "reacting_to_reaction": s("Reactions: precedence to the player whose activation is next", 24),
    "reaction_steps": s("Reactions", 24),
    "end_phase": s("Round 1, End Phase", 25),
    "end_phase_adv": s("Round 1, End Phase: players cannot use ploys in the end phase", 25),
    "surge": s("Objective cards in the action phase", 25),
    "round_3": s("Round 3", 25),
    "victory": s("Victory", 25),
    "features_adv": errata("Page 16 - Place the objective tokens", 16),
    "mp_place_boards": s("Multiplayer Games, Place the boards: whichever player scores lowest places a game board "
                         "first", 27),
    "loser_places_board": s("Game Sequence, 1. Place the boards: the player who loses chooses a game board first", 14),
    "mp_order": s("Multiplayer Games, Round 1, action phase: proceeding clockwise", 27),
    "mp_game_sequence": s("Multiplayer Games, Round 1, action phase: four activations each", 27),
    "mp_round_2": s("Multiplayer Games, Round 2: anticlockwise", 27),
    "mp_bounty": s("Multiplayer Games, Out of action", 27),
    "mp_power_step": s("Multiplayer Games, Power step", 27),
    "mp_end_phase": s("Multiplayer Games, Round 1, end phase", 27),
    "mp_victory": s("Multiplayer Games, Victory", 27),
    "mp_features": s("Multiplayer Games, Place the objective tokens", 27),
    "mp_reactions": s("Multiplayer Games, Reactions", 27),
    "formats": s("Alternative Rules", 26),
    "card_overrides": s("But my card says...", 17),
    # Edition-only keys.
    "matched_play": s("Alternative Rules, Matched Play", 26),
    "sudden_death": s("Alternative Rules, Matched Play, Tiebreaker (sudden death round)", 26),
    "artefact": s("Alternative Rules, Capture the Artefact", 26),
    "hand_limit": s("3. Draw cards: never more than three objective cards in a hand", 16),
}


def fill(rules: dict[str, str], base_keys, book: str) -> dict[str, str]:
    """`rules` with every base key present: a key this edition's table lacks names the book, never another edition."""
    out = {key: f"{book}: {key.replace('_', ' ')}" for key in base_keys}
    out.update(rules)
    return out


__all__ = ["SHADESPIRE_RULES", "SHADESPIRE_BOOK", "fill"]
