"""Game content: load and validate content/<game>/<kind>/*.yaml (cached), and expand game setups from it.

An invalid file stops startup: `load()` raises ContentError naming the file, the record and the field.
`expand_setup(ruleset_id, setup)` is what the server calls when a game is created: each Underworlds
seat that names a known warband gets its fighters (and warband name, Grand Alliance, deck) from
content; seats with their own fighters keep them, validated through the same schema. The engine
itself never reads files.
"""
from __future__ import annotations

import copy
import functools
import hashlib
import importlib
import inspect
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml
from marshmallow import ValidationError

from app.engine.core import SetupError
from app.engine.underworlds import decks as deck_rules
from app.schemas.content import (CUSTOM_KINDS, KINDS, NEEDED, CustomDeckSchema, FighterSchema, missing_fields)

# Traits a card may be restricted to (Deathgorge rulebook, Traits, pg 7; older cards name others).
TRAITS = ("leader", "wizard", "beast", "flying", "minion", "large")

ROOT = Path(__file__).resolve().parent.parent / "content"

# Which generations of the cards each ruleset offers (content/underworlds/SOURCES.md, "Editions").
# The Deathgorge rulebook is a first-edition product: its decks are the Rivals decks of 2022-2024, and
# warbands play the fighter cards of that era or, for older warbands, their original cards. The 2018
# (Shadespire) and 2019 (Dreadfane) rules go with the original products. Second-edition data (2024+)
# is kept for when those rules exist, and is not offered under rules it does not match.
DECK_EDITIONS: dict[str, tuple[str, ...]] = {
    "underworlds/deathgorge": ("first",),
    "underworlds/dreadfane": ("original",),
    "underworlds/shadespire": ("original",),
}
# Printings of the fighter cards a ruleset offers, in order of preference when the seat does not say.
PRINTING_PREFERENCE: dict[str, tuple[str, ...]] = {
    "underworlds/deathgorge": ("first", "original"),
    "underworlds/dreadfane": ("original",),
    "underworlds/shadespire": ("original",),
}


class ContentError(Exception):
    """A content file is invalid; the message names the file, the record and the field."""


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


# ---------------------------------------------------------------------------------------------
# Loading and error messages
# ---------------------------------------------------------------------------------------------

def _flatten(messages: Any, path: tuple = ()) -> list[tuple[tuple, str]]:
    """marshmallow's nested error dict -> [(path, message)]; '_schema' keys stay with their parent."""
    out: list[tuple[tuple, str]] = []
    if isinstance(messages, dict):
        for key, val in messages.items():
            sub = path if key == "_schema" else (*path, key)
            out.extend(_flatten(val, sub))
    elif isinstance(messages, list) and all(isinstance(m, str) for m in messages):
        out.extend((path, m) for m in messages)
    elif isinstance(messages, list):
        for m in messages:
            out.extend(_flatten(m, path))
    else:
        out.append((path, str(messages)))
    return out


def _path_str(path: tuple) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(whole record)"


def _record_label(data: Any, path: tuple, root_kind: str = "record") -> str:
    """Name of the innermost named record along `path` ("fighter 'targor'"), for error messages."""
    label = root_kind
    cur = data
    kind = root_kind
    for part in path:
        if isinstance(cur, dict):
            ident = cur.get("slug") or cur.get("id") or cur.get("name")
            if isinstance(ident, str):
                label = f"{kind} '{ident}'"
            kind = {"fighters": "fighter", "profiles": "profile", "printings": "printing",
                    "cards": "card", "objectives": "card", "power": "card",
                    "abilities": "ability"}.get(part, kind)
            cur = cur.get(part) if isinstance(part, str) else None
        elif isinstance(cur, list) and isinstance(part, int) and 0 <= part < len(cur):
            cur = cur[part]
        else:
            break
    if isinstance(cur, dict):
        ident = cur.get("slug") or cur.get("id") or cur.get("name")
        if isinstance(ident, str):
            label = f"{kind} '{ident}'"
    return label


def describe_errors(err: ValidationError, data: Any, root_kind: str = "record") -> list[dict]:
    """Each problem of a failed load as {record, field, message} (the field as a dotted path)."""
    out = []
    for path, msg in _flatten(err.messages):
        out.append({"record": _record_label(data, path, root_kind), "field": _path_str(path), "message": msg})
    return out


