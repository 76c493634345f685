"""A tournament's log: who is asking (Member), the log folded (FoldedTournament, cached), and each change checked and stored as
the next seq (a stale head is folded again and checked again), so the log holds only entries that applied and every
entry says who made it (`actor`: the role and the name on its link)."""
from __future__ import annotations

import logging
import threading
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable

from app.service import ApiError, GameService
from app.service.bodies import load_body
from app.service.ledger import APPEND_RETRY, STALE, FoldedLogs, Stale
from app.service.tokens import hash_token

from . import model, tables

log = logging.getLogger(__name__)

STAFF = ("organiser", "scorekeeper", "judge")
RECOVERY = "recovery"  # the stored role of a tournament's recovery code (its hash), never a link's
CACHE_TOURNAMENTS = 128
# Who may add which entry (the organiser may add every one).
MAY = {
    "register": ("scorekeeper",), "check_in": ("scorekeeper",), "fixed_table": ("scorekeeper",), "drop": ("scorekeeper",), "merge": ("scorekeeper",),
    "pair": ("scorekeeper",), "swap": ("scorekeeper",), "table_mode": ("scorekeeper",), "publish": ("scorekeeper",),
    "timer": ("scorekeeper",), "time_called": ("scorekeeper",), "time_withdrawn": ("scorekeeper",),
    # A table's own voice: its players and its device (model._table_voice checks that it is that table's);
    # staff act on a table with a flag (judge) or a result (scorekeeper, judge); a table's game calls its judge to
    # an entry a seat flagged (results.judge_call_on_entry).
    "confirm": ("player", "table"), "dispute": ("player", "table"),
    "judge_call": ("player", "table", "game"),
    # Self-registration: the registration link asks, the desk answers, the asking phone withdraws or claims its link.
    "request": ("registration",), "accept": ("scorekeeper",), "decline": ("scorekeeper",),
    "withdraw_request": ("requester",), "claim": ("requester",), "flag": ("judge",),
    # The recovery code's bearer replaces the organiser's link (Links.recover); it can do nothing else.
    "new_link": ("recovery",), "match_game": ("game",), "result": ("scorekeeper", "judge"), "ruling": ("judge",),
}


@dataclass(frozen=True)
class Member:
    """Who is asking: the tournament, their role (organiser, scorekeeper, judge, player, table, public) and subject."""

    tournament_id: str
    role: str
    subject: str = ""
    name: str = ""

    @property
    def actor(self) -> str:
        """How the log names them: role, and the player id or the name on their link."""
        return f"{self.role}:{self.subject}" if self.subject else self.role

    @property
    def is_staff(self) -> bool:
        """Organiser, scorekeeper or judge."""
        return self.role in STAFF


@dataclass
class FoldedTournament:
    """A tournament's row, its log and the fold of it."""

    row: dict
    entries: list[dict] = field(default_factory=list)
    state: dict = field(default_factory=dict)
    _standings: list | None = field(default=None, repr=False)

    def standings(self) -> list[dict]:
        """The standings at this head, computed once however many phones ask (a new head is a new fold)."""
        if self._standings is None:
            self._standings = tables.standings(self.state, self.row["setup"]["seed"])
        return self._standings

    @property
    def head(self) -> int:
        """Seq of the last entry."""
        return self.entries[-1]["seq"] if self.entries else 0


