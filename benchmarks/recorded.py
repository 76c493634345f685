"""The recorded Underworlds games the echo's and the protocol floor's phones replay (live.py, protocol_floor.py).

Both read them from here, so the floor's view frames are always those of the entries its phones send.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import registry
from tests.support.play import play_random, underworlds_setup

SEATS = ("p1", "p2", "p3", "p4")
RULESET = "underworlds/deathgorge"
TABLE_STRIDE = 37   # table t's phones start at entry TABLE_STRIDE * t of the recording, so tables differ


def recorded_logs(events: int = 400, seed: int = 7) -> list[list]:
    """Four-player games played from suggestions, one after another until they hold `events` entries in all:
    each game's log (events with seq), the same every time."""
    logs: list[list] = []
    while sum(len(log) for log in logs) < events:
        _, log = play_random(registry.get(RULESET), underworlds_setup(4), seed + sum(len(g) for g in logs),
                             max_events=events)
        logs.append(log)
    return logs


def recorded_game(events: int = 400, seed: int = 7) -> list[dict]:
    """The recorded games' entries as envelopes, in order (what the echo's phones send)."""
    return [{"type": e.type, "by": e.by, "data": e.data} for log in recorded_logs(events, seed) for e in log]


def entry_of(table: int, n: int, length: int) -> int:
    """The recording's entry a table's phones send as their n-th (0 first)."""
    return (n + TABLE_STRIDE * table) % length
