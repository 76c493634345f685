"""Glory points: gained (objectives, bounties), spent (upgrades), adjusted by hand; bounty rules.

Glory is kept as {unspent, spent}; victory counts both (Deathgorge rulebook, Victory pg 39).
`glory_adjust {seat, unspent, spent, reason}` changes each by the given amount (a card effect or a fix);
glory can never be negative.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core import Consequence, Event, Violation
from . import violations as V
from .state import UnderworldsState, is_large, seat_of

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset


def total(state: UnderworldsState, seat: str) -> int:
    """Spent plus unspent glory."""
    g = state["seats"][seat]["glory"]
    return g["unspent"] + g["spent"]


def bounty(rs: UnderworldsRuleset, state: UnderworldsState, fid: str, dealer: str | None,
           source: str) -> list[Consequence]:
    """Bounty for a fighter taken out of action.

    Two players: the enemy of the fighter's warband gains it, whatever dealt the damage ("when an enemy
    fighter is taken out of action, you gain a bounty", pg 24). Three or four players: only the player whose
    warband took it out, none for a lethal hex or other damage not caused by a warband, none for your own fighter.
    """
    cite = rs.edition.rule
    victim_seat = seat_of(fid)
    value = rs.edition.bounty + (rs.edition.large_bounty_bonus if is_large(state, fid, rs.edition.large_wounds) else 0)
    if state["players"] == 2 and rs.edition.two_player_bounty_any_cause:
        gainer = next(s for s in state["order"] if s != victim_seat)
        rule = cite("bounty")
    else:
        rule = cite("mp_bounty" if state["players"] > 2 else "bounty")
        dealer_seat = seat_of(dealer) if dealer else None
        if source == "lethal_hex" or dealer_seat is None or dealer_seat == victim_seat:
            return [Consequence("no_bounty", {"fighter": fid, "reason": "not taken out by an enemy warband"}, rule)]
        gainer = dealer_seat
    if value <= 0:
        return []
    state["seats"][gainer]["glory"]["unspent"] += value
    return [Consequence("bounty", {"seat": gainer, "fighter": fid, "glory": value}, rule)]


def check_adjust(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Adjusting glory cannot make it negative (structural: glory counts cannot go below zero)."""
    g = state["seats"][event.data["seat"]]["glory"]
    if g["unspent"] + event.data["unspent"] < 0 or g["spent"] + event.data["spent"] < 0:
        return [V.GLORY_NEGATIVE("Glory cannot go below zero.", rs.edition.rule("victory"))]
    return []


def apply_adjust(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Add the given amounts."""
    g = state["seats"][event.data["seat"]]["glory"]
    g["unspent"] += event.data["unspent"]
    g["spent"] += event.data["spent"]
    return []
