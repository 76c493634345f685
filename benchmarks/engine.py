"""Engine benchmark, generic over rulesets: check+apply time per event and full replay of a 1,000-event log.

Usage:  .venv/bin/python -m benchmarks.engine [ruleset-id ...]   (default: every ruleset in tests/support/play.py)
Targets (docs/architecture.md, Engine contract): under 0.2 ms per event (median) and under 100 ms per replay of 1,000 events.
A report, not a test: it prints numbers and says whether each target is met.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import registry
from app.engine.core import replay
from tests.support.play import SETUPS, play_random

EVENT_TARGET_MS = 0.2
REPLAY_TARGET_MS = 100.0
LOG_LENGTH = 1000


def long_log(rs, setup, length=LOG_LENGTH):
    """A log of about `length` legal events from one random game: table events (card effects entered by hand)
    are played more often than in the property test so one game lasts that long; the longest of a few seeds."""
    best: list = []
    for seed in range(20):
        for weight in (0.3, 0.6, 1.0):
            _, log = play_random(rs, setup, seed, max_events=length, rare_groups={"Table": weight})
            if len(log) > len(best):
                best = log
            if len(best) >= length:
                return best[:length]
    return best


def bench(rid: str) -> dict:
    """Numbers for one ruleset: per-event check+apply (median, p95), replay of the longest log."""
    rs = registry.get(rid)
    per_event: list[float] = []
    logs = []
    for setup in SETUPS[rid]:
        for seed in range(5):
            state = rs.new_game(setup)
            _, log = play_random(rs, setup, seed)
            logs.append((setup, log))
            for ev in log:
                t0 = time.perf_counter()
                rs.check(state, ev)
                state, _ = rs.apply(state, ev)
                per_event.append((time.perf_counter() - t0) * 1000)
    setup = SETUPS[rid][-1]
    log = long_log(rs, setup)
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        replay(rs, setup, log)
        times.append((time.perf_counter() - t0) * 1000)
    t0 = time.perf_counter()
    state = rs.new_game(setup)
    for ev in log:
        state, _ = rs.apply(state, ev)
    copying_ms = (time.perf_counter() - t0) * 1000
    per_event.sort()
    return {"ruleset": rid, "events": len(per_event), "median_ms": statistics.median(per_event),
            "p95_ms": per_event[int(len(per_event) * 0.95)], "replay_events": len(log),
            "replay_ms": min(times), "replay_per_1000_ms": min(times) * LOG_LENGTH / max(1, len(log)), "copying_fold_ms": copying_ms}


def main(argv: list[str]) -> None:
    """Print the report for each ruleset asked for (default: all with sample setups)."""
    for rid in argv or list(SETUPS):
        try:
            r = bench(rid)
        except registry.UnknownRuleset:
            print(f"{rid}: not available")
            continue
        ok_e = "OK" if r["median_ms"] < EVENT_TARGET_MS else "OVER TARGET"
        ok_r = "OK" if r["replay_per_1000_ms"] < REPLAY_TARGET_MS else "OVER TARGET"
        print(f"{rid}: check+apply median {r['median_ms']:.3f} ms, p95 {r['p95_ms']:.3f} ms over {r['events']} "
              f"events [{ok_e}, target {EVENT_TARGET_MS} ms]")
        print(f"{rid}: replay of {r['replay_events']} events {r['replay_ms']:.1f} ms "
              f"(= {r['replay_per_1000_ms']:.1f} ms per 1,000) [{ok_r}, target {REPLAY_TARGET_MS:.0f} ms]; "
              f"the same fold through the copying apply(): {r['copying_fold_ms']:.1f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
