"""Conquest card abilities: content/conquest/abilities-*.yaml validated against the closed vocabulary.

Each record says, in our own words, what a core set card's ability does (app/engine/conquest/card_terms.py);
`for_deck` gives a starter deck's records to a game's setup, where the engine offers them in their windows.
"""
from __future__ import annotations

import copy
import functools
from pathlib import Path

import yaml

from app.engine.conquest.card_terms import FACT_KEYS, problems

from .errors import ContentError


@functools.lru_cache(maxsize=4)
def load_from(root: str, names: frozenset[str]) -> dict[str, dict]:
    """Card name -> ability record from root/abilities-*.yaml (one file per faction), every record checked;
    ContentError names the file, the card and the term.
    `names`: the card pool's names (a record for a card the pool lacks is an error)."""
    out: dict[str, dict] = {}
    for path in sorted(Path(root).glob("abilities-*.yaml")):
        try:
            raw = yaml.safe_load(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as exc:
            raise ContentError(f"{path}: {exc}") from exc
        if not isinstance(raw, dict) or not isinstance(raw.get("abilities"), list):
            raise ContentError(f"{path}: the file holds `abilities:`, a list of records")
        for i, rec in enumerate(raw["abilities"]):
            bad = problems(rec)
            name = rec.get("name") if isinstance(rec, dict) else None
            if isinstance(rec, dict):
                bad += ["reading: our own words, how the card was read"] if "reading" not in rec else []
                bad += [f"{k}: a printed fact, taken from cards.json" for k in FACT_KEYS if k in rec]
            if bad:
                raise ContentError(f"{path}: abilities[{i}] ({name!r}): {'; '.join(bad)}")
            if name not in names:
                raise ContentError(f"{path}: abilities[{i}] ({name!r}): no card of that name in cards.json")
            if name in out:
                raise ContentError(f"{path}: abilities[{i}] ({name!r}): the card has a record already")
            out[name] = rec
    return out


def for_deck(records: dict[str, dict], names: list[str]) -> list[dict]:
    """The records of a deck's cards (the deck's lines and its warlord), as a game's setup takes them: without
    the readings (the phone never shows them; docs and the coverage report do)."""
    out = []
    for name in dict.fromkeys(names):
        rec = records.get(name)
        if rec is not None:
            out.append({k: copy.deepcopy(v) for k, v in rec.items() if k != "reading"})
    return out
