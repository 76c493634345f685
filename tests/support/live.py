"""Run the real server (`python -m app`) in a subprocess and drive it with python-socketio clients."""
from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import requests
import socketio

from app.live import viewpatch
from tests.support.servers import free_port, wait_for_port

ROOT = Path(__file__).resolve().parents[2]
_ids = itertools.count(1)


class Site:
    """The REST API at `url` (a server process, or a balancer in front of several), through `http`."""

    def __init__(self, url: str, http=requests):
        self.url = url
        self.http = http  # the requests module, or a Session (a balancer's certificate, a route cookie)

    def create_game(self, seats=("Ana", "Ben"), **extra) -> dict:
        """POST /api/games for a Tally game; adds a `tokens` map seat -> token."""
        body = {"ruleset": "test/tally", "seats": [{"name": n} for n in seats], **extra}
        resp = self.http.post(self.url + "/api/games", json=body, timeout=10)
        assert resp.status_code == 201, resp.text
        game = resp.json()
        game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
        game["tokens"]["referee"] = game["referee_token"]
        return game

    def join(self, game: dict, seat: str) -> str:
        """A token for a role (spectator, scorekeeper) or another device of a seat."""
        resp = self.http.post(f"{self.url}/api/games/{game['id']}/join",
                              json={"code": game["join_code"], "seat": seat}, timeout=10)
        assert resp.status_code == 201, resp.text
        return resp.json()["token"]

    def get(self, path: str, token: str) -> dict:
        """GET an /api path with a bearer token."""
        resp = self.http.get(self.url + path, headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert resp.ok, resp.text
        return resp.json()


class ServerProcess(Site):
    """`python -m app` on 127.0.0.1:<free port> with the test game plugged in; stdout/err to a log file."""

    def __init__(self, database_url: str, log_dir: Path, redis_url: str = "", port: int | None = None,
                 async_mode: str = "eventlet", **env):
        self.port = port or free_port()
        super().__init__(f"http://127.0.0.1:{self.port}")
        self.log_path = Path(log_dir) / f"server-{self.port}-{next(_ids)}.log"
        self.env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(self.port), "DATABASE_URL": database_url,
                    "REDIS_URL": redis_url, "ASYNC_MODE": async_mode, "RULESET_PLUGINS": "tests.support.tally",
                    "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "ignore", "RATE_LIMIT_PER_SECOND": "1000",
                    "RATE_LIMIT_BURST": "1000", **{k: str(v) for k, v in env.items()}}
        self.proc: subprocess.Popen | None = None
        self.start()

    def start(self) -> None:
        """Start (or restart) the process and wait until it answers HTTP."""
        log = open(self.log_path, "ab")
        self.proc = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=self.env,
                                     stdout=log, stderr=subprocess.STDOUT)
        log.close()
        wait_for_port(self.port, timeout=30, proc=self.proc)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if requests.get(self.url + "/healthz", timeout=2).ok:
                    return
            except requests.RequestException:
                time.sleep(0.05)
        raise TimeoutError(f"server on {self.port} did not answer; log:\n{self.log()}")

    def kill9(self) -> None:
        """SIGKILL: no shutdown code runs (the crash test)."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        """Terminate the process."""
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def log(self) -> str:
        """What the server printed."""
        try:
            return self.log_path.read_text(errors="replace")[-5000:]
        except OSError:
            return ""

class Phone:
    """A python-socketio client on /live that records every frame it receives, in order.

    `view` frames that come as changes (app/live/viewpatch.py) are recorded as the whole view they make, as
    a phone holds it; the frames as sent are kept in `view_frames`."""

    def __init__(self, base_url: str, token: str, last_seq: int = 0, transports=("websocket",), http=None,
                 headers=None):
        self.base_url = base_url
        self.token = token
        self.frames: list[tuple[str, dict]] = []
        self.cond = threading.Condition()
        self.held: dict | None = None  # the whole view this phone holds
        self.view_frames: list[dict] = []
        # http: a requests.Session for the polling requests and the WebSocket's handshake (its cookies,
        # the certificate it trusts), as a browser shares them with the page. An Origin in `headers` is the
        # only one sent (the WebSocket library would add its own beside it).
        options = {"http_session": http} if http is not None else {}
        if "Origin" in (headers or {}):
            options["websocket_extra_options"] = {"suppress_origin": True}
        self.client = socketio.Client(reconnection=False, **options)
        for name in ("sync", "applied"):
            self.client.on(name, self._recorder(name), namespace="/live")
        self.client.on("view", self._on_view, namespace="/live")
        self.client.connect(base_url, namespaces=["/live"], auth={"token": token, "last_seq": last_seq},
                            transports=list(transports), headers=headers or {}, wait_timeout=10)

    def _recorder(self, name):
        def record(data):
            with self.cond:
                if name == "sync" and isinstance(data.get("view"), dict):
                    self._hold(data["view"])
                self.frames.append((name, data))
                self.cond.notify_all()
        return record

    def _hold(self, view: dict) -> None:
        if self.held is None or view["seq"] >= self.held["seq"]:
            self.held = view

    def _on_view(self, frame: dict) -> None:
        with self.cond:
            whole = viewpatch.full_view(self.held, frame)
            if whole is None:  # a patch on a view this phone does not hold: tests see it as unresolved
                whole = {"seq": frame.get("seq"), "seat": frame.get("seat"), "unresolved_patch": frame}
            else:
                self._hold(whole)
            self.view_frames.append(frame)
            self.frames.append(("view", whole))
            self.cond.notify_all()

    def submit(self, envelope: dict, timeout: float = 10) -> dict:
        """Emit `submit` and return the ack."""
        return self.client.call("submit", envelope, namespace="/live", timeout=timeout)

    def call(self, event: str, data=None, timeout: float = 10):
        """Emit any event and return its ack."""
        return self.client.call(event, data, namespace="/live", timeout=timeout)

    def wait_for(self, predicate, timeout: float = 10.0) -> None:
        """Block until predicate(frames) is true."""
        deadline = time.monotonic() + timeout
        with self.cond:
            while not predicate(self.frames):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out; frames so far: {[(n, d.get('seq')) for n, d in self.frames]}")
                self.cond.wait(left)

    def named(self, name: str) -> list[dict]:
        """Frames of one kind, in arrival order."""
        with self.cond:
            return [d for n, d in self.frames if n == name]

    def applied_seqs(self) -> list[int]:
        """Seqs of `applied` frames, in arrival order."""
        return [d["seq"] for d in self.named("applied")]

    def disconnect(self) -> None:
        """Close the socket."""
        try:
            self.client.disconnect()
        except Exception:  # noqa: BLE001
            pass


@contextmanager
def server_logs_on_failure(*servers: ServerProcess) -> Iterator[None]:
    """A failure inside the block carries what each server printed (a missing ack says nothing on its own)."""
    try:
        yield
    except BaseException as exc:
        for server in servers:
            exc.add_note(f"--- server on port {server.port} printed:\n{server.log()}")
        raise


def note(by: str, text: str = "x", **extra) -> dict:
    """A `note` envelope with a fresh id."""
    return {"id": f"n-{os.getpid()}-{next(_ids)}", "type": "note", "by": by, "data": {"text": text}, **extra}


def add(by: str, points: int = 1, **extra) -> dict:
    """An `add` envelope with a fresh id."""
    return {"id": f"a-{os.getpid()}-{next(_ids)}", "type": "add", "by": by, "data": {"points": points}, **extra}
