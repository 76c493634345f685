"""Live-server benchmark: tables of four phones playing Warhammer Underworlds against the real server, beside a
bare Socket.IO echo under the same load.

Each table is an Underworlds game (current rules, four players with full fighter cards) and 4 phones
(python-socketio clients on /live, WebSocket). Once a second per table, a phone picks one of the events the
engine suggests in its last `view` (move, attack with its dice, guard, charge, power-step plays, passes,
objectives, reactions...), fills the dice and choices as a player would, and submits it. For every event we
time submit -> ack at the submitting phone and submit -> `applied` at the other three. Every phone counts the
seqs it received (its acks and the `applied` frames): at the end each must hold 1..head exactly once, so lost
and doubled events are counted, not guessed.

The same number of phones sends the same Underworlds events (one recorded game, replayed) to a bare
python-socketio server that only acks and relays (no engine, no database). The servers run side by side and
the load alternates between them in rounds, so other work on the machine weighs on both alike.

    .venv/bin/python benchmarks/live.py                          # 64 tables, SQLite, eventlet, vs the echo
    .venv/bin/python benchmarks/live.py --tables 16 --seconds 10
    .venv/bin/python benchmarks/live.py --phone-processes 2        # the phones shared among two processes
    .venv/bin/python benchmarks/live.py --processes 2 --tables 250   # two app processes on PostgreSQL + Redis
                                                                      # beside one process on SQLite

Targets: ack p50 within 1.5x of the echo's, broadcast p99 within 2x of the echo's and the server's CPU per entry
within 2x of the echo's (one process, same run); with --floor, CPU per entry and broadcast p99 within 1.3x of the
protocol floor's (same run); broadcast p99 under 50 ms at 64 tables on one process, under 100 ms
at 250 tables on two processes; 0 lost, 0 doubled. It prints each with met / NOT met and does not fail.

CPU per entry: the server processes' CPU time (user + system, /proc) over the measured seconds only (connecting the
phones and creating the games are left out), divided by the entries stored in those seconds (acked 200/201).
`--profile FILE` records the (first) server process with py-spy over the measured seconds of every round (py-spy
on PATH or beside this Python) and writes its busiest functions to FILE (see `--profile-lines`).
With --processes N the phones of table i connect to process i mod N (a balancer's job, done by the client);
PostgreSQL (fsync on, synchronous_commit on) and Redis are started here from Debian's binaries
(tests/support/servers.py). Everything listens on 127.0.0.1 only and stops by itself.
"""
from __future__ import annotations

import eventlet
import eventlet.wsgi

eventlet.monkey_patch()

import argparse  # noqa: E402
import copy  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import requests  # noqa: E402
import socketio  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from busy import load_note  # noqa: E402
from processes import cpu_seconds, free_port, own_cpu, start_app, stop, wait_http  # noqa: E402
from profile_top import py_spy, top_functions  # noqa: E402
from recorded import SEATS, entry_of, recorded_game  # noqa: E402

from app.live import fastjson, viewpatch  # noqa: E402
from tests.support.play import RARE_GROUPS, RARE_TYPES, set_path, underworlds_setup  # noqa: E402
from tests.support.servers import Postgres, Redis  # noqa: E402


# -- the bare echo server (run in its own process) ---------------------------------------------------
def run_echo_server(port: int) -> None:
    """A python-socketio server that acks `submit` and relays it to the table's room, nothing else."""

    sio = socketio.Server(async_mode="eventlet")
    seqs: dict[str, int] = {}
    rooms: dict[str, str] = {}

    @sio.event(namespace="/live")
    def connect(sid, environ, auth):
        room = str((auth or {}).get("token", "")).split(":")[0]
        rooms[sid] = room
        sio.enter_room(sid, room, namespace="/live")

    @sio.event(namespace="/live")
    def submit(sid, data):
        room = rooms[sid]
        seqs[room] = seqs.get(room, 0) + 1
        sio.emit("applied", {"seq": seqs[room], "event": data, "consequences": []}, to=room, skip_sid=sid,
                 namespace="/live")
        return {"status": 201, "seq": seqs[room], "id": data.get("id"), "consequences": []}

    app = socketio.WSGIApp(sio)
    eventlet.wsgi.server(eventlet.listen(("127.0.0.1", port)), app, log_output=False)


