"""EventService: what the event API does, over the store's event tables and the game service, one part per concern
(eventlog.py, links.py, registration.py, rounds.py, results.py, views.py)."""
from __future__ import annotations

from .registration import Registration
from .views import Views


class EventService(Registration, Views):
    """Events over the store; games of published rounds through the GameService."""
