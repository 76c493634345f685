"""TournamentService: what the tournament API does, over the store's tournament tables and the game service, one part per concern
(log.py, links.py, registration.py, selfreg.py,
decklists.py, rounds.py, results.py, views.py)."""
from __future__ import annotations

from .decklists import DeckLists
from .selfreg import SelfRegistration
from .views import Views


class TournamentService(SelfRegistration, DeckLists, Views):
    """Tournaments over the store; games of published rounds through the GameService."""