# libyaml's parser when it is installed: the card lists are large (measured in benchmarks/content_load.py).
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_file(path: Path, game: str, kind: str, rel: str) -> dict:
    try:
        raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER)  # noqa: S506 - a safe loader
    except yaml.YAMLError as exc:
        raise ContentError(f"{rel}: not valid YAML: {exc}") from exc
    if not isinstance(raw, dict):
        raise ContentError(f"{rel}: record (whole file): must be a mapping of fields")
    try:
        rec = KINDS[(game, kind)]().load(raw)
    except ValidationError as exc:
        lines = [f"{rel}: {p['record']}, field {p['field']}: {p['message']}" for p in describe_errors(exc, raw, kind.rstrip("s"))]
        raise ContentError("Invalid content file\n  " + "\n  ".join(lines)) from exc
    if rec["id"] != path.stem:
        raise ContentError(f"{rel}: record '{rec['id']}', field id: must match the file name '{path.stem}'")
    return rec


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
    _cross_check(lib)
    return lib


# Validating every card takes about a second (benchmarks/content_load.py): a process that finds the same
# files validated before reads the records from a JSON cache instead. The key covers every content file
# (path, size, modification time) and the schema and loader code, so any change validates again.
_HERE = Path(__file__).resolve()


def _fingerprint(root: Path) -> str:
    digest = hashlib.sha256(str(root.resolve()).encode())
    for path in sorted(root.glob("*/*/*.yaml")):
        st = path.stat()
        digest.update(f"{path.relative_to(root)}|{st.st_size}|{st.st_mtime_ns}\n".encode())
    for code in (_HERE, _HERE.parent / "schemas" / "content.py"):
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


def content_root() -> Path:
    """The content directory (TW_CONTENT_DIR overrides the repository's content/)."""
    return Path(os.environ.get("TW_CONTENT_DIR") or ROOT)


def load() -> Library:
    """The validated content library (cached per directory); raises ContentError if a file is bad."""
    return _cached(str(content_root()))


# ---------------------------------------------------------------------------------------------
# Other games keep their own loaders (flat files content/<game>/<kind>.yaml, their own schemas):
# each module offers load() -> {kind: [records]} and expand_setup(setup[, lookup]). They are listed
# and expanded through this module so the server and the API stay generic by game.
# ---------------------------------------------------------------------------------------------

GAME_MODULES: dict[str, str] = {"conquest": "app.conquest_content", "battlelore": "app.battlelore_content"}


def _other_game(game: str):
    return importlib.import_module(GAME_MODULES[game])


def _params(game: str) -> set[str]:
    return set(inspect.signature(_other_game(game).expand_setup).parameters)


def other_games() -> dict[str, dict[str, list[dict]]]:
    """{game: {kind: [records]}} from the other games' loaders (each validates its own files)."""
    out = {}
    for game in GAME_MODULES:
        out[game] = {kind: recs for kind, recs in _other_game(game).load().items() if isinstance(recs, list)}
    return out


def record_id(rec: dict) -> str | None:
    """The id a record is served under: its id, else its slug, else its name."""
    for key in ("id", "slug", "name"):
        if isinstance(rec.get(key), str) and rec[key]:
            return rec[key]
    return None


def load_all() -> None:
    """Validate every game's content (startup): raises the first loader's error."""
    load()
    other_games()


# ---------------------------------------------------------------------------------------------
# Summaries for listings
# ---------------------------------------------------------------------------------------------

def summary(game: str, kind: str, rec: dict) -> dict:
    """A short form of a record for listings (full records are served one at a time)."""
    out = {"id": rec["id"], "name": rec.get("name")}
    if (game, kind) == ("underworlds", "warbands"):
        out.update(grand_alliance=rec["grand_alliance"], rivals_decks=rec["rivals_decks"],
                   printings=[printing_summary(p) for p in rec["printings"]])
    elif (game, kind) == ("underworlds", "decks"):
        out.update(kind=rec["kind"], symbol=rec["symbol"], warband=rec["warband"], edition=rec["edition"],
                   season=rec["season"], product=rec["product"],
                   complete=rec["complete"], cards=len(rec["cards"]), plot=bool(rec["plot"]))
    return out


def needs_typing(fighter: dict) -> list[str]:
    """The missing numbers a game cannot start without (characteristics and attack actions)."""
    return [m for m in missing_fields(fighter) if m in NEEDED or m == "profiles" or m.startswith("profiles[")]


def printing_summary(printing: dict) -> dict:
    """A printing in a listing: which cards, and whether a seat playing it has numbers to type in."""
    return {"id": printing["id"], "edition": printing["edition"], "label": printing["label"],
            "fighters": len(printing["fighters"]),
            "incomplete": any(missing_fields(f) for f in printing["fighters"]),
            "needs_typing": any(needs_typing(f) for f in printing["fighters"])}


