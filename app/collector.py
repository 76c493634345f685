"""The garbage collector of a serving process, set for a server of many tables."""
from __future__ import annotations

import gc

# Full collections 10x rarer than Python's default (700, 10, 10), and young ones about 50x rarer. Games, logs
# and views are plain acyclic data that reference counting frees; the collector walks them all the same, and
# each walk stops the event loop for every table at once. Every 700 objects (a state's copy alone is thousands),
# 64 tables ran some 270 young and 25 middle collections in 12 s, a quarter of a second of a stopped event loop,
# for nothing: none ever found a dead cycle (benchmarks/README.md, "Figures behind the code").
GC_THRESHOLDS = (10_000, 10, 100)


def settle_garbage_collector() -> None:
    """Keep the collector off what was loaded at start (content, rulesets, modules: frozen, never walked
    again) and run full collections rarely: shorter and fewer pauses of every table at once (the measurement is
    in benchmarks/README.md, "Figures behind the code")."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
