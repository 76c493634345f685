"""The 2019 rules: Dreadfane rulebook (`underworlds/dreadfane`), a two-player game.

Differences from the current rules, each with its source (all in `DREADFANE_EDITION`; the combat ones in
combat/editions.py's DREADFANE_COMBAT):
- a hazard phase before each action phase: hazard cards equal to the round number (pg 9, hazards.py)
- two glory to the other player for each fighter taken out of action, whatever dealt the damage (pg 13)
- the game ends when a warband is wiped out - after the hazard phase if it happens there (pg 19)
- objective hexes printed on the board instead of tokens; ties go to the most objective hexes held (pg 6, 19)
- a Move token stops Move and Charge actions (pg 10); a Charge token stops activations (pg 14)
- power step: play a ploy or an upgrade, or pass (pg 15); no Stun, Barge, Stagger, delve, salvage, spells
- one reaction per opportunity; a reaction to a reaction: precedence to the other player (pg 16)
- surge objectives scored after the activation (or action) that met them, then an optional draw (pg 19)
"""
from __future__ import annotations

from dataclasses import replace

from ..combat.editions import DREADFANE_COMBAT
from ..edition import DEATHGORGE_EDITION
from .rules_2019 import DREADFANE_CITATIONS

DREADFANE_EDITION = replace(
    DEATHGORGE_EDITION,
    id="underworlds/dreadfane",
    title="Warhammer Underworlds: Dreadfane (2019 rules)",
    rules=DREADFANE_CITATIONS,
    rounds={2: (1, 2, 3)},
    turns_per_round={2: 4},                                      # pg 10
    actions=("move", "attack", "charge", "guard", "ability"),    # pg 10
    superactions=("charge",),                                    # pg 14 (Scything too, with 2+ targets)
    player_actions=("draw_power", "swap_objective", "pass"),     # pg 10
    power_plays=("ploy", "upgrade", "pass"),                     # pg 15
    bounty=2, large_bounty_bonus=0,                              # pg 13
    two_player_bounty_any_cause=True,                            # pg 13: regardless of what deals the damage
    numbered_features={2: 5},                                    # pg 6: objective hexes 1-5
    available_features={2: 0},
    end_of_round_clear=("move", "charge", "guard"),              # pg 19
    end_phase_reaction_steps=True,                               # the 2019 book does not rule them out
    boards_loser_chooses={2: False},                             # pg 7: the winner decides the board's side
    do_over_shuffles_back=False,                                 # pg 8: discarded cards are not shuffled back
    formats=("standard",),
    players=(2,),                                                # pg 2: "for two players"
    combat=DREADFANE_COMBAT,
    move_token_blocks_move=True,                                 # pg 10
    charge_token_blocks_activation=True,                         # pg 14
    scored_objectives_discarded=True,                            # End phase pg 19: a scored card is discarded
    inspire_steps=False,                                         # pg 17: Inspired as soon as the condition is met
    after_superaction=True,                                      # pg 14, 17: ... but after a superaction it is in
    immediate_objectives=True,                                   # pg 19
    fresh_until=("reaction", "power"),                           # pg 19: or a later reaction or ploy
    single_reaction=True,                                        # pg 16
    reaction_to_reaction="opponent_of_last",                     # pg 16
    objective_tiebreak="count",                                  # pg 19: the most objective hexes held
    plunder=False,
    hazard_phase=True,                                           # pg 9
    wipe_out_ends_game=True,                                     # pg 19
    objective_hexes=True,                                        # pg 6
)
