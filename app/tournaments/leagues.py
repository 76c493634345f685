"""A league's standings: a series of events (a store's monthly nights) added up by the organiser's rule.

Rules: `points` adds every event's match points (with the penalties and bonuses each event's standings apply);
`best` adds each player's best N events' points (N: the league's `best`). A player is the same player in every event
of the league when registered under the same name (case, spacing and accents aside, as an event's desk recognises a
repeat registration, model.name_key). Ranked by the counted points, then the points of every event played, then the
events played; players level on all three share the place. Each row carries the player's history, event by event.
"""
from __future__ import annotations

from . import model

RULES = ("points", "best")
MAX_EVENTS = 50   # a league's events: a weekly night for a year is 52; a monthly league a dozen


def _played(event: dict) -> dict[str, dict]:
    """An event's standings rows by player key (merged duplicates are not in an event's standings)."""
    return {model.name_key(r["name"]): r for r in event["standings"] if r.get("played") or r.get("byes")}


def _counted(history: list[dict], setup: dict) -> list[dict]:
    """The events whose points count: all, or the best N (the earlier event first between equal points)."""
    if setup["rule"] != "best":
        return history
    ranked = sorted(history, key=lambda h: -h["points"])  # sorted() is stable: the earlier of equal events first
    return ranked[:setup["best"]]


def standings(setup: dict, events: list[dict]) -> list[dict]:
    """Every player of the league's events ranked by the league's rule, each with their history.

    `events`: the league's events in order, each {id, name, date, standings} (an event's standings rows)."""
    players: dict[str, dict] = {}
    for event in events:
        for key, row in _played(event).items():
            p = players.setdefault(key, {"key": key, "history": []})
            p["name"] = row["name"]  # the latest event's spelling
            p["history"].append({"event": event["id"], "event_name": event["name"], "date": event["date"],
                                 "rank": row["rank"], "points": row["points"], "wins": row["wins"], "draws": row["draws"],
                                 "losses": row["losses"], "adjusted": row.get("adjusted")})
    for p in players.values():
        counted = {id(h) for h in _counted(p["history"], setup)}
        for h in p["history"]:
            h["counted"] = id(h) in counted
        p["total"] = sum(h["points"] for h in p["history"] if h["counted"])
        p["all_points"] = sum(h["points"] for h in p["history"])
        p["events_played"] = len(p["history"])
    ordered = sorted(players.values(), key=lambda p: (-p["total"], -p["all_points"], -p["events_played"], p["key"]))
    place, last = 0, None
    for i, p in enumerate(ordered):
        mark = (p["total"], p["all_points"], p["events_played"])
        if mark != last:
            place, last = i + 1, mark
        p["rank"] = place
    return ordered
