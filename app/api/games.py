"""REST endpoints: rulesets, games (create, join, read, events, suggestions, export/import, state at seq), QR codes."""
from __future__ import annotations

import io
import logging
from typing import overload

import segno
from flask import Blueprint, Response, current_app, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from app.delivery import precompressed
from app.engine import registry
from app.schemas.wire import HandoverAnswerSchema
from app.service import ApiError, Caller, GameService
from app.service.create import Creating
from app.service.pending import is_pending, open_seats, public_options

from .requests import bearer_token, body_bytes, json_body, limits, rate_limit, read_limit, schema_body, too_many
from .security import base_url

log = logging.getLogger(__name__)
bp = Blueprint("api", __name__, url_prefix="/api")


def service() -> GameService:
    """The app's game service."""
    return current_app.extensions["tablewarden"]["service"]


def _caller(game_id: str) -> Caller:
    service().logs.game(game_id)  # 404 before 401: the address is wrong whoever asks
    return service().access.authenticate(game_id, bearer_token())


def _game_by_code(code: str) -> dict:
    """The game a join code opens; codes that open nothing count against the asking address."""
    misses = limits().code_misses
    key = f"addr:{request.remote_addr}"
    wait = misses.wait(key)
    if wait:
        raise too_many(wait, "Too many join codes that open no game; wait before trying again.")
    try:
        return service().seats.game_by_code(code)
    except ApiError as err:
        if err.status == 404:
            misses.hit(key)
        raise


@overload
def _int_arg(name: str, default: int) -> int: ...


@overload
def _int_arg(name: str, default: None) -> int | None: ...


def _int_arg(name: str, default: int | None) -> int | None:
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ApiError(400, "invalid", f"{name} must be a whole number.", fields={name: "Not a whole number."}) from None
    if value < 0:
        raise ApiError(400, "invalid", f"{name} must not be negative.", fields={name: "Must be 0 or more."})
    return value


# -- rulesets ----------------------------------------------------------------------------------------
@bp.get("/rulesets")
def rulesets():
    """Every ruleset this server can load, with its set-up choices and event catalogue."""
    out = []
    for rid in registry.available():
        rs = registry.get(rid)
        out.append({"id": rid, "title": rs.title, "setup": rs.setup_choices(), "catalogue": rs.catalogue()})
    return jsonify({"rulesets": out})


def _known_ruleset(ruleset_id: str):
    try:
        return registry.get(ruleset_id)
    except registry.UnknownRuleset:
        raise ApiError(404, "no_such_ruleset", f"There is no ruleset '{ruleset_id}'.") from None


# The violation codes have an address of their own: the table page and the wizard read a ruleset's catalogue on
# a phone's first load, and Underworlds' 133 codes with their rules would add ~53 KB (6 KB compressed) to it.
@bp.get("/rulesets/<path:ruleset_id>/violations")
def ruleset_violations(ruleset_id: str):
    """A ruleset's violation codes: each one's meaning, the rules it cites and whether an override lifts it."""
    return jsonify({"id": ruleset_id, "violations": _known_ruleset(ruleset_id).violations()})


@bp.get("/rulesets/<path:ruleset_id>")
def ruleset(ruleset_id: str):
    """One ruleset with its set-up choices and event catalogue."""
    rs = _known_ruleset(ruleset_id)
    # The same bytes for every phone's first load of a table: compressed once, at brotli's best.
    return precompressed(jsonify({"id": ruleset_id, "title": rs.title, "setup": rs.setup_choices(),
                                  "catalogue": rs.catalogue()}))


# -- games -------------------------------------------------------------------------------------------
@bp.post("/games")
def create_game():
    """Create a game: 201 {id, join_code, join_url, qr_url, seats: [{seat, name, token}], referee_token}; with
    `follows`, a match's next game: 201 made now / 200 made before, with only the caller's own token."""
    rate_limit()
    body = json_body()
    if isinstance(body, dict) and "follows" in body:
        status, made = service().creating.follow_game(body, base_url(), bearer_token())
        _follow_in_tournament(made["id"])  # once: the tournament's entry is keyed by the game
        return jsonify(made), status
    return jsonify(service().creating.create_game(body, base_url())), 201


