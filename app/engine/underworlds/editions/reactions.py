"""Reactions in the 2018 and 2019 rules: one reaction per reaction opportunity, taken by precedence.

Unlike the current rules' reaction chains (each player one reaction per step), only ONE reaction
can be played at each opportunity. Precedence goes to the player whose activation is next; if they
decline, the next player in order of play may react, and so on (Shadespire pg 24 and 27, Dreadfane
pg 16). After the last activation of a phase, the player whose activation would be next if there
were a fifth activation has precedence - in alternating (or round-robin) play that is simply the
player after the one who took the last activation. Dreadfane adds: when a reaction makes another
reaction possible, precedence goes to the opponent of the last player to react (pg 16).

A window is plain data: {"opportunity", "order": [...seats in precedence order], "declined": [...]}.
"""
from __future__ import annotations

from typing import Any

from ...core import Rule
from ..state import ReactionWindow
from .multiplayer_2018 import next_in_order, starting_from
from .sources import DREADFANE_BOOK, SHADESPIRE_BOOK, SHADESPIRE_ERRATA

PRECEDENCE_2018 = Rule(SHADESPIRE_BOOK, "Reactions", 24)
PRECEDENCE_2019 = Rule(DREADFANE_BOOK, "Reactions, Reaction opportunities", 16)
REACTION_TO_REACTION_2019 = Rule(DREADFANE_BOOK, "Reactions, Reacting to a reaction", 16)
# The end of the last action of an activation and the end of that activation are one opportunity: one reaction
# there, triggered by either (Shadespire FAQ; Dreadfane pg 16: such a reaction ends the activation, and no
# 'after an activation' trigger follows it).
END_OF_ACTIVATION_2018 = Rule(SHADESPIRE_ERRATA, "FAQ: the action and the activation end simultaneously, so only one reaction can be "
                                "played")
END_OF_ACTIVATION_2019 = Rule(DREADFANE_BOOK, "Reactions, Reaction opportunities: a reaction after the last action ends the "
                                   "activation", 16)
END_STEPS = ("after_attack", "after_action", "after_activation")


def one_opportunity(steps: list[str], used: str) -> set[str]:
    """The steps a reaction in `used` takes up: at the end of an activation (the window has after_activation), the
    end of its last action and of the activation are one opportunity."""
    if used in END_STEPS and "after_activation" in steps:
        return {s for s in steps if s in END_STEPS}
    return {used}


def next_activation_player(order: list[str], activator: str | None) -> str:
    """Whose activation is next (or would be, in a 'fifth activation'): the seat after the activator.

    Before anyone has taken an activation this phase, the first player's activation is next.
    """
    if activator is None:
        return order[0]
    return next_in_order(order, activator)


def precedence(order: list[str], activator: str | None) -> list[str]:
    """Seats in the order they may take the one reaction of an opportunity."""
    return starting_from(order, next_activation_player(order, activator))


def reaction_to_reaction_precedence(order: list[str], last_reactor: str) -> list[str]:
    """Dreadfane: precedence to the opponent of the last player to react (two-player game)."""
    return starting_from(order, next_in_order(order, last_reactor))


def open_window(opportunity: str, order: list[str], rule: str) -> dict[str, Any]:
    """A fresh reaction opportunity in which nobody has answered yet."""
    return {"opportunity": opportunity, "order": list(order), "declined": [], "rule": rule}


def may_react(window: dict[str, Any] | None) -> str | None:
    """The one seat that may now react (or decline) in this window, or None when it is closed."""
    if not window:
        return None
    order: list[str] = window["order"]
    for seat in order:
        if seat not in window["declined"]:
            return seat
    return None


def decline(window: dict[str, Any], seat: str) -> dict[str, Any] | None:
    """The window after `seat` declines; None once everyone has declined."""
    out = {**window, "declined": [*window["declined"], seat]}
    return out if may_react(out) else None


def may_react_now(window: ReactionWindow | None) -> str | None:
    """In a base reaction window ({order, passed, ...}): the seat whose turn it is to react or pass."""
    if not window:
        return None
    order: list[str] = window["order"]
    for seat in order:
        if seat not in window.get("passed", []):
            return seat
    return None
