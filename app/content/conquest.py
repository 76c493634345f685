"""Conquest content: content/conquest/ validated, and a game setup filled from it.

`cards.json` is the card pool (every official card and the community-made ones, facts only);
`planets.yaml` the 10 core planets with how the engine resolves their Battle abilities. Warlords and
token units are the pool's own records. The engine never reads files: `expand_setup` turns warlord names into full warlord
records, checks a registered deck and adds the planets, and the result is what `conquest/core`'s
`new_game` receives.
"""
from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import yaml
from marshmallow import ValidationError

from app.engine.conquest import decks
from app.engine.conquest.setup import MAX_DECK_SIZE
from app.engine.core import SetupError
from app.schemas.conquest import FILES, CardSchema, CardsFile

from . import conquest_abilities, files
from .errors import ContentError
from .lookup import Lookup


def content_dir() -> Path:
    """content/conquest (TW_CONTENT_DIR overrides the repository's content/)."""
    return files.content_root() / "conquest"


def _load_cards(path: Path) -> list[dict]:
    """cards.json, every record validated; ContentError names the record and the field."""
    try:
        raw = CardsFile().load(json.loads(path.read_text(encoding="utf-8")))
    except FileNotFoundError as exc:
        raise ContentError(f"{path}: missing") from exc
    except (ValueError, ValidationError) as exc:
        raise ContentError(f"{path}: {exc}") from exc
    out, seen = [], set()
    for i, rec in enumerate(raw["cards"]):
        try:
            card = CardSchema().load(rec)
        except ValidationError as exc:
            raise ContentError(f"{path}: cards[{i}] ({rec.get('name')!r}): {exc.messages}") from exc
        if card["name"].casefold() in seen:
            raise ContentError(f"{path}: cards[{i}] ({card['name']!r}): the name appears twice")
        seen.add(card["name"].casefold())
        out.append(card)
    names = {c["name"] for c in out}
    for card in out:
        for member in card.get("signature_squad") or []:
            if member["name"] not in names:
                raise ContentError(f"{path}: {card['name']!r}: signature card {member['name']!r} is not in the pool")
    return out


@functools.lru_cache(maxsize=4)
def _load(root: str) -> dict:
    out = {"cards": _load_cards(Path(root) / "cards.json")}
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
    """{"cards": [...], "planets": [...], "warlords": [...], "tokens": [...], "abilities": {name: record}},
    validated and cached."""
    root = str(content_dir())
    return {**_load(root), "warlords": _warlords(root), "tokens": _tokens(root), "abilities": abilities()}


def abilities() -> dict[str, dict]:
    """Card name -> what its ability does (content/conquest/abilities-*.yaml, the core set's cards), with the card's
    printed facts from the pool."""
    return _abilities(str(content_dir()))


@functools.lru_cache(maxsize=4)
def _abilities(root: str) -> dict[str, dict]:
    by_name = {c["name"]: c for c in _load(root)["cards"]}
    records = conquest_abilities.load_from(root, frozenset(by_name))
    type_of = {"army_unit": "army"}
    return {name: {**rec, "type": type_of.get(by_name[name]["type"], by_name[name]["type"]),
                   "faction": by_name[name]["faction"], "cost_printed": by_name[name].get("cost"),
                   "traits": list(by_name[name].get("traits") or []), "unique": bool(by_name[name].get("unique")),
                   "keywords": [keyword_text(k) for k in by_name[name].get("keywords") or []]}
            for name, rec in records.items()}


def catalogue() -> dict[str, list[dict]]:
    """{kind: [records]}: the card pool, the planets, the warlords and the token units."""
    return {kind: recs for kind, recs in load().items() if isinstance(recs, list)}


@functools.lru_cache(maxsize=4)
def _warlords(root: str) -> list[dict]:
    """The warlords of the card pool in the record form a game seat takes (a core set warlord with its starter
    deck's lines: the wizard offers it in one tap)."""
    by_name = {c["name"].casefold(): c for c in _load(root)["cards"]}
    return [{"slug": c["id"], "name": c["name"], "faction": c["faction"], "attack": c["attack"], "hp": c["hp"],
             "command": c["command_icons"], "starting_hand": c["starting_hand"],
             "starting_resources": c["starting_resources"], "traits": c["traits"],
             "keywords": [keyword_text(k) for k in c["keywords"]],
             "bloodied": {"attack": c["bloodied_attack"], "hp": c["bloodied_hp"]},
             "official": c["official"], "set": c["set"], "signature_squad": c["signature_squad"],
             "starter_deck": decks.starter_deck(c, by_name)}
            for c in _load(root)["cards"] if c["type"] == "warlord"]


