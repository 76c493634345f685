"""Tournament benchmark: pairing a Swiss round and recomputing the standings after one result, at 256 players.

Usage:  .venv/bin/python -m benchmarks.tournaments [players] [rounds]     (default 256 players, 6 rounds)
Targets: pairing one round under 2 s; standings after a result under 50 ms (the entry folded into the
tournament, then every player's tally, tiebreakers and order recomputed, as the server does after each one).
A report, not a test: it prints numbers and says whether each target is met.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.tournaments import model, tables
from app.tournaments.schemas import CreateTournamentSchema

PAIRING_TARGET_S = 2.0
STANDINGS_TARGET_MS = 50.0
REPEAT = 21  # each recompute is timed this many times and the median kept (a shared machine is noisy)


class Log:
    """Entries with seqs, applied to the fold as they are added (as the service does)."""

    def __init__(self, setup: dict):
        self.state = model.new_state(setup)
        self.seq = 0

    def add(self, etype: str, **data) -> dict:
        self.seq += 1
        entry = {"seq": self.seq, "id": f"e{self.seq}", "type": etype, "actor": "scorekeeper", "data": data,
                 "created_at": "2026-11-28T10:00:00Z"}
        problem = model.check(self.state, entry)
        assert problem is None, problem
        self.state = model.apply(self.state, entry)
        return entry


def recompute_ms(state: dict, entry: dict) -> float:
    """Milliseconds to fold one result into the tournament and rank every player again."""
    t0 = time.perf_counter()
    tables.standings(model.apply(state, entry), "bench")
    return (time.perf_counter() - t0) * 1000


def random_result(rng: random.Random, a: str, b: str) -> dict:
    glory = {a: rng.randint(0, 15), b: rng.randint(0, 15)}
    if glory[a] != glory[b]:
        return {"winner": a if glory[a] > glory[b] else b, "glory": glory}
    if rng.random() < 0.5:
        return {"winner": None, "glory": glory}
    # Level on glory, a winner only by the book's tiebreak (Deathgorge rulebook, Victory pg 39).
    return {"winner": a, "glory": glory, "decided_by": "objective_value"}


def run(players: int, rounds: int, seed: int = 1) -> dict:
    """Play a tournament of random results; time each round's pairing and the standings after its last result."""
    rng = random.Random(seed)
    setup = CreateTournamentSchema().load({"name": "Bench", "date": "2026-11-28", "rounds": rounds,
                                           "tiebreakers": ["glory_difference", "total_glory", "head_to_head",
                                                           "strength_of_schedule", "roll_off"]})
    setup["seed"] = "bench"
    log = Log(setup)
    for i in range(players):
        log.add("register", player=f"p{i + 1}", name=f"Player {i + 1}", warband="w")
        log.add("check_in", player=f"p{i + 1}")
    pair_s, standings_ms = [], []
    for n in range(1, rounds + 1):
        t0 = time.perf_counter()
        pairing = tables.propose(log.state, n, "bench", rng)
        pair_s.append(time.perf_counter() - t0)
        log.add("pair", **tables.pairing_entry(pairing, n))
        for t in range(1, len(pairing.pairs) + 1):
            log.add("table_mode", round=n, table=t, mode="untracked")
        log.add("publish", round=n, games={})
        for t, (a, b) in enumerate(pairing.pairs, start=1):
            entry = {"seq": log.seq + 1, "id": f"r{n}.{t}", "type": "result", "actor": "scorekeeper",
                     "data": {"round": n, "table": t, "result": random_result(rng, a, b), "source": "scorekeeper"},
                     "created_at": "2026-11-28T10:00:00Z"}
            if t == len(pairing.pairs) and n > 1:
                standings_ms.append(statistics.median(recompute_ms(log.state, entry) for _ in range(REPEAT)))
            log.add("result", **entry["data"])
    return {"players": players, "rounds": rounds, "pair_s": pair_s, "standings_ms": standings_ms}


def main(argv: list[str]) -> None:
    players = int(argv[0]) if argv else 256
    rounds = int(argv[1]) if len(argv) > 1 else 6
    out = run(players, rounds)
    swiss = out["pair_s"][1:] or out["pair_s"]
    worst_pair = max(out["pair_s"])
    print(f"{players} players, {rounds} rounds (random results, five tiebreakers)")
    print("pairing per round (s): " + ", ".join(f"{s:.2f}" for s in out["pair_s"]))
    print(f"  Swiss rounds: median {statistics.median(swiss):.2f} s, worst {worst_pair:.2f} s "
          f"(target {PAIRING_TARGET_S:.0f} s): {'met' if worst_pair < PAIRING_TARGET_S else 'NOT met'}")
    ms = out["standings_ms"]
    print(f"standings after a result (ms, median of {REPEAT}), rounds 2..: " + ", ".join(f"{m:.1f}" for m in ms))
    print(f"  worst {max(ms):.1f} ms (target {STANDINGS_TARGET_MS:.0f} ms): "
          f"{'met' if max(ms) < STANDINGS_TARGET_MS else 'NOT met'}")


if __name__ == "__main__":
    main(sys.argv[1:])
