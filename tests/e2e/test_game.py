"""Two players and a spectator play a short complete game through the UI."""
from __future__ import annotations

import pytest

from .scripted_games import underworlds_whole_game

pytestmark = pytest.mark.e2e


def test_two_players_and_a_spectator_play_a_whole_game(phones):
    """Setup, join by code, activations, an attack with entered dice, a reaction prompt, surge scoring,
    end phases and game over, with every event on the other phones within a second."""
    underworlds_whole_game(phones)
