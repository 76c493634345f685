"""Ruleset registry: ruleset id -> Ruleset instance, imported lazily so one game's bug cannot stop the others."""
from __future__ import annotations

import functools
import hashlib
import importlib
from pathlib import Path
from typing import Any

from . import core
from .core import Ruleset

# id -> "module:attribute" of a Ruleset instance, one line per ruleset.
KNOWN: dict[str, str] = {
    "underworlds/deathgorge": "app.engine.underworlds:DEATHGORGE",
    "underworlds/dreadfane": "app.engine.underworlds:DREADFANE",
    "underworlds/shadespire": "app.engine.underworlds:SHADESPIRE",
    "conquest/core": "app.engine.conquest:CONQUEST",
    "battlelore/second-edition": "app.engine.battlelore:BATTLELORE",
}

_extra: dict[str, Ruleset[Any]] = {}


class UnknownRuleset(KeyError):
    """No ruleset with that id is available."""


def register(rs: Ruleset[Any]) -> None:
    """Register a ruleset instance under its id (used by tests and plug-ins)."""
    _extra[rs.id] = rs


def get(ruleset_id: str) -> Ruleset[Any]:
    """The ruleset for an id such as 'underworlds/deathgorge'."""
    if ruleset_id in _extra:
        return _extra[ruleset_id]
    target = KNOWN.get(ruleset_id)
    if target is None:
        raise UnknownRuleset(ruleset_id)
    module_name, attr = target.split(":")
    try:
        module = importlib.import_module(module_name)
        found: Ruleset[Any] = getattr(module, attr)  # KNOWN names Ruleset instances only
    except (ImportError, AttributeError) as exc:
        raise UnknownRuleset(ruleset_id) from exc
    return found


def available() -> list[str]:
    """Ids of every ruleset that can be loaded now."""
    out = []
    for rid in [*KNOWN, *_extra]:
        try:
            get(rid)
        except UnknownRuleset:
            continue
        if rid not in out:
            out.append(rid)
    return out


def rules_version(ruleset_id: str) -> str:
    """A short hash of the code a ruleset's rules come from: the core (core.py and its parts) and its game's package.

    It changes with any change to that code, so a game records the rules it was played under, and the
    operator's replay check (python -m app verify) can tell which stored games predate a rules change.
    """
    return _rules_version(ruleset_id, type(get(ruleset_id)).__module__)


@functools.lru_cache(maxsize=None)
def _rules_version(ruleset_id: str, module_name: str) -> str:
    engine = Path(core.__file__).resolve().parent
    module = Path(str(importlib.import_module(module_name).__file__)).resolve()
    files = [engine / f"{part}.py" for part in ("core", *core.PARTS)]
    if engine in module.parents and module.parent != engine:
        package = module.parent
        while package.parent != engine:
            package = package.parent
        files += sorted(package.rglob("*.py"))
    else:
        files.append(module)
    digest = hashlib.sha256(ruleset_id.encode())
    for path in files:
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]
