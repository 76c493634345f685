"""`python -m app` under the standard library's cProfile, its statistics written when the process is told to stop.

    PROFILE_STATS=/tmp/app.prof python benchmarks/cprofiled.py     # the environment python -m app reads, as usual

On SIGTERM (processes.stop()) the profile is written to PROFILE_STATS (pstats' format) and the process exits. Under
eventlet every green thread runs on the main thread, so the profile holds the whole server; a function's own time
(tottime) is what it spent itself, the clearest figure where green threads switch inside calls.
"""
from __future__ import annotations

import cProfile
import os
import runpy
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    """Run the app profiled until SIGTERM, then write the statistics."""
    out = os.environ["PROFILE_STATS"]
    profile = cProfile.Profile()

    def finish(*_):
        profile.disable()
        profile.dump_stats(out)
        sys.exit(0)
    signal.signal(signal.SIGTERM, finish)
    sys.path.insert(0, str(ROOT))
    profile.enable()
    runpy.run_module("app", run_name="__main__")


if __name__ == "__main__":
    main()
