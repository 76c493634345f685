"""TournamentService: what the tournament API does, over the store's tournament tables and the game service, one part per concern
(log.py, links.py, registration.py, selfreg.py,
decklists.py, editing.py, judging.py, playerlinks.py, rounds.py, results.py, views.py, bookkeeping.py,
league_service.py)."""
from __future__ import annotations

from .bookkeeping import Bookkeeping
from .decklists import DeckLists
from .editing import Editing
from .judging import JudgeCalls
from .league_service import Leagues
from .playerlinks import PlayerLinks
from .selfreg import SelfRegistration
from .views import Views


class TournamentService(SelfRegistration, DeckLists, Views, Bookkeeping, Leagues, Editing, JudgeCalls, PlayerLinks):
    """Tournaments over the store; games of published rounds through the GameService."""
