"""Starting a game: warlords, decks, the planet line and the starting hands and resources (rules summary, Setup)."""
from __future__ import annotations

from typing import Any, Literal, overload

from ..core import SetupError
from .card_terms import problems as ability_problems
from .cards import norm_keywords
from .types import ConquestState

LINE_LENGTH = 7      # "deal 7 of them in a line" (Setup)
FACE_UP_AT_START = 5  # "turns the first 5 planets faceup" (Setup)
PLANET_TYPES = ("material", "strongpoint", "tech")
# Not in the rules summary: a deck size is needed to know when a deck runs out. 50 is the usual
# deckbuilding minimum; the table enters its real count at setup (seat "deck_size") or corrects it
# later with an adjust_cards event.
DEFAULT_DECK_SIZE = 50

# Bounds of what a table enters at setup (no override lifts a set-up check). A printed number is at most 30 (the
# card pool's own schema, app/schemas/conquest.py: STAT and COUNT); a deck is at least 50 cards (Deck
# customisation) and we take three times that as the most; the core set's planet deck is 10 planets and its token
# units 5 (content/conquest), so 30 of each leaves room for every expansion; a card prints at most 3 keywords and 3
# traits (content/conquest/cards.json).
MOST_NUMBER = 30
MAX_DECK_SIZE = 150
MAX_PLANETS = 30
MAX_TOKENS = 30
MAX_WORDS = 12
MAX_ABILITIES = 60  # a starter deck names about 25 different cards (content/conquest/abilities-*.yaml)


@overload
def _int(value: object, field: str, lo: int = 0, allow_none: Literal[False] = False, hi: int = MOST_NUMBER) -> int: ...


@overload
def _int(value: object, field: str, lo: int = 0, *, allow_none: bool, hi: int = MOST_NUMBER) -> int | None: ...


def _int(value: object, field: str, lo: int = 0, allow_none: bool = False, hi: int = MOST_NUMBER) -> int | None:
    if value is None and allow_none:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SetupError(f"{field} must be a whole number from {lo} to {hi}.", field)
    return value


def _words(raw: object, field: str) -> list[Any]:
    """A card's keywords or traits as entered: a list of at most MAX_WORDS."""
    if raw is None:
        return []
    if not isinstance(raw, list) or len(raw) > MAX_WORDS:
        raise SetupError(f"{field} must be a list of at most {MAX_WORDS} words.", field)
    return raw


def warlord_record(raw: object, field: str) -> dict[str, Any]:
    """A validated warlord: name, hale attack/HP, starting hand and resources, bloodied side (or null)."""
    if not isinstance(raw, dict):
        raise SetupError("Choose a warlord from the list or enter its numbers.", field)
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise SetupError("The warlord needs a name.", f"{field}.name")
    bloodied = raw.get("bloodied")
    if bloodied is not None:
        if not isinstance(bloodied, dict):
            raise SetupError("The bloodied side must give attack and hp.", f"{field}.bloodied")
        bloodied = {"attack": _int(bloodied.get("attack"), f"{field}.bloodied.attack", allow_none=True),
                    "hp": _int(bloodied.get("hp"), f"{field}.bloodied.hp", 1, allow_none=True)}
        if bloodied["attack"] is None or bloodied["hp"] is None:
            bloodied = None  # unknown: asked for when the warlord is bloodied
    faction = raw.get("faction")
    return {"name": name.strip(), "faction": faction.strip() if isinstance(faction, str) and faction.strip() else None,
            "attack": _int(raw.get("attack"), f"{field}.attack"),
            "hp": _int(raw.get("hp"), f"{field}.hp", 1),
            "command": _int(raw.get("command", 0) or 0, f"{field}.command"),
            "starting_hand": _int(raw.get("starting_hand"), f"{field}.starting_hand"),
            "starting_resources": _int(raw.get("starting_resources"), f"{field}.starting_resources"),
            "keywords": norm_keywords(_words(raw.get("keywords"), f"{field}.keywords")),
            "traits": [t for t in _words(raw.get("traits"), f"{field}.traits") if isinstance(t, str)],
            "bloodied": bloodied}


