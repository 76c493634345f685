"""What the 2018 (Shadespire) and 2019 (Dreadfane) rules do differently in their flow of play, as data.

The base `Edition` (edition.py) carries the numbers and lists every edition has (rounds, activations,
actions, power plays, bounty, tokens cleared...). `ClassicRules` carries the switches only the earlier
editions need; `ClassicRuleset` (ruleset.py) reads them. Each field says where its book says so.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class ClassicRules:
    """Flow-of-play switches of an earlier Underworlds edition."""

    # Players the book is written for (Dreadfane: "for two players", pg 2).
    players: tuple = (2, 3, 4)
    # A Move token stops a further Move action too, not only a Charge (2018 pg 18; 2019 pg 10).
    move_token_blocks_move: bool = True
    # A fighter with a Charge token cannot be activated at all - no "unless every friendly fighter has
    # one" exception (2018 pg 22 and FAQ; 2019 pg 14).
    charge_token_blocks_activation: bool = True
    # No Inspire steps: a fighter Inspires as soon as its condition is met (2018 pg 13; 2019 pg 17).
    inspire_steps: bool = False
    # Objectives scored "immediately" are scored (not revealed for a surge step) in the action phase,
    # and the player may then draw an objective card (2018 pg 25; 2019 pg 19).
    immediate_objectives: bool = True
    # Besides an action or activation, the events after which an objective drawn that way may be scored
    # (Dreadfane pg 19 adds reactions and ploys: ("reaction", "power")).
    fresh_until: tuple = ()
    # One reaction per reaction opportunity, by precedence (2018 pg 24; 2019 pg 16).
    single_reaction: bool = True
    # Precedence for a reaction to a reaction: "next_activation" (the usual rule; 2018 has no other)
    # or "opponent_of_last" (Dreadfane pg 16).
    reaction_to_reaction: str = "next_activation"
    # 3-4 players: every player takes part in each power step (2018 pg 27) rather than two.
    power_step_all_players: bool = True
    # 3-4 players: round 2 is played anticlockwise (2018 pg 27).
    anticlockwise_round_2: bool = True
    # Victory tiebreak counts objective tokens (or hexes) held, not their value; any fighter holds one.
    objective_tiebreak: str = "count"
    # No Plunder reaction in the earlier books.
    plunder: bool = False
    # Dreadfane: a hazard phase starts each round (pg 9) and the game ends when a warband is wiped out (pg 19).
    hazard_phase: bool = False
    wipe_out_ends_game: bool = False
    # Objectives are marked by printed objective hexes that cannot be flipped or moved (Dreadfane pg 6).
    objective_hexes: bool = False
    # Shadespire's alternative rules (pg 26): Capture the Artefact and matched play.
    artefact: bool = False
    matched_play: bool = False

    def to_dict(self) -> dict:
        """JSON form."""
        return asdict(self)
