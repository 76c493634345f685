"""Swiss pairings: the bye, then a maximum weight matching (networkx) over everyone else.

The matching minimises, in this order of importance:
1. rematches (each earlier meeting of a pair costs more than every score-group float together, so a
   rematch happens only when no pairing without one exists: a penalty, not a ban, so a pairing always exists);
2. the spread of match points inside each pair (the square of the difference, so two one-group floats
   are cheaper than one two-group float): score groups are kept together as far as possible.
Players are given to networkx in a shuffled order, so equal choices (round 1, ties inside a score
group) fall at random rather than by registration order.

Each player is linked to the WINDOW players nearest in the ranking on either side (everyone, below
2 * WINDOW + 2 players). With a convex cost on a ranked line the cheapest pairs are near neighbours,
and a window of 16 leaves each player 32 candidates, far more than the opponents met in any tournament,
so the matching is the same as over the whole field (tests/tournaments/test_pairing.py compares
them) while the blossom algorithm works on a fifth of the edges (benchmarks/tournaments.py). A window
always holds a pairing of everyone (each player with the next in the ranking), so nobody is left out.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

import networkx as nx

WINDOW = 16


@dataclass(frozen=True)
class Pairing:
    """One round's pairs (in table order: table 1 first) and the player given the bye, if any."""

    pairs: list[tuple[str, str]]
    bye: str | None


def choose_bye(ranked: list[str], byes: Counter[str]) -> str | None:
    """The lowest-ranked player who has had the fewest byes (none, while anyone has had none)."""
    if len(ranked) % 2 == 0:
        return None
    fewest = min(byes.get(p, 0) for p in ranked)
    return next(p for p in reversed(ranked) if byes.get(p, 0) == fewest)


def pair_cost(a: str, b: str, points: dict[str, int], met: Counter[frozenset[str]], rematch_cost: int) -> int:
    """What pairing a with b costs: the rematch penalty per earlier meeting plus the squared points gap."""
    gap = points.get(a, 0) - points.get(b, 0)
    return met.get(frozenset((a, b)), 0) * rematch_cost + gap * gap


def rematch_penalty(players: list[str], points: dict[str, int]) -> int:
    """A rematch costs more than the worst possible total of score gaps, so fewer rematches always win."""
    values = [points.get(p, 0) for p in players] or [0]
    spread = max(values) - min(values)
    return (len(players) // 2 + 1) * spread * spread + 1


def pair_round(ranked: list[str], points: dict[str, int], met: Counter[frozenset[str]], byes: Counter[str],
               rng: random.Random, window: int = WINDOW) -> Pairing:
    """Pair `ranked` (best first): the bye to the lowest-ranked without one, the rest by matching.

    points: match points so far; met: frozenset({a, b}) -> times a and b have played each other;
    byes: player -> byes had. Tables are numbered from the top: the pair with the most points first.
    """
    bye = choose_bye(ranked, byes)
    players = [p for p in ranked if p != bye]
    rank = {p: i for i, p in enumerate(ranked)}
    if not players:
        return Pairing([], bye)
    rematch_cost = rematch_penalty(players, points)
    position = {p: i for i, p in enumerate(players)}
    order = players[:]
    rng.shuffle(order)
    matching = _match(order, position, points, met, rematch_cost, window)
    pairs = [tuple(sorted(pair, key=rank.__getitem__)) for pair in matching]
    pairs.sort(key=lambda pr: (-max(points.get(pr[0], 0), points.get(pr[1], 0)), rank[pr[0]]))
    return Pairing([(a, b) for a, b in pairs], bye)


def _match(order: list[str], position: dict[str, int], points: dict[str, int], met: Counter[frozenset[str]],
           rematch_cost: int, window: int) -> set[tuple[str, str]]:
    """Maximum weight matching over the pairs at most `window` apart in the ranking."""
    costs = {}
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            if abs(position[a] - position[b]) <= window:
                costs[(a, b)] = pair_cost(a, b, points, met, rematch_cost)
    # Weights must all be positive for a maximum weight matching to prefer the cheaper pairs.
    top = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_nodes_from(order)
    graph.add_weighted_edges_from((a, b, top - c) for (a, b), c in costs.items())
    matched: set[tuple[str, str]] = nx.max_weight_matching(graph, maxcardinality=True, weight="weight")
    return matched
