"""A benchmark's reads of a game over REST with the game's referee token: the log's head and the whole log."""
from __future__ import annotations

import requests


def head(url: str, game: dict) -> int:
    """The seq of the game's last entry."""
    r = requests.get(f"{url}/api/games/{game['id']}", timeout=10,
                     headers={"Authorization": f"Bearer {game['referee_token']}"})
    return r.json()["head"]


def log(url: str, game: dict) -> list[dict]:
    """Every entry of the game's log, as the referee reads it."""
    r = requests.get(f"{url}/api/games/{game['id']}/events?since=0", timeout=10,
                     headers={"Authorization": f"Bearer {game['referee_token']}"})
    return r.json()["events"]
