"""The event pages: create an event, the event (each role sees its own part) and its public page."""
from __future__ import annotations

from flask import Blueprint, render_template

bp = Blueprint("events_web", __name__)


@bp.get("/events/new")
def new_event():
    """Create an event: name, date, format, rounds, scoring and tiebreakers."""
    return render_template("tournaments_new.html", page="tournaments_new")


@bp.get("/event/<event_id>")
def event(event_id: str):
    """One event as the role of the link that opened it (the token rides in the URL fragment)."""
    return render_template("tournament.html", page="tournament", event_id=event_id, public=False)


@bp.get("/event/<event_id>/public")
def public(event_id: str):
    """Pairings and standings for the venue's screen, read-only, with a QR code of this page."""
    return render_template("tournament.html", page="tournament", event_id=event_id, public=True)
