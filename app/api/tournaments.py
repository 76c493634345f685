"""REST endpoints of tournaments: create, links, players, rounds, results, rulings, exports.

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
from app.tournaments.links import public_link
from app.tournaments.service import TournamentService

from .requests import bearer_token, json_body, limits, rate_limit, read_limit, too_many
from .security import base_url

bp = Blueprint("tournaments_api", __name__, url_prefix="/api/tournaments")


def tournaments() -> TournamentService:
    """The app's tournament service."""
    return current_app.extensions["tablewarden"]["tournaments"]


def _member(tournament_id: str):
    return tournaments().members.member(tournament_id, bearer_token())


def _optional_body():
    """A JSON body when one was sent (buttons that carry nothing send nothing)."""
    return json_body() if request.get_data(cache=True) else {}


def _reader(tournament_id: str):
    """The caller of a read (the tournament, its log, dashboard, overlay, exports): reads are rate-limited too."""
    read_limit()
    return _member(tournament_id)


def _write(tournament_id: str):
    member = _member(tournament_id)
    rate_limit()
    return member


@bp.post("")
def create_tournament():
    """Create a tournament: 201 {id, organiser_token, links: {organiser, public}}."""
    rate_limit()
    return jsonify(tournaments().links.create(json_body(), base_url())), 201


@bp.post("/recover")
def recover():
    """A lost organiser link replaced with the recovery code given at creation: 201 {id, organiser_token, link,
    recovery_code} (a new code: the one used is spent). Wrong codes count against the asking address."""
    rate_limit()
    misses, key = limits().code_misses, f"addr:{request.remote_addr}"
    wait = misses.wait(key)
    if wait:
        raise too_many(wait, "Too many wrong recovery codes from here; wait before trying again.")
    try:
        return jsonify(tournaments().links.recover(json_body(), base_url())), 201
    except ApiError as err:
        if err.code == "wrong_recovery_code":
            misses.hit(key)
        raise


@bp.get("/<tournament_id>")
def tournament(tournament_id: str):
    """The tournament as the caller's role sees it: settings, players, rounds, standings (+ rulings for staff)."""
    return Response(tournaments().views.view_text(_reader(tournament_id)), mimetype="application/json")


@bp.get("/<tournament_id>/log")
def tournament_log(tournament_id: str):
    """Every entry of the tournament's log with who made it (staff)."""
    return jsonify({"entries": tournaments().views.entries(_reader(tournament_id))})


@bp.get("/<tournament_id>/dashboard")
def dashboard(tournament_id: str):
    """The current round's tables with their games' progress (staff)."""
    return jsonify(tournaments().views.dashboard(_reader(tournament_id)))


@bp.post("/<tournament_id>/links")
def make_link(tournament_id: str):
    """A scorekeeper, judge or table-device link (organiser)."""
    member = _write(tournament_id)
    return jsonify(tournaments().links.make_link(member, json_body(), base_url())), 201


@bp.post("/<tournament_id>/links/new")
def new_link(tournament_id: str):
    """A lost link replaced (organiser): {role, player | name | table}; the old link stops working."""
    member = _write(tournament_id)
    return jsonify(tournaments().links.new_link(member, json_body(), base_url())), 201


@bp.post("/<tournament_id>/players")
def register(tournament_id: str):
    """Register a player (deck checked for the tournament's format): 201 {player, token, link} / 200 already registered."""
    member = _write(tournament_id)
    status, body = tournaments().registration.register(member, json_body(), base_url())
    return jsonify(body), status


@bp.post("/<tournament_id>/players/import")
def import_players(tournament_id: str):
    """Register players pasted or read from a CSV file ({text}: "name, warband, deck?" a line): 201 {added (each
    with its link), existing, refused (each with its line and why)}."""
    member = _write(tournament_id)
    return jsonify(tournaments().registration.import_players(member, json_body(), base_url())), 201


