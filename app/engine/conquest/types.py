"""The shape of a Warhammer 40,000: Conquest game state (plain JSON; see setup.py for how it starts).

Checked by mypy where the state is built (setup.py) and, over random games, by tests/engine/test_state_shapes.py:
every key a state holds is declared here.
"""
from __future__ import annotations

from typing import Any, TypedDict


class ConquestSeat(TypedDict, total=False):
    """A player: warlord, counts of hidden cards (public), resources and the planets won."""

    name: str
    warlord: str  # the warlord unit's id
    warlord_name: str
    faction: str | None
    resources: int
    hand: int
    deck: int
    discard: int
    victory: list[str]  # names of captured planets
    defeated: bool
    mulligan: bool | None
    limited_round: int | None
    starter_deck: bool  # plays a core set starter deck (its cards are public knowledge)


class ConquestUnit(TypedDict, total=False):
    """A unit in play (warlord, army or token unit); `at` is "hq" or a planet's slot."""

    id: str
    owner: str
    name: str
    kind: str  # warlord | army | token
    cost: int
    attack: int
    hp: int
    command: int
    keywords: list[Any]
    traits: list[str]
    unique: bool
    at: Any  # "hq" or the slot of a planet (code tells them apart by value)
    ready: bool
    damage: int
    side: str  # hale | bloodied (warlords)
    bloodied: dict[str, Any] | None
    attachments: list[str]
    loyal: bool
    faction: str | None
    shield: int
    text: str | None
    card: str | None


class ConquestCard(TypedDict, total=False):
    """A support or attachment in play."""

    id: str
    owner: str
    name: str
    kind: str  # support | attachment
    keywords: list[Any]
    traits: list[str]
    unique: bool
    ready: bool
    attached_to: str | None


class LinePlanet(TypedDict):
    """A planet card's place in the line (slots 1..7)."""

    slot: int
    name: str | None
    face_up: bool
    status: str  # line | captured | removed
    captured_by: str | None


class Battle(TypedDict, total=False):
    """The battle being fought at a planet (combat phase)."""

    planet: int
    round: int
    stage: str
    initiative: str
    # Seats, or None outside the stage that reads them (each stage's code reads only its own).
    turn: Any
    passed: list[str]
    acted: bool
    retreat_turn: Any
    retreat_done: list[str]
    winner: Any
    watch: dict[str, Any] | None


class ConquestState(TypedDict, total=False):
    """The whole game: seats, units and cards in play, the planet line, the phase and its step."""

    ruleset: str
    seats: dict[str, ConquestSeat]
    units: dict[str, ConquestUnit]
    cards: dict[str, ConquestCard]
    planets: dict[str, dict[str, Any]]  # planet name -> its card (STATIC)
    tokens: dict[str, dict[str, Any]]  # token unit name -> its card (STATIC)
    line: list[LinePlanet]
    first_planet: int
    initiative: Any  # the seat holding the initiative token (None only before set up settles it)
    starter: str | None
    round: int
    phase: str
    step: dict[str, Any]  # {"name", ...}: the open step of the phase and what it has gathered
    battle: Battle | None
    pending: list[dict[str, Any]]  # damage, indirect damage and bloodied numbers waiting for a player
    result: Any  # the Outcome once the game is over, else None
    last_capture: str | None
    counter: int
    community_cards: bool
    revealed_dials: list[int]
    left_play: dict[str, str]  # card id -> name, for cards that left play (the log still names them)
    abilities: dict[str, dict[str, dict[str, Any]]]  # seat -> card name -> its ability record (STATIC)
    window: list[dict[str, Any]]  # the triggers noted by the last entry, open for Reactions and Interrupts
    ability_uses: dict[str, str]  # card id (or name) -> the phase or round its limited ability was last used
