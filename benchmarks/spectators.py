"""Spectators benchmark: the server's CPU per entry for a table watched by many spectators, beside the same table
watched by none.

The real server (`python -m app`, SQLite) plays a recorded four-player Underworlds game (recorded.py) on two fresh
tables per round: each has its four players' phones connected on /live (bare WebSockets, tests/support/sockets.py),
and one has `--spectators` spectators' phones as well (each its own token from the join code, as a phone scanning
the table's QR code gets). The entries are submitted one after another through the REST API by the seat that
enters them; after the last one every phone of the table must hold that entry's view, so a lost frame shows as a
timeout, not as a cheaper table. The server process's CPU time (/proc) over each table's entries, divided by the
entries, is its CPU per entry. The two tables alternate in rounds, the watched one first every other round, so other
work on the machine weighs on both alike.

    .venv/bin/python benchmarks/spectators.py                      # 100 spectators, 4 rounds of 60 entries
    .venv/bin/python benchmarks/spectators.py --spectators 20 --entries 30 --rounds 2 --json
    .venv/bin/python benchmarks/spectators.py --profile /tmp/spectators.txt   # the server under cProfile (cprofiled.py)

Target: the watched table costs at most 10% more CPU per entry than the one with none (median of the rounds). It
prints the figures with met / NOT met and exits 0 either way.
"""
from __future__ import annotations

import argparse
import io
import json
import pstats
import socket
import statistics
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from processes import cpu_seconds, free_port, own_cpu, start_app, stop  # noqa: E402
from recorded import SEATS, recorded_logs  # noqa: E402

from tests.support.play import underworlds_setup  # noqa: E402
from tests.support.sockets import RawSocket  # noqa: E402

TARGET_RATIO = 1.10       # the watched table's CPU per entry over the unwatched one's
VIEW_WAIT_SECONDS = 120   # bounds a failure only: every phone holds the last entry's view long before
PROFILE_LINES = 30


class Phone:
    """A phone on /live: a bare WebSocket read by a thread of its own, which keeps the highest view seq it got."""

    def __init__(self, base: str, token: str):
        self.socket = RawSocket(base)
        self.seen = -1   # the seq of the last view held; -1 until the connection's sync
        self.frames = 0
        self.changed = threading.Condition()
        self.refused = ""
        # CONNECT by hand: the `sync` frame may come before the CONNECT's answer, and the reader keeps both.
        self.socket.ws.send("40/live," + json.dumps({"token": token, "last_seq": 0}))
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                frame = self.socket.recv_socketio()
            except Exception:  # noqa: BLE001 - the socket closed at the end of its table: the reader stops
                return
            if frame.startswith("44/live,"):
                self.refused = frame
            if not frame.startswith("42/live,"):
                continue
            name, payload = json.loads(frame[len("42/live,"):])[:2]
            with self.changed:
                self.frames += 1
                if name in ("view", "sync"):
                    view = payload.get("view", payload) if name == "sync" else payload
                    self.seen = max(self.seen, int(view.get("seq") or 0))
                    self.changed.notify_all()

    def wait_for(self, seq: int, deadline: float) -> None:
        """Until this phone holds the view of `seq` (TimeoutError past the deadline)."""
        with self.changed:
            while self.seen < seq:
                left = deadline - time.monotonic()
                if self.refused:
                    raise RuntimeError(f"a phone was refused: {self.refused[:200]}")
                if left <= 0:
                    raise TimeoutError(f"a phone holds the view of {self.seen}, not of {seq}")
                self.changed.wait(left)

    def close(self) -> None:
        """Close the socket (its reader stops)."""
        self.socket.close()


