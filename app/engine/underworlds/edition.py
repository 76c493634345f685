"""Edition settings: everything that differs between Underworlds rule editions, as data.

`UnderworldsRuleset` is configured by one `Edition`: its numbers, lists, citations, combat rules and the
switches the rule checks read. Deathgorge (current core rules) is `DEATHGORGE_EDITION`; the Dreadfane (2019)
and Shadespire (2018) editions (editions/) are built with `dataclasses.replace` on it, and played by a ruleset
subclass that adds what only they have (the hazard phase, matched play, one reaction per opportunity...).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .combat.editions import DEATHGORGE_COMBAT, CombatRules
from .rules import DEATHGORGE_RULES

# What set-up screens call each format.
FORMAT_NAMES = {"rivals": "Rivals", "nemesis": "Nemesis", "relic": "Relic", "championship": "Championship",
                "standard": "Standard", "matched": "Matched play (best of three)"}


@dataclass(frozen=True)
class Edition:
    """Numbers, lists and switches of one rules edition."""

    id: str
    title: str
    rules: dict[str, str] = field(default_factory=lambda: dict(DEATHGORGE_RULES))
    # Rounds played and turns each player takes per round, by number of players.
    rounds: dict[int, tuple[int, ...]] = field(default_factory=lambda: {2: (1, 2, 3), 3: (1, 2, 3), 4: (1, 3)})
    turns_per_round: dict[int, int] = field(default_factory=lambda: {2: 4, 3: 3, 4: 4})
    # Fighter activations and player actions of the activation step.
    actions: tuple[str, ...] = ("move", "attack", "charge", "guard", "stun", "barge", "ability")
    superactions: tuple[str, ...] = ("charge", "barge")
    player_actions: tuple[str, ...] = ("draw_power", "swap_objective", "pass")
    # Power step options (besides playing a ploy, spell or upgrade).
    power_plays: tuple[str, ...] = ("ploy", "spell", "upgrade", "delve", "salvage", "pass")
    # Hand sizes drawn at set up and refilled in the end phase; default deck sizes (Rivals decks).
    objective_hand: int = 3
    power_hand: int = 5
    objective_deck: int = 12
    power_deck: int = 20
    # Bounty: base glory and the bonus for a Large fighter (Wounds 5+ after modifiers).
    bounty: int = 1
    large_bounty_bonus: int = 1
    large_wounds: int = 5
    # Two players: the enemy gains the bounty however the fighter was taken out of action (lethal hex, its own
    # player's card): "When an enemy fighter is taken out of action, you gain a bounty" (Bounty pg 24). The
    # multiplayer rules restrict it to the warband that took it out. False applies that restriction to two
    # players as well (the other reading).
    two_player_bounty_any_cause: bool = True
    # Numbered feature tokens used, by players (values 1..n), and available (blocked/cover) tokens.
    numbered_features: dict[int, int] = field(default_factory=lambda: {2: 5, 3: 7, 4: 9})
    available_features: dict[int, int] = field(default_factory=lambda: {2: 2, 3: 3, 4: 4})
    # Tokens cleared at the end of each round: "clear all Move, Charge, Guard and Stagger tokens" (Deathgorge, End
    # phase pg 38). Raise tokens are not in that list, so they stay until removed or out of action (pg 24).
    end_of_round_clear: tuple[str, ...] = ("move", "charge", "guard", "stagger")
    # In round 3's end phase players only score (no discards, upgrades or draws).
    last_end_phase_scores_only: bool = True
    # Reaction steps in the end phase (Deathgorge: none, Advanced rules, End phase pg 38).
    end_phase_reaction_steps: bool = False
    # Who chooses the first game board, by number of players: False, the roll-off's winner picks a player (Deathgorge,
    # Set up, 2. Place the boards); True, the loser chooses (Deathgorge, Multiplayer games, Place the boards).
    boards_loser_chooses: dict[int, bool] = field(default_factory=lambda: {2: False, 3: True, 4: True})
    # Do-over: the discarded cards are shuffled back into their decks (Deathgorge, 4. Draw cards, pg 15), or stay in
    # the discard pile and cannot be played this game (Shadespire pg 16, Dreadfane pg 8).
    do_over_shuffles_back: bool = True
    # Formats the setup accepts.
    formats: tuple[str, ...] = ("rivals", "nemesis", "relic", "championship")
    # Numbers of players the book is written for (Dreadfane: "for two players", pg 2).
    players: tuple[int, ...] = (2, 3, 4)
    # The combat sequence's differences (combat/editions.py): support, trapped, cover, Guard, Stagger, citations.
    combat: CombatRules = DEATHGORGE_COMBAT

    # -- flow of play: switches the earlier books (2018 Shadespire, 2019 Dreadfane) turn --------------------------
    # A Move token stops a further Move action too, not only a Charge (2018 pg 18; 2019 pg 10).
    move_token_blocks_move: bool = False
    # A fighter with a Charge token cannot be activated at all - no "unless every friendly fighter has one"
    # exception (2018 pg 22 and FAQ; 2019 pg 14).
    charge_token_blocks_activation: bool = False
    # A fighter returned to the battlefield in the action phase it moved or charged in still counts as having done
    # so, although taking it out of action cleared its tokens (2018 Shadespire FAQ; read from the tally, tally.py).
    returned_keeps_actions: bool = False
    # A scored objective card goes face up to the objective discard pile (2018 pg 25; 2019 End phase pg 19); the
    # current rules keep scored cards in a pile of their own, not discarded (Deathgorge rulebook, Discard).
    scored_objectives_discarded: bool = False
    # Inspire steps (Deathgorge, Steps of a turn pg 16); without them a fighter Inspires as soon as its condition is
    # met (2018 pg 13; 2019 pg 17).
    inspire_steps: bool = True
    # A fighter whose Inspire condition is met during a superaction is Inspired after it, and a surge objective met
    # during it is scored after it (Dreadfane, Superactions pg 14; Inspire pg 17).
    after_superaction: bool = False
    # Objectives scored "immediately" are scored (not revealed for a surge step) in the action phase, and the
    # player may then draw an objective card (2018 pg 25; 2019 pg 19).
    immediate_objectives: bool = False
    # Besides an action or activation, the events after which an objective drawn that way may be scored
    # (Dreadfane pg 19 adds reactions and ploys: ("reaction", "power")).
    fresh_until: tuple[str, ...] = ()
    # One reaction per reaction opportunity, by precedence (2018 pg 24; 2019 pg 16), instead of reaction chains.
    single_reaction: bool = False
    # Precedence for a reaction to a reaction: "next_activation" (the usual rule; 2018 has no other) or
    # "opponent_of_last" (Dreadfane pg 16).
    reaction_to_reaction: str = "next_activation"
    # 3-4 players: every player takes part in each power step (2018 pg 27) rather than two.
    power_step_all_players: bool = False
    # 3-4 players: round 2 is played anticlockwise (2018 pg 27).
    anticlockwise_round_2: bool = False
    # Victory tiebreak on objectives held: their "value" (Deathgorge) or their "count" (2018, 2019: any fighter
    # holds one).
    objective_tiebreak: str = "value"
    # The Plunder reaction (Deathgorge, Advanced rules, Plunder pg 24); the earlier books have none.
    plunder: bool = True
    # Dreadfane: a hazard phase starts each round (pg 9) and the game ends when a warband is wiped out (pg 19).
    hazard_phase: bool = False
    wipe_out_ends_game: bool = False
    # Objectives are marked by printed objective hexes that cannot be flipped or moved (Dreadfane pg 6).
    objective_hexes: bool = False
    # Shadespire's alternative rules (pg 26): Capture the Artefact and matched play.
    artefact: bool = False
    matched_play: bool = False

    def rule(self, key: str) -> str:
        """The rule source for a key (falls back to the key itself so a missing entry is visible, not fatal)."""
        return self.rules.get(key, f"{self.title}: {key}")


DEATHGORGE_EDITION = Edition(id="underworlds/deathgorge",
                             title="Warhammer Underworlds (Deathgorge core rules)")
