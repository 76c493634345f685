"""The tournament pages: create a tournament, the tournament (each role sees its own part) and its public page."""
from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("tournaments_web", __name__)


@bp.get("/tournaments/new")
def new_tournament():
    """Create a tournament: name, date, format, rounds, scoring and tiebreakers."""
    return render_template("tournaments_new.html", page="tournaments_new")


@bp.get("/tournament/<tournament_id>")
def tournament(tournament_id: str):
    """One tournament as the role of the link that opened it (the token rides in the URL fragment)."""
    return render_template("tournament.html", page="tournament", tournament_id=tournament_id, public=False)


@bp.get("/tournament/<tournament_id>/public")
def public(tournament_id: str):
    """Pairings and standings for the venue's screen, read-only, with a QR code of this page."""
    return render_template("tournament.html", page="tournament", tournament_id=tournament_id, public=True)

