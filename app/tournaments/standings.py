"""Standings: match points, then the organiser's tiebreakers in order, and what separated each pair of neighbours.

Inputs are plain data (the tournament's fold gives them): players in registration order, confirmed
matches {round, players: [a, b], result: {winner, glory: {a, b}, games_won?: {a, b}}} and byes
[(round, player)]. Every value is recomputed from those, so a corrected result corrects everything.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

TIEBREAKERS = {
    "glory_difference": "Glory difference",
    "total_glory": "Total glory",
    "games_lost": "Games lost",
    "head_to_head": "Head-to-head",
    "strength_of_schedule": "Strength of schedule",
    "roll_off": "Roll-off",
}
DEFAULT_TIEBREAKERS = ["glory_difference", "total_glory", "head_to_head", "roll_off"]


@dataclass
class Record:
    """One player's tally over the confirmed matches."""

    player: str
    points: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    glory_for: int = 0
    glory_against: int = 0
    games_lost: int = 0
    opponents: list[str] = field(default_factory=list)
    h2h: dict[str, int] = field(default_factory=dict)  # opponent -> match points earned against them


def roll_off(seed: str, player: str) -> int:
    """The tournament's roll-off for a player: a draw fixed by the tournament and player ids, the same on every recompute."""
    return int.from_bytes(hashlib.sha256(f"{seed}:{player}".encode()).digest()[:4], "big")


def tally(players: list[str], matches: list[dict[str, Any]], byes: list[tuple[int, str]], scoring: dict[str, Any]) -> dict[str, Record]:
    """Each player's Record from the confirmed matches and byes (scoring: win/draw/loss points, bye)."""
    recs = {p: Record(p) for p in players}
    win, draw, loss = scoring["win"], scoring["draw"], scoring["loss"]
    for m in matches:
        a, b = m["players"]
        res = m["result"]
        glory = res.get("glory") or {}
        won = res.get("games_won") or {}
        for me, other in ((a, b), (b, a)):
            r = recs.get(me)
            if r is None:
                continue
            if res.get("winner") is None:
                earned, r.draws = draw, r.draws + 1
            elif res["winner"] == me:
                earned, r.wins = win, r.wins + 1
            else:
                earned, r.losses = loss, r.losses + 1
            r.points += earned
            r.h2h[other] = r.h2h.get(other, 0) + earned
            r.glory_for += int(glory.get(me, 0))
            r.glory_against += int(glory.get(other, 0))
            # Best of three: the games the opponent won; best of one: the match itself if it was lost.
            r.games_lost += int(won[other]) if other in won else int(res.get("winner") == other)
            r.opponents.append(other)
    bye = scoring["bye"]
    for _, p in byes:
        r = recs.get(p)
        if r is None:
            continue
        r.byes += 1
        r.wins += 1
        r.points += bye["points"]
        r.glory_for += bye["glory_for"]
        r.glory_against += bye["glory_against"]
    return recs


def _value(key: str, rec: Record, recs: dict[str, Record], group: list[str], seed: str) -> int:
    """A tiebreaker's value for one player (higher is better, except games lost, negated here)."""
    if key == "points":
        return rec.points
    if key == "glory_difference":
        return rec.glory_for - rec.glory_against
    if key == "total_glory":
        return rec.glory_for
    if key == "games_lost":
        return -rec.games_lost
    if key == "strength_of_schedule":
        return sum(recs[o].points for o in rec.opponents if o in recs)
    if key == "head_to_head":
        # Match points earned against the others still tied with this player (only among them).
        return sum(pts for opp, pts in rec.h2h.items() if opp in group and opp != rec.player)
    if key == "roll_off":
        return roll_off(seed, rec.player)
    raise ValueError(f"unknown tiebreaker {key!r}")


def rank(players: list[str], recs: dict[str, Record], tiebreakers: list[str], seed: str) -> list[dict[str, Any]]:
    """Players best first, each {player, values: {key: value}, separated_by: key|None (vs the one above)}."""
    keys = ["points", *tiebreakers]
    values: dict[str, dict[str, int]] = {p: {} for p in players}
    # Neighbours share every key value up to the one that split them, so that key is the first that differs.
    ordered: list[str] = []

    def split(group: list[str], depth: int) -> None:
        if depth == len(keys) or len(group) == 1:
            # A player alone still shows every later tiebreaker's value (head-to-head: 0, nobody left to meet).
            for p in group:
                for key in keys[depth:]:
                    values[p][key] = _value(key, recs[p], recs, group, seed)
            ordered.extend(group)
            return
        key = keys[depth]
        for p in group:
            values[p][key] = _value(key, recs[p], recs, group, seed)
        buckets: dict[int, list[str]] = {}
        for p in group:
            buckets.setdefault(values[p][key], []).append(p)
        for v in sorted(buckets, reverse=True):
            split(buckets[v], depth + 1)

    split(list(players), 0)
    out = []
    for i, p in enumerate(ordered):
        sep = None
        if i > 0:
            above = ordered[i - 1]
            sep = next((k for k in keys if values[above].get(k) != values[p].get(k)), "tied")
        out.append({"player": p, "values": values[p], "separated_by": sep})
    return out
