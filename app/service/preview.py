"""What an event would do, as the asking seat may see it: the body of POST /api/games/<id>/preview.

The same `check` and `apply` a real submit runs, on the current state, with nothing stored. A preview never
shows other seats' secrets: when entering the event would reveal them (the second command dial, say), its
consequences are withheld until it is entered. The referee sees every secret, so its previews are whole.
"""
from __future__ import annotations

from app.engine.core import Event, Ruleset

WITHHELD = "What this reveals is shown once it is entered."


def preview(rs: Ruleset, state: dict, event: Event, seat: str) -> dict:
    """{"allowed", "violations", "consequences", "withheld"?} of `event` on `state`, for the asking `seat`."""
    violations = rs.check(state, event)
    blocked = rs.blocking(state, event)
    withheld = not blocked and seat != "referee" and rs.reveals_secrets(state, event)
    consequences = [] if blocked or withheld else [c.to_dict() for c in rs.apply(state, event)[1]]
    out = {"allowed": not blocked, "violations": [v.to_dict() for v in violations], "consequences": consequences}
    if withheld:
        out["withheld"] = WITHHELD
    return out