def start_echo_server(port: int) -> subprocess.Popen:
    return start_bare([sys.executable, __file__, "--echo-server", str(port)], port)


def start_floor_server(port: int, tmp: str, skip: str = "") -> subprocess.Popen:
    """The protocol's floor (protocol_floor.py): the contracts kept, no rules; its SQLite file under tmp."""
    return start_bare([sys.executable, str(ROOT / "benchmarks" / "protocol_floor.py"), str(port),
                       str(Path(tmp) / "floor.sqlite"), "--skip", skip], port)


def start_bare(command: list[str], port: int) -> subprocess.Popen:
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env={**os.environ, "PYTHONWARNINGS": "ignore"})
    wait_http(f"http://127.0.0.1:{port}/socket.io/?EIO=4&transport=polling", proc)
    return proc


def process_tree(pid: int) -> list[int]:
    """A process and its descendants now (PostgreSQL's server and its backends)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            todo += [int(c) for c in Path(f"/proc/{p}/task/{p}/children").read_text().split()]
        except OSError:
            pass
    return out


# -- choosing events as players would ------------------------------------------------------------------
def fill(suggestion: dict, rng: random.Random) -> dict:
    """An event envelope from a wire suggestion: a complete event, or a template with its choices filled."""
    if "event" in suggestion:
        return copy.deepcopy(suggestion["event"])
    event = copy.deepcopy(suggestion["template"])
    for path, choices in (suggestion.get("choices") or {}).items():
        set_path(event["data"], path, rng.choice(choices))
    for path, bound in (suggestion.get("fields") or {}).items():
        if bound.get("type") == "int":
            value = rng.randint(bound["min"], bound["max"])
        elif bound.get("type") == "list":  # any of `items`, at most `max`
            value = rng.sample(bound["items"], rng.randint(0, min(bound["max"], len(bound["items"]))))
        else:
            value = "Trap"
        set_path(event["data"], path, value)
    return event


def pick(advice_by_seat: dict, rng: random.Random) -> dict | None:
    """One suggested event from any seat's advice, 'Table' card effects and abandons rarely (as tests/engine)."""
    offers = [s for advice in advice_by_seat.values() if advice for s in advice.get("suggestions") or []]
    if not offers:
        return None
    weights = [RARE_GROUPS.get(s.get("group") or "", 1.0) * RARE_TYPES.get((s.get("event") or s["template"])["type"], 1.0)
               for s in offers]
    return fill(rng.choices(offers, weights=weights, k=1)[0], rng)


