"""The time stamps the store writes."""
from __future__ import annotations

from datetime import datetime, timezone


def now_iso() -> str:
    """UTC timestamp with milliseconds, as stored in the log."""
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")
