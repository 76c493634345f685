"""CPU per entry of the engine and the views, in one process: what the server does for each entry besides its
sockets and its store.

Four-player Underworlds games (tests/support/play.py, played from suggestions) are replayed; for each entry: the
engine's check and apply, then each seat's view frame as the broadcaster makes it (the view, the seat's
suggestions, the patch on its previous view, the JSON text). Reported as process CPU time per entry, the best of
`--passes` passes (the least disturbed by other work on the machine), and per part of that work; and how many seat
views offered nothing to enter, with their CPU: what views worked out only for seats that can act would save.

    .venv/bin/python benchmarks/views.py                 # 6 games of up to 400 entries, best of 3
    .venv/bin/python benchmarks/views.py --games 2 --passes 5
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import registry
from app.live import fastjson
from app.live.viewpatch import LastViews
from app.service.reading import Reading
from tests.support.play import play_random, underworlds_setup

RULESET = "underworlds/deathgorge"
SEATS = ("p1", "p2", "p3", "p4")


def games(count: int, events: int) -> list[list]:
    """Logs of `count` four-player games played from suggestions (at most `events` entries each)."""
    rs = registry.get(RULESET)
    return [play_random(rs, underworlds_setup(4), seed, max_events=events)[1] for seed in range(count)]


def one_pass(logs: list[list]) -> dict:
    """CPU seconds spent on each part of the work over every entry of the logs, and the entries."""
    rs, clock = registry.get(RULESET), time.process_time
    spent = {"check + apply": 0.0, "views (state, outcome, suggestions)": 0.0, "patches": 0.0, "JSON": 0.0}
    entries, idle = 0, {"seat views": 0, "with nothing to enter": 0, "their views' CPU s": 0.0}
    for log in logs:
        views, state = LastViews(), rs.new_game(underworlds_setup(4))
        for seq, event in enumerate(log, start=1):
            t0 = clock()
            state = rs.judge(state, event).state   # the submit's own call: checked and applied in one pass
            t1 = clock()
            spent["check + apply"] += t1 - t0
            for seat in SEATS:
                t1 = clock()
                view = Reading._view(rs, state, seq, seat, {})
                t2 = clock()
                frame = views.frame(seat, view)
                t3 = clock()
                fastjson.dumps(frame)
                t4 = clock()
                spent["views (state, outcome, suggestions)"] += t2 - t1
                idle["seat views"] += 1
                if not view["advice"]["suggestions"]:   # a seat that can act on nothing now
                    idle["with nothing to enter"] += 1
                    idle["their views' CPU s"] += t2 - t1
                spent["patches"] += t3 - t2
                spent["JSON"] += t4 - t3
            entries += 1
    return {"entries": entries, "spent": spent, "idle": idle}


def measure(game_count: int, events: int, passes: int) -> dict:
    """The best pass (least CPU in all) as milliseconds per entry, in all and per part."""
    logs = games(game_count, events)
    best = min((one_pass(logs) for _ in range(passes)), key=lambda r: sum(r["spent"].values()))
    n = best["entries"]
    parts = {part: 1000 * s / n for part, s in best["spent"].items()}
    idle = best["idle"]
    return {"entries": n, "cpu_per_entry_ms": sum(parts.values()), "parts_ms": parts,
            "seat_views": idle["seat views"], "idle_seat_views": idle["with nothing to enter"],
            "idle_views_ms_per_entry": 1000 * idle["their views' CPU s"] / n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--events", type=int, default=400, help="entries per game at most")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.games, args.events, args.passes)
    print(f"{result['cpu_per_entry_ms']:.3f} ms of CPU per entry ({result['entries']} entries, 4 seats' views each; "
          f"best of {args.passes} passes)")
    for part, ms in result["parts_ms"].items():
        print(f"  {part:40} {ms:.3f} ms")
    # What working out views only for the seats that can act would save: the views of seats offered nothing.
    print(f"seat views offering nothing to enter: {result['idle_seat_views']} of {result['seat_views']}, "
          f"{result['idle_views_ms_per_entry']:.3f} ms of CPU per entry")
    if args.json:
        print(json.dumps(result))


if __name__ == "__main__":
    main()
