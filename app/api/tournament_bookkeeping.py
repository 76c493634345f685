"""REST endpoints of the organiser's bookkeeping: time extensions, table calls, penalties, paid status, deck deadline.

Tokens and errors as in app/api/tournaments.py; every write answers 201 with the stored log entry.
"""
from __future__ import annotations

from flask import Blueprint, jsonify

from .requests import json_body
from .tournaments import _optional_body, _round, _table, _write, tournaments

bp = Blueprint("tournament_bookkeeping_api", __name__, url_prefix="/api/tournaments")


def _player(player_id: str) -> str:
    return player_id[:40]  # the fold answers 404 no_such_player for an id it does not hold


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/extend")
def extend(tournament_id: str, n: str, t: str):
    """More minutes for one table ({minutes, reason}; judge, scorekeeper, organiser)."""
    member = _write(tournament_id)
    return jsonify(tournaments().bookkeeping.extend(member, _round(n), _table(t), json_body())), 201


@bp.post("/<tournament_id>/rounds/<n>/tables/<t>/call")
def call_table(tournament_id: str, n: str, t: str):
    """Call a table ({note?}): its phones alert (staff)."""
    member = _write(tournament_id)
    return jsonify(tournaments().bookkeeping.call_table(member, _round(n), _table(t), _optional_body())), 201


@bp.post("/<tournament_id>/players/<player_id>/penalties")
def penalty(tournament_id: str, player_id: str):
    """A warning, glory or game penalty, or event points against a player ({kind, amount?, reason, round?}; judge)."""
    member = _write(tournament_id)
    return jsonify(tournaments().bookkeeping.penalty(member, _player(player_id), json_body())), 201


@bp.post("/<tournament_id>/players/<player_id>/paid")
def paid(tournament_id: str, player_id: str):
    """Mark a player paid or unpaid ({paid}; scorekeeper, organiser)."""
    member = _write(tournament_id)
    return jsonify(tournaments().bookkeeping.mark_paid(member, _player(player_id), json_body())), 201


@bp.post("/<tournament_id>/decks/deadline")
def deck_deadline(tournament_id: str):
    """Set or lift the deck deadline ({at: ISO time | null}; organiser)."""
    member = _write(tournament_id)
    return jsonify(tournaments().bookkeeping.deck_deadline(member, json_body())), 201