# -- one table of four phones --------------------------------------------------------------------------
class Table:
    """Four phones of one table: what they entered, when, and every seq each of them received."""

    def __init__(self, base: str, index: int, tokens: list[str], acc: dict, script: list[dict] | None):
        self.index, self.acc, self.script = index, acc, script
        self.rng = random.Random(index)
        self.sent: dict[str, tuple[float, bool]] = {}
        self.seq_start: dict[int, tuple[float, bool]] = {}
        self.advice: dict[str, dict | None] = {}
        self.advice_seq: dict[str, int] = {}
        self.head = 0
        self.received: list[dict[int, int]] = [{} for _ in tokens]
        self.view_arrivals: list[tuple[int, float]] = []
        self.views: list[dict | None] = [None for _ in tokens]  # each phone's whole view (patches apply to it)
        self.resyncs = 0
        self.phones = []
        for i, token in enumerate(tokens):
            # The phones decode with orjson too: one client process plays every table, and the standard
            # library's decoding of the ~16 KB views would make the load generator the bottleneck.
            client = socketio.Client(reconnection=False, json=fastjson)
            client.on("applied", lambda data, i=i: self._on_applied(i, data), namespace="/live")
            client.on("view", lambda data, i=i: self._on_view(i, data), namespace="/live")
            client.on("sync", lambda data, i=i: self._on_sync(i, data), namespace="/live")
            client.connect(base, namespaces=["/live"], auth={"token": token, "last_seq": 0},
                           transports=["websocket"], wait_timeout=60)
            self.phones.append(client)

    def _got(self, phone: int, seq) -> None:
        if isinstance(seq, int):
            self.received[phone][seq] = self.received[phone].get(seq, 0) + 1
            self.head = max(self.head, seq)

    def _on_applied(self, phone: int, data: dict) -> None:
        at = time.perf_counter()
        self._got(phone, data.get("seq"))
        started = self.sent.get((data.get("event") or {}).get("id"))
        if started is not None and started[1]:
            self.acc["casts"].append(at - started[0])

    def _on_view(self, phone: int, data: dict) -> None:
        self.view_arrivals.append((data.get("seq"), time.perf_counter()))
        held = self.views[phone]
        if held is not None and data.get("seq", 0) <= held.get("seq", -1):
            return
        view = viewpatch.full_view(held, data)
        if view is None:  # not the base this phone holds: as a phone would, ask for a whole view
            self.resyncs += 1
            eventlet.spawn(self._resync, phone)  # (an ack cannot be awaited inside the client's own handler)
            return
        self.views[phone] = view
        self._advise(view)

    def _resync(self, phone: int) -> None:
        try:
            reply = self.phones[phone].call("sync", {"last_seq": self.head}, namespace="/live", timeout=30)
        except socketio.exceptions.SocketIOError:
            return
        self._on_sync(phone, reply or {})

    def _on_sync(self, phone: int, data: dict) -> None:
        if isinstance(data.get("view"), dict):
            self.views[phone] = data["view"]
        self._advise(data.get("view") or {})

    def _advise(self, view: dict) -> None:
        seat, seq = view.get("seat"), view.get("seq")
        if seat in SEATS and isinstance(seq, int) and seq >= self.advice_seq.get(seat, -1):
            self.advice[seat], self.advice_seq[seat] = view.get("advice"), seq

    def next_event(self, n: int) -> dict | None:
        """The next envelope: from the recorded game (echo), or from the engine's latest advice."""
        if self.script is not None:
            return dict(self.script[entry_of(self.index, n, len(self.script))])
        deadline = time.perf_counter() + 0.5
        while time.perf_counter() < deadline:  # wait for the views of the last event to arrive
            if all(self.advice_seq.get(s, -1) >= self.head for s in SEATS):
                break
            eventlet.sleep(0.005)
        return pick({s: a for s, a in self.advice.items() if self.advice_seq.get(s, -1) >= self.head}, self.rng)

    def play(self, until: float, measure_from: float, phase: float) -> None:
        n = 0
        eventlet.sleep(phase)
        next_at = time.perf_counter()
        while next_at < until:
            envelope = self.next_event(n)
            if envelope is None:
                self.acc["idle"] += 1  # the game is over (or nothing is offered): this table rests
            else:
                envelope["id"] = f"t{self.index}-{n}-{os.getpid()}"
                measuring = next_at >= measure_from
                phone = SEATS.index(envelope["by"]) if envelope["by"] in SEATS else 0
                self.sent[envelope["id"]] = started = (time.perf_counter(), measuring)
                try:
                    ack = self.phones[phone].call("submit", envelope, namespace="/live", timeout=30)
                except socketio.exceptions.SocketIOError:  # no ack in time, or the phone lost its connection
                    ack = {"status": "timeout"}
                took = time.perf_counter() - started[0]
                self._got(phone, ack.get("seq") if ack.get("status") in (200, 201) else None)
                if isinstance(ack.get("view"), dict):
                    self._advise(ack["view"])
                if isinstance(ack.get("seq"), int):
                    self.seq_start[ack["seq"]] = started
                if measuring:
                    self.acc["events"] += 1
                    if ack.get("status") in (200, 201):
                        self.acc["acks"].append(took)
                    else:
                        self.acc["refused" if ack.get("status") == 422 else "errors"] += 1
                        self.acc["codes"][str(ack.get("status"))] = self.acc["codes"].get(str(ack.get("status")), 0) + 1
            n += 1
            next_at += 1.0
            eventlet.sleep(max(0.0, next_at - time.perf_counter()))

    def close(self) -> None:
        """Wait for the last frames, count lost and doubled seqs per phone, disconnect."""
        eventlet.sleep(0.5)
        for seq, at in self.view_arrivals:
            start = self.seq_start.get(seq)
            if start is not None and start[1]:
                self.acc["views"].append(at - start[0])
        self.acc["resyncs"] += self.resyncs
        for got in self.received:
            self.acc["doubled"] += sum(c - 1 for c in got.values() if c > 1)
            self.acc["lost"] += sum(1 for seq in range(1, self.head + 1) if seq not in got)
        for client in self.phones:
            try:
                client.disconnect()
            except Exception:  # noqa: BLE001
                pass


