"""A tournament's log: who is asking (Member), the log folded (FoldedTournament, cached), and each change checked and stored as
the next seq (a stale head is folded again and checked again), so the log holds only entries that applied and every
entry says who made it (`actor`: the role and the name on its link)."""
from __future__ import annotations

import logging
import threading
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, TypeVar

from app.service import ApiError, GameService
from app.service.bodies import load_body
from app.service.ledger import APPEND_RETRY, STALE, FoldedLogs, Stale
from app.store.base import EventStore

from . import model, tables
from .statuses import refused
from .types import TournamentState

log = logging.getLogger(__name__)

STAFF = ("organiser", "scorekeeper", "judge")
RECOVERY = "recovery"  # the stored role of a tournament's recovery code (its hash), never a link's
CACHE_TOURNAMENTS = 128
R = TypeVar("R")
# Who may add which entry (the organiser may add every one).
MAY = {
    "register": ("scorekeeper",), "check_in": ("scorekeeper",), "fixed_table": ("scorekeeper",), "drop": ("scorekeeper",), "merge": ("scorekeeper",),
    "pair": ("scorekeeper",), "swap": ("scorekeeper",), "table_mode": ("scorekeeper",), "publish": ("scorekeeper",),
    "timer": ("scorekeeper",), "time_called": ("scorekeeper",), "time_withdrawn": ("scorekeeper",),
    # A table's own voice: its players and its device (table_entries.table_voice checks that it is that table's);
    # staff act on a table with a flag (judge) or a result (scorekeeper, judge); a table's game calls its judge to
    # an entry a seat flagged (results.judge_call_on_entry).
    "confirm": ("player", "table"), "dispute": ("player", "table"),
    "judge_call": ("player", "table", "game"),
    # Self-registration: the registration link asks, the desk answers, the asking phone withdraws or claims its link.
    "request": ("registration",), "accept": ("scorekeeper",), "decline": ("scorekeeper",),
    "withdraw_request": ("requester",), "claim": ("requester",), "flag": ("judge",),
    # The recovery code's bearer replaces the organiser's link (Links.recover); it can do nothing else.
    "new_link": ("recovery",), "match_game": ("game",), "result": ("scorekeeper", "judge"), "ruling": ("judge",),
    # The organiser's bookkeeping (orgtools.py): the deck deadline is the organiser's alone.
    "extend": ("judge", "scorekeeper"), "call_table": ("judge", "scorekeeper"), "penalty": ("judge",),
    "paid": ("scorekeeper",),
    "edit": ("scorekeeper",), "close_call": ("judge", "scorekeeper"),
}
# The fields of an entry the server works out (from the head it is stored after, or the clock) rather than take
# from the body: a resent entry may differ there and still be the same entry; anywhere else it is another entry.
DERIVED = {"register": ("player", "from_round"), "accept": ("player", "from_round"), "timer": ("started_at",),
           "time_called": ("at",), "cut": ("seeds",), "request": ("request", "claim_hash")}


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
    entries: list[dict]
    state: TournamentState
    _standings: list[dict] | None = field(default=None, repr=False)
    _shared: dict = field(default_factory=dict, repr=False)  # kind (or kind and marks) -> view, or its text

    def standings(self) -> list[dict]:
        """The standings at this head, computed once however many phones ask (a new head is a new fold)."""
        if self._standings is None:
            self._standings = tables.standings(self.state, self.row["setup"]["seed"])
        return self._standings

    def shared(self, kind: Any, build: Callable[[], Any]) -> Any:
        """What every member of one kind sees at this head, built once however many pages read it (a new head is
        a new fold); never changed once built."""
        if kind not in self._shared:
            self._shared[kind] = build()
        return self._shared[kind]

    @property
    def head(self) -> int:
        """Seq of the last entry."""
        return self.entries[-1]["seq"] if self.entries else 0


# Finds, under the tournament's lock, an entry already stored that says what a new one would (a second tap), or None.
Earlier = Callable[[FoldedTournament], dict | None]


def _resent(original: dict, member: Member, etype: str, data: dict | None) -> None:
    """A resent entry gets its original back; 409 id_in_use when the id holds another kind of entry, another link's
    or (`data` given) one that said something else: it names nothing of the caller's (its original is not
    theirs to see), and a changed body is a new entry that needs a new id."""
    skip = DERIVED.get(etype, ())
    same = data is None or ({k: v for k, v in original["data"].items() if k not in skip}
                            == {k: v for k, v in data.items() if k not in skip})
    if original["type"] != etype or original.get("actor") != member.actor or not same:
        raise ApiError(409, "id_in_use", "That entry id is already used for another entry; send a new id.",
                       fields={"id": "Already used."})


def a_link(role: str) -> str:
    """"A judge link", "An organiser link": a role's link named in a sentence."""
    return f"{'An' if role[:1] in 'aeiou' else 'A'} {role} link"