def new_table(base: str, spectators: int) -> tuple[dict, list[Phone]]:
    """A fresh four-player game, its seats' tokens, and its phones connected: one per seat, then the spectators'."""
    made = requests.post(base + "/api/games", json=underworlds_setup(4), timeout=60)
    made.raise_for_status()
    game = made.json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    watchers = []
    for _ in range(spectators):
        joined = requests.post(f"{base}/api/games/{game['id']}/join",
                               json={"code": game["join_code"], "seat": "spectator"}, timeout=30)
        joined.raise_for_status()
        watchers.append(joined.json()["token"])
    phones = [Phone(base, tokens[seat]) for seat in SEATS] + [Phone(base, t) for t in watchers]
    deadline = time.monotonic() + VIEW_WAIT_SECONDS
    for phone in phones:
        phone.wait_for(0, deadline)
    return {"id": game["id"], "tokens": tokens}, phones


def play(base: str, game: dict, phones: list[Phone], entries: list, pid: int) -> dict:
    """Submit the entries in order, wait for every phone to hold the last one's view; the server's CPU per entry."""
    http = requests.Session()
    cpu0, wall0 = cpu_seconds(pid), time.monotonic()
    for n, event in enumerate(entries, start=1):
        resp = http.post(f"{base}/api/games/{game['id']}/events",
                         headers={"Authorization": f"Bearer {game['tokens'][event.by]}"},
                         json={"id": uuid.uuid4().hex, "type": event.type, "by": event.by, "data": event.data,
                               "expected_seq": n - 1},
                         timeout=60)
        if resp.status_code != 201:
            raise RuntimeError(f"entry {n} ({event.type} by {event.by}) answered {resp.status_code}: {resp.text[:300]}")
    deadline = time.monotonic() + VIEW_WAIT_SECONDS
    for phone in phones:
        phone.wait_for(len(entries), deadline)
    cpu = cpu_seconds(pid) - cpu0
    return {"cpu_per_entry_ms": cpu / len(entries) * 1000, "seconds": time.monotonic() - wall0,
            "frames_per_phone": min(p.frames for p in phones)}


def run(spectators: int, entries: int, rounds: int, profile: str | None = None) -> dict:
    """Rounds of the two tables, alternating which goes first; each table's CPU per entry per round. With `profile`,
    the server runs under cProfile and its busiest functions are written there (the profiler's own cost is in the
    CPU figures then)."""
    log = next(g for g in recorded_logs(events=max(entries, 60) * 2) if len(g) >= entries)[:entries]
    out: dict = {"spectators": spectators, "entries": entries, "rounds": [], "target_ratio": TARGET_RATIO}
    mine0, wall0 = own_cpu(), time.monotonic()
    with tempfile.TemporaryDirectory() as tmp:
        port, stats = free_port(), str(Path(tmp) / "server.prof")
        proc = (start_app(port, tmp, command=[sys.executable, str(ROOT / "benchmarks" / "cprofiled.py")],
                          PROFILE_STATS=stats) if profile else start_app(port, tmp))
        base = f"http://127.0.0.1:{port}"
        try:
            for r in range(rounds):
                order = (0, spectators) if r % 2 == 0 else (spectators, 0)
                got = {}
                for watching in order:
                    game, phones = new_table(base, watching)
                    try:
                        got[watching] = play(base, game, phones, log, proc.pid)
                    finally:
                        for phone in phones:
                            phone.close()
                out["rounds"].append({"none": got[0], "watched": got[spectators]})
                print(f"round {r + 1}/{rounds}: CPU per entry {got[0]['cpu_per_entry_ms']:.2f} ms with no spectator, "
                      f"{got[spectators]['cpu_per_entry_ms']:.2f} ms with {spectators}", file=sys.stderr, flush=True)
        finally:
            stop(proc)
        if profile:
            write_profile(stats, profile, out)
    phones_cpu, wall = own_cpu() - mine0, time.monotonic() - wall0
    out["bare_send_us"] = round(bare_send_us(), 2)
    return summarise(out, phones_cpu, wall)


