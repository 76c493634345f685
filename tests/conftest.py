"""Shared fixtures: a server app on a temporary SQLite file with the test game registered."""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

import tests.support.tally  # noqa: F401 - registers the "test/tally" ruleset
from app.engine.sharing import check_sharing
from app.server import create_app, socketio
from tests.support.live import ServerProcess, Site
from tests.support.nginx import Nginx
from tests.support.servers import Postgres, Redis

# Helper modules holding whole test bodies that more than one test module runs: pytest rewrites their asserts as it
# does a test module's, so a failure there shows the values compared. (Registered before any test module imports them.)
pytest.register_assert_rewrite("tests.api.tournament_scenarios", "tests.e2e.scripted_games")

# CI replays the same examples every run, so a CI failure comes from the code, not from the draw;
# local runs keep exploring new random games (and hypothesis keeps any failure it finds).
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Views leave the engine read-only in every test: code that changes a view (and so the stored state it shares
# parts with) fails where it does it.
check_sharing(True)


@pytest.fixture
def app(tmp_path):
    """A Tablewarden app (threading mode, fresh SQLite file, generous rate limit)."""
    return create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}",
                       "TESTING": True, "RATE_LIMIT_PER_SECOND": 1000.0, "RATE_LIMIT_BURST": 1000,
                       "INSTANCE_PATH": str(tmp_path / "instance")})


@pytest.fixture
def client(app):
    """Flask test client of `app`."""
    return app.test_client()


def _private_server(start, name: str):
    """Start a private server for the whole test run, stop it afterwards; skip, saying why, when it cannot start."""
    try:
        server = start()
    except FileNotFoundError as exc:
        pytest.skip(f"{name} not available: {exc}")
    yield server
    server.stop()


@pytest.fixture(scope="session")
def postgres():
    """A private PostgreSQL server for the whole test run (skipped, saying why, when it cannot be started)."""
    yield from _private_server(Postgres, "PostgreSQL")


@pytest.fixture(scope="session")
def redis_server():
    """A private Redis server for the whole test run (skipped, saying why, when it cannot be started)."""
    yield from _private_server(Redis, "Redis")


class Balanced:
    """App processes behind nginx: `servers` (each reachable on its own too), `nginx`, `site` (REST through it)."""

    def __init__(self, servers: list[ServerProcess], nginx: Nginx):
        self.servers = servers
        self.nginx = nginx
        self.site = Site(nginx.url, nginx.session())

    def stop(self) -> None:
        """Stop nginx (the processes are the fixture's)."""
        self.nginx.stop()


# Join codes that open nothing, per client address, in the processes behind nginx: few, so a test reaches the
# limit quickly (tests/deploy/test_nginx.py).
BALANCED_CODE_MISSES = 3


@pytest.fixture(scope="session")
def balanced_pair(postgres, redis_server, tmp_path_factory):
    """Two `python -m app` processes (one PostgreSQL database, one Redis, TRUST_PROXY=1) behind Debian's nginx
    running deploy/nginx.conf; skipped, saying why, when nginx or openssl is missing."""
    root = tmp_path_factory.mktemp("balanced")
    url = postgres.new_database()
    servers = [ServerProcess(url, root, redis_url=redis_server.url, TRUST_PROXY=1,
                             JOIN_CODE_MISSES_PER_HOUR=BALANCED_CODE_MISSES) for _ in range(2)]
    try:
        yield from _private_server(lambda: Balanced(servers, Nginx([s.port for s in servers])), "nginx")
    finally:
        for server in servers:
            server.stop()


@pytest.fixture
def sio(app):
    """Factory of connected Socket.IO test clients for `app` (/live); all disconnected afterwards."""
    made = []

    def connect(token=None, last_seq=None, **auth_extra):
        data = {**({"token": token} if token is not None else {}),
                **({"last_seq": last_seq} if last_seq is not None else {}), **auth_extra}
        client = socketio.test_client(app, namespace="/live", auth=data)
        client.frames = []
        made.append(client)
        return client

    yield connect
    for c in made:
        if c.is_connected("/live"):
            c.disconnect(namespace="/live")
