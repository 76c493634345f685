"""Underworlds content: content/underworlds/<kind>/*.yaml validated into a Library (cached per directory)."""
from __future__ import annotations

import functools
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from marshmallow import ValidationError

from app.engine.underworlds import card_terms
from app.schemas.content import KINDS

from .. import files
from ..errors import ContentError, invalid_file

# Traits a card may be restricted to (Deathgorge rulebook, Traits, pg 7; older cards name others).
TRAITS = ("leader", "wizard", "beast", "flying", "minion", "large")


@dataclass
class Library:
    """Every validated content record, by game and kind."""

    root: Path
    records: dict[tuple[str, str], dict[str, dict]] = field(default_factory=dict)
    files: dict[tuple[str, str, str], Path] = field(default_factory=dict)
    derived: dict[str, Any] = field(default_factory=dict)  # indexes built once from the records

    def kinds(self) -> dict[str, list[str]]:
        """{game: [kind, ...]} for every kind that has a schema (with or without files)."""
        out: dict[str, list[str]] = {}
        for game, kind in KINDS:
            out.setdefault(game, []).append(kind)
        return out

    def all(self, game: str, kind: str) -> list[dict]:
        """Every record of one kind, in id order."""
        recs = self.records.get((game, kind), {})
        return [recs[k] for k in sorted(recs)]

    def get(self, game: str, kind: str, rid: str) -> dict | None:
        """One record by id, or None."""
        return self.records.get((game, kind), {}).get(rid)

    def warband(self, wid: str) -> dict | None:
        """An Underworlds warband by id."""
        return self.get("underworlds", "warbands", wid)

    def deck(self, did: str) -> dict | None:
        """An Underworlds deck by id."""
        return self.get("underworlds", "decks", did)


def _load_file(path: Path, game: str, kind: str, rel: str) -> dict:
    raw = files.read_yaml(path, rel)
    if not isinstance(raw, dict):
        raise ContentError(f"{rel}: record (whole file): must be a mapping of fields")
    try:
        rec = KINDS[(game, kind)]().load(raw)
    except ValidationError as exc:
        raise invalid_file(rel, exc, raw, kind.rstrip("s")) from exc
    if rec["id"] != path.stem:
        raise ContentError(f"{rel}: record '{rec['id']}', field id: must match the file name '{path.stem}'")
    return rec


def _merge_behaviour(lib: Library) -> None:
    """Each behaviour file's entries into its deck's cards (by number, the name checked), every term checked."""
    for beh in lib.all("underworlds", "cards"):
        rel = lib.files[("underworlds", "cards", beh["id"])].relative_to(lib.root.parent)
        deck = lib.deck(beh["id"])
        if deck is None:
            raise ContentError(f"{rel}: cards '{beh['id']}', field id: no deck '{beh['id']}' in content")
        by_number = {c["number"]: c for c in deck["cards"] if c.get("number")}
        for number, entry in beh["cards"].items():
            card = by_number.get(number)
            where = f"{rel}: card {number}"
            if card is None:
                raise ContentError(f"{where}: the deck has no card of that number")
            if entry.get("name") != card["name"]:
                raise ContentError(f"{where}, field name: {entry.get('name')!r} is not the deck's {card['name']!r}")
            twice = [k for k in entry if k != "name" and card.get(k) not in (None, [], {}, False)]
            if twice:
                raise ContentError(f"{where}, field {twice[0]}: the deck file already sets it (one place for each)")
            merged = {**card, **{k: v for k, v in entry.items() if k != "name"}}
            bad = card_terms.problems(merged)
            if bad:
                raise ContentError(f"{where} ({card['name']}): {bad[0]}")
            card.update(merged)


