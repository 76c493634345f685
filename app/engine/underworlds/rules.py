"""Rule-source strings of the Deathgorge rulebook: every check and consequence names one of these.

Keys are stable names used by the code (`rules["bounty"]`); an edition swaps in its own dict with the same
keys (see edition.py), so the Dreadfane/Shadespire editions cite their own books.
Page numbers are given where the book's own cross-references give them.
"""
from ..core import Rule
from .editions.sources import DREADFANE_BOOK

BOOK = "Deathgorge rulebook"

DEATHGORGE_RULES: dict[str, Rule] = {
    "game_sequence": Rule(BOOK, "Game sequence"),
    "place_boards": Rule(BOOK, "Set up, 2. Place the boards"),
    "roll_off": Rule(BOOK, "Roll-offs", 13),
    "feature_tokens": Rule(BOOK, "Set up, 3. Place feature tokens", 14),
    "draw_cards": Rule(BOOK, "Set up, 4. Draw cards", 15),
    "do_over": Rule(BOOK, "Set up, 4. Draw cards, do-over", 15),
    "running_out": Rule(BOOK, "Advanced rules, Running out of cards", 15),
    "place_fighters": Rule(BOOK, "Set up, 5. Place the fighters"),
    "action_phase": Rule(BOOK, "Action phase", 16),
    "first_round_bonus": Rule(BOOK, "Action phase: the player who finished placing fighters first adds one critical", 16),
    "steps_of_turn": Rule(BOOK, "Steps of a turn", 16),
    "minor_steps": Rule(BOOK, "Steps of a turn: minor steps (reaction, Inspire, surge) pass without comment", 16),
    "activation_step": Rule(BOOK, "Activation step", 18),
    "player_actions": Rule(BOOK, "Activation step, player actions", 18),
    "move": Rule(BOOK, "Move action", 18),
    "push": Rule(BOOK, "Push", 19),
    "tokens": Rule(BOOK, "Tokens and counters", 19),
    "remove": Rule(BOOK, "Advanced rules, Tokens and counters: remove", 19),
    "named_counters": Rule(BOOK, "Advanced rules, Tokens and counters: rules may name counters", 19),
    "attack": Rule(BOOK, "Attack action", 20),
    "combat": Rule(BOOK, "Combat sequence", 21),
    "combat_friendly": Rule(BOOK, "Advanced rules, Combat sequence: you cannot target a friendly fighter", 21),
    "damage": Rule(BOOK, "Damage", 23),
    "who_dealt": Rule(BOOK, "Advanced rules, Who dealt damage?", 23),
    "heal": Rule(BOOK, "Heal", 23),
    "vulnerable": Rule(BOOK, "Advanced rules, Vulnerable", 23),
    "out_of_action": Rule(BOOK, "Out of action", 24),
    "out_of_action_adv": Rule(BOOK, "Advanced rules, Out of action", 24),
    "bounty": Rule(BOOK, "Bounty", 24),
    "plunder": Rule(BOOK, "Advanced rules, Plunder", 24),
    "large": Rule(BOOK, "Advanced rules, Traits and Large fighters", 7),
    "beast": Rule(BOOK, "Traits, Beast", 7),
    "stagger": Rule(BOOK, "Stagger", 25),
    "superactions": Rule(BOOK, "Advanced rules, Superactions", 25),
    "scything": Rule(BOOK, "Scything", 25),
    "stun": Rule(BOOK, "Stun action", 26),
    "barge": Rule(BOOK, "Barge superaction", 26),
    "charge": Rule(BOOK, "Charge superaction", 27),
    "charge_token": Rule(BOOK, "Charge superaction: a fighter with a Charge token", 27),
    "guard": Rule(BOOK, "Guard action", 27),
    "spells": Rule(BOOK, "Spells", 28),
    "casting": Rule(BOOK, "Casting spells", 28),
    "power_step": Rule(BOOK, "Power step", 29),
    "gambits": Rule(BOOK, "Gambit cards", 29),
    "gambit_restrictions": Rule(BOOK, "Advanced rules, Gambit cards: restrictions", 29),
    "upgrades": Rule(BOOK, "Upgrade cards", 30),
    "upgrade_restrictions": Rule(BOOK, "Advanced rules, Upgrade cards", 30),
    "delve": Rule(BOOK, "Delve", 30),
    "salvage": Rule(BOOK, "Salvage", 30),
    "inspire": Rule(BOOK, "Inspire", 6),
    "inspire_adv": Rule(BOOK, "Advanced rules, Inspire", 6),
    "reactions": Rule(BOOK, "Reactions", 34),
    "reaction_limits": Rule(BOOK, "Reaction limits and chains", 35),
    "reaction_chains": Rule(BOOK, "Reaction chains", 35),
    "reacting_to_reaction": Rule(BOOK, "Advanced rules, Reacting to a reaction", 35),
    "reaction_steps": Rule(BOOK, "Advanced rules, Reactions: reaction steps", 36),
    "end_phase": Rule(BOOK, "End phase", 38),
    "end_phase_adv": Rule(BOOK, "Advanced rules, End phase", 38),
    "surge": Rule(BOOK, "Surge objective cards and the surge step", 38),
    "round_3": Rule(BOOK, "Play on rounds 2 and 3", 38),
    "victory": Rule(BOOK, "Victory", 39),
    "features_adv": Rule(BOOK, "Advanced rules, Feature tokens", 14),
    "mp_place_boards": Rule(BOOK, "Multiplayer games, Place the boards, and Roll-offs in multiplayer games: the player with "
                          "the fewest symbols loses (ties broken by the next symbol) and chooses the first board"),
    "mp_order": Rule(BOOK, "Multiplayer games, Order of play"),
    "mp_game_sequence": Rule(BOOK, "Multiplayer games, Game sequence"),
    "mp_round_2": Rule(BOOK, "Multiplayer games, Round 2"),
    "mp_bounty": Rule(BOOK, "Multiplayer games, Bounty"),
    "mp_power_step": Rule(BOOK, "Multiplayer games, Power step"),
    "mp_end_phase": Rule(BOOK, "Multiplayer games, End phase"),
    "mp_victory": Rule(BOOK, "Multiplayer games, Victory"),
    "mp_features": Rule(BOOK, "Multiplayer games, Place feature tokens"),
    "mp_reactions": Rule(BOOK, "Multiplayer games, One reaction per reaction step"),
    "formats": Rule(BOOK, "Ways to play", 40),
    "modifiers": Rule(BOOK, "Modifiers, Modifying characteristics", 31),
    "card_overrides": Rule(BOOK, "Advanced rules, 'But my card says...'", 9),
}