def _follow_in_tournament(game_id: str) -> None:
    """The next game of a tournament table's match: the tournament's table follows it (the game stands either way)."""
    try:
        current_app.extensions["tablewarden"]["tournaments"].results.follow_match(game_id)
    except ApiError as exc:
        log.warning("tournament did not follow game %s: %s", game_id, exc.message)


def _size(n: int) -> str:
    """A byte count as people read it: 16 MB, 195 KB."""
    return f"{n / 2 ** 20:g} MB" if n >= 2 ** 20 else f"{n // 1024} KB"


@bp.post("/games/import")
def import_game():
    """Import an exported game as a new game (the log is replayed through the engine first)."""
    rate_limit()
    wait = limits().imports.hit(f"addr:{request.remote_addr}")
    if wait:
        raise too_many(wait, "Too many imports from this address; wait before importing again.")
    most = current_app.config["TW"].IMPORT_MAX_BYTES
    request.max_content_length = most  # a whole log is bigger than one event
    try:
        raw = body_bytes(most)
    except RequestEntityTooLarge:
        raise ApiError(413, "import_too_large", f"An imported game file may be at most {_size(most)}.",
                       fields={"_schema": f"At most {most} bytes."}) from None
    if not raw:
        raise ApiError(400, "bad_request", "The body must be a JSON object.")
    # Parsed, measured and replayed off the event loop: a large file must not hold up the other games.
    return jsonify(service().transfer.import_game(raw, base_url())), 201


@bp.get("/join/<code>")
def join_info(code: str):
    """What a join code opens: the game id, ruleset, seats and roles to pick from (`seats_reserved`: why the code
    opens no player seat of this game, or null)."""
    game = _game_by_code(code)
    return jsonify({"game": game["id"], "ruleset": game["ruleset"], "join_code": game["join_code"],
                    "seats": service().logs.seat_names(game), "roles": ["scorekeeper", "spectator", "referee"],
                    "seats_reserved": service().seats.seats_reserved(game),
                    **_open_seats(game)})


def _open_seats(game: dict) -> dict:
    """A pending game's open seats (`free_seats`: those no phone holds yet) and the options a phone sets its seat by."""
    if not is_pending(game):
        return {"open_seats": [], "free_seats": []}
    waiting = open_seats(game["setup"])
    free = [s for s in waiting if not service().logs.storage(service().logs.store.seat_held, game["id"], s)]
    return {"open_seats": waiting, "free_seats": free, "options": public_options(game["setup"])}


