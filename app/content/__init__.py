"""Game content: each game's files under content/<game>/, validated, and game setups filled from them.

Every game's content module (underworlds, conquest, battlelore) offers the same contract:

- `load()`: the game's validated content (cached per directory); a bad file raises ContentError naming
  the file, the record and the field. The server validates every game's content at startup.
- `catalogue()`: {kind: [records]}, what GET /api/content counts and lists for the game.
- `expand_setup(ruleset_id, setup, lookup)`: a new setup whose seats are filled from content (what the
  server does when a game is created); `lookup(kind, id)` fetches a player's saved content from the
  caller's store.
- `check_stored_setup(setup)` (optional): an imported game's setup, as stored when it was created, checked with the
  schemas a new game's seats pass; SetupError when a part is not what creating the game would have stored.

The engine itself never reads files.
"""
from __future__ import annotations

import copy
from types import ModuleType

from . import battlelore, conquest, underworlds
from .errors import ContentError
from .lookup import Lookup

GAMES: dict[str, ModuleType] = {"underworlds": underworlds, "conquest": conquest, "battlelore": battlelore}

__all__ = ["GAMES", "ContentError", "Lookup", "check_stored_setup", "expand_setup", "load_all", "record_id"]


def expand_setup(ruleset_id: str, setup: dict, lookup: Lookup | None = None) -> dict:
    """A new setup filled from the content of the ruleset's game; a copy of it for a game without content."""
    module = GAMES.get(ruleset_id.split("/", 1)[0]) if isinstance(ruleset_id, str) else None
    if module is None:
        return copy.deepcopy(setup)
    return module.expand_setup(ruleset_id, setup, lookup)


def check_stored_setup(ruleset_id: str, setup: dict) -> None:
    """An imported setup's parts checked as a new game's are (SetupError), for the games whose content says how."""
    module = GAMES.get(ruleset_id.split("/", 1)[0])
    check = getattr(module, "check_stored_setup", None)
    if check is not None:
        check(setup)


def load_all() -> None:
    """Validate every game's content (startup): raises the first bad file's ContentError."""
    for module in GAMES.values():
        module.load()


def record_id(rec: dict) -> str | None:
    """The id a record is served under: its id, else its slug, else its name."""
    for key in ("id", "slug", "name"):
        if isinstance(rec.get(key), str) and rec[key]:
            return rec[key]
    return None