@bp.post("/<tournament_id>/players/check-in")
def check_in_all(tournament_id: str):
    """Check in the ticked players ({players: [id]}), or every registered one when none are named."""
    member = _write(tournament_id)
    return jsonify(tournaments().registration.check_in_all(member, _optional_body())), 201


@bp.post("/<tournament_id>/players/<player_id>/table")
def fixed_table(tournament_id: str, player_id: str):
    """Keep a player at one table in every round ({table}, null for none): an accessibility need."""
    member = _write(tournament_id)
    return jsonify(tournaments().registration.fixed_table(member, player_id, json_body())), 201


@bp.post("/<tournament_id>/registration")
def registration(tournament_id: str):
    """Open or close the public registration link, set its cap (organiser): {open, cap?, new_link?}."""
    member = _write(tournament_id)
    return jsonify(tournaments().self_registration.set_registration(member, json_body(), base_url())), 201


def _registration_write() -> None:
    """Requests from the public: a cap per address an hour (beside the usual write limit)."""
    wait = limits().registrations.hit(f"addr:{request.remote_addr}")
    if wait:
        raise too_many(wait, "Too many registration requests from this address; wait before trying again.")


@bp.post("/<tournament_id>/requests")
def ask_for_place(tournament_id: str):
    """A player asks for a place with the registration link: 201 {request, status, position?, claim}."""
    member = _member(tournament_id)
    rate_limit()
    tournaments().self_registration.registration_link_only(member)
    _registration_write()
    status, body = tournaments().self_registration.ask_for_place(member, json_body())
    return jsonify(body), status


def _claimant(tournament_id: str, act):
    """A call made with a claim secret; secrets that name no request count against the address."""
    tournaments().log.folded(tournament_id)  # 404 first: a wrong address is wrong whoever asks
    rate_limit()
    misses, key = limits().code_misses, f"addr:{request.remote_addr}"
    wait = misses.wait(key)
    if wait:
        raise too_many(wait, "Too many claims that name no request; wait before trying again.")
    try:
        return act()
    except ApiError as err:
        if err.code == "no_such_request":
            misses.hit(key)
        raise


@bp.post("/<tournament_id>/requests/claim")
def claim(tournament_id: str):
    """The requesting phone's status {claim}; once accepted, its player link, once: 201 {token, link}."""
    status, body = _claimant(tournament_id, lambda: tournaments().self_registration.claim(tournament_id, json_body(), base_url()))
    return jsonify(body), status


@bp.post("/<tournament_id>/requests/withdraw")
def withdraw_request(tournament_id: str):
    """The requesting phone takes its waiting request back {claim}."""
    return jsonify(_claimant(tournament_id, lambda: tournaments().self_registration.withdraw(tournament_id, json_body()))), 201


def _request_id(request_id: str) -> str:
    if not request_id.startswith("r") or not request_id[1:].isdigit() or len(request_id) > 8:
        raise ApiError(404, "no_such_request", "There is no such registration request in this event.")
    return request_id


@bp.post("/<tournament_id>/requests/<request_id>/accept")
def accept_request(tournament_id: str, request_id: str):
    """Accept a request (organiser, scorekeeper): its player is registered; their phone collects the link."""
    member = _write(tournament_id)
    return jsonify(tournaments().self_registration.decide(member, _request_id(request_id), "accept", _optional_body())), 201


@bp.post("/<tournament_id>/requests/<request_id>/decline")
def decline_request(tournament_id: str, request_id: str):
    """Decline a request ({reason?}); the waitlist's first takes its place."""
    member = _write(tournament_id)
    return jsonify(tournaments().self_registration.decide(member, _request_id(request_id), "decline", _optional_body())), 201


@bp.post("/<tournament_id>/decklists")
def publish_decklists(tournament_id: str):
    """Publish every registered deck (organiser): the public page then lists them."""
    member = _write(tournament_id)
    return jsonify(tournaments().decklists.publish_decks(member)), 201


