"""From the tournament's fold to what people see: the standings and the next round's proposed pairings."""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from . import penalties
from .pairing import Pairing, pair_round
from .reads import active_players, history, published_rounds
from .standings import rank, tally
from .types import TournamentState


def scoring(setup: dict[str, Any]) -> dict[str, Any]:
    """Match points and bye scoring of the tournament."""
    return {**setup["points"], "bye": setup["bye"]}


def standings(state: TournamentState, seed: str) -> list[dict[str, Any]]:
    """Every player (merged duplicates aside) ranked, with record, tiebreaker values and what separated neighbours."""
    players = [p for p in state["order"] if state["players"][p]["status"] != "merged"]
    _, byes, matches = history(state)
    recs = tally(players, matches, byes, scoring(state["setup"]))
    adjusted = penalties.adjustments(state)
    penalties.adjust(state, recs)  # event points and glory a judge's penalty (or bonus) moved
    rows = rank(players, recs, state["setup"]["tiebreakers"], seed)
    out = []
    place = 0
    for i, row in enumerate(rows):
        if row["separated_by"] != "tied":
            place = i + 1
        p = state["players"][row["player"]]
        r = recs[row["player"]]
        out.append({"rank": place, "player": p["id"], "name": p["name"], "warband": p.get("warband_name") or p.get("warband"),
                    "status": p["status"], "points": r.points, "wins": r.wins, "draws": r.draws, "losses": r.losses,
                    "byes": r.byes, "played": len(r.opponents),
                    "tiebreakers": {k: row["values"].get(k) for k in state["setup"]["tiebreakers"]},
                    "separated_by": row["separated_by"], "adjusted": adjusted.get(p["id"])})
    return out


def fixed_tables(state: TournamentState, round_no: int) -> dict[str, int]:
    """Players of the round kept at their own table (accessibility): player -> table."""
    return {p: table for p in active_players(state, round_no) if (table := state["players"][p]["fixed_table"])}


def propose(state: TournamentState, round_no: int, seed: str, rng: random.Random | None = None) -> Pairing:
    """Pairings for a round: round 1 at random, later rounds Swiss on the current standings."""
    rng = rng or random.Random()
    active = active_players(state, round_no)
    if round_no == 1:
        ranked = active[:]
        rng.shuffle(ranked)
        return pair_round(ranked, {}, Counter(), Counter(), rng)
    rows = standings(state, seed)
    order = {row["player"]: i for i, row in enumerate(rows)}
    points = {row["player"]: row["points"] for row in rows}
    ranked = sorted(active, key=lambda p: order.get(p, len(order)))
    byes, _, _ = history(state)
    met: Counter[frozenset[str]] = Counter()
    for rnd in published_rounds(state):
        for t in rnd["tables"]:
            met[frozenset(t["players"])] += 1
    return pair_round(ranked, points, met, Counter(byes), rng)


def pairing_entry(pairing: Pairing, round_no: int, fixed: dict[str, int] | None = None) -> dict[str, Any]:
    """The `pair` entry's data for a proposed pairing: tables numbered 1..n in table order, except that a pair
    with a player given a fixed table (accessibility) sits at that table, and the others fill the numbers left."""
    numbers = number_tables(pairing.pairs, fixed or {})
    tables = [{"table": n, "players": list(pr)} for n, pr in sorted(zip(numbers, pairing.pairs), key=lambda x: x[0])]
    return {"round": round_no, "bye": pairing.bye, "tables": tables}


def number_tables(pairs: Sequence[Sequence[str | None]], fixed: dict[str, int]) -> list[int]:
    """Each pair's table number: a fixed player's own table first (the first-named player's when both have one;
    the higher-placed pair keeps a table two pairs want, which the fixed-table check makes impossible), then
    1, 2, ... in table order for the rest. A player not known yet (None: a top cut's undecided match) has none."""
    kept: dict[int, int] = {}
    for i, pair in enumerate(pairs):
        wanted = [fixed[p] for p in pair if p is not None and p in fixed and fixed[p] not in kept]
        if wanted:
            kept[wanted[0]] = i
    numbers = {i: table for table, i in kept.items()}
    free = (n for n in range(1, len(pairs) + len(kept) + 1) if n not in kept)
    return [numbers[i] if i in numbers else next(free) for i in range(len(pairs))]
