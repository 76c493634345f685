"""Leagues over the store: a league, its events (tournaments made in it), its standings and a player's link carried
from one of its events to the next."""
from __future__ import annotations

import secrets
from typing import Any

from app.service import ApiError
from app.service.tokens import hash_token, new_token
from app.store.errors import DuplicateKey

from . import leagues, model
from .league_schemas import LeagueSchema
from .links import Links
from .log import Member, TournamentLog
from .schemas import CreateTournamentSchema

# What the league's next event takes from the previous one (its name and date are the organiser's to give).
_SETTINGS = frozenset(CreateTournamentSchema().fields) - {"name", "date"}


class Leagues:
    """POST /api/leagues, GET /api/leagues/<id>, POST /api/leagues/<id>/events."""

    def __init__(self, log: TournamentLog, links: Links):
        self.log = log
        self.links = links

    def create_league(self, raw: Any, base_url: str) -> dict:
        """A new league and its organiser's link (the token is shown once, stored as a hash)."""
        setup = self.log.load(LeagueSchema(), raw)
        token, token_hash = new_token()
        for _ in range(5):
            lid = secrets.token_urlsafe(9)
            try:
                self.log.storage(self.log.store.create_league, lid, setup, token_hash)
            except DuplicateKey:
                continue
            return {"id": lid, "name": setup["name"], "organiser_token": token,
                    "link": f"{base_url.rstrip('/')}/league/{lid}#t={token}", "public": f"{base_url.rstrip('/')}/league/{lid}"}
        raise ApiError(503, "busy", "Could not create the league; try again.")

    def _league_row(self, lid: str) -> dict:
        row = self.log.storage(self.log.store.get_league, lid) if isinstance(lid, str) and len(lid) <= 64 else None
        if row is None:
            raise ApiError(404, "no_such_league", "There is no league with that id.")
        return row

    def _league_organiser(self, lid: str, token: str | None) -> dict:
        """The league's row when `token` is its organiser's; 401 without a valid token, 403 for another league's."""
        row = self._league_row(lid)
        if not token or len(token) > 200:
            raise ApiError(401, "bad_token", "A league's organiser link is needed for this.")
        found = self.log.storage(self.log.store.league_for_token, hash_token(token))
        if found is None:
            raise ApiError(401, "bad_token", "That link is not valid.")
        if found != lid:
            raise ApiError(403, "wrong_league", "That link belongs to another league.")
        return row

    def add_event(self, lid: str, token: str | None, raw: Any, base_url: str) -> dict:
        """The league's next event, made as any event is (the reply holds its organiser link)."""
        self._league_organiser(lid, token)
        if len(self.log.storage(self.log.store.league_events, lid)) >= leagues.MAX_EVENTS:
            raise ApiError(409, "league_full", f"A league holds at most {leagues.MAX_EVENTS} events.")
        made = self.links.create(raw, base_url, league=lid)
        if not self.log.storage(self.log.store.add_league_event, lid, made["id"], leagues.MAX_EVENTS):
            raise ApiError(409, "league_full", f"A league holds at most {leagues.MAX_EVENTS} events.")
        return made

    def league(self, lid: str, token: str | None = None) -> dict:
        """The league as anyone sees it: its rule, its events and its standings with each player's history; `you`
        says whether the caller holds its organiser link."""
        row = self._league_row(lid)
        organiser = False
        if token:
            self._league_organiser(lid, token)
            organiser = True
        events = []
        for tid in self.log.storage(self.log.store.league_events, lid):
            folded = self.log.folded(tid)
            setup = folded.row["setup"]
            events.append({"id": tid, "name": setup["name"], "date": setup["date"], "rounds": setup["rounds"],
                           "settings": {k: v for k, v in setup.items() if k in _SETTINGS and v is not None},
                           "current_round": model.current_round(folded.state),
                           "players": sum(1 for p in folded.state["players"].values() if p["status"] != "merged"),
                           "standings": folded.standings()})
        table = leagues.standings(row["setup"], events)
        return {"id": lid, "setup": row["setup"], "you": {"organiser": organiser},
                "events": [{k: e[k] for k in ("id", "name", "date", "rounds", "current_round", "players", "settings")}
                           for e in events],
                "standings": table}

    def carried_over(self, tid: str, from_tid: str, role: str, subject: str) -> Member | None:
        """A player's link of another event of the same league opens this one as the same player (the same name,
        case, spacing and accents aside), when the desk has registered them here."""
        if role != "player":
            return None
        league = self.log.storage(self.log.store.league_of, tid)
        if league is None or self.log.storage(self.log.store.league_of, from_tid) != league:
            return None
        source = self.log.folded(from_tid).state["players"].get(subject)
        if source is None:
            return None
        key = model.name_key(source["name"])
        state = self.log.folded(tid).state
        pid = next((p for p in state["order"] if state["players"][p]["status"] != "merged"
                    and model.name_key(state["players"][p]["name"]) == key), None)
        return Member(tid, "player", pid) if pid else None