@bp.get("/join/<code>/qr.svg")
def join_qr(code: str):
    """QR code (SVG) of the join link, made on the server."""
    game = _game_by_code(code)
    link = Creating.join_url(base_url(), game["join_code"])
    buf = io.BytesIO()
    segno.make(link, error="m").save(buf, kind="svg", scale=8, border=2, dark="#000", light="#fff",
                                     title=f"Join {game['join_code']}")
    return Response(buf.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.post("/games/<game_id>/join")
def join(game_id: str):
    """Join code + seat or role -> 201 {game, seat, name, token}."""
    rate_limit()
    service().logs.game(game_id)
    caller = None
    if bearer_token():
        try:
            caller = service().access.authenticate(game_id, bearer_token())
        except ApiError:
            caller = None  # a stale token on the phone does not stop it joining with the code
    misses, key = limits().code_misses, f"addr:{request.remote_addr}"
    wait = misses.wait(key)
    if wait:
        raise too_many(wait, "Too many join codes that open no game; wait before trying again.")
    try:
        status, body = service().seats.join(game_id, json_body(), caller)
    except ApiError as err:
        if err.code in ("wrong_code", "wrong_handover_code"):
            misses.hit(key)
        raise
    return jsonify(body), status


@bp.get("/games/<game_id>/setup")
def seat_setup(game_id: str):
    """Which seats are set up (before the start): {started, waiting_for, seats: [{seat, name, set}], yours?}."""
    read_limit()
    return jsonify(service().seat_setups.status(_caller(game_id)))


@bp.put("/games/<game_id>/seats/<seat>")
def set_seat(game_id: str, seat: str):
    """The seat's own phone sets its name, warband, printing and deck; the last seat set starts the game."""
    caller = _caller(game_id)
    rate_limit()
    return jsonify(service().seat_setups.set_seat(caller, seat, json_body()))


@bp.get("/games/<game_id>/handovers")
def handovers_pending(game_id: str):
    """Open requests for the caller's seat (every seat for the referee): {handovers: [{id, seat, status}]}."""
    return jsonify({"handovers": service().seats.handovers_pending(_caller(game_id))})


@bp.post("/games/<game_id>/handovers/<hid>")
def handover_answer(game_id: str, hid: str):
    """The seat's phone (or the referee) answers a request: {approve: true|false}."""
    caller = _caller(game_id)
    rate_limit()
    body = schema_body(HandoverAnswerSchema())
    return jsonify(service().seats.answer_handover(caller, hid, body["approve"]))


@bp.get("/games/<game_id>/handovers/<hid>")
def handover_status(game_id: str, hid: str):
    """The asking phone looks (Authorization: Bearer <the request's secret>): waiting, refused, or approved + token."""
    return jsonify(service().seats.collect_handover(game_id, hid, bearer_token()))


@bp.delete("/games/<game_id>/handovers/<hid>")
def handover_withdraw(game_id: str, hid: str):
    """The asking phone withdraws its request (Authorization: Bearer <the request's secret>)."""
    rate_limit()
    return jsonify(service().seats.withdraw_handover(game_id, hid, bearer_token()))


@bp.post("/games/<game_id>/handover-code")
def handover_code(game_id: str):
    """A one-time code for handing the caller's player seat to another phone: {seat, code, expires_in}."""
    caller = _caller(game_id)
    rate_limit()
    return jsonify(service().seats.handover_code(caller)), 201


@bp.get("/games/<game_id>")
def game(game_id: str):
    """Summary + the state as the caller's seat sees it."""
    read_limit()
    return jsonify(service().reading.summary(_caller(game_id)))


@bp.get("/games/<game_id>/events")
def events(game_id: str):
    """The log after ?since=N, a page of at most LOG_PAGE events (`next`: the `since` of the next page, or null)."""
    read_limit()
    caller = _caller(game_id)
    return jsonify(service().reading.events_since(caller, _int_arg("since", 0)))


@bp.post("/games/<game_id>/events")
def submit(game_id: str):
    """Submit an event: 201 {seq, consequences} / 200 duplicate / 409 stale {head} / 422 {error with rule}."""
    def attempt():
        caller = _caller(game_id)
        rate_limit()
        return service().submitting.submit(caller, json_body())
    status, body = current_app.extensions["tablewarden"]["metrics"].observe_submit("rest", attempt)
    return jsonify(body), status


@bp.post("/games/<game_id>/flags")
def flag_entry(game_id: str):
    """A seat flags an entry for the referee ("That's not right"): 201 the note stored / 200 already flagged; at an
    event, the table's judge is called to that entry."""
    caller = _caller(game_id)
    rate_limit()
    status, body = service().flagging.flag(caller, json_body())
    try:
        call = current_app.extensions["tablewarden"]["tournaments"].results.judge_call_on_entry(
            game_id, body["by"], body["entry"], body["text"], body["id"], caller.device)
    except ApiError as exc:
        # The flag stands in the game's log (the referee sees it there) even when the event cannot take the call.
        log.warning("flag on game %s called no judge: %s", game_id, exc.message)
        call = None
    if call is not None:
        body["judge_call"] = call["seq"]
    return jsonify(body), status


@bp.get("/games/<game_id>/suggestions")
def suggestions(game_id: str):
    """Legal next events for the caller (?seat= for the referee or a shared device)."""
    read_limit()
    caller = _caller(game_id)
    return jsonify(service().reading.suggestions(caller, request.args.get("seat") or None))


@bp.get("/games/<game_id>/state")
def state_at(game_id: str):
    """The whole state after event ?seq=N (referee only; default: now)."""
    read_limit()
    caller = _caller(game_id)
    return jsonify(service().reading.state_at(caller, _int_arg("seq", None)))


@bp.get("/games/<game_id>/export")
def export(game_id: str):
    """Setup + whole log, re-importable with POST /api/games/import (built and encoded off the event loop)."""
    read_limit()
    caller = _caller(game_id)
    resp = Response(service().transfer.export_text(caller), mimetype="application/json")
    resp.headers["Content-Disposition"] = f'attachment; filename="tablewarden-{game_id}.json"'
    return resp
