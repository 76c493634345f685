"""REST endpoints of leagues: create one, read it (anyone: events and standings), add its next event (its organiser).

The league organiser's token goes in `Authorization: Bearer`; errors are the usual {"error": {...}}.
"""
from __future__ import annotations

from flask import Blueprint, jsonify

from .requests import bearer_token, json_body, rate_limit, read_limit
from .security import base_url
from .tournaments import tournaments

bp = Blueprint("leagues_api", __name__, url_prefix="/api/leagues")


@bp.post("")
def create_league():
    """Create a league ({name, rule: points | best, best?, events?}): 201 {id, name, organiser_token, link, public}."""
    rate_limit()
    return jsonify(tournaments().leagues.create_league(json_body(), base_url())), 201


@bp.get("/<league_id>")
def league(league_id: str):
    """The league: its events and standings, each player's history (anyone; `you.organiser` with its link)."""
    read_limit()
    return jsonify(tournaments().leagues.league(league_id, bearer_token()))


@bp.post("/<league_id>/events")
def add_event(league_id: str):
    """The league's next event (its organiser): the body is a new event's; 201 as POST /api/tournaments answers."""
    rate_limit()
    return jsonify(tournaments().leagues.add_event(league_id, bearer_token(), json_body(), base_url())), 201
