"""The server's resident memory with many games open: what one game costs, and what bounds the games it keeps.

Plays one Warhammer Underworlds game of --entries entries from the engine's suggestions (two shipped warbands,
their decks and card pools, as the server expands a real set-up), stores --games copies of it in a fresh SQLite
file (the records an import would store, written through the service in this process), then starts the real
server (`python -m app`, eventlet) on that file and opens the games one after another (GET /api/games/<id>: the
server folds each game's log and keeps the fold in its cache). It reads the server's resident memory (VmRSS in
/proc) before the first game and after each step, and prints the growth per game while the cache still has room,
and the memory once more games were opened than the cache holds (app/service/gamelogs.py, CACHE_GAMES).

    .venv/bin/python benchmarks/memory.py                     # 1,000 games of 300 entries
    .venv/bin/python benchmarks/memory.py --games 50 --entries 40 --json
    .venv/bin/python benchmarks/memory.py --server-root /tmp/older-checkout   # the same against another version

A report, not a test: it prints the numbers with the machine's load average.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import requests

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.engine import registry
from app.service import GameLogs, GameService
from app.service.gamelogs import CACHE_GAMES
from app.store import open_store
from tests.support import live
from tests.support.live import ServerProcess
from tests.support.play import content_setup, play_random

RULESET = "underworlds/deathgorge"


def export_of(entries: int) -> bytes:
    """An export (the import format) of one Underworlds game of about `entries` entries, played from suggestions."""
    rs = registry.get(RULESET)
    setup = content_setup(RULESET)
    best: list = []
    for seed in range(20):
        for weight in (0.6, 1.0, 0.3):   # card effects entered by hand now and then make a game last longer
            _, log = play_random(rs, setup, seed, max_events=entries, rare_groups={"Table": weight})
            best = log if len(log) > len(best) else best
            if len(best) >= entries:
                break
        if len(best) >= entries:
            break
    events = [{"seq": ev.seq, "id": ev.id, "type": ev.type, "by": ev.by, "data": ev.data, "override": ev.override,
               "consequences": []} for ev in best]
    return json.dumps({"format": "tablewarden-game", "version": 1, "ruleset": RULESET, "setup": setup,
                       "shared_device": False, "events": events}).encode()


def store_games(database_url: str, tmp: str, export: bytes, games: int) -> list[tuple[str, str]]:
    """`games` copies of the exported game stored as an import stores them: [(game id, referee token)]."""
    store = open_store(database_url, tmp)
    service = GameService(GameLogs(store))
    ruleset_id, setup, shared, records = service.transfer._checked_import(export)
    made = [service.creating.insert_game(ruleset_id, setup, shared, records, "http://localhost") for _ in range(games)]
    store.close()
    return [(g["id"], g["referee_token"]) for g in made]


def rss_mb(pid: int) -> float:
    """Resident memory of a process, in MB (VmRSS)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def run(games: int, entries: int) -> dict:
    """Store the games, start the server, open them step by step; the report."""
    export = export_of(entries)
    played = len(json.loads(export)["events"])
    steps = sorted({max(1, games * k // 10) for k in range(1, 11)})
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{tmp}/memory.sqlite3"
        made = store_games(url, tmp, export, games)
        server = ServerProcess(url, Path(tmp))
        try:
            http = requests.Session()
            pid = server.proc.pid
            http.get(server.url + "/api/rulesets", timeout=60)   # the content loaded, as any first request does
            start = rss_mb(pid)
            curve = [{"games": 0, "rss_mb": round(start, 1)}]
            opened = 0
            began = time.perf_counter()
            for step in steps:
                for game_id, token in made[opened:step]:
                    resp = http.get(f"{server.url}/api/games/{game_id}", headers={"Authorization": f"Bearer {token}"},
                                    timeout=60)
                    if resp.status_code != 200 or resp.json()["head"] != played:
                        raise RuntimeError(f"opening {game_id}: {resp.status_code} {resp.text[:200]}")
                opened = step
                curve.append({"games": step, "rss_mb": round(rss_mb(pid), 1)})
            seconds = time.perf_counter() - began
        finally:
            server.stop()
    cached = [c for c in curve if 0 < c["games"] <= CACHE_GAMES]
    last_in = cached[-1] if cached else curve[-1]
    per_game_kb = (last_in["rss_mb"] - curve[0]["rss_mb"]) * 1024 / last_in["games"]
    return {"games": games, "entries": played, "ruleset": RULESET, "cache_games": CACHE_GAMES,
            "export_kb": round(len(export) / 1024, 1), "start_rss_mb": round(start, 1), "curve": curve,
            "per_game_kb": round(per_game_kb, 1), "measured_at_games": last_in["games"],
            "final_rss_mb": curve[-1]["rss_mb"], "open_seconds": round(seconds, 1),
            "load_average": [round(x, 2) for x in os.getloadavg()]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--entries", type=int, default=300)
    parser.add_argument("--json", action="store_true", help="print the report as JSON only")
    parser.add_argument("--server-root", type=Path, help="run the server from another checkout (to compare)")
    args = parser.parse_args()
    if args.server_root:
        live.ROOT = args.server_root.resolve()
    report = run(args.games, args.entries)
    if args.json:
        print(json.dumps(report, indent=1))
        return
    load = ", ".join(str(x) for x in report["load_average"])
    print(f"{report['games']} {RULESET} games of {report['entries']} entries (export {report['export_kb']} KB each); "
          f"the server keeps {report['cache_games']} folded games (CACHE_GAMES); load average {load}")
    for point in report["curve"]:
        print(f"  {point['games']:>5} games opened: {point['rss_mb']:7.1f} MB resident")
    print(f"one game in the cache: {report['per_game_kb']:.0f} KB (growth over the first {report['measured_at_games']} "
          f"games); with all {report['games']} opened: {report['final_rss_mb']:.1f} MB "
          f"(opening them took {report['open_seconds']} s)")


if __name__ == "__main__":
    main()
