"""POST /api/games/<id>/preview: what an event would do, without storing it (the phone's combat preview).

An undo (type "revert") answers the entries it would void, and with `then` (the referee's correction in place)
what the corrected event would do right after it.

Runs the same `check` and `apply` the real submit runs, on the game's current state, and answers
{"allowed", "violations", "consequences"} (app/service/preview.py: never other seats' secrets); nothing is
written and nobody is told. The caller must hold
a token of the game and be allowed to enter events for `by` (same rule as submitting).
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request

from app.engine.core import REVERT, Event
from app.schemas.wire import PreviewSchema
from app.service import ApiError
from app.service.preview import preview as answer
from app.service.preview import preview_revert

from .requests import bearer_token, rate_limit, schema_body

bp = Blueprint("preview", __name__, url_prefix="/api")

MAX_BODY = 20_000  # one event to try: far smaller than a submit's MAX_BODY_BYTES allows a whole request


def _body() -> dict:
    if len(request.get_data(cache=True)) > MAX_BODY:
        raise ApiError(413, "too_large", f"A preview is at most {MAX_BODY // 1000} KB.")
    return schema_body(PreviewSchema())


def _correction(service, caller, folded, then) -> Event | None:
    """The corrected event a referee would enter right after an undo (`then` of an undo's preview), or None."""
    if then is None:
        return None
    if not caller.is_referee:
        raise ApiError(403, "referee_only", "Only the referee corrects an entry in place.")
    if not isinstance(then, dict) or not isinstance(then.get("type"), str) or not isinstance(then.get("by"), str) \
            or not isinstance(then.get("data") or {}, dict) or then["type"] == REVERT:
        raise ApiError(400, "invalid", "A correction (then) needs type (text, not an undo), by (a seat) and data.")
    if not service.access.may_act_for(caller, folded.game, then["by"]) or then["by"] == "referee":
        raise ApiError(403, "not_your_seat", "A corrected event is entered for a player seat.")
    override = then.get("override") if isinstance(then.get("override"), dict) else None
    return Event(type=then["type"], by=then["by"], data=then.get("data") or {}, override=override)


@bp.post("/games/<game_id>/preview")
def preview(game_id: str):
    """Check and apply an event on a copy of the current state; store nothing."""
    service = current_app.extensions["tablewarden"]["service"]
    service.logs.game(game_id)
    caller = service.access.authenticate(game_id, bearer_token())
    rate_limit()  # a preview runs the rules (an undo's, a replay): counted as a write is
    body = _body()
    etype, by, data = body["type"], body["by"] or caller.seat, body["data"] or {}
    folded = service.logs.folded(game_id)
    if not service.access.may_act_for(caller, folded.game, by):  # the submit rule, reused as is
        raise ApiError(403, "not_your_seat", f"You can only enter events for your own seat ({caller.seat}).")
    event = Event(type=etype, by=by, data=data, override=body["override"], seq=folded.head + 1)
    rs = folded.rs
    # An exception of the engine here is a bug, not a refusal: it reaches the 500 handler (api/errors.py).
    if etype == REVERT:
        with service.logs.replaying(game_id):  # one undo's replay per game at a time: a second is 429
            out = preview_revert(folded, event, caller.seat, caller.is_referee,
                                 _correction(service, caller, folded, body["then"]), service.logs.refold)
    else:
        out = answer(rs, folded.state, event, caller.seat)
    out["head"] = folded.head
    return jsonify(out)
