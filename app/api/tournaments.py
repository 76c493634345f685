"""REST endpoints of events (tournaments): create, links, players, rounds, results, rulings, exports.

A role's token (organiser, scorekeeper, judge, player, table device) goes in `Authorization:
Bearer`; without one a caller is the public (pairings and standings only). Errors are the usual
{"error": {code, message, fields?, rule?}}.
"""
from __future__ import annotations

import io

import segno
from flask import Blueprint, Response, current_app, jsonify, request

from app.service import ApiError
from app.tournaments import exports
from app.tournaments.service import EventService

from .requests import bearer_token, json_body, rate_limit
from .security import base_url

bp = Blueprint("events_api", __name__, url_prefix="/api/events")


def events() -> EventService:
    """The app's event service."""
    return current_app.extensions["tablewarden"]["events"]


def _member(event_id: str):
    return events().member(event_id, bearer_token())


def _optional_body():
    """A JSON body when one was sent (buttons that carry nothing send nothing)."""
    return json_body() if request.get_data(cache=True) else {}


def _write(event_id: str):
    member = _member(event_id)
    rate_limit()
    return member


@bp.post("")
def create_event():
    """Create an event: 201 {id, organiser_token, links: {organiser, public}}."""
    rate_limit()
    return jsonify(events().create(json_body(), base_url())), 201


@bp.get("/<event_id>")
def event(event_id: str):
    """The event as the caller's role sees it: settings, players, rounds, standings (+ rulings for staff)."""
    return jsonify(events().view(_member(event_id)))


@bp.get("/<event_id>/log")
def event_log(event_id: str):
    """Every entry of the event's log with who made it (staff)."""
    return jsonify({"entries": events().entries(_member(event_id))})


@bp.get("/<event_id>/dashboard")
def dashboard(event_id: str):
    """The current round's tables with their games' progress (staff)."""
    return jsonify(events().dashboard(_member(event_id)))


@bp.post("/<event_id>/links")
def make_link(event_id: str):
    """A scorekeeper, judge or table-device link (organiser)."""
    member = _write(event_id)
    return jsonify(events().make_link(member, json_body(), base_url())), 201


@bp.post("/<event_id>/links/new")
def new_link(event_id: str):
    """A lost link replaced (organiser): {role, player | name | table}; the old link stops working."""
    member = _write(event_id)
    return jsonify(events().new_link(member, json_body(), base_url())), 201


@bp.post("/<event_id>/players")
def register(event_id: str):
    """Register a player (deck checked for the event's format): 201 {player, token, link} / 200 already registered."""
    member = _write(event_id)
    status, body = events().register(member, json_body(), base_url())
    return jsonify(body), status


@bp.post("/<event_id>/players/<player_id>/check-in")
def check_in(event_id: str, player_id: str):
    """Check a player in for the event."""
    member = _write(event_id)
    return jsonify(events().player_entry(member, player_id, "check_in", _optional_body())), 201


@bp.post("/<event_id>/players/<player_id>/drop")
def drop(event_id: str, player_id: str):
    """Drop a player (kept in the standings, not paired again)."""
    member = _write(event_id)
    return jsonify(events().player_entry(member, player_id, "drop", _optional_body())), 201


@bp.post("/<event_id>/merge")
def merge(event_id: str):
    """Fold a duplicate registration into the first: {keep, remove}."""
    member = _write(event_id)
    return jsonify(events().merge(member, json_body())), 201


def _round(n: str) -> int:
    if not n.isdigit() or not 0 < int(n) <= 99:
        raise ApiError(404, "no_such_round", "Rounds are numbered from 1.")
    return int(n)


@bp.post("/<event_id>/rounds/<n>/pair")
def pair(event_id: str, n: str):
    """Propose the round's pairings (a draft until published)."""
    member = _write(event_id)
    return jsonify(events().pair(member, _round(n))), 201


@bp.post("/<event_id>/rounds/<n>/swap")
def swap(event_id: str, n: str):
    """Swap two players of the draft: {a, b}."""
    member = _write(event_id)
    return jsonify(events().round_entry(member, _round(n), "swap", json_body())), 201


@bp.post("/<event_id>/rounds/<n>/publish")
def publish(event_id: str, n: str):
    """Publish the round: each tracked table's game is created with its join code."""
    member = _write(event_id)
    return jsonify(events().publish(member, _round(n), base_url())), 201