@bp.post("/<tournament_id>/players/<player_id>/check-in")
def check_in(tournament_id: str, player_id: str):
    """Check a player in for the tournament."""
    member = _write(tournament_id)
    return jsonify(tournaments().registration.player_entry(member, player_id, "check_in", _optional_body())), 201


@bp.post("/<tournament_id>/players/<player_id>/drop")
def drop(tournament_id: str, player_id: str):
    """Drop a player (kept in the standings, not paired again)."""
    member = _write(tournament_id)
    return jsonify(tournaments().registration.player_entry(member, player_id, "drop", _optional_body())), 201


@bp.post("/<tournament_id>/merge")
def merge(tournament_id: str):
    """Fold a duplicate registration into the first: {keep, remove}."""
    member = _write(tournament_id)
    return jsonify(tournaments().registration.merge(member, json_body())), 201


def _round(n: str) -> int:
    if not n.isdigit() or not 0 < int(n) <= 99:
        raise ApiError(404, "no_such_round", "Rounds are numbered from 1.")
    return int(n)


@bp.post("/<tournament_id>/rounds/<n>/pair")
def pair(tournament_id: str, n: str):
    """Propose the round's pairings (a draft until published)."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.pair(member, _round(n))), 201


@bp.post("/<tournament_id>/cut")
def start_cut(tournament_id: str):
    """Start the top cut after the Swiss rounds (organiser): {size: 4 | 8}, seeded from the standings."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.start_cut(member, json_body())), 201


@bp.post("/<tournament_id>/rounds/<n>/swap")
def swap(tournament_id: str, n: str):
    """Swap two players of the draft: {a, b}."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.round_entry(member, _round(n), "swap", json_body())), 201


@bp.post("/<tournament_id>/rounds/<n>/publish")
def publish(tournament_id: str, n: str):
    """Publish the round: each tracked table's game is created with its join code."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.publish(member, _round(n), base_url())), 201


@bp.post("/<tournament_id>/rounds/<n>/timer")
def timer(tournament_id: str, n: str):
    """Start the round's clock ({minutes?}: the tournament's round length by default)."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.round_entry(member, _round(n), "timer", _optional_body())), 201


@bp.post("/<tournament_id>/rounds/<n>/time-called")
def time_called(tournament_id: str, n: str):
    """Call time: every tracked table is told the tournament's end-of-time rule."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.round_entry(member, _round(n), "time_called", _optional_body())), 201


@bp.post("/<tournament_id>/rounds/<n>/time-called/withdraw")
def time_withdrawn(tournament_id: str, n: str):
    """Take back a call of time (a slip): the round's clock runs on and the tables are told."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.round_entry(member, _round(n), "time_withdrawn", _optional_body())), 201


def _table(t: str) -> int:
    if not t.isdigit() or not 0 < int(t) <= 500:
        raise ApiError(404, "no_such_table", "Tables are numbered from 1.")
    return int(t)


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/mode")
def table_mode(tournament_id: str, n: str, t: str):
    """How a table plays before publishing: {mode: phones | device | untracked}."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.round_entry(member, _round(n), "table_mode", json_body(), _table(t))), 201


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/confirm")
def confirm(tournament_id: str, n: str, t: str):
    """One tap: a player (or the table device) signs off the tracked game's outcome."""
    member = _write(tournament_id)
    status, body = tournaments().results.confirm(member, _round(n), _table(t), _optional_body())
    return jsonify(body), status


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/dispute")
def dispute(tournament_id: str, n: str, t: str):
    """The result is disputed ({reason}); a judge settles it."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.round_entry(member, _round(n), "dispute", _optional_body(), _table(t))), 201


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/flag")
def flag(tournament_id: str, n: str, t: str):
    """A judge, as the table's referee, flags its game ({reason}): the table is disputed until a judge settles it."""
    member = _write(tournament_id)
    return jsonify(tournaments().results.flag(member, _round(n), _table(t), _optional_body())), 201


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/judge")
def call_judge(tournament_id: str, n: str, t: str):
    """A table calls a judge ({note}): 201, or 200 with the caller's call still open at this table."""
    member = _write(tournament_id)
    status, body = tournaments().rounds.call_judge(member, _round(n), _table(t), _optional_body())
    return jsonify(body), status


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/result")
def result(tournament_id: str, n: str, t: str):
    """Enter or correct a result by hand: {winner, glory, games_won?, reason (for a correction)}."""
    member = _write(tournament_id)
    return jsonify(tournaments().results.enter_result(member, _round(n), _table(t), json_body())), 201