def new_results() -> dict:
    return {"acks": [], "casts": [], "views": [], "events": 0, "errors": 0, "refused": 0, "codes": {}, "idle": 0,
            "lost": 0, "doubled": 0, "resyncs": 0, "cpu": 0.0, "wall": 0.0, "client_cpu": 0.0,
            "store_cpu": 0.0}


def run_load(bases: list[str], table_tokens: list[list[str]], seconds: float, warmup: float, acc: dict,
             script: list[dict] | None = None, phone_processes: int = 1, server_pids: list[int] | None = None,
             profile: str | None = None, store_pids: list[int] | None = None) -> None:
    """Connect every table's phones (table i to bases[i mod N]), play for warmup + seconds, add to acc (the CPU of
    server_pids over the measured seconds too; with `profile`, py-spy's samples of the first into that file).

    With phone_processes > 1 the tables are shared among that many child processes (each its own Python and
    event loop), so the phones' decoding of the views is not one process's queue in front of every ack."""
    if phone_processes > 1:
        run_load_in_children(bases, table_tokens, seconds, warmup, acc, script, phone_processes, server_pids, profile,
                             store_pids)
        return
    play_tables(bases, list(enumerate(table_tokens)), seconds, warmup, acc, script, None, server_pids, profile,
                store_pids)


