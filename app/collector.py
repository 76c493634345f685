"""The garbage collector of a serving process, set for a server of many tables."""
from __future__ import annotations

import gc

# Full collections 10x rarer than Python's default (700, 10, 10). Games, logs and views are plain acyclic
# data that reference counting frees; the collector walks them all the same, and each full walk stops the
# event loop for every table at once.
GC_THRESHOLDS = (700, 10, 100)


def settle_garbage_collector() -> None:
    """Keep the collector off what was loaded at start (content, rulesets, modules: frozen, never walked
    again) and run full collections rarely: shorter and fewer pauses of every table at once (the measurement is
    in benchmarks/README.md, "Figures behind the code")."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
