"""TournamentService: what the tournament API does, over the store's tournament tables and the game service, one part per concern
(log.py, links.py, registration.py, rounds.py, results.py, views.py)."""
from __future__ import annotations

from .registration import Registration
from .views import Views


class TournamentService(Registration, Views):
    """Tournaments over the store; games of published rounds through the GameService."""
