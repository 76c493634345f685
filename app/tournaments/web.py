"""The tournament pages: create a tournament, the tournament (each role sees its own part), its public page, its
registration page and the pages made from the public view: print-ready sheets, the venue screen and a feature table's
overlay.

The first version served these pages under /event and /events/new; links already handed to players and
organisers, and QR codes already printed for a venue, still use those addresses, so each one answers with a
permanent redirect to its new address (the token in a link's fragment is kept by the browser across it).
"""
from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for

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


@bp.get("/tournament/<tournament_id>/register")
def register(tournament_id: str):
    """The public registration page: a player asks for a place from their phone (the link's key rides in the fragment)."""
    return render_template("tournament_register.html", page="tournament_register", tournament_id=tournament_id)


@bp.get("/tournament/<tournament_id>/venue")
def venue(tournament_id: str):
    """The venue screen: pairings by name, the round clock and the standings in turn, full screen, live."""
    return render_template("tournament_venue.html", page="tournament_venue", tournament_id=tournament_id)


@bp.get("/tournament/<tournament_id>/print")
def print_pages(tournament_id: str):
    """Print-ready pages for the wall: pairings by table and by name, result slips, standings (public view)."""
    return render_template("tournament_print.html", page="tournament_print", tournament_id=tournament_id)


@bp.get("/tournament/<tournament_id>/table/<int(min=1, max=500):table>/overlay")
def overlay(tournament_id: str, table: int):
    """A feature table on a transparent page, for a streaming program's browser source (what a spectator sees)."""
    return render_template("tournament_overlay.html", page="tournament_overlay", tournament_id=tournament_id, table=table)


@bp.get("/leagues/new")
def new_league():
    """Start a league: its name and the rule its standings add the events up by."""
    return render_template("league.html", page="league", league_id="")


@bp.get("/league/<league_id>")
def league(league_id: str):
    """A league: its events, its standings and each player's history (its organiser adds the next event here)."""
    return render_template("league.html", page="league", league_id=league_id)


def _moved(endpoint: str, **values):
    """301 to the page's new address, with the same query string."""
    url = url_for(endpoint, **values)
    query = request.query_string.decode("latin-1")
    return redirect(f"{url}?{query}" if query else url, 301)


@bp.get("/events/new")
def old_new_tournament():
    """The first version's address of the new-tournament form."""
    return _moved(".new_tournament")


@bp.get("/event/<tournament_id>")
def old_tournament(tournament_id: str):
    """The first version's address of a role's link (organiser, scorekeeper, judge, player, table device)."""
    return _moved(".tournament", tournament_id=tournament_id)


@bp.get("/event/<tournament_id>/public")
def old_public(tournament_id: str):
    """The first version's address of the public page (on QR codes already printed)."""
    return _moved(".public", tournament_id=tournament_id)