def measure_cpu(pids: list[int], start_wall: float, seconds: float, acc: dict, profile: str | None = None,
                store_pids: list[int] | None = None) -> None:
    """Add the processes' CPU time over the measured window (start_wall .. start_wall + seconds) to acc, and that of
    store_pids (PostgreSQL's and Redis's) to acc["store_cpu"]; with `profile`, py-spy samples the first process over
    the same window into that file (collapsed stacks)."""
    eventlet.sleep(max(0.0, start_wall - time.time()))
    spy = None
    if profile:
        spy = subprocess.Popen([py_spy(), "record", "--pid", str(pids[0]), "--duration", str(max(1, round(seconds))),
                                "--format", "raw", "--nonblocking", "--gil", "--output", profile],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    cpu0, wall0 = sum(cpu_seconds(pid) for pid in pids), time.perf_counter()
    store0 = sum(cpu_seconds(pid) for pid in store_pids or [])
    eventlet.sleep(max(0.0, start_wall + seconds - time.time()))
    acc["cpu"] += sum(cpu_seconds(pid) for pid in pids) - cpu0
    acc["store_cpu"] += sum(cpu_seconds(pid) for pid in store_pids or []) - store0
    acc["wall"] += time.perf_counter() - wall0
    if spy is not None:
        while spy.poll() is None:  # (a green wait: the phones go on while py-spy writes its file)
            eventlet.sleep(0.1)


def play_tables(bases: list[str], tables_in: list[tuple[int, list[str]]], seconds: float, warmup: float, acc: dict,
                script: list[dict] | None, start_wall: float | None, server_pids: list[int] | None = None,
                profile: str | None = None, store_pids: list[int] | None = None) -> None:
    """The tables given as (index, tokens) in this process; they start together at `start_wall` (time.time())
    when given (the other phone processes start then too), else as soon as all are connected. With server_pids,
    the servers' CPU over the measured seconds is added to acc (one phone process measures it)."""
    pool = eventlet.GreenPool(len(tables_in) + 4)
    tables = list(pool.imap(lambda it: Table(bases[it[0] % len(bases)], it[0], it[1], acc, script), tables_in))
    delay = 0.5 if start_wall is None else max(0.0, start_wall - time.time())
    start = time.perf_counter() + delay
    until = start + warmup + seconds
    total = max(index for index, _ in tables_in) + 1
    if server_pids:
        pool.spawn(measure_cpu, server_pids, time.time() + delay + warmup, seconds, acc, profile, store_pids)
    for table in tables:
        pool.spawn(table.play, until, start + warmup, delay + table.index / total)
    pool.waitall()
    for table in tables:
        pool.spawn(table.close)
    pool.waitall()


def run_load_in_children(bases, table_tokens, seconds, warmup, acc, script, phone_processes, server_pids,
                         profile, store_pids) -> None:
    """Share the tables among child processes (`--phones-worker`), start them together, merge their results."""
    connect = 3.0 + 0.05 * len(table_tokens) / phone_processes  # time to connect every phone before the start
    spec = {"bases": bases, "seconds": seconds, "warmup": warmup, "script": script,
            "start_wall": time.time() + connect}
    with tempfile.TemporaryDirectory(prefix="tw-phones-") as tmp:
        children = []
        for k in range(phone_processes):
            tables = [(i, tokens) for i, tokens in enumerate(table_tokens) if i % phone_processes == k]
            path = Path(tmp) / f"phones-{k}.json"
            path.write_text(json.dumps({**spec, "tables": tables, "server_pids": server_pids if k == 0 else None,
                                        "profile": profile if k == 0 else None,
                                        "store_pids": store_pids if k == 0 else None}))
            children.append((subprocess.Popen([sys.executable, __file__, "--phones-worker", str(path)], cwd=ROOT,
                                              env={**os.environ, "PYTHONWARNINGS": "ignore"}), path))
        for proc, path in children:
            if proc.wait() != 0:
                raise RuntimeError(f"a phone process failed ({proc.returncode})")
            got = json.loads(path.with_suffix(".out").read_text())
            for key, value in got.items():
                if isinstance(value, list):
                    acc[key].extend(value)
                elif isinstance(value, dict):
                    for code, count in value.items():
                        acc[key][code] = acc[key].get(code, 0) + count
                else:
                    acc[key] += value


def phones_worker(spec_path: str) -> None:
    """A child process's share of the tables (see run_load_in_children); its results beside its spec."""
    spec = json.loads(Path(spec_path).read_text())
    acc = new_results()
    mine0 = own_cpu()
    play_tables(spec["bases"], [(i, tokens) for i, tokens in spec["tables"]], spec["seconds"], spec["warmup"], acc,
                spec["script"], spec["start_wall"], spec.get("server_pids"), spec.get("profile"),
                spec.get("store_pids"))
    acc["client_cpu"] = own_cpu() - mine0
    Path(spec_path).with_suffix(".out").write_text(json.dumps(acc))


def new_tables(base: str, count: int) -> list[list[str]]:
    """Create `count` four-player Underworlds games; their seat tokens."""
    out = []
    for _ in range(count):
        game = requests.post(base + "/api/games", json=underworlds_setup(4), timeout=60)
        game.raise_for_status()
        out.append([s["token"] for s in game.json()["seats"]])
    return out


# -- report --------------------------------------------------------------------------------------------
def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))] * 1000


def summary(name: str, res: dict) -> dict:
    out = {"name": name, "events": res["events"], "errors": res["errors"], "refused": res["refused"],
           "idle": res["idle"], "lost": res["lost"], "doubled": res["doubled"], "resyncs": res["resyncs"],
           "ack_p50_ms": pct(res["acks"], 50), "ack_p99_ms": pct(res["acks"], 99),
           "broadcast_p50_ms": pct(res["casts"], 50), "broadcast_p99_ms": pct(res["casts"], 99),
           "server_cpu_pct": 100 * res["cpu"] / res["wall"] if res["wall"] else float("nan"),
           "entries": len(res["acks"]),
           "cpu_per_entry_ms": 1000 * res["cpu"] / len(res["acks"]) if res["acks"] else float("nan"),
           "phones_cpu_pct": 100 * res["client_cpu"] / res["wall"] if res["wall"] else float("nan")}
    if res.get("stores"):  # PostgreSQL's and Redis's CPU, counted beside the app processes'
        out["store_cpu_per_entry_ms"] = 1000 * res["store_cpu"] / len(res["acks"]) if res["acks"] else float("nan")
    if res["acks"]:
        out["ack_mean_ms"] = statistics.fmean(res["acks"]) * 1000
    if res["views"]:
        out["view_p50_ms"], out["view_p99_ms"] = pct(res["views"], 50), pct(res["views"], 99)
    return out


