"""BattleLore content: content/battlelore/*.yaml validated by their schemas, and a game setup filled from it.

The engine never reads files. `expand_setup` gives each seat the unit list it musters from: the
content units of its faction (numbers the summary does not give stay null until a player enters
them), then units the seat brings itself (entered before, saved, or typed in), which replace
content units of the same slug.
"""
from __future__ import annotations

import copy
import functools
from pathlib import Path

from marshmallow import ValidationError

from app.engine.battlelore.rules import MAX_UNIT_CARDS
from app.engine.battlelore.units import missing_numbers, problems_in_record
from app.engine.core import SetupError
from app.schemas.battlelore import CONTENT_FILES

from . import files
from .errors import ContentError, invalid_file
from .lookup import Lookup

FILES = tuple(CONTENT_FILES)
CUSTOM_KIND = "battlelore_units"


def content_dir() -> Path:
    """content/battlelore (TW_CONTENT_DIR overrides the repository's content/)."""
    return files.content_root() / "battlelore"


def _records(path: Path, stem: str) -> list[dict]:
    """One file's list of records, checked by its schema (the records are kept as written)."""
    raw = files.read_yaml(path, path)
    if not isinstance(raw, dict):
        raise ContentError(f"{path}: record (whole file): must be a mapping with a list under '{stem}'")
    try:
        CONTENT_FILES[stem]().load(raw)
    except ValidationError as exc:
        raise invalid_file(str(path), exc, raw, stem.rstrip("s")) from exc
    return raw[stem]


@functools.lru_cache(maxsize=4)
def _load(root: str) -> dict:
    base = Path(root)
    out = {stem: _records(base / f"{stem}.yaml", stem) for stem in FILES}
    factions = {f["id"] for f in out["factions"]}
    seen = set()
    for i, rec in enumerate(out["units"]):
        bad = problems_in_record(rec)
        if bad:
            raise ContentError(f"{base / 'units.yaml'}: units[{i}] ({rec.get('name')}): {'; '.join(bad)}")
        if rec["slug"] in seen:
            raise ContentError(f"{base / 'units.yaml'}: units[{i}]: slug {rec['slug']!r} appears twice")
        seen.add(rec["slug"])
        if rec.get("faction") is not None and rec["faction"] not in factions:
            raise ContentError(f"{base / 'units.yaml'}: units[{i}]: unknown faction {rec['faction']!r}")
    return out


def load() -> dict:
    """Every BattleLore content list, validated: {factions, units, command_cards, lore_cards, abilities}."""
    return copy.deepcopy(_load(str(content_dir())))


def catalogue() -> dict[str, list[dict]]:
    """{kind: [records]}: every content list."""
    return load()


def units_for(faction: str | None) -> list[dict]:
    """Content units a seat of this faction may muster: its own and the neutral ones."""
    wanted = {faction, "neutral"} if faction else {"neutral"}
    return [u for u in load()["units"] if u.get("faction") in wanted]


def _unit_list(raw, where: str) -> list[dict]:
    if not isinstance(raw, list):
        raise SetupError(f"{where} must be a list of unit records.", where)
    if len(raw) > MAX_UNIT_CARDS:
        raise SetupError(f"{where} holds at most {MAX_UNIT_CARDS} unit cards.", where)
    for i, rec in enumerate(raw):
        bad = problems_in_record(rec)
        if bad:
            raise SetupError(f"{where}[{i}]: {'; '.join(bad)}.", f"{where}.{i}")
    return copy.deepcopy(raw)


def expand_setup(ruleset_id: str, setup: dict, lookup: Lookup | None = None) -> dict:
    """A new setup whose seats carry their unit lists (content units first, own units replace them).

    Seats: {"name", "faction"?, "units"?: [records], "custom_id"?: saved unit list id}.
    Each seat also gets `missing`: for each unit slug, the numbers still to enter.
    """
    out = copy.deepcopy(setup)
    seats = out.get("seats") if isinstance(out, dict) else None
    if not isinstance(seats, list):
        return out  # the ruleset reports the malformed setup itself
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict):
            continue
        where = f"seats[{i}]"
        faction = seat.get("faction")
        faction = faction.lower() if isinstance(faction, str) else None
        own = _unit_list(seat.get("units") or [], f"{where}.units")
        if seat.get("custom_id") is not None:
            saved = lookup(CUSTOM_KIND, seat["custom_id"]) if lookup else None
            if saved is None:
                raise SetupError(f"{where}: there is no saved unit list '{seat['custom_id']}'.", f"{where}.custom_id")
            saved_units = saved.get("units") if isinstance(saved, dict) else saved
            own = _unit_list(saved_units, f"{where}.custom_id") + own
        merged = {u["slug"]: u for u in units_for(faction)}
        for rec in own:
            merged[rec["slug"]] = rec
        seat["units"] = list(merged.values())
        seat["missing"] = {u["slug"]: m for u in seat["units"] if (m := missing_numbers(u))}
    if isinstance(out.get("options", {}), dict):
        lib = load()
        out.setdefault("options", {}).setdefault("cards", {
            "command": [{"name": c["name"], "section": c.get("section")} for c in lib["command_cards"]],
            "lore": [{"name": c["name"], "blocks_opponent": bool(c.get("blocks_opponent")), "window": c.get("window"),
                      "cost": c.get("cost")} for c in lib["lore_cards"]]})
    return out