@bp.post("/<event_id>/rounds/<n>/timer")
def timer(event_id: str, n: str):
    """Start the round's clock ({minutes?}: the event's round length by default)."""
    member = _write(event_id)
    return jsonify(events().round_entry(member, _round(n), "timer", _optional_body())), 201


@bp.post("/<event_id>/rounds/<n>/time-called")
def time_called(event_id: str, n: str):
    """Call time: every tracked table is told the event's end-of-time rule."""
    member = _write(event_id)
    return jsonify(events().round_entry(member, _round(n), "time_called", _optional_body())), 201


def _table(t: str) -> int:
    if not t.isdigit() or not 0 < int(t) <= 500:
        raise ApiError(404, "no_such_table", "Tables are numbered from 1.")
    return int(t)


@bp.post("/<event_id>/rounds/<n>/tables/<t>/mode")
def table_mode(event_id: str, n: str, t: str):
    """How a table plays before publishing: {mode: phones | device | untracked}."""
    member = _write(event_id)
    return jsonify(events().round_entry(member, _round(n), "table_mode", json_body(), _table(t))), 201


@bp.post("/<event_id>/rounds/<n>/tables/<t>/confirm")
def confirm(event_id: str, n: str, t: str):
    """One tap: a player (or the table device) signs off the tracked game's outcome."""
    member = _write(event_id)
    status, body = events().confirm(member, _round(n), _table(t), _optional_body())
    return jsonify(body), status


@bp.post("/<event_id>/rounds/<n>/tables/<t>/dispute")
def dispute(event_id: str, n: str, t: str):
    """The result is disputed ({reason}); a judge settles it."""
    member = _write(event_id)
    return jsonify(events().round_entry(member, _round(n), "dispute", _optional_body(), _table(t))), 201


@bp.post("/<event_id>/rounds/<n>/tables/<t>/flag")
def flag(event_id: str, n: str, t: str):
    """A judge, as the table's referee, flags its game ({reason}): the table is disputed until a judge settles it."""
    member = _write(event_id)
    return jsonify(events().flag(member, _round(n), _table(t), _optional_body())), 201


@bp.post("/<event_id>/rounds/<n>/tables/<t>/judge")
def call_judge(event_id: str, n: str, t: str):
    """A table calls a judge ({note})."""
    member = _write(event_id)
    return jsonify(events().round_entry(member, _round(n), "judge_call", _optional_body(), _table(t))), 201


@bp.post("/<event_id>/rounds/<n>/tables/<t>/result")
def result(event_id: str, n: str, t: str):
    """Enter or correct a result by hand: {winner, glory, games_won?, reason (for a correction)}."""
    member = _write(event_id)
    return jsonify(events().enter_result(member, _round(n), _table(t), json_body())), 201


@bp.post("/<event_id>/rounds/<n>/tables/<t>/seat")
def seat(event_id: str, n: str, t: str):
    """A game token for the caller at this table (player seat, table device, judge as referee)."""
    member = _write(event_id)
    return jsonify(events().game_seat(member, _round(n), _table(t))), 201


@bp.post("/<event_id>/rulings")
def ruling(event_id: str):
    """Add a ruling to the event's rulings log: {round?, table?, question, answer, rule}."""
    member = _write(event_id)
    return jsonify(events().ruling(member, json_body())), 201


@bp.get("/<event_id>/export.json")
def export_json(event_id: str):
    """Players, pairings, results and standings as one JSON document."""
    member = _member(event_id)
    body = exports.as_json(events().view(member))
    resp = jsonify(body)
    resp.headers["Content-Disposition"] = f'attachment; filename="event-{event_id}.json"'
    return resp


@bp.get("/<event_id>/export/<kind>.csv")
def export_csv(event_id: str, kind: str):
    """players.csv, pairings.csv, results.csv or standings.csv."""
    member = _member(event_id)
    text = exports.as_csv(events().view(member), kind)
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="event-{event_id}-{kind}.csv"'})


@bp.get("/<event_id>/qr.svg")
def public_qr(event_id: str):
    """QR code (SVG) of the event's public page, for the venue's screen."""
    events().folded(event_id)
    link = EventService.public_link(base_url(), event_id)
    buf = io.BytesIO()
    segno.make(link, error="m").save(buf, kind="svg", scale=8, border=2, dark="#000", light="#fff",
                                     title="Pairings and standings")
    return Response(buf.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})
