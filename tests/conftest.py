"""Shared fixtures: a server app on a temporary SQLite file with the test game registered."""
from __future__ import annotations

import os

import pytest
from hypothesis import settings

import tests.support.tally  # noqa: F401 - registers the "test/tally" ruleset
from app.server import create_app, socketio
from tests.support.servers import Postgres, Redis

# CI replays the same examples every run, so a CI failure comes from the code, not from the draw;
# local runs keep exploring new random games (and hypothesis keeps any failure it finds).
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


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