def planet_record(raw: object, field: str) -> dict[str, Any]:
    """A validated planet card: name, type symbols, resource and card bonuses, battle ability summary."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise SetupError("Each planet needs a name.", field)
    types = raw.get("types")
    if not isinstance(types, list) or not types or any(t not in PLANET_TYPES for t in types):
        raise SetupError(f"Planet types must be some of {', '.join(PLANET_TYPES)}.", f"{field}.types")
    return {"name": raw["name"].strip(), "types": sorted(set(types)),
            "resources": _int(raw.get("resources", 0), f"{field}.resources"),
            "cards": _int(raw.get("cards", 0), f"{field}.cards"),
            "battle": raw.get("battle") if isinstance(raw.get("battle"), str) else None,
            "effect": raw.get("effect") if isinstance(raw.get("effect"), str) else None}


def token_record(raw: object, field: str) -> dict[str, Any]:
    """A token unit known to the game (offered when an ability puts tokens into play)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str) or not raw["name"].strip():
        raise SetupError("Each token unit needs a name.", field)
    return {"name": raw["name"].strip(), "type": "token", "attack": _int(raw.get("attack", 0), f"{field}.attack"),
            "hp": _int(raw.get("hp"), f"{field}.hp", 1), "command": _int(raw.get("command", 0) or 0, f"{field}.command"),
            "keywords": norm_keywords(_words(raw.get("keywords"), f"{field}.keywords")),
            "traits": [t for t in _words(raw.get("traits"), f"{field}.traits") if isinstance(t, str)], "unique": False}


def new_game(setup: dict[str, Any], ruleset_id: str) -> ConquestState:
    """The state before the initiative is decided: warlords at HQ, hands drawn, resources taken, 7 planet slots."""
    if not isinstance(setup, dict):
        raise SetupError("The setup must be an object.", None)
    options = setup.get("options") or {}
    raw_seats = setup.get("seats")
    if not isinstance(raw_seats, list) or len(raw_seats) != 2:
        raise SetupError("Conquest is a game for two players.", "seats")
    planets = _planets(setup, options)
    tokens = _tokens(setup, options)
    state: ConquestState = {"ruleset": ruleset_id, "seats": {}, "units": {}, "cards": {}, "planets": planets, "tokens": tokens,
             "line": [{"slot": i, "name": None, "face_up": False, "status": "line", "captured_by": None}
                      for i in range(1, LINE_LENGTH + 1)],
             "first_planet": 1, "initiative": None, "starter": None, "round": 0,
             "phase": "setup", "step": {"name": "initiative"}, "battle": None, "pending": [],
             "last_capture": None, "result": None, "counter": 0,
             # Seqs of the commit events whose dials were revealed: the only dials the log shows the opponent.
             "revealed_dials": [],
             # The names of cards that left play, by id: the log and the other phone still name them.
             "left_play": {},
             # Community-made cards are offered only at a table that chose them (the phone's card lists).
             "community_cards": options.get("community_cards") is True,
             # Each seat's card abilities (a starter deck's cards: public), the windows open for them, and the
             # last phase or round a limited ability was used.
             "abilities": {}, "window": [], "ability_uses": {}}
    for i, raw in enumerate(raw_seats):
        _add_seat(state, i, raw, options)
    return state