def now_stamp() -> str:
    """Now, as the log writes times (UTC, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds").replace("+00:00", "Z")


class TournamentLog:
    """Tournaments over the store: each tournament's folded log (cached) and entries appended to it, checked."""

    def __init__(self, store: EventStore, games: GameService, *, lock_factory: Callable[[], Any] = threading.Lock,
                 on_change: Callable[[str, dict], None] | None = None):
        self.store = store
        self.on_change = on_change
        self._guard = games.logs.store_guard   # one store, one 503 and one metric for games and tournaments
        self._logs: FoldedLogs[FoldedTournament] = FoldedLogs(
            CACHE_TOURNAMENTS, lock_factory, load=self._load, newer=self._newer, bring_up=self._brought_up)

    def storage(self, fn: Callable[..., R], *args: Any) -> R:
        """`fn(*args)` on the store; a store that fails is the 503 the games answer too."""
        result: R = self._guard(fn, *args)
        return result

    load = staticmethod(load_body)   # a body checked against its schema, as the games' are

    def folded(self, tid: str) -> FoldedTournament:
        """The tournament's fold, brought up to the store's head."""
        return self._logs.folded(tid)

    def _load(self, tid: str) -> FoldedTournament:
        """A tournament no fold is cached for, folded from the store (404 when there is none)."""
        row = self.storage(self.store.get_tournament, tid) if isinstance(tid, str) and len(tid) <= 64 else None
        if row is None:
            raise ApiError(404, "no_such_event", "There is no event with that id.")
        entries = self.storage(self.store.entries, tid, 0)
        return FoldedTournament(row, entries, model.fold(row["setup"], entries))

    def _newer(self, tid: str, head: int) -> list[dict]:
        return self.storage(self.store.entries, tid, head)

    @staticmethod
    def _brought_up(cached: FoldedTournament, newer: list[dict]) -> FoldedTournament:
        return FoldedTournament(cached.row, cached.entries + newer, model.apply_all(cached.state, newer))

    def append(self, member: Member, etype: str, data: dict | Callable[[TournamentState], dict],
               entry_id: str | None = None, earlier: Earlier | None = None) -> dict:
        """Check and store one entry as the next seq; returns the stored entry (or the original of a repeat).

        `data` may be worked out from the tournament's state at the head the entry is stored after (a function of
        that state): a number the next entry takes is then taken by one entry only, however many arrive at once.
        `earlier` finds, under the tournament's lock, an entry that already says the same (a second tap): it is
        the answer and nothing is stored.
        """
        return self.append_entry(member, etype, data, entry_id, earlier)[0]

    def may(self, member: Member, etype: str) -> None:
        """403 unless the member's role may add this kind of entry: asked before any work the entry needs."""
        if member.role != "organiser" and member.role not in MAY.get(etype, ()):
            raise ApiError(403, "not_allowed", f"{a_link(member.role)} cannot do this.")

    def append_entry(self, member: Member, etype: str, data: dict | Callable[[TournamentState], dict],
                     entry_id: str | None = None, earlier: Earlier | None = None) -> tuple[dict, bool]:
        """`append`, and whether the entry is new (False: the original of a repeat, nothing stored)."""
        self.may(member, etype)
        entry_id = entry_id or str(uuid.uuid4())
        with self._logs.lock(member.tournament_id):
            return APPEND_RETRY.run(lambda _: self._append_at_head(member, etype, data, entry_id, earlier), "event")

    def _append_at_head(self, member: Member, etype: str, data: dict | Callable[[TournamentState], dict],
                        entry_id: str, earlier: Earlier | None) -> tuple[dict, bool] | Stale:
        """One try of `append` at the head the store has now: the stored entry (new), the original of a repeat,
        or STALE when another process stored an entry first."""
        tournament = self.folded(member.tournament_id)
        if callable(data):
            data = data(tournament.state)
        by_id = next((e for e in tournament.entries if e["id"] == entry_id), None)
        original = by_id if by_id is not None else earlier(tournament) if earlier is not None else None
        if original is not None:
            _resent(original, member, etype, data if by_id is not None else None)
            return original, False
        refusal = model.check(tournament.state, {"type": etype, "data": data})
        if refusal is not None:
            raise refused(refusal)
        status, value = self.storage(self.store.append_entry, member.tournament_id, tournament.head,
                                     {"id": entry_id, "type": etype, "actor": member.actor, "data": data})
        if status == "stale":
            return STALE
        if status == "duplicate":
            _resent(value, member, etype, data)
        if status == "ok":
            self.folded(member.tournament_id)
            self._changed(member.tournament_id, value)
        return value, status == "ok"

    def _changed(self, tid: str, entry: dict) -> None:
        if self.on_change is not None:
            try:
                self.on_change(tid, entry)
            except Exception:  # the entry is stored; a failed push is caught up on the next read
                log.exception("tournament push failed")