def now_stamp() -> str:
    """Now, as the log writes times (UTC, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


class TournamentLog:
    """Tournaments over the store: each tournament's folded log (cached), its members, and entries appended to it."""

    def __init__(self, store, games: GameService, *, lock_factory: Callable[[], Any] = threading.Lock,
                 on_change: Callable[[str, dict], None] | None = None):
        self.store = store
        self.games = games
        self.on_change = on_change
        self._guard = games.logs.store_guard   # one store, one 503 and one metric for games and tournaments
        self._logs: FoldedLogs[FoldedTournament] = FoldedLogs(
            CACHE_TOURNAMENTS, lock_factory, load=self._load, newer=self._newer, bring_up=self._brought_up)

    def _storage(self, fn, *args):
        return self._guard(fn, *args)

    def _lock(self, tid: str):
        return self._logs.lock(tid)

    load = staticmethod(load_body)   # a body checked against its schema, as the games' are

    def folded(self, tid: str) -> FoldedTournament:
        """The tournament's fold, brought up to the store's head."""
        return self._logs.folded(tid)

    def _load(self, tid: str) -> FoldedTournament:
        """A tournament no fold is cached for, folded from the store (404 when there is none)."""
        row = self._storage(self.store.get_tournament, tid) if isinstance(tid, str) and len(tid) <= 64 else None
        if row is None:
            raise ApiError(404, "no_such_event", "There is no event with that id.")
        entries = self._storage(self.store.entries, tid, 0)
        return FoldedTournament(row, entries, model.fold(row["setup"], entries))

    def _newer(self, tid: str, head: int) -> list[dict]:
        return self._storage(self.store.entries, tid, head)

    @staticmethod
    def _brought_up(cached: FoldedTournament, newer: list[dict]) -> FoldedTournament:
        return FoldedTournament(cached.row, cached.entries + newer, model.apply_all(cached.state, newer))

    def member(self, tid: str, token: str | None) -> Member:
        """The caller of a tournament token (public without one); 401/403 for a bad or foreign token."""
        self.folded(tid)  # 404 first: a wrong address is wrong whoever asks
        if not token:
            return Member(tid, "public")
        if len(token) > 200:
            raise ApiError(401, "bad_token", "That link is not valid.")
        found = self._storage(self.store.tournament_for_token, hash_token(token))
        if found is None:
            raise ApiError(401, "bad_token", "That link is not valid.")
        tournament_id, role, subject = found
        if role == RECOVERY:
            # A recovery code only replaces the organiser's link (POST /api/tournaments/recover): it opens nothing.
            raise ApiError(401, "bad_token", "That link is not valid.")
        if tournament_id != tid:
            raise ApiError(403, "wrong_event", "That link belongs to another event.")
        return Member(tid, role, subject)

    def _append(self, member: Member, etype: str, data: dict | Callable[[dict], dict], entry_id: str | None = None,
                earlier: Callable[[FoldedTournament], dict | None] | None = None) -> dict:
        """Check and store one entry as the next seq; returns the stored entry (or the original of a repeat).

        `data` may be worked out from the tournament's state at the head the entry is stored after (a function of
        that state): a number the next entry takes is then taken by one entry only, however many arrive at once.
        `earlier` finds, under the tournament's lock, an entry that already says the same (a second tap): it is
        the answer and nothing is stored.
        """
        if member.role != "organiser" and member.role not in MAY.get(etype, ()):
            raise ApiError(403, "not_allowed", f"A {member.role} link cannot do this.")
        entry_id = entry_id or str(uuid.uuid4())
        with self._lock(member.tournament_id):
            return APPEND_RETRY.run(lambda _: self._append_at_head(member, etype, data, entry_id, earlier), "event")

    def _append_at_head(self, member: Member, etype: str, data: dict | Callable[[dict], dict], entry_id: str,
                        earlier: Callable[[FoldedTournament], dict | None] | None) -> dict | Stale:
        """One try of `_append` at the head the store has now: the stored entry, the original of a repeat, or
        STALE when another process stored an entry first."""
        tournament = self.folded(member.tournament_id)
        original = next((e for e in tournament.entries if e["id"] == entry_id), None)
        if original is None and earlier is not None:
            original = earlier(tournament)
        if original is not None:
            # A resent entry gets its original back; an id already used for another kind of entry, or
            # by another link, names nothing of the caller's (its original is not theirs to see).
            if original["type"] != etype or original.get("actor") != member.actor:
                raise ApiError(409, "id_in_use", "That entry id is already used for another entry; send "
                                                 "a new id.", fields={"id": "Already used."})
            return original
        if callable(data):
            data = data(tournament.state)
        refusal = model.check(tournament.state, {"type": etype, "data": data})
        if refusal is not None:
            raise ApiError(refusal.status, refusal.code, refusal.message, rule=refusal.rule)
        status, value = self._storage(self.store.append_entry, member.tournament_id, tournament.head,
                                      {"id": entry_id, "type": etype, "actor": member.actor, "data": data})
        if status == "stale":
            return STALE
        if status == "ok":
            self.folded(member.tournament_id)
            self._changed(member.tournament_id, value)
        return value

    def _changed(self, tid: str, entry: dict) -> None:
        if self.on_change is not None:
            try:
                self.on_change(tid, entry)
            except Exception:  # noqa: BLE001 - the entry is stored; a failed push is caught up on the next read
                log.exception("tournament push failed")