def offered_printings(warband: dict, ruleset_id: str) -> list[dict]:
    """The printings a ruleset offers for a warband, its preferred one first."""
    prefs = PRINTING_PREFERENCE.get(ruleset_id, ())
    return sorted((p for p in warband["printings"] if p["edition"] in prefs), key=lambda p: prefs.index(p["edition"]))


def offers_deck(deck: dict, ruleset_id: str | None) -> bool:
    """Whether a ruleset offers this deck (its generation of the cards); every deck without a ruleset."""
    return ruleset_id is None or deck["edition"] in DECK_EDITIONS.get(ruleset_id, ())


def card_index(lib: Library) -> list[dict]:
    """Every card of every deck as a short fact record (one per card and deck), in deck order (built once)."""
    if "cards" not in lib.derived:
        lib.derived["cards"] = _card_index(lib)
    return lib.derived["cards"]


def _card_index(lib: Library) -> list[dict]:
    out = []
    for deck in lib.all("underworlds", "decks"):
        for card in deck["cards"]:
            rec = {"name": card["name"], "type": card["type"], "number": card["number"],
                   "deck": deck["id"], "deck_name": deck["name"], "symbol": card.get("symbol") or deck["symbol"],
                   "warband": deck["warband"], "edition": deck["edition"], "season": deck["season"],
                   "product": deck["product"]}
            for key in ("glory", "scoring", "glory_cost"):
                if card.get(key) is not None:
                    rec[key] = card[key]
            for key in ("tags", "restrictions"):
                if card.get(key):
                    rec[key] = card[key]
            if card.get("hybrid"):
                rec["hybrid"] = True
            if card.get("dual"):
                rec["dual"] = True
            if card.get("effect"):
                rec["effect"] = card["effect"]  # our own summary, never the printed text
            out.append(rec)
    return out


# Filters of GET /api/content/underworlds/<kind> (all optional): ruleset, warband, q (name contains),
# type (cards: objective | ploy | spell | upgrade; also accepted as `kind`), deck (cards of one deck),
# usable_by (cards: a warband's own and the universal ones, what a deck builder picks from).
def query(lib: Library, kind: str, args: dict) -> list[dict]:
    """Records of one Underworlds kind matching the filters, as listing items (decks and warbands summarised)."""
    ruleset = args.get("ruleset") or None
    warband = args.get("warband") or None
    needle = (args.get("q") or "").strip().casefold()
    if kind == "cards":
        ctype = args.get("type") or args.get("kind") or None
        deck_id = args.get("deck") or None
        usable_by = args.get("usable_by") or None   # a warband: its own cards and the universal ones
        items = [c for c in card_index(lib)
                 if (ruleset is None or c["edition"] in DECK_EDITIONS.get(ruleset, ()))
                 and (warband is None or c["warband"] == warband)
                 and (usable_by is None or c["warband"] == usable_by or c["symbol"] == "universal")
                 and (ctype is None or c["type"] == ctype)
                 and (deck_id is None or c["deck"] == deck_id)
                 and needle in c["name"].casefold()]
        if needle:  # names that start with the search first
            items.sort(key=lambda c: not c["name"].casefold().startswith(needle))
        return items
    records = lib.all("underworlds", kind)
    if kind == "decks":
        records = [d for d in records if offers_deck(d, ruleset)
                   and (warband is None or d["warband"] == warband or d["symbol"] == "universal")]
    elif kind == "warbands":
        records = [w for w in records if ruleset is None or offered_printings(w, ruleset)]
    records = [r for r in records if needle in (r.get("name") or r["id"]).casefold()]
    items = [summary("underworlds", kind, r) for r in records]
    if kind == "warbands" and ruleset:
        for item, rec in zip(items, records):
            item["default_printing"] = offered_printings(rec, ruleset)[0]["id"]
    return items


