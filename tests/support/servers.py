"""Start throwaway PostgreSQL and Redis servers on loopback for tests (from Debian's binaries).

PostgreSQL refuses to run as root, so when the tests run as root (CI does) initdb and the server run
as the `postgres` system user that Debian's package creates, via `runuser`, in a data directory
chowned to that user. Everything listens on 127.0.0.1 on a free port and is removed afterwards.
"""
from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time


def free_port() -> int:
    """A TCP port that was free on 127.0.0.1 a moment ago."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 20.0, proc: subprocess.Popen | None = None) -> None:
    """Block until something accepts connections on 127.0.0.1:port (or fail)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode} before listening on {port}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on 127.0.0.1:{port} after {timeout}s")


def postgres_bin() -> str | None:
    """Directory with initdb/pg_ctl (newest Debian cluster version first), or None."""
    for initdb in sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                         key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0, reverse=True):
        return os.path.dirname(initdb)
    found = shutil.which("initdb")
    return os.path.dirname(os.path.realpath(found)) if found else None


def redis_bin() -> str | None:
    """Path of redis-server, or None."""
    return shutil.which("redis-server") or (os.path.exists("/usr/bin/redis-server") and "/usr/bin/redis-server") or None


class Postgres:
    """A private PostgreSQL cluster: `url` for the `postgres` database, `new_database()` for more."""

    def __init__(self, durable: bool = False):
        """durable=False (tests): no fsync, fast; durable=True (benchmarks): a commit is on disk as in production."""
        bindir = postgres_bin()
        if bindir is None:
            raise FileNotFoundError("PostgreSQL binaries (initdb, pg_ctl) not found: apt-get install postgresql")
        self.bindir = bindir
        self.root = tempfile.mkdtemp(prefix="tw-pg-")
        self.data = os.path.join(self.root, "data")
        self.port = free_port()
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            try:
                pw = pwd.getpwnam("postgres")
            except KeyError:
                raise FileNotFoundError("running as root but there is no 'postgres' user to run PostgreSQL as") from None
            os.chown(self.root, pw.pw_uid, pw.pw_gid)
            self.as_user = ["runuser", "-u", "postgres", "--"]
        self._run(os.path.join(bindir, "initdb"), "-D", self.data, "-A", "trust", "-U", "tw", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        opts = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c max_connections=100"
        if not durable:
            opts += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(os.path.join(bindir, "pg_ctl"), "-D", self.data, "-o", opts, "-l",
                  os.path.join(self.root, "log"), "-w", "-t", "30", "start")
        self.url = f"postgresql://tw@127.0.0.1:{self.port}/postgres"
        self._dbs = 0

    def _run(self, *cmd: str) -> None:
        subprocess.run([*self.as_user, *cmd], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       timeout=120, cwd=self.root)

    def new_database(self) -> str:
        """A fresh empty database; returns its URL."""
        import psycopg  # noqa: PLC0415 - the optional [postgres] extra, needed only with a PostgreSQL server
        self._dbs += 1
        name = f"tw{self._dbs}"
        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return f"postgresql://tw@127.0.0.1:{self.port}/{name}"

    def postmaster_pid(self) -> int:
        """The server's main process (its backends are its children)."""
        with open(os.path.join(self.data, "postmaster.pid")) as f:
            return int(f.readline())

    def stop(self) -> None:
        """Stop the server and delete its files."""
        try:
            self._run(os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop")
        except Exception:  # noqa: BLE001
            pass
        shutil.rmtree(self.root, ignore_errors=True)


class Redis:
    """A private redis-server without persistence; `url` to reach it."""

    def __init__(self):
        binary = redis_bin()
        if binary is None:
            raise FileNotFoundError("redis-server not found: apt-get install redis-server")
        self.root = tempfile.mkdtemp(prefix="tw-redis-")
        self.port = free_port()
        self.proc = subprocess.Popen([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                      "--appendonly", "no", "--dir", self.root, "--protected-mode", "no"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_for_port(self.port, proc=self.proc)
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def stop(self) -> None:
        """Stop the server and delete its files."""
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.root, ignore_errors=True)