def _cross_check(lib: Library) -> None:
    """References between files: warband <-> rivals decks."""
    for w in lib.all("underworlds", "warbands"):
        for did in w["rivals_decks"]:
            deck = lib.deck(did)
            rel = lib.files[("underworlds", "warbands", w["id"])].relative_to(lib.root.parent)
            if deck is None:
                raise ContentError(f"{rel}: warband '{w['id']}', field rivals_decks: no deck '{did}' in content")
            if deck["warband"] != w["id"]:
                raise ContentError(f"{rel}: warband '{w['id']}', field rivals_decks: deck '{did}' is for "
                                   f"'{deck['warband']}'")
    for d in lib.all("underworlds", "decks"):
        rel = lib.files[("underworlds", "decks", d["id"])].relative_to(lib.root.parent)
        warband = lib.warband(d["warband"]) if d["warband"] else None
        if d["warband"] and warband is None:
            raise ContentError(f"{rel}: deck '{d['id']}', field warband: no warband '{d['warband']}' in content")
        if warband is None:
            continue
        # A warband card restricted to a fighter names one of that warband's fighters (by slug).
        slugs = {f["slug"] for p in warband["printings"] for f in p["fighters"]}
        for i, card in enumerate(d["cards"]):
            for j, who in enumerate(card["restrictions"]):
                if who not in slugs and who not in TRAITS:
                    raise ContentError(f"{rel}: card '{card['name']}', field cards[{i}].restrictions[{j}]: "
                                       f"'{who}' is neither a fighter of {warband['name']} nor a trait")


def load_from(root: Path) -> Library:
    """Load and validate every content file under `root` (uncached); ContentError on the first bad file."""
    lib = Library(root=root)
    if not root.is_dir():
        raise ContentError(f"{root}: content directory not found")
    for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
        for kind_dir in sorted(p for p in game_dir.iterdir() if p.is_dir()):
            key = (game_dir.name, kind_dir.name)
            rel_dir = kind_dir.relative_to(root.parent)
            if key not in KINDS:
                raise ContentError(f"{rel_dir}: no schema for content kind '{key[1]}' of game '{key[0]}' "
                                   "(add it to app/schemas/content.py KINDS)")
            bucket = lib.records.setdefault(key, {})
            for path in sorted(kind_dir.glob("*.yaml")):
                rel = str(path.relative_to(root.parent))
                rec = _load_file(path, *key, rel)
                bucket[rec["id"]] = rec
                lib.files[(*key, rec["id"])] = path
    _merge_behaviour(lib)
    _cross_check(lib)
    return lib


# Validating every card takes about a second (benchmarks/content_load.py, benchmarks/README.md): a process that finds the same
# files validated before reads the records from a JSON cache instead. The key covers every content file
# (path, size, modification time) and the schema and loader code, so any change validates again.
_HERE = Path(__file__).resolve()


def _fingerprint(root: Path) -> str:
    digest = hashlib.sha256(str(root.resolve()).encode())
    for path in sorted(root.glob("*/*/*.yaml")):
        st = path.stat()
        digest.update(f"{path.relative_to(root)}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    for code in (_HERE, _HERE.parents[2] / "schemas" / "content.py",
                 _HERE.parents[2] / "engine" / "underworlds" / "card_terms.py"):
        digest.update(code.read_bytes())
    return digest.hexdigest()[:24]


def _cache_file(root: Path) -> Path:
    base = os.environ.get("TW_CONTENT_CACHE") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "tablewarden"
    return Path(base) / f"content-{_fingerprint(root)}.json"


def _from_cache(root: Path, path: Path) -> Library | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    lib = Library(root=root)
    for key, recs in data.items():
        game, kind = key.split("/", 1)
        lib.records[(game, kind)] = recs
        for rid in recs:
            lib.files[(game, kind, rid)] = root / game / kind / f"{rid}.yaml"
    return lib


def _to_cache(lib: Library, path: Path) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps({f"{g}/{k}": recs for (g, k), recs in lib.records.items()}), encoding="utf-8")
        tmp.replace(path)
        # Keep the few newest (several checkouts may share the directory), drop older validations.
        for old in sorted(path.parent.glob("content-*.json"), key=lambda p: p.stat().st_mtime)[:-8]:
            old.unlink(missing_ok=True)
    except OSError:
        pass  # no cache where we cannot write: the next process validates again


@functools.lru_cache(maxsize=4)
def _cached(root: str) -> Library:
    path = Path(root)
    cache = _cache_file(path) if path.is_dir() else None
    lib = _from_cache(path, cache) if cache is not None and cache.is_file() else None
    if lib is None:
        lib = load_from(path)
        if cache is not None:
            _to_cache(lib, cache)
    return lib


def load() -> Library:
    """The validated content library (cached per directory); raises ContentError if a file is bad."""
    return _cached(str(files.content_root()))