def page(items: list, args: dict, default: int = 100, most: int = 500) -> dict:
    """One page of a listing: {items, total, page, per_page, next} (page counts from 1)."""
    def number(key, fallback, low, high):
        try:
            return max(low, min(high, int(args.get(key, fallback))))
        except (TypeError, ValueError):
            return fallback
    per_page = number("per_page", default, 1, most)
    pages = max(1, -(-len(items) // per_page))
    at = number("page", 1, 1, pages)
    return {"items": items[(at - 1) * per_page: at * per_page], "total": len(items), "page": at,
            "per_page": per_page, "next": at + 1 if at < pages else None}


def choose_printing(warband: dict, ruleset_id: str, wanted: str | None = None) -> dict:
    """The printing a seat plays with: the one asked for (any printing: the cards the player holds), else the
    ruleset's preferred one; KeyError when neither exists."""
    if wanted:
        for p in warband["printings"]:
            if p["id"] == wanted:
                return p
        raise KeyError(wanted)
    offered = offered_printings(warband, ruleset_id)
    if not offered:
        raise KeyError(None)
    return offered[0]


# ---------------------------------------------------------------------------------------------
# Game setup expansion
# ---------------------------------------------------------------------------------------------

Lookup = Callable[[str, str], dict | None]


def _validate_fighters(raw: Any, where: str) -> list[dict]:
    if not isinstance(raw, list) or not raw:
        raise SetupError(f"{where}: enter at least one fighter.", where)
    try:
        fighters = FighterSchema(many=True).load(raw)
    except ValidationError as exc:
        problem = describe_errors(exc, raw, "fighter")[0]
        label = problem["record"]
        field_path = where + problem["field"] if problem["field"].startswith("[") else where
        raise SetupError(f"{where}: {label}, field {problem['field']}: {problem['message']}",
                         field_path) from exc
    seen = set()
    for i, f in enumerate(fighters):
        # The engine picks an Attack action by name: an unnamed one gets a stand-in name.
        for j, prof in enumerate(f["profiles"]):
            if not prof.get("name"):
                prof["name"] = f"Attack {j + 1}"
        if f["slug"] in seen:
            raise SetupError(f"{where}[{i}]: two fighters are called '{f['slug']}'.", f"{where}[{i}].slug")
        seen.add(f["slug"])
    return fighters


def _card_with_symbol(card: dict, deck: dict) -> dict:
    out = copy.deepcopy(card)
    out["symbol"] = out.get("symbol") or deck["symbol"]
    out["deck"] = deck["id"]
    return out


def _deck_from_content(lib: Library, did: str, where: str) -> dict:
    deck = lib.deck(did)
    if deck is None:
        raise SetupError(f"{where}: there is no deck '{did}' in the content.", where)
    cards = [_card_with_symbol(c, deck) for c in deck["cards"]]
    # A collection (an original product's cards) is the pool a deck is built from, not the deck itself:
    # its cards are offered by name and the deck's size is the printed rule's.
    meta = _deck_meta(deck)
    return {"id": deck["id"], "name": deck["name"], "complete": meta["complete"],
            "rivals": [meta],
            "plots": [deck["plot"]["name"]] if deck["plot"] else [],
            "objectives": [c for c in cards if c["type"] == "objective"],
            "power": [c for c in cards if c["type"] != "objective"]}


def _deck_meta(deck: dict) -> dict:
    return {"id": deck["id"], "name": deck["name"], "symbol": deck["symbol"], "warband": deck["warband"],
            "plot": deck["plot"]["name"] if deck["plot"] else None, "edition": deck["edition"],
            "complete": deck["complete"] and deck["kind"] != "collection"}


def _built_deck(lib: Library, spec: dict, where: str) -> dict:
    """A Nemesis/Relic deck given as card names picked from content decks (`rivals` lists the decks)."""
    rivals = spec.get("rivals") or []
    if not isinstance(rivals, list):
        raise SetupError(f"{where}.rivals must be a list of deck ids.", f"{where}.rivals")
    pools = []
    for i, did in enumerate(rivals):
        deck = lib.deck(did) if isinstance(did, str) else None
        if deck is None:
            raise SetupError(f"{where}.rivals[{i}]: there is no deck '{did}' in the content.", f"{where}.rivals[{i}]")
        pools.append(deck)
    search = pools or lib.all("underworlds", "decks")
    out = {"id": None, "name": spec.get("name") or "Built deck", "complete": True,
           "rivals": [_deck_meta(d) for d in pools], "plots": [], "objectives": [], "power": []}
    for part in ("objectives", "power"):
        names = spec.get(part) or []
        if not isinstance(names, list):
            raise SetupError(f"{where}.{part} must be a list of card names.", f"{where}.{part}")
        for i, name in enumerate(names):
            found = next(((c, d) for d in search for c in d["cards"]
                          if isinstance(name, str) and c["name"].casefold() == name.casefold()), None)
            if found is None:
                raise SetupError(f"{where}.{part}[{i}]: no card called '{name}' in the chosen decks.",
                                 f"{where}.{part}[{i}]")
            card = _card_with_symbol(*found)
            out[part].append(card)
            if found[1]["plot"] and found[1]["plot"]["name"] not in out["plots"]:
                out["plots"].append(found[1]["plot"]["name"])
    return out


def _custom_deck(payload: dict, where: str) -> dict:
    try:
        deck = CustomDeckSchema().load(payload)
    except ValidationError as exc:
        problem = describe_errors(exc, payload)[0]
        raise SetupError(f"{where}: {problem['record']}, {problem['field']}: {problem['message']}",
                         f"{where}.{problem['field']}") from exc
    for part in ("objectives", "power"):
        for card in deck[part]:
            card["symbol"] = card.get("symbol") or (deck.get("warband") or "universal")
            card["deck"] = None
    return {"id": None, "name": deck["name"], "complete": True, "rivals": [],
            "plots": [deck["plot"]["name"]] if deck["plot"] else [],
            "objectives": deck["objectives"], "power": deck["power"]}


def _resolve_deck(lib: Library, spec: Any, where: str, lookup: Lookup | None) -> dict:
    if isinstance(spec, str):
        return _deck_from_content(lib, spec, where)
    if not isinstance(spec, dict):
        raise SetupError(f"{where}: a deck is a deck id or an object.", where)
    if "custom_id" in spec:
        if not isinstance(spec["custom_id"], str) or len(spec["custom_id"]) > 64:
            raise SetupError(f"{where}.custom_id must be the id of a saved deck.", f"{where}.custom_id")
        payload = lookup("deck", spec["custom_id"]) if lookup else None
        if payload is None:
            raise SetupError(f"{where}: there is no saved deck '{spec['custom_id']}'.", f"{where}.custom_id")
        return _custom_deck(payload, where)
    cards = [*(spec.get("objectives") or []), *(spec.get("power") or [])]
    if cards and all(isinstance(c, dict) for c in cards):
        return _custom_deck(spec, where)
    return _built_deck(lib, spec, where)


def card_list(lib: Library, fmt: str | None, list_id: Any, lookup: Lookup | None) -> dict | None:
    """The restricted and forbidden lists a format is checked against: the organiser's saved list named by
    options.card_list, else the content's list for that format (content/underworlds/formats/<format>.yaml)."""
    if list_id is None:
        return lib.get("underworlds", "formats", fmt) if fmt else None
    if not isinstance(list_id, str) or len(list_id) > 64:
        raise SetupError("options.card_list must be the id of a saved card list.", "options.card_list")
    saved = lookup("card-list", list_id) if lookup else None
    if saved is None:
        raise SetupError(f"There is no saved card list '{list_id}'.", "options.card_list")
    if saved.get("format") != fmt:
        raise SetupError(f"The card list '{saved.get('name')}' is for the {saved.get('format')} format, not {fmt}.",
                         "options.card_list")
    return saved


def _validate_seat_deck(ruleset_id: str, fmt: str | None, seat: dict, where: str, lib: Library,
                        override: bool, fmt_data: dict | None = None) -> None:
    """Deck-building rules: the chosen format (current rules) or the edition's own rule (2018/2019);
    SetupError naming the rule."""
    edition = ruleset_id.split("/", 1)[1] if "/" in ruleset_id else ""
    if edition in ("shadespire", "dreadfane"):
        fmt = edition
    elif ruleset_id != "underworlds/deathgorge" or not fmt:
        return
    warband = {"id": seat.get("warband"), "grand_alliance": seat.get("grand_alliance")}
    fmt_data = fmt_data or lib.get("underworlds", "formats", fmt)
    problems = deck_rules.validate_deck(fmt, warband, seat["deck"], fmt_data)
    seat["deck_problems"] = [p.to_dict() for p in problems]
    if problems and not override:
        first = problems[0]
        raise SetupError(f"{where}: {first.message} ({first.rule})", f"{where}.deck")


def expand_setup(ruleset_id: str, setup: dict, lookup: Lookup | None = None) -> dict:
    """Fill each seat from content (fighters, warband name, Grand Alliance, deck); a new dict.

    Seats: {"name", "warband": id | "custom", "printing"?, "fighters"?, "custom_id"?, "deck"?}.
    Each Underworlds seat comes back with `fighters` (validated records) and `missing`: for each
    fighter slug, the fields no source gives that the players must enter before the game starts.
    `lookup(kind, id)` fetches saved custom content (the server passes its store). Other games'
    setups are returned unchanged (copied).
    """
    out = copy.deepcopy(setup)
    game = ruleset_id.split("/", 1)[0] if isinstance(ruleset_id, str) else None
    if game in GAME_MODULES:
        return _other_game(game).expand_setup(out, **({"lookup": lookup} if "lookup" in _params(game) else {}))
    if game != "underworlds" or not isinstance(out, dict):
        return out
    seats = out.get("seats")
    if not isinstance(seats, list):
        return out  # the ruleset reports the malformed setup itself
    lib = load()
    options = out.get("options") if isinstance(out.get("options"), dict) else {}
    fmt = options.get("format")
    lists = card_list(lib, fmt, options.get("card_list"), lookup) if ruleset_id == "underworlds/deathgorge" else None
    override = bool(isinstance(options.get("deck_override"), dict) and options["deck_override"].get("reason"))
    for i, seat in enumerate(seats):
        where = f"seats[{i}]"
        if not isinstance(seat, dict):
            continue
        wid = seat.get("warband")
        if seat.get("custom_id") is not None:
            if not isinstance(seat["custom_id"], str) or len(seat["custom_id"]) > 64:
                raise SetupError(f"{where}.custom_id must be the id of a saved warband.", f"{where}.custom_id")
            payload = lookup("warband", seat["custom_id"]) if lookup else None
            if payload is None:
                raise SetupError(f"{where}: there is no saved warband '{seat['custom_id']}'.", f"{where}.custom_id")
            seat.setdefault("fighters", payload["fighters"])
            seat.setdefault("warband_name", payload.get("name"))
            seat.setdefault("grand_alliance", payload.get("grand_alliance"))
            wid = seat.setdefault("warband", "custom")
        known = lib.warband(wid) if isinstance(wid, str) else None
        if seat.get("fighters") is None:
            if known is None:
                if wid in (None, "custom"):
                    raise SetupError(f"{where}: choose a warband or enter your fighters.", f"{where}.warband")
                raise SetupError(f"{where}: there is no warband '{wid}' in the content.", f"{where}.warband")
            try:
                printing = choose_printing(known, ruleset_id, seat.get("printing"))
            except KeyError:
                raise SetupError(no_printing(known, seat.get("printing")), f"{where}.printing") from None
            seat["fighters"] = copy.deepcopy(printing["fighters"])
            seat["printing"] = printing["id"]
        seat["fighters"] = _validate_fighters(seat["fighters"], f"{where}.fighters")
        if known is not None:
            seat.setdefault("warband_name", known["name"])
            seat.setdefault("grand_alliance", known["grand_alliance"])
        seat["missing"] = {f["slug"]: m for f in seat["fighters"] if (m := missing_fields(f))}
        if seat.get("deck") is not None:
            seat["deck"] = _resolve_deck(lib, seat["deck"], f"{where}.deck", lookup)
            if not seat["deck"]["complete"]:
                # Our sources do not give every card of this deck: the table still plays the printed
                # deck of 12 objective and 20 power cards (Deathgorge rulebook, The decks, pg 7), so
                # the card counts come from here and the listed cards are only those we know.
                seat.setdefault("deck_sizes", {"objectives": 12, "power": 20})
            _validate_seat_deck(ruleset_id, fmt, seat, where, lib, override, lists)
    return out


def no_printing(warband: dict, wanted: str | None) -> str:
    """Why a seat cannot play this warband's cards as asked, and what it can do instead."""
    ids = ", ".join(p["id"] for p in warband["printings"])
    if not warband["printings"]:
        return f"No source gives the fighter cards of {warband['name']}: enter your fighters."
    if wanted:
        return f"'{warband['name']}' has no printing '{wanted}' (choose one of: {ids})."
    return (f"These rules offer no printing of {warband['name']}'s fighter cards (it has: {ids}): "
            "name the printing you hold, or enter your fighters.")


def validate_custom(kind: str, payload: Any) -> tuple[dict | None, list[dict]]:
    """Validate custom content (a player's warband or deck): (clean record, []) or (None, problems)."""
    schema = CUSTOM_KINDS.get(kind)
    if schema is None:
        return None, [{"record": "record", "field": "kind", "message": f"unknown custom kind '{kind}'"}]
    if not isinstance(payload, dict):
        return None, [{"record": "record", "field": "(whole record)", "message": "must be an object"}]
    try:
        return schema().load(payload), []
    except ValidationError as exc:
        return None, describe_errors(exc, payload)