@functools.lru_cache(maxsize=4)
def _tokens(root: str) -> list[dict]:
    """The pool's official token units in the record form a game's setup takes."""
    return [{"name": c["name"], "faction": c["faction"], "attack": c["attack"], "hp": c["hp"],
             "command": c["command_icons"] or 0, "keywords": [keyword_text(k) for k in c["keywords"]],
             "traits": list(c["traits"])} for c in _load(root)["cards"] if c["type"] == "token" and c["official"]]


def keyword_text(kw: dict) -> str:
    """A keyword as the engine reads it: "Area Effect" 2 -> "area effect 2";
    "No Wargear Attachments" -> "no attachments wargear" (no attachments of that trait)."""
    name = kw["name"].lower()
    if name.startswith("no ") and name.endswith(" attachments") and name != "no attachments":
        name = f"no attachments {name[3:-len(' attachments')]}"
    return f"{name} {kw['value']}".lower() if kw.get("value") is not None else name


def cards(community: bool = False) -> list[dict]:
    """The card pool: official cards, and the community-made ones when the table uses them."""
    return [c for c in load()["cards"] if c["official"] or community]


SUMMARY_FIELDS = ("id", "name", "type", "faction", "cost", "cost_x", "attack", "hp", "command_icons", "shields",
                  "traits", "unique", "loyalty", "official", "signature_of", "attach_to", "set")


def card_summary(card: dict) -> dict:
    """What a phone needs to enter a card by name: its numbers, traits and keywords as the engine reads them."""
    out = {k: card.get(k) for k in SUMMARY_FIELDS}
    out["keywords"] = [keyword_text(k) for k in card["keywords"]]
    return out


def pool() -> dict[str, dict]:
    """Every card by lower-case name (official and community)."""
    return {c["name"].casefold(): c for c in load()["cards"]}


def faction_order(faction: str | None) -> list[str]:
    """Factions in the order a player of `faction` looks for cards: own, its allies, Neutral, the rest."""
    first = [f for f in [faction, *decks.allies(faction), "Neutral"] if f]
    rest = sorted({c["faction"] for c in load()["cards"] if c["faction"] and c["faction"] not in first})
    return list(dict.fromkeys(first + rest))


def planets() -> list[dict]:
    """The 10 planet cards."""
    return copy.deepcopy(load()["planets"])


def warlords(community: bool = True) -> list[dict]:
    """Warlords of the card pool (community-made ones only when asked for)."""
    return copy.deepcopy([w for w in load()["warlords"] if w["official"] or community])


def tokens() -> list[dict]:
    """The official token units (offered when an ability puts tokens into play)."""
    return copy.deepcopy(load()["tokens"])


def warlord(key: str) -> dict | None:
    """A warlord by slug or name (case-insensitive)."""
    k = key.strip().lower()
    for w in warlords():
        if w["slug"] == k or w["name"].lower() == k:
            return w
    return None


def _options(setup: dict) -> dict:
    """The table's options, {} when the setup gives none (or not as an object)."""
    options = setup.get("options")
    return options if isinstance(options, dict) else {}


def community_on(setup: dict) -> bool:
    """Does the table use community-made cards (options.community_cards)?"""
    return _options(setup).get("community_cards") is True


def check_registered_deck(deck, warlord_rec: dict | None, community: bool) -> list[decks.DeckProblem]:
    """Problems of a registered deck {"cards": [{name, count}], "format"?}; SetupError if it is malformed."""
    if not isinstance(deck, dict) or not isinstance(deck.get("cards"), list):
        raise SetupError("A registered deck is {cards: [{name, count}]}.", "deck")
    if len(deck["cards"]) > MAX_DECK_SIZE:
        raise SetupError(f"A registered deck has at most {MAX_DECK_SIZE} lines.", "deck.cards")
    for j, item in enumerate(deck["cards"]):
        if not (isinstance(item, dict) and isinstance(item.get("name"), str) and item["name"].strip()
                and isinstance(item.get("count"), int) and not isinstance(item.get("count"), bool)
                and 0 <= item["count"] <= MAX_DECK_SIZE):
            raise SetupError(f"Deck line {j + 1}: give a card name and a whole number of copies "
                             f"(0 to {MAX_DECK_SIZE}).", f"deck.cards[{j}]")
    fmt = deck.get("format", "constructed")
    if fmt not in decks.FORMATS:
        raise SetupError(f"A deck format is one of: {', '.join(decks.FORMATS)}.", "deck.format")
    card = pool().get(warlord_rec["name"].casefold()) if warlord_rec else None
    return decks.check_deck(deck, card if card and card["type"] == "warlord" else None, pool(),
                            fmt=fmt, community=community)


