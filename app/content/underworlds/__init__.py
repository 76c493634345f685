"""Underworlds content: warbands, decks and formats (library.py), their listings (listing.py) and game
setups filled from them (setup.py), behind the contract every game's content module offers."""
from __future__ import annotations

from .library import load
from .listing import card_index
from .setup import check_stored_setup, expand_setup

__all__ = ["catalogue", "check_stored_setup", "expand_setup", "load"]


def catalogue() -> dict[str, list[dict]]:
    """{kind: [records]}: every kind with a schema (warbands, decks, formats) and the card index."""
    lib = load()
    out = {kind: lib.all("underworlds", kind) for kind in lib.kinds()["underworlds"]}
    out["cards"] = card_index(lib)
    return out
