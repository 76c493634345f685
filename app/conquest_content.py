"""Conquest content: loads content/conquest/*.yaml (validated) and fills a game setup from it.

The engine never reads files: `expand_setup` turns warlord names into full warlord records and adds
the 10 planet cards, and the result is what `conquest/core`'s `new_game` receives.
"""
from __future__ import annotations

import copy
import functools
import os
from pathlib import Path

import yaml
from marshmallow import ValidationError

from app.engine.core import SetupError
from app.schemas.conquest import FILES

ROOT = Path(__file__).resolve().parent.parent / "content"


class ContentError(Exception):
    """A Conquest content file is missing or invalid."""


def content_dir() -> Path:
    """content/conquest (TW_CONTENT_DIR overrides the repository's content/)."""
    return Path(os.environ.get("TW_CONTENT_DIR") or ROOT) / "conquest"


@functools.lru_cache(maxsize=4)
def _load(root: str) -> dict:
    out = {}
    for stem, schema in FILES.items():
        path = Path(root) / f"{stem}.yaml"
        try:
            raw = yaml.safe_load(path.read_text(encoding="utf-8"))
            out[stem] = schema().load(raw)[stem]
        except FileNotFoundError as exc:
            raise ContentError(f"{path}: missing") from exc
        except (yaml.YAMLError, ValidationError) as exc:
            raise ContentError(f"{path}: {exc}") from exc
    return out


def load() -> dict:
    """{"planets": [...], "warlords": [...], "tokens": [...]}, validated and cached."""
    return _load(str(content_dir()))


def planets() -> list[dict]:
    """The 10 planet cards."""
    return copy.deepcopy(load()["planets"])


def warlords() -> list[dict]:
    """Known warlords."""
    return copy.deepcopy(load()["warlords"])


def tokens() -> list[dict]:
    """Known token units."""
    return copy.deepcopy(load()["tokens"])


def warlord(key: str) -> dict | None:
    """A warlord by slug or name (case-insensitive)."""
    k = key.strip().lower()
    for w in warlords():
        if w["slug"] == k or w["name"].lower() == k:
            return w
    return None


def expand_setup(setup: dict) -> dict:
    """A copy of the setup with planets from content and each seat's warlord as a full record.

    A seat gives {"name", "warlord": slug | name | {record}, "deck_size"?}; a record is kept as entered
    (numbers from the card), a name is looked up. Raises SetupError for an unknown warlord.
    """
    out = copy.deepcopy(setup) if isinstance(setup, dict) else setup
    if not isinstance(out, dict):
        return out
    if not out.get("planets") and not (out.get("options") or {}).get("planets"):
        out["planets"] = planets()
    if not out.get("tokens"):
        out["tokens"] = tokens()
    for i, seat in enumerate(out.get("seats") or []):
        if not isinstance(seat, dict):
            continue
        wl = seat.get("warlord")
        if isinstance(wl, str):
            found = warlord(wl)
            if found is None:
                raise SetupError(f"There is no warlord '{wl}' in the content; enter its numbers.",
                                 f"seats[{i}].warlord")
            seat["warlord"] = found
    return out
