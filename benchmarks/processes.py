"""Starting and stopping the benchmarks' server processes (all on 127.0.0.1; each stops with its benchmark)."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A TCP port nobody listens on now (loopback)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 120) -> None:
    """Wait until `url` answers, or fail when the process exits or the time is up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            requests.get(url, timeout=1)
            return
        except requests.RequestException:
            time.sleep(0.1)
    raise TimeoutError(url)


def start_app(port: int, tmp: str, command: list[str] | None = None, **env: str) -> subprocess.Popen:
    """`python -m app` (or `command`) on 127.0.0.1:port, SQLite under tmp unless env names another store; ready
    when it returns."""
    full = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3",
            "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "ignore", "RATE_LIMIT_PER_SECOND": "0",
            "LOG_LEVEL": "WARNING", **env}
    proc = subprocess.Popen(command or [sys.executable, "-m", "app"], cwd=ROOT, env=full, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(tmp, f"server-{port}.log"), "ab"))
    wait_http(f"http://127.0.0.1:{port}/healthz", proc)
    return proc


def stop(proc: subprocess.Popen) -> None:
    """Terminate a process we started (kill it if it does not stop within 10 s)."""
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def own_cpu() -> float:
    """CPU seconds this process (the phones) has used: when it nears a whole core, the phones, not the
    server, are what is slow."""
    times = os.times()
    return times.user + times.system


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return float("nan")
