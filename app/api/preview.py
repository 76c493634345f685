"""POST /api/games/<id>/preview: what an event would do, without storing it (the phone's combat preview).

Runs the same `check` and `apply` the real submit runs, on the game's current state, and answers
{"allowed", "violations", "consequences"} (app/service/preview.py: never other seats' secrets); nothing is
written and nobody is told. The caller must hold
a token of the game and be allowed to enter events for `by` (same rule as submitting).
"""
from __future__ import annotations

import logging

from flask import Blueprint, current_app, jsonify, request

from app.engine.core import REVERT, Event
from app.service import ApiError
from app.service.preview import preview as answer

from .requests import bearer_token, json_body

log = logging.getLogger(__name__)

bp = Blueprint("preview", __name__, url_prefix="/api")

MAX_BODY = 20_000


def _body() -> dict:
    if len(request.get_data(cache=True)) > MAX_BODY:
        raise ApiError(400, "bad_request", "The body must be a JSON object.")
    body = json_body()
    if not isinstance(body, dict):
        raise ApiError(400, "bad_request", "The body must be a JSON object.")
    return body


@bp.post("/games/<game_id>/preview")
def preview(game_id: str):
    """Check and apply an event on a copy of the current state; store nothing."""
    service = current_app.extensions["tablewarden"]["service"]
    service.game(game_id)
    caller = service.authenticate(game_id, bearer_token())
    body = _body()
    etype, by, data = body.get("type"), body.get("by") or caller.seat, body.get("data") or {}
    if not isinstance(etype, str) or not isinstance(by, str) or not isinstance(data, dict):
        raise ApiError(400, "invalid", "A preview needs type (text), by (a seat) and data (an object).")
    if etype == REVERT:
        raise ApiError(400, "invalid", "Undo cannot be previewed.")
    folded = service.folded(game_id)
    if not service.may_act_for(caller, folded.game, by):  # the submit rule, reused as is
        raise ApiError(403, "not_your_seat", f"You can only enter events for your own seat ({caller.seat}).")
    override = body.get("override") if isinstance(body.get("override"), dict) else None
    event = Event(type=etype, by=by, data=data, override=override, seq=folded.head + 1)
    rs = folded.rs
    try:
        out = answer(rs, folded.state, event, caller.seat)
    except Exception as exc:  # noqa: BLE001 - a ruleset bug must not become a 500
        log.exception("preview failed for %s", rs.id)
        raise ApiError(422, "engine_error", "The rules engine failed on this preview; the failure is logged for the "
                       "operator.") from exc
    out["head"] = folded.head
    return jsonify(out)
