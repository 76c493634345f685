"""The serving process's garbage collector (app/collector.py)."""
from __future__ import annotations

import gc

from app.collector import GC_THRESHOLDS, settle_garbage_collector


def test_the_server_keeps_the_collector_off_what_it_loaded_at_start():
    """settle_garbage_collector(): what was loaded is frozen (never walked again) and full collections are rare."""
    before = gc.get_threshold()
    try:
        settle_garbage_collector()
        assert gc.get_freeze_count() > 0 and gc.get_threshold() == GC_THRESHOLDS
        assert GC_THRESHOLDS[2] > 10  # full collections rarer than Python's default
        assert GC_THRESHOLDS[0] >= 5_000  # young ones too: not several per stored event
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
