"""The server the browser tests drive: `python -m app` on a free loopback port with its own SQLite file."""
from __future__ import annotations

from pathlib import Path

from tests.support.live import ServerProcess


def start_server(tmp: Path) -> ServerProcess:
    """Start it with the real rulesets only (no test game in the wizard) and wait until it answers."""
    return ServerProcess(f"sqlite:///{tmp / 'tw.sqlite3'}", tmp, RULESET_PLUGINS="", LOG_LEVEL="WARNING",
                         SECRET_KEY="e2e")