@bp.get("/<tournament_id>/tables/<t>/overlay")
def feature_table(tournament_id: str, t: str):
    """A table of the latest published round as a spectator of its game sees it, for a stream's overlay (anyone)."""
    return jsonify(tournaments().views.feature_table(_reader(tournament_id), _table(t)))


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/seat")
def seat(tournament_id: str, n: str, t: str):
    """A game token for the caller at this table (player seat, table device, judge as referee)."""
    member = _write(tournament_id)
    return jsonify(tournaments().rounds.game_seat(member, _round(n), _table(t))), 201


@bp.post("/<tournament_id>/rulings")
def ruling(tournament_id: str):
    """Add a ruling to the tournament's rulings log: {round?, table?, question, answer, rule}."""
    member = _write(tournament_id)
    return jsonify(tournaments().results.ruling(member, json_body())), 201


@bp.get("/<tournament_id>/export.json")
def export_json(tournament_id: str):
    """Players, pairings, results and standings as one JSON document."""
    member = _reader(tournament_id)
    body = exports.as_json(tournaments().views.view(member))
    resp = jsonify(body)
    resp.headers["Content-Disposition"] = f'attachment; filename="event-{tournament_id}.json"'
    return resp


@bp.get("/<tournament_id>/export/<kind>.csv")
def export_csv(tournament_id: str, kind: str):
    """players.csv, pairings.csv, results.csv or standings.csv."""
    member = _reader(tournament_id)
    text = exports.as_csv(tournaments().views.view(member), kind)
    return Response(text, mimetype="text/csv",
                    headers={"Content-Disposition": f'attachment; filename="event-{tournament_id}-{kind}.csv"'})


@bp.get("/<tournament_id>/qr.svg")
def public_qr(tournament_id: str):
    """QR code (SVG) of the tournament's public page, for the venue's screen."""
    tournaments().log.folded(tournament_id)
    link = public_link(base_url(), tournament_id)
    buf = io.BytesIO()
    segno.make(link, error="m").save(buf, kind="svg", scale=8, border=2, dark="#000", light="#fff",
                                     title="Pairings and standings")
    return Response(buf.getvalue(), mimetype="image/svg+xml", headers={"Cache-Control": "no-store"})


@bp.post("/<tournament_id>/players/<player_id>/edit")
def edit_player(tournament_id: str, player_id: str):
    """Edit a registration ({name?, warband?, printing?, deck?, override?}): logged with who and when."""
    member = _write(tournament_id)
    return jsonify(tournaments().editing.edit_player(member, player_id, json_body())), 201


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/judge/close")
def close_judge_call(tournament_id: str, n: str, t: str):
    """Close a table's open judge calls by hand ({reason?}; judge, scorekeeper, organiser): 409 no_open_call."""
    member = _write(tournament_id)
    return jsonify(tournaments().judge_calls.close_call(member, _round(n), _table(t), _optional_body())), 201


@bp.get("/<tournament_id>/players/links")
def player_links(tournament_id: str):
    """Every player's current link (organiser only): a reload or another device shows and prints them again."""
    member = _reader(tournament_id)
    resp = jsonify(tournaments().player_links.player_links(member, base_url()))
    resp.headers["Cache-Control"] = "no-store"
    return resp
