"""Players' links shown again: a player's token is derived from the tournament's own link key (made at creation, kept
in the store, never in a view) and how many times the player's link was replaced, so the organiser's reload or other
device lists and prints every current link again without replacing (voiding) any. Only the SHA-256 of a token is
stored, as before; a tournament made before it had a link key keeps random tokens (not shown again)."""
from __future__ import annotations

import base64
import hashlib
import hmac
import secrets

from app.service import ApiError
from app.service.tokens import hash_token, new_token

from .log import Member, TournamentLog

KEY = "link_key"  # the setup's field holding the key (views and exports leave it out: HIDDEN_SETUP)
HIDDEN_SETUP = ("seed", KEY)


def new_key() -> str:
    """A tournament's link key: 256 random bits."""
    return secrets.token_urlsafe(32)


def generation(entries: list[dict], pid: str) -> int:
    """How many times the player's link was replaced (new_link entries naming them)."""
    return sum(1 for e in entries if e["type"] == "new_link" and (e.get("data") or {}).get("role") == "player"
               and e["data"].get("subject") == pid)


def player_token(setup: dict, pid: str, gen: int) -> tuple[str, str]:
    """The player's token of this generation and its hash (random when the tournament has no link key)."""
    key = setup.get(KEY)
    if not key:
        return new_token()
    mac = hmac.new(key.encode(), f"player:{pid}:{gen}".encode(), hashlib.sha256).digest()
    token = base64.urlsafe_b64encode(mac).rstrip(b"=").decode()
    return token, hash_token(token)


def role_link(base_url: str, tid: str, token: str) -> str:
    """A private role link: the token rides in the fragment, so it never reaches server logs."""
    return f"{base_url.rstrip('/')}/tournament/{tid}#t={token}"


class PlayerLinks:
    """GET /api/tournaments/<id>/players/links: every player's current link, for the organiser alone."""

    def __init__(self, log: TournamentLog):
        self.log = log

    def player_links(self, member: Member, base_url: str) -> dict:
        """Each player still in the event (merged-away registrations left out) with their current link; `link` is
        None for a link that cannot be shown again (made before the event had a link key)."""
        if member.role != "organiser":
            raise ApiError(403, "organiser_only", "Only the organiser sees the players' links.")
        tournament = self.log.folded(member.tournament_id)
        setup, s = tournament.row["setup"], tournament.state
        out = []
        for pid in s["order"]:
            p = s["players"][pid]
            if p["status"] == "merged":
                continue
            link = None
            if setup.get(KEY):
                token, token_hash = player_token(setup, pid, generation(tournament.entries, pid))
                found = self.log.storage(self.log.store.tournament_for_token, token_hash)
                if found is not None and tuple(found) == (member.tournament_id, "player", pid):
                    link = role_link(base_url, member.tournament_id, token)
            out.append({"player": pid, "name": p["name"], "status": p["status"], "link": link})
        return {"links": out}