def print_table(results: list[dict], phone_processes: int = 1) -> None:
    print(f"\n{'server':48} {'events':>7} {'lost':>5} {'dbl':>4} {'err':>4} {'ack p50':>8} {'ack p99':>8} "
          f"{'bcast p50':>9} {'bcast p99':>9} {'cpu':>5}")
    for r in results:
        print(f"{r['name']:48} {r['events']:7d} {r['lost']:5d} {r['doubled']:4d} {r['errors']:4d} "
              f"{r['ack_p50_ms']:7.2f}ms {r['ack_p99_ms']:7.2f}ms {r['broadcast_p50_ms']:8.2f}ms "
              f"{r['broadcast_p99_ms']:8.2f}ms {r['server_cpu_pct']:4.0f}%")
        if "view_p50_ms" in r:
            print(f"{'':48} per-seat view after submit: p50 {r['view_p50_ms']:.2f}ms, p99 {r['view_p99_ms']:.2f}ms;"
                  f" refused by the rules {r['refused']}, table idle {r['idle']}, views asked for again {r['resyncs']}")
        stores = (f"; PostgreSQL + Redis {r['store_cpu_per_entry_ms']:.2f} ms" if "store_cpu_per_entry_ms" in r
                  else "")
        print(f"{'':48} server CPU per entry {r['cpu_per_entry_ms']:.2f} ms{stores} ({r['entries']} entries stored in "
              f"the measured seconds); the phones' own processes used {r['phones_cpu_pct']:.0f}% of a core")
        note = load_note(r, phone_processes, os.cpu_count() or 1)
        if note:
            print(f"{'':48} NOTE: {note}")
    print(f"(cpu: the server processes' CPU time over the measured seconds in % of one core; load average now "
          f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")


def ratio(ours: float, echo: float) -> float:
    """ours / echo; NaN when the echo's is 0 (its CPU is counted in 10 ms ticks: a very short run may show none)."""
    return ours / echo if echo else float("nan")


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT met"


# Tablewarden's CPU per entry and broadcast p99 against the protocol floor's in the same run: what the rules and the
# views may add to what the contracts cost.
FLOOR_CPU = 1.3
FLOOR_BROADCAST = 1.3


def print_targets(echo: dict, real: dict) -> None:
    """The targets against the echo measured in the same run, each with met / NOT met."""
    print("\ntargets (Tablewarden against the echo, same run):\n"
          + target_row("ack p50", real["ack_p50_ms"], echo["ack_p50_ms"], 1.5) + "\n"
          + target_row("broadcast p99", real["broadcast_p99_ms"], echo["broadcast_p99_ms"], 2) + "\n"
          + target_row("CPU per entry", real["cpu_per_entry_ms"], echo["cpu_per_entry_ms"], 2) + "\n"
          f"  broadcast p99 under 50 ms: {verdict(real['broadcast_p99_ms'] < 50)}; lost {real['lost']}, doubled "
          f"{real['doubled']} (target 0): {verdict(real['lost'] == 0 and real['doubled'] == 0)}")


def target_row(label: str, ours_ms: float, theirs_ms: float, target: float) -> str:
    """One target's line: our figure, the other server's, their ratio against the target, met / NOT met."""
    times = ratio(ours_ms, theirs_ms)
    return (f"  {label:<18} {ours_ms:7.2f} ms vs {theirs_ms:6.2f} ms = {times:5.2f}x (target <= {target}x): "
            f"{verdict(times <= target)}")


def print_floor(echo: dict, floor: dict, real: dict) -> None:
    """What the contracts alone cost against the echo, what is left of Tablewarden's CPU for rules and views, and
    Tablewarden's targets against the floor measured in the same run, each with met / NOT met."""
    cpu = ratio(floor["cpu_per_entry_ms"], echo["cpu_per_entry_ms"])
    print(f"\nthe protocol's floor (protocol_floor.py, same run):\n"
          f"  CPU per entry      {floor['cpu_per_entry_ms']:7.2f} ms vs {echo['cpu_per_entry_ms']:6.2f} ms = {cpu:5.2f}x"
          f" the echo's; Tablewarden spends {real['cpu_per_entry_ms'] - floor['cpu_per_entry_ms']:.2f} ms more "
          f"({ratio(real['cpu_per_entry_ms'], floor['cpu_per_entry_ms']):.2f}x the floor's)\n"
          f"  ack p50            {floor['ack_p50_ms']:7.2f} ms = {ratio(floor['ack_p50_ms'], echo['ack_p50_ms']):5.2f}x"
          f" the echo's; broadcast p99 {floor['broadcast_p99_ms']:.2f} ms = "
          f"{ratio(floor['broadcast_p99_ms'], echo['broadcast_p99_ms']):.2f}x")
    print("\ntargets (Tablewarden against the floor, same run):\n"
          + target_row("CPU per entry", real["cpu_per_entry_ms"], floor["cpu_per_entry_ms"], FLOOR_CPU) + "\n"
          + target_row("broadcast p99", real["broadcast_p99_ms"], floor["broadcast_p99_ms"], FLOOR_BROADCAST))


def write_profile(paths: list[Path], out: str, lines: int) -> None:
    """Merge the rounds' py-spy samples and write (and print) the busiest functions."""
    collapsed = "\n".join(p.read_text() for p in paths if p.exists())
    rows = top_functions(collapsed, lines)
    samples = sum(int(line.rpartition(" ")[2]) for line in collapsed.splitlines() if line.rpartition(" ")[2].isdigit())
    text = [f"py-spy, the server over the measured seconds ({samples} samples, idle left out): "
            f"% of samples with the function on the stack / on top"]
    text += [f"{inc:5.1f}% {own:5.1f}%  {name}" for name, inc, own in rows]
    Path(out).write_text("\n".join(text) + "\n")
    Path(out).with_suffix(".collapsed").write_text(collapsed)
    print("\n" + "\n".join(text))


# -- main ----------------------------------------------------------------------------------------------
def one_process(args, tmp: str) -> list[dict]:
    """The real server on SQLite beside the bare echo (and with --floor the protocol's floor), alternating in rounds."""
    echo_res, real_res, floor_res = new_results(), new_results(), new_results()
    echo_port, real_port, floor_port = free_port(), free_port(), free_port()
    echo_proc = start_echo_server(echo_port)
    floor_proc = start_floor_server(floor_port, tmp, args.floor_skip) if args.floor or args.floor_skip else None
    real_proc = start_app(real_port, tmp, ASYNC_MODE=args.server_mode)
    script = recorded_game()
    try:
        base = f"http://127.0.0.1:{real_port}"
        per_round = args.seconds / args.rounds
        for r in range(args.rounds):
            real_tokens = new_tables(base, args.tables)  # fresh games each round: none runs out of events
            echo_tokens = [[f"{r}-{t}:{s}" for s in SEATS] for t in range(args.tables)]  # fresh rooms too
            servers = [("bare echo", [f"http://127.0.0.1:{echo_port}"], echo_tokens, echo_res, echo_proc, script)]
            if floor_proc is not None:
                servers.append(("protocol floor", [f"http://127.0.0.1:{floor_port}"], echo_tokens, floor_res,
                                floor_proc, script))
            servers.append((f"Tablewarden ({args.server_mode}, SQLite)", [base], real_tokens, real_res, real_proc,
                            None))
            for name, bases, tokens, acc, proc, events in servers:
                print(f"round {r + 1}/{args.rounds}: {name}, {args.tables} tables x 4 phones, {per_round:.0f} s",
                      flush=True)
                mine0 = own_cpu()
                profile = str(Path(tmp) / f"profile-{r}.txt") if args.profile and proc is real_proc else None
                run_load(bases, tokens, per_round, args.warmup, acc, events, args.phone_processes, [proc.pid], profile)
                acc["client_cpu"] += own_cpu() - mine0
    finally:
        stop(echo_proc)
        stop(real_proc)
        if floor_proc is not None:
            stop(floor_proc)
    results = [summary("bare python-socketio echo", echo_res),
               summary(f"Tablewarden python -m app ({args.server_mode}, SQLite)", real_res)]
    if floor_proc is not None:
        kept = [part for part in ("store", "views") if part not in args.floor_skip.split(",")]
        results.insert(1, summary(f"protocol floor: {' + '.join([*kept, 'applied'])}, no rules", floor_res))
    print_table(results, args.phone_processes)
    print_targets(results[0], results[-1])
    if floor_proc is not None:
        print_floor(*results)
    if args.profile:
        write_profile([Path(tmp) / f"profile-{r}.txt" for r in range(args.rounds)], args.profile, args.profile_lines)
    return results


def several_processes(args, tmp: str) -> list[dict]:
    """N app processes on PostgreSQL + Redis, then one process on SQLite, at the same load."""
    results = []
    pg, redis = Postgres(durable=True), Redis()
    procs = []
    try:
        env = {"DATABASE_URL": pg.new_database(), "REDIS_URL": redis.url, "SECRET_KEY": "bench",
               "ASYNC_MODE": args.server_mode}
        ports = [free_port() for _ in range(args.processes)]
        procs = [start_app(port, tmp, **env) for port in ports]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        res = {**new_results(), "stores": True}
        print(f"{args.processes} processes on PostgreSQL + Redis: {args.tables} tables x 4 phones, {args.seconds:.0f} s",
              flush=True)
        tokens = new_tables(bases[0], args.tables)
        stores = [*process_tree(pg.postmaster_pid()), redis.proc.pid]  # (the app's connections are open by now)
        mine0 = own_cpu()
        run_load(bases, tokens, args.seconds, args.warmup, res, None, args.phone_processes, [p.pid for p in procs],
                 store_pids=stores)
        res["client_cpu"] += own_cpu() - mine0
        results.append(summary(f"{args.processes} x python -m app ({args.server_mode}), PostgreSQL + Redis", res))
    finally:
        for proc in procs:
            stop(proc)
        redis.stop()
        pg.stop()
    port = free_port()
    proc = start_app(port, tmp, ASYNC_MODE=args.server_mode)
    try:
        res = new_results()
        print(f"1 process on SQLite: {args.tables} tables x 4 phones, {args.seconds:.0f} s", flush=True)
        base = f"http://127.0.0.1:{port}"
        tokens = new_tables(base, args.tables)
        mine0 = own_cpu()
        run_load([base], tokens, args.seconds, args.warmup, res, None, args.phone_processes, [proc.pid])
        res["client_cpu"] += own_cpu() - mine0
        results.append(summary(f"1 x python -m app ({args.server_mode}), SQLite", res))
    finally:
        stop(proc)
    print_table(results, args.phone_processes)
    multi = results[0]
    print(f"\ntarget broadcast p99 under 100 ms on {args.processes} processes: "
          f"{'met' if multi['broadcast_p99_ms'] < 100 else 'NOT met'} ({multi['broadcast_p99_ms']:.1f} ms); "
          f"lost {multi['lost']}, doubled {multi['doubled']} (target 0)")
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds per server")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds at the start of each round")
    parser.add_argument("--rounds", type=int, default=3, help="alternations between the echo and the real server")
    parser.add_argument("--processes", type=int, default=1,
                        help="app processes; 2 or more run on PostgreSQL + Redis, beside one process on SQLite")
    parser.add_argument("--server-mode", default="eventlet", choices=("eventlet", "gevent", "threading"))
    parser.add_argument("--json", action="store_true", help="print the results as JSON too")
    parser.add_argument("--phone-processes", type=int, default=1,
                        help="processes the phones are shared among (their CPU is reported added up)")
    parser.add_argument("--profile", metavar="FILE",
                        help="py-spy the server (one process) over the measured seconds; its busiest functions to FILE")
    parser.add_argument("--profile-lines", type=int, default=25, help="functions --profile lists")
    parser.add_argument("--floor", action="store_true",
                        help="also run the protocol's floor (protocol_floor.py): the contracts' own cost, no rules")
    parser.add_argument("--floor-skip", default="", metavar="PARTS",
                        help="run the floor without these parts (store, views; comma-separated): what each costs")
    parser.add_argument("--echo-server", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--phones-worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.echo_server:
        run_echo_server(args.echo_server)
        return
    if args.phones_worker:
        phones_worker(args.phones_worker)
        return
    if args.profile:
        py_spy()  # no py-spy: say so now, not from inside a round
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory(prefix="tw-bench-") as tmp:
        results = one_process(args, tmp) if args.processes <= 1 else several_processes(args, tmp)
    if args.json:
        print(json.dumps({"tables": args.tables, "seconds": args.seconds, "processes": args.processes,
                          "results": results}, indent=2))


if __name__ == "__main__":
    main()
