"""Rule-source strings of the Deathgorge rulebook: every check and consequence names one of these.

Keys are stable names used by the code (`R["bounty"]`); an edition swaps in its own dict with the same
keys (see edition.py), so the Dreadfane/Shadespire editions cite their own books.
Page numbers are given where the book's own cross-references give them.
"""
BOOK = "Deathgorge rulebook"

# Violations that say the game is not at that step of its sequence (whose do-over, roll-off or end phase it is)
# are not overridable: no card changes the step the game is at, and applying them would break the sequence.
# Rule violations (who may do what, tokens, glory...) stay overridable: cards beat rules.


def _r(section: str, page: int | str | None = None) -> str:
    return f"{BOOK}, {section}" + (f" (pg {page})" if page else "")


DEATHGORGE_RULES: dict[str, str] = {
    "game_sequence": _r("Game sequence"),
    "place_boards": _r("Set up, 2. Place the boards"),
    "roll_off": _r("Roll-offs", 13),
    "feature_tokens": _r("Set up, 3. Place feature tokens", 14),
    "draw_cards": _r("Set up, 4. Draw cards", 15),
    "do_over": _r("Set up, 4. Draw cards, do-over", 15),
    "running_out": _r("Advanced rules, Running out of cards", 15),
    "place_fighters": _r("Set up, 5. Place the fighters"),
    "action_phase": _r("Action phase", 16),
    "first_round_bonus": _r("Action phase: the player who finished placing fighters first adds one critical", 16),
    "steps_of_turn": _r("Steps of a turn", 16),
    "minor_steps": _r("Steps of a turn: minor steps (reaction, Inspire, surge) pass without comment", 16),
    "activation_step": _r("Activation step", 18),
    "player_actions": _r("Activation step, player actions", 18),
    "move": _r("Move action", 18),
    "push": _r("Push", 19),
    "tokens": _r("Tokens and counters", 19),
    "remove": _r("Advanced rules, Tokens and counters: remove", 19),
    "named_counters": _r("Advanced rules, Tokens and counters: rules may name counters", 19),
    "attack": _r("Attack action", 20),
    "combat": _r("Combat sequence", 21),
    "combat_friendly": _r("Advanced rules, Combat sequence: you cannot target a friendly fighter", 21),
    "damage": _r("Damage", 23),
    "who_dealt": _r("Advanced rules, Who dealt damage?", 23),
    "heal": _r("Heal", 23),
    "vulnerable": _r("Advanced rules, Vulnerable", 23),
    "out_of_action": _r("Out of action", 24),
    "out_of_action_adv": _r("Advanced rules, Out of action", 24),
    "bounty": _r("Bounty", 24),
    "plunder": _r("Advanced rules, Plunder", 24),
    "large": _r("Advanced rules, Traits and Large fighters", 7),
    "beast": _r("Traits, Beast", 7),
    "stagger": _r("Stagger", 25),
    "superactions": _r("Advanced rules, Superactions", 25),
    "scything": _r("Scything", 25),
    "stun": _r("Stun action", 26),
    "barge": _r("Barge superaction", 26),
    "charge": _r("Charge superaction", 27),
    "charge_token": _r("Charge superaction: a fighter with a Charge token", 27),
    "guard": _r("Guard action", 27),
    "spells": _r("Spells", 28),
    "casting": _r("Casting spells", 28),
    "power_step": _r("Power step", 29),
    "gambits": _r("Gambit cards", 29),
    "gambit_restrictions": _r("Advanced rules, Gambit cards: restrictions", 29),
    "upgrades": _r("Upgrade cards", 30),
    "upgrade_restrictions": _r("Advanced rules, Upgrade cards", 30),
    "delve": _r("Delve", 30),
    "salvage": _r("Salvage", 30),
    "inspire": _r("Inspire", 6),
    "inspire_adv": _r("Advanced rules, Inspire", 6),
    "reactions": _r("Reactions", 34),
    "reaction_limits": _r("Reaction limits and chains", 35),
    "reaction_chains": _r("Reaction chains", 35),
    "reacting_to_reaction": _r("Advanced rules, Reacting to a reaction", 35),
    "reaction_steps": _r("Advanced rules, Reactions: reaction steps", 36),
    "end_phase": _r("End phase", 38),
    "end_phase_adv": _r("Advanced rules, End phase", 38),
    "surge": _r("Surge objective cards and the surge step", 38),
    "round_3": _r("Play on rounds 2 and 3", 38),
    "victory": _r("Victory", 39),
    "features_adv": _r("Advanced rules, Feature tokens", 14),
    "mp_place_boards": _r("Multiplayer games, Place the boards, and Roll-offs in multiplayer games: the player with "
                          "the fewest symbols loses (ties broken by the next symbol) and chooses the first board"),
    "mp_order": _r("Multiplayer games, Order of play"),
    "mp_game_sequence": _r("Multiplayer games, Game sequence"),
    "mp_round_2": _r("Multiplayer games, Round 2"),
    "mp_bounty": _r("Multiplayer games, Bounty"),
    "mp_power_step": _r("Multiplayer games, Power step"),
    "mp_end_phase": _r("Multiplayer games, End phase"),
    "mp_victory": _r("Multiplayer games, Victory"),
    "mp_features": _r("Multiplayer games, Place feature tokens"),
    "mp_reactions": _r("Multiplayer games, One reaction per reaction step"),
    "formats": _r("Ways to play", 40),
    "modifiers": _r("Modifiers, Modifying characteristics", 31),
    "card_overrides": _r("Advanced rules, 'But my card says...'", 9),
}
