"""Shadespire 3-4 player games: clockwise rounds 1 and 3, anticlockwise round 2.

Seats sit clockwise in seat order (p1, p2, p3, p4) unless the setup gives options["seating"], a list
of the seats in clockwise order. The book fixes directions, not seats: "wherever the rules tell you
that play moves clockwise, instead go anti-clockwise" in round 2 (pg 27) - the order of
activations, the power step, reactions and the end phase all follow the round's direction.
"""
from __future__ import annotations

from ...core import Rule
from .sources import SHADESPIRE_BOOK

ORDER_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Round 1, action phase", 27)
ROUND_2_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Round 2", 27)
REACTIONS_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Reactions", 27)
POWER_STEP_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Power step", 27)
END_PHASE_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Round 1, end phase", 27)
OUT_OF_ACTION_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Out of action", 27)
VICTORY_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Victory", 27)
OBJECTIVE_TOKENS_RULE = Rule(SHADESPIRE_BOOK, "Multiplayer Games, Place the objective tokens", 27)

CLOCKWISE = "clockwise"
ANTICLOCKWISE = "anticlockwise"

# Objective tokens used by player count (pg 16 for two players, pg 27 for more).
OBJECTIVE_TOKENS = {2: 5, 3: 7, 4: 9}
# Every player has four activations in each action phase, whatever the player count (pg 27),
# and no round is skipped (unlike the current rules' four-player games).
ACTIVATIONS_PER_PLAYER = 4


def round_direction(round_no: int, players: int) -> str:
    """Direction of play in a round: anticlockwise in round 2 of a 3-4 player game (pg 27)."""
    if players > 2 and round_no == 2:
        return ANTICLOCKWISE
    return CLOCKWISE


def seating(seats: list[str], option: list[str] | None = None) -> list[str]:
    """Seats in clockwise order: the setup's seating option when it names every seat once, else seat order."""
    if option and sorted(option) == sorted(seats) and len(set(option)) == len(option):
        return list(option)
    return list(seats)


def next_in_order(order: list[str], seat: str) -> str:
    """The seat after `seat` in a phase's order of play (wrapping round)."""
    i = order.index(seat)
    return order[(i + 1) % len(order)]


def starting_from(order: list[str], seat: str) -> list[str]:
    """The order of play rotated to start at `seat` (power steps, reactions)."""
    i = order.index(seat)
    return order[i:] + order[:i]
