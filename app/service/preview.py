"""What an event would do, as the asking seat may see it: the body of POST /api/games/<id>/preview.

The same `check` and `apply` a real submit runs, on the current state, with nothing stored. A preview never
shows other seats' secrets: when entering the event would reveal them (the second command dial, say), its
consequences are withheld until it is entered. The referee sees every secret, so its previews are whole.

An undo is previewed on the log instead of the state: taking an event back replays the later ones, so the
answer lists the entries the rules would then refuse or that would change nothing (fold_log's inert events),
and, for a correction, what the corrected event entered right after the undo would do.
"""
from __future__ import annotations

from typing import Callable

from app.engine.core import (
    REFUSED_NOW,
    Event,
    Ruleset,
)

from . import gamelogs
from .gamelogs import Folded
from .records import record_event, redacted

WITHHELD = "What this reveals is shown once it is entered."


def preview(rs: Ruleset, state: dict, event: Event, seat: str) -> dict:
    """{"allowed", "violations", "consequences", "withheld"?} of `event` on `state`, for the asking `seat`."""
    judged = rs.judge(state, event)
    withheld = judged.state is not None and seat != "referee" and rs.reveals_secrets(state, event)
    consequences = [] if withheld else [c.to_dict() for c in judged.consequences]
    out = {"allowed": judged.state is not None, "violations": [v.to_dict() for v in judged.violations],
           "consequences": consequences}
    if withheld:
        out["withheld"] = WITHHELD
    return out


def preview_revert(folded: Folded, revert: Event, seat: str, may_revert_any: bool,
                   then: Event | None = None, refold: Callable = gamelogs.refold) -> dict:
    """What taking back `revert.data.seq` would do, for the asking `seat`.

    {"allowed", "violations", "voids": [the entries it would leave with no effect, each {"seq", "type", "by",
    "data", "status", "violations"?, "fits_again"?, "refused_again"?} as `seat` may see it, oldest first],
    "then"?: the corrected event's own preview on the state after the undo}. The reason may still be missing (it is asked for after the preview).
    The log is folded from the fold's nearest point by `refold` (the service's runs a long replay off the event loop).
    """
    data = {**revert.data, "reason": revert.data.get("reason") or "(reason not given yet)"}
    revert = Event(type=revert.type, by=revert.by, data=data, seq=folded.head + 1)
    problems = folded.revert_problems(revert, may_revert_any)
    if problems:
        return {"allowed": False, "violations": [v.to_dict() for v in problems], "voids": []}
    events = [revert]
    out: dict = {"allowed": True, "violations": []}
    if then is not None:
        after = refold(folded, events)[0].state
        then = Event(type=then.type, by=then.by, data=then.data, override=then.override, seq=folded.head + 2)
        out["then"] = preview(folded.rs, after, then, seat)
        if out["then"]["allowed"]:
            events.append(then)
    fold = refold(folded, events)[0]
    out["voids"] = _voids(folded, fold.inert, seat)
    _entered_again(folded, fold.state, out["voids"])
    return out


def _entered_again(folded: Folded, state: dict, voids: list[dict]) -> None:
    """Mark each voided entry the rules refuse now with whether it fits once entered again after the undo (and the
    correction), in log order, each on the state the ones before it leave: "fits_again" and, when it does not,
    "refused_again" (the violations; only for entries whose data the caller sees)."""
    rs = folded.rs
    for void in voids:
        if void["status"] != REFUSED_NOW:
            continue
        stored = folded.records.record(void["seq"])
        assert stored is not None  # _voids lists stored entries only
        again = record_event({**stored, "seq": None})
        judged = rs.judge(state, again)
        void["fits_again"] = judged.state is not None
        if judged.state is None:
            if "violations" in void:
                void["refused_again"] = [v.to_dict() for v in judged.blocked]
            continue
        state = judged.state


def _voids(folded: Folded, inert: dict[int, dict], seat: str) -> list[dict]:
    """The stored entries left with no effect, oldest first, as `seat` may see them (and why, when it may)."""
    out = []
    for seq in sorted(inert):
        why, rec = inert[seq], folded.records.record(seq)
        if rec is None or folded.inert.get(seq) == why:
            continue  # not a stored entry (the correction), or no effect now either: the undo voids nothing new there
        shown = redacted(folded, rec, seat)
        entry = {"seq": rec["seq"], "type": rec["type"], "by": rec["by"], "actor": rec.get("actor"),
                 "data": shown.get("data") or {}, "status": why["status"]}
        if why["status"] == REFUSED_NOW and shown == rec:
            entry["violations"] = why.get("violations", [])
        out.append(entry)
    return out
