"""Where a tracked table's game is, for the scorekeeper's dashboard: round, activation, glory, last entry."""
from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime, timezone
from typing import Any

from app.service import ApiError, GameLogs


def _minutes_since(stamp: str | None) -> float | None:
    if not stamp:
        return None
    try:
        then = datetime.fromisoformat(stamp.replace("Z", "+00:00"))
    except ValueError:
        return None
    return round((datetime.now(timezone.utc) - then).total_seconds() / 60, 1)


def summary(state: dict, outcome: Mapping[str, Any] | None) -> dict:
    """Round, phase, activation and each seat's glory from an Underworlds-shaped state (other games: what they have)."""
    seats = state.get("seats")
    if not isinstance(seats, dict):
        seats = {}
    glory = {}
    for seat, info in seats.items():
        g = info.get("glory") if isinstance(info, dict) else None
        if isinstance(g, dict):
            glory[seat] = int(g.get("unspent", 0)) + int(g.get("spent", 0))
    turn = state.get("turn") if isinstance(state.get("turn"), dict) else None
    order = state.get("order") or []
    activation = (turn["n"] // max(1, len(order))) + 1 if turn and isinstance(turn.get("n"), int) else None
    return {"round": state.get("round"), "phase": state.get("phase"), "step": state.get("step"),
            "activation": activation, "glory": glory, "over": outcome is not None,
            "winner": (outcome or {}).get("winners")}


def is_slow(progress: dict | None, status: str, after_minutes: int) -> bool:
    """A tracked game still being played with no entry for `after_minutes` or more."""
    if not progress or progress["over"] or status != "playing":
        return False
    idle = progress.get("minutes_since_entry")
    return idle is not None and idle >= after_minutes


def of_game(logs: GameLogs, game_id: str) -> dict | None:
    """The game's progress, or None when it cannot be read (the dashboard shows the table without it)."""
    try:
        folded = logs.folded(game_id)
    except ApiError:
        return None
    outcome = folded.rs.outcome(folded.state)
    last = folded.records[-1]["created_at"] if folded.records else folded.game.get("created_at")
    return {**summary(folded.state, outcome), "head": folded.head, "last_entry_at": last,
            "minutes_since_entry": _minutes_since(last)}
