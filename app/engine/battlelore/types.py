"""The shape of a BattleLore (second edition) game state (plain JSON; see setup.py for how it starts).

Checked by mypy where the state is built (setup.py) and, over random games, by tests/engine/test_state_shapes.py:
every key a state holds is declared here.
"""
from __future__ import annotations

from typing import Any, TypedDict


class BattleLoreSeat(TypedDict, total=False):
    """A player: faction, secret scenario and army (until revealed), lore, cards in hand and victory points."""

    name: str
    faction: str | None
    scenario: Any  # the chosen scenario's id, None before it is chosen
    scenario_name: str
    scenario_vp: int
    army: Any  # the mustered army, None before it is chosen
    catalogue: dict[str, dict[str, Any]]  # unit slug -> the unit card entered
    units: list[str]
    deployed: bool
    lore: int
    lore_cards: int
    lore_played_turn: int | None
    command_cards: int
    vp: int


class BattleLoreUnit(TypedDict, total=False):
    """A unit on the board (or not yet placed: pos None)."""

    id: str
    seat: str
    slug: str
    name: str
    health: int
    damage: int
    movement: int
    combat: int
    attack: str  # melee | ranged
    range: int | None
    min_range: int
    legend: bool
    damage_tokens: bool
    abilities: list[Any]
    traits: list[str]
    tokens: list[str]
    alive: bool
    pos: Any  # {section, terrain, banner, feature, ...} once placed, else None


class BattleLoreState(TypedDict, total=False):
    """The whole game: seats, units, features, the phase and the turn's order, move and attack steps."""

    game: str
    options: dict[str, Any]
    seats: dict[str, BattleLoreSeat]
    units: dict[str, BattleLoreUnit]
    features: dict[str, dict[str, Any]]
    phase: str
    step: Any  # the main phase's step (order, move, attack...), None outside it
    # Set while the step that reads them is open (None before): each step's code reads only its own.
    first: Any
    active: Any
    turn: int
    command: Any
    ordered: list[str]
    moved: list[str]
    attacked: list[str]
    combat: Any
    last_combat: dict[str, Any] | None
    lore_blocked: Any
    secret_choices: dict[str, int | None]  # seat -> seq of the entry holding its secret choice (None: not stored)
    revealed_choices: list[int]
    winner: Any  # the Outcome once the game is over, else None