STARTER = "starter"  # a seat's "deck": its warlord's core set starter deck, by name


def _starter_for(warlord_rec, i: int) -> dict:
    """The registered deck {cards, format: starter} of the warlord's core set starter deck; SetupError without one."""
    lines = warlord_rec.get("starter_deck") if isinstance(warlord_rec, dict) else None
    if not lines:
        name = warlord_rec.get("name") if isinstance(warlord_rec, dict) else None
        raise SetupError(f"{name or 'This warlord'} leads no core set starter deck: register the deck card by card.",
                         f"seats[{i}].deck")
    return {"cards": copy.deepcopy(lines), "format": "starter"}


def _starter_seat(seat: dict, lines, i: int) -> None:
    """The seat plays its warlord's starter deck: the deck's lines, and its cards' abilities (a starter deck's
    cards are public, so the engine offers their abilities in their windows)."""
    seat["deck"] = _starter_for({**seat["warlord"], "starter_deck": lines}, i)
    seat["abilities"] = conquest_abilities.for_deck(
        abilities(), [seat["warlord"]["name"], *(line["name"] for line in seat["deck"]["cards"])])


def expand_setup(ruleset_id: str, setup: dict, lookup: Lookup | None = None) -> dict:
    """A copy of the setup with planets from content, each seat's warlord as a full record, and a
    registered deck checked.

    A seat gives {"name", "warlord": slug | name | {record}, "deck_size"?, "deck"?}, where "deck": "starter" is
    the warlord's core set starter deck (rules summary, Setup: the faction's core set cards, one of each neutral
    card; a warlord from another product has none); a record is kept as
    entered (numbers from the card), a name is looked up (community warlords only with
    options.community_cards). A registered deck ({cards: [{name, count}], format?}) is checked against the
    deck rules (app/engine/conquest/decks.py): a problem stops the setup unless options.deck_override
    gives a reason. Only its size and problems stay in the game: the card list is the player's secret.
    (Conquest has no saved custom content: `lookup` is not asked.)
    """
    out = copy.deepcopy(setup) if isinstance(setup, dict) else setup
    if not isinstance(out, dict):
        return out
    if not out.get("planets") and not (out.get("options") or {}).get("planets"):
        out["planets"] = planets()
    if not out.get("tokens"):
        out["tokens"] = tokens()
    community = community_on(out)
    options = _options(out)
    override = isinstance(options.get("deck_override"), dict) and bool(options["deck_override"].get("reason"))
    for i, seat in enumerate(out.get("seats") or []):
        if not isinstance(seat, dict):
            continue
        wl = seat.get("warlord")
        if isinstance(wl, str):
            found = warlord(wl)
            if found is None:
                raise SetupError(f"There is no warlord '{wl}' in the content; enter its numbers.",
                                 f"seats[{i}].warlord")
            if not found["official"] and not community:
                raise SetupError(f"{found['name']} is a community-made warlord: tick 'community cards' "
                                 "for this table to use it.", f"seats[{i}].warlord")
            seat["warlord"] = found
        if isinstance(seat.get("warlord"), dict):
            starter = seat["warlord"].pop("starter_deck", None)  # the deck's lines stay out of the game's record
            if seat.get("deck") == STARTER:
                _starter_seat(seat, starter, i)
        if isinstance(seat.get("deck"), dict) and seat["deck"].get("registered") is True:
            continue  # checked when the game was set up (an exported setup expanded again)
        if seat.get("deck") == STARTER:  # a warlord typed in leads no starter deck
            seat["deck"] = _starter_for(None, i)
        if seat.get("deck") is not None:
            try:
                problems = check_registered_deck(seat["deck"], seat["warlord"] if isinstance(seat["warlord"], dict)
                                                 else None, community)
            except SetupError as exc:
                raise SetupError(exc.message, f"seats[{i}].{exc.field}") from None
            first = next((p for p in problems if not (override and p.overridable)), None)
            if first is not None:
                raise SetupError(f"{seat.get('name') or f'Player {i + 1}'}'s deck: {first.message} ({first.rule})",
                                 f"seats[{i}].deck")
            total = sum(item["count"] for item in seat["deck"]["cards"])
            seat["deck"] = {"registered": True, "cards": total, "problems": [p.to_dict() for p in problems],
                            **({"format": "starter"} if seat["deck"].get("format") == "starter" else {})}
            seat.setdefault("deck_size", total)
    return out
