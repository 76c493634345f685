"""TournamentService: the tournament service's parts, built once over one store and the game service, each given the
parts it uses."""
from __future__ import annotations

import threading
from typing import Any, Callable

from app.service import GameService
from app.store.base import EventStore

from .bookkeeping import Bookkeeping
from .decklists import DeckLists
from .editing import Editing
from .judging import JudgeCalls
from .league_service import Leagues
from .links import Links
from .log import TournamentLog
from .members import Members
from .playerlinks import PlayerLinks
from .registration import Registration
from .results import Results
from .rounds import Rounds
from .selfreg import SelfRegistration
from .views import Views


class TournamentService:
    """Everything the REST API, /tournament and the games' routes do with tournaments, one part per concern; callers
    use the part they need (`service.rounds.pair(...)`, `service.log.folded(...)`).

    on_change: called with (tournament, stored entry) after each entry is stored, to tell the tournament's pages.
    """

    def __init__(self, store: EventStore, games: GameService, *, lock_factory: Callable[[], Any] = threading.Lock,
                 on_change: Callable[[str, dict], None] | None = None):
        self.log = TournamentLog(store, games, lock_factory=lock_factory, on_change=on_change)
        self.links = Links(self.log)
        self.leagues = Leagues(self.log, self.links)
        self.members = Members(self.log, self.leagues)
        self.registration = Registration(self.log, self.links)
        self.self_registration = SelfRegistration(self.log, self.registration)
        self.editing = Editing(self.log, self.registration)
        self.decklists = DeckLists(self.log)
        self.player_links = PlayerLinks(self.log)
        self.rounds = Rounds(self.log, games)
        self.results = Results(self.log, games)
        self.judge_calls = JudgeCalls(self.log)
        self.bookkeeping = Bookkeeping(self.log)
        self.views = Views(self.log, games, self.results)
