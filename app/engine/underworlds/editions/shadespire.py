"""The 2018 rules: Shadespire core set rulebook with its errata and FAQ v1.4 (`underworlds/shadespire`).

Differences from the current rules, each with its source (all in `SHADESPIRE_EDITION`; the combat ones
in combat/editions.py's SHADESPIRE_COMBAT):
- activations: Move, Charge, Guard, a card's action; draw, swap an objective, pass - no Stun or Barge (pg 18)
- a Move token stops Move and Charge actions; a Charge token stops further activations (pg 18, 22, FAQ)
- Guard lasts the phase; a fighter on Guard cannot go on Guard again (errata pg 22 and 30)
- power step after every activation: play a ploy or an upgrade, or pass (no spells, delve, salvage) (pg 22)
- one reaction per opportunity, precedence to the player whose activation is next (pg 24)
- "immediately" objectives scored after the action or activation; the player may draw at once (pg 25)
- one glory for a fighter taken out of action, none extra for size (errata pg 21)
- victory ties: the warband still on the battlefield, then the most objective tokens held (pg 25)
- 3-4 players: four activations each, all three rounds, round 2 anticlockwise, everyone in the power
  step, objective tokens 1-7 / 1-9 (pg 27); no feature tokens other than the objective tokens
- variants: matched play (pg 26, matched_play.py), Capture the Artefact (pg 26, artefact.py)
"""
from __future__ import annotations

from dataclasses import replace

from ..combat.editions import SHADESPIRE_COMBAT
from ..edition import DEATHGORGE_EDITION
from .rules_2018 import SHADESPIRE_CITATIONS

SHADESPIRE_EDITION = replace(
    DEATHGORGE_EDITION,
    id="underworlds/shadespire",
    title="Warhammer Underworlds: Shadespire (2018 rules)",
    rules=SHADESPIRE_CITATIONS,
    rounds={2: (1, 2, 3), 3: (1, 2, 3), 4: (1, 2, 3)},           # pg 25, 27: no round is skipped
    turns_per_round={2: 4, 3: 4, 4: 4},                          # pg 18, 27: four activations each
    actions=("move", "attack", "charge", "guard", "ability"),    # pg 18
    superactions=("charge",),                                    # pg 22: a Charge is one activation
    player_actions=("draw_power", "swap_objective", "pass"),     # pg 18
    power_plays=("ploy", "upgrade", "pass"),                     # pg 22-23
    bounty=1, large_bounty_bonus=0,                              # errata pg 21
    two_player_bounty_any_cause=True,                            # errata pg 21 and FAQ (Shattering Terrain): the other player, whatever took the fighter out
    numbered_features={2: 5, 3: 7, 4: 9},                        # pg 16, 27
    available_features={2: 0, 3: 0, 4: 0},                       # objective tokens only
    end_of_round_clear=("move", "charge", "guard"),              # pg 25: all tokens but objective tokens
    end_phase_reaction_steps=True,                               # the 2018 book does not rule them out
    boards_loser_chooses={2: True, 3: True, 4: True},            # pg 14 (two players), pg 27 (three or four)
    do_over_shuffles_back=False,                                 # pg 16: "you can't play discarded cards in this game"
    formats=("standard", "matched"),                             # pg 26: matched play
    players=(2, 3, 4),                                           # pg 27: three or four players
    combat=SHADESPIRE_COMBAT,
    move_token_blocks_move=True,                                 # pg 18
    charge_token_blocks_activation=True,                         # pg 22 and FAQ
    returned_keeps_actions=True,                                 # FAQ: returned fighters still moved / charged
    scored_objectives_discarded=True,                            # pg 25: scored cards go face up to the discard pile
    inspire_steps=False,                                         # pg 13: Inspired as soon as the condition is met
    immediate_objectives=True,                                   # pg 25
    single_reaction=True,                                        # pg 24
    reaction_to_reaction="next_activation",                      # pg 24
    power_step_all_players=True,                                 # pg 27
    anticlockwise_round_2=True,                                  # pg 27
    objective_tiebreak="count",                                  # pg 25: the most objective tokens held
    plunder=False,
    artefact=True, matched_play=True,                            # pg 26: alternative rules
)