def write_profile(stats: str, path: str, out: dict) -> None:
    """The server's busiest functions by their own time, and its socket writes per entry, to `path`."""
    listing = io.StringIO()
    table = pstats.Stats(stats, stream=listing)
    table.sort_stats("tottime").print_stats(PROFILE_LINES)
    sends = sum(calls for (_, _, name), (_, calls, *_rest) in table.stats.items()
                if name == "<method 'send' of '_socket.socket' objects>")
    entries = 2 * len(out["rounds"]) * out["entries"]
    Path(path).write_text(f"socket sends: {sends} for {entries} entries on the two tables\n\n{listing.getvalue()}")
    out["profile"] = {"path": path, "socket_sends": sends}


def bare_send_us(sockets: int = 100, rounds: int = 100, size: int = 600) -> float:
    """CPU microseconds one send() of `size` bytes costs this process on a loopback TCP socket, the readers draining
    in threads: what any server in Python pays at least per frame per phone."""
    with socket.create_server(("127.0.0.1", 0), backlog=sockets) as server:
        port = server.getsockname()[1]
        readers = [socket.create_connection(("127.0.0.1", port)) for _ in range(sockets)]
        writers = [server.accept()[0] for _ in range(sockets)]
        for reader in readers:
            threading.Thread(target=_drain, args=(reader,), daemon=True).start()
        message = b"x" * size
        cpu0 = time.thread_time()   # the writing thread's own CPU: the readers' is theirs
        for _ in range(rounds):
            for writer in writers:
                writer.sendall(message)
        spent = time.thread_time() - cpu0
        for sock in writers + readers:
            sock.close()
    return spent / (sockets * rounds) * 1e6


def _drain(sock: socket.socket) -> None:
    try:
        while sock.recv(65536):
            pass
    except OSError:
        return


def summarise(out: dict, phones_cpu: float, wall: float) -> dict:
    """Medians over the rounds, their ratio and whether the target is met; the phones' share of a core over the
    run's `wall` seconds."""
    none = statistics.median(r["none"]["cpu_per_entry_ms"] for r in out["rounds"])
    watched = statistics.median(r["watched"]["cpu_per_entry_ms"] for r in out["rounds"])
    out.update({"none_cpu_per_entry_ms": round(none, 3), "watched_cpu_per_entry_ms": round(watched, 3),
                "ratio": round(watched / none, 3) if none else float("nan"),
                "phones_cpu_pct": round(100 * phones_cpu / wall, 1) if wall else 0.0})
    out["target_met"] = bool(none) and watched <= TARGET_RATIO * none
    if "bare_send_us" in out:   # the least two frames an entry (its `applied` and the view) cost per spectator
        out["sends_floor_ms"] = round(2 * out["spectators"] * out["bare_send_us"] / 1000, 3)
    return out


def report(out: dict) -> str:
    """The figures for people."""
    floor = ([f"A bare loopback send() costs this machine {out['bare_send_us']:.1f} us of CPU: the spectators' two frames "
              f"an entry cost at least {out['sends_floor_ms']:.2f} ms whatever the server does"]
             if "sends_floor_ms" in out else [])
    return "\n".join([
        f"Server CPU per entry, a table of four phones: {out['none_cpu_per_entry_ms']:.2f} ms; the same table watched by "
        f"{out['spectators']} spectators: {out['watched_cpu_per_entry_ms']:.2f} ms "
        f"({out['ratio']:.2f}x, median of {len(out['rounds'])} rounds of {out['entries']} entries)",
        f"Target: at most {out['target_ratio']:.2f}x: {'met' if out['target_met'] else 'NOT met'}",
        *floor,
        f"(this process, the phones, used {out['phones_cpu_pct']:.0f}% of a core)",
    ])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--spectators", type=int, default=100)
    parser.add_argument("--entries", type=int, default=60, help="entries per table and round")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--profile", metavar="FILE", help="run the server under cProfile; its busiest functions here")
    args = parser.parse_args()
    out = run(args.spectators, args.entries, args.rounds, args.profile)
    print(json.dumps(out, indent=2) if args.json else report(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
