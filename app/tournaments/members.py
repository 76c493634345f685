"""Who is asking: a tournament link's member (the public without one), or a league player's link of another event of
the same league carried over to this one."""
from __future__ import annotations

from app.service import ApiError
from app.service.tokens import hash_token

from .league_service import Leagues
from .log import RECOVERY, Member, TournamentLog


class Members:
    """The caller of a tournament token, read from the store's token hashes."""

    def __init__(self, log: TournamentLog, leagues: Leagues):
        self.log = log
        self.leagues = leagues

    def member(self, tid: str, token: str | None) -> Member:
        """The caller of a tournament token (public without one); 401/403 for a bad or foreign token."""
        self.log.folded(tid)  # 404 first: a wrong address is wrong whoever asks
        if not token:
            return Member(tid, "public")
        if len(token) > 200:
            raise ApiError(401, "bad_token", "That link is not valid.")
        found = self.log.storage(self.log.store.tournament_for_token, hash_token(token))
        if found is None:
            raise ApiError(401, "bad_token", "That link is not valid.")
        tournament_id, role, subject = found
        if role == RECOVERY:
            # A recovery code only replaces the organiser's link (POST /api/tournaments/recover): it opens nothing.
            raise ApiError(401, "bad_token", "That link is not valid.")
        if tournament_id != tid:
            carried = self.leagues.carried_over(tid, tournament_id, role, subject)
            if carried is None:
                raise ApiError(403, "wrong_event", "That link belongs to another event.")
            return carried
        return Member(tid, role, subject)