# Deck-building, per format (decks.py); the 2018 and 2019 books have one deck-building rule each.
R_DECKS = f"{BOOK}, The decks (pg 7)"
R_RIVALS = f"{BOOK}, Ways to play: Rivals (pg 40)"
R_NEMESIS = f"{BOOK}, Ways to play: Nemesis, Deck-building (pg 40)"
R_RELIC = f"{BOOK}, Ways to play: Relic, Deck-building (pg 40-41)"
R_CHAMPIONSHIP = f"{BOOK}, Ways to play: Championship (pg 41)"
R_GLOSSARY_OBJ = f"{BOOK}, Glossary: Objective deck (pg 7)"
R_SHADESPIRE = "Shadespire rulebook (2018), Deck-building (pg 13)"
R_DREADFANE = "Dreadfane rulebook (2019), Glossary: Objective deck, Power deck (pg 3)"

# Lethal hexes and the traits that spare a fighter (lethal.py); here, with no imports, so the violation codes can
# cite them without importing the rules that deal damage.
ETHEREAL_RULE = Rule(DREADFANE_BOOK, "The battlefield, Lethal hexes? (ethereal fighters are not affected)", 6)
FLYING_RULE = Rule(BOOK, "Fighter cards: Flying (no damage from lethal hexes in a Move action)", 7)
LETHAL_RULE = Rule(BOOK, "Lethal hexes", 10)