def _planets(setup: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The game's planet cards by name, checked (enough for the line, none twice)."""
    raw_planets = setup.get("planets") or options.get("planets")
    if not isinstance(raw_planets, list) or not LINE_LENGTH <= len(raw_planets) <= MAX_PLANETS:
        raise SetupError(f"The game needs the planet cards (at least {LINE_LENGTH}, at most {MAX_PLANETS}).", "planets")
    planets = {}
    for i, raw in enumerate(raw_planets):
        rec = planet_record(raw, f"planets[{i}]")
        if rec["name"] in planets:
            raise SetupError(f"Planet {rec['name']} is listed twice.", f"planets[{i}].name")
        planets[rec["name"]] = rec
    return planets


def _tokens(setup: dict[str, Any], options: dict[str, Any]) -> dict[str, Any]:
    """The token units the game's cards can make, by name."""
    tokens = {}
    raw_tokens = setup.get("tokens") or options.get("tokens") or []
    if not isinstance(raw_tokens, list) or len(raw_tokens) > MAX_TOKENS:
        raise SetupError(f"The token units are a list of at most {MAX_TOKENS}.", "tokens")
    for i, raw in enumerate(raw_tokens):
        rec = token_record(raw, f"tokens[{i}]")
        tokens[rec["name"]] = rec
    return tokens


def _starter(deck: object) -> bool:
    """Was the seat's deck registered as a core set starter deck (app/content/conquest.py checked it)?"""
    return isinstance(deck, dict) and deck.get("registered") is True and deck.get("format") == "starter"


def _add_seat(state: ConquestState, i: int, raw: object, options: dict[str, Any]) -> None:
    """Seat i's warlord at its HQ and its player record (hand drawn, resources taken) added to the state."""
    seat = f"p{i + 1}"
    field = f"seats[{i}]"
    if not isinstance(raw, dict):
        raise SetupError("Each seat must be an object.", field)
    wl: dict[str, Any] = warlord_record(raw.get("warlord"), f"{field}.warlord")
    deck_size = _int(raw.get("deck_size", options.get("deck_size", DEFAULT_DECK_SIZE)),
                     f"{field}.deck_size", 1, hi=MAX_DECK_SIZE)
    if deck_size <= wl["starting_hand"]:
        raise SetupError("The deck must hold more cards than the starting hand.", f"{field}.deck_size")
    wid = f"{seat}.warlord"
    state["units"][wid] = {
        "id": wid, "owner": seat, "name": wl["name"], "kind": "warlord", "cost": 0,
        "attack": wl["attack"], "hp": wl["hp"], "command": wl["command"],
        "keywords": wl["keywords"], "traits": wl["traits"], "unique": True,
        "at": "hq", "ready": True, "damage": 0, "side": "hale", "bloodied": wl["bloodied"],
        "attachments": []}
    given = raw.get("name")
    name = given if isinstance(given, str) and given.strip() else seat
    # Starting hand drawn and starting resources taken now (Setup); the mulligan comes after
    # the initiative and the planets.
    state["seats"][seat] = {
        "name": name.strip(), "warlord": wid, "warlord_name": wl["name"], "faction": wl["faction"],
        "resources": wl["starting_resources"], "hand": wl["starting_hand"],
        "deck": deck_size - wl["starting_hand"], "discard": 0, "victory": [],
        "mulligan": None, "limited_round": None,
        # A core set starter deck (registered as one): its cards are known to everyone at the table, so the phone
        # lists them instead of asking for a name.
        "starter_deck": _starter(raw.get("deck"))}
    state["abilities"][seat] = _abilities(raw.get("abilities"), f"{field}.abilities")


def _abilities(raw: object, field: str) -> dict[str, dict[str, Any]]:
    """A seat's ability records (app/content/conquest.py gives a starter deck's), each checked against the
    vocabulary: a record the engine cannot read stops the setup."""
    if raw is None:
        return {}
    if not isinstance(raw, list) or len(raw) > MAX_ABILITIES:
        raise SetupError(f"A seat's card abilities are a list of at most {MAX_ABILITIES}.", field)
    out = {}
    for i, rec in enumerate(raw):
        bad = ability_problems(rec)
        if bad:
            raise SetupError(f"Card ability {i + 1}: {bad[0]}", f"{field}[{i}]")
        out[rec["name"]] = rec
    return out
