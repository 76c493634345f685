"""An Underworlds game setup filled from content: each seat's fighters, warband name, Grand Alliance and deck,
checked against the deck-building rules of its format or edition."""
from __future__ import annotations

import copy
from typing import Any, Literal, TypedDict

from marshmallow import ValidationError

from app.engine.core import SetupError
from app.engine.underworlds import decks as deck_rules
from app.schemas.content import CustomDeckSchema, FighterSchema, missing_fields

from ..errors import describe_errors
from ..lookup import Lookup
from .library import Library, load
from .listing import choose_printing, no_printing


class SeatDeck(TypedDict):
    """A seat's deck as the game holds it: its cards by part, the plots they bring, and the content decks it is
    built from (`rivals`, each as _deck_meta describes it; `id` None for a built or saved deck)."""

    id: str | None
    name: str
    complete: bool
    rivals: list[dict]
    plots: list[str]
    objectives: list[dict]
    power: list[dict]


DeckPart = Literal["objectives", "power"]
DECK_PARTS: tuple[DeckPart, ...] = ("objectives", "power")


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
        name_unnamed_weapons(f["profiles"])
        inspired = f.get("inspired")
        if isinstance(inspired, dict) and isinstance(inspired.get("profiles"), list):
            name_unnamed_weapons(inspired["profiles"])
        if f["slug"] in seen:
            raise SetupError(f"{where}[{i}]: two fighters are called '{f['slug']}'.", f"{where}[{i}].slug")
        seen.add(f["slug"])
    return fighters


def check_stored_setup(setup: dict) -> None:
    """An imported game's stored setup: each seat's fighters pass the schema a new game's fighters pass (SetupError)."""
    for i, seat in enumerate(setup.get("seats") or []):
        if isinstance(seat, dict) and "fighters" in seat:
            _validate_fighters(copy.deepcopy(seat["fighters"]), f"seats[{i}].fighters")  # a copy: loading fills defaults


def name_unnamed_weapons(profiles: list[dict]) -> None:
    """Give each weapon no source names a name from what is printed beside it ("Range 2 Smash"), so players tell
    them apart at a glance; the engine picks an Attack action by name, so a repeat gets its number ("... (2)")."""
    taken = {p["name"] for p in profiles if isinstance(p, dict) and p.get("name")}
    for prof in profiles:
        if not isinstance(prof, dict) or prof.get("name"):
            continue
        symbol = str(prof.get("symbol") or "attack").capitalize()
        base = f"Range {prof['range']} {symbol}" if prof.get("range") else symbol
        name, n = base, 1
        while name in taken:
            n += 1
            name = f"{base} ({n})"
        prof["name"] = name
        taken.add(name)


def _card_with_symbol(card: dict, deck: dict) -> dict:
    out = copy.deepcopy(card)
    out["symbol"] = out.get("symbol") or deck["symbol"]
    out["deck"] = deck["id"]
    return out


def _deck_from_content(lib: Library, did: str, where: str) -> SeatDeck:
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
    return {"id": deck["id"], "name": deck["name"], "kind": deck["kind"], "symbol": deck["symbol"],
            "warband": deck["warband"],
            "plot": deck["plot"]["name"] if deck["plot"] else None, "edition": deck["edition"],
            "complete": deck["complete"] and deck["kind"] != "collection"}


def _built_deck(lib: Library, spec: dict, where: str) -> SeatDeck:
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
    out: SeatDeck = {"id": None, "name": spec.get("name") or "Built deck", "complete": True,
                     "rivals": [_deck_meta(d) for d in pools], "plots": [], "objectives": [], "power": []}
    for part in DECK_PARTS:
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


def _custom_deck(payload: dict, where: str) -> SeatDeck:
    try:
        deck = CustomDeckSchema().load(payload)
    except ValidationError as exc:
        problem = describe_errors(exc, payload)[0]
        raise SetupError(f"{where}: {problem['record']}, {problem['field']}: {problem['message']}",
                         f"{where}.{problem['field']}") from exc
    for part in DECK_PARTS:
        for card in deck[part]:
            card["symbol"] = card.get("symbol") or (deck.get("warband") or "universal")
            card["deck"] = None
    return {"id": None, "name": deck["name"], "complete": True, "rivals": [],
            "plots": [deck["plot"]["name"]] if deck["plot"] else [],
            "objectives": deck["objectives"], "power": deck["power"]}


def _resolve_deck(lib: Library, spec: Any, where: str, lookup: Lookup | None) -> SeatDeck:
    if isinstance(spec, str):
        return _deck_from_content(lib, spec, where)
    if not isinstance(spec, dict):
        raise SetupError(f"{where}: a deck is a deck id or an object.", where)
    if "custom_id" in spec:
        if not isinstance(spec["custom_id"], str) or len(spec["custom_id"]) > 64:
            raise SetupError(f"{where}.custom_id must be the id of a saved deck.", f"{where}.custom_id")
        payload = lookup("deck", spec["custom_id"]) if lookup else None
        if not isinstance(payload, dict):  # (a saved deck is an object: its schema says so)
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
    if not isinstance(saved, dict):  # (a saved card list is an object: its schema says so)
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


def _saved_warband(seat: dict, where: str, lookup: Lookup | None) -> Any:
    """Fill the seat from the player's saved warband it names (custom_id), keeping what the seat gives itself;
    returns the seat's warband id ("custom" unless it names one)."""
    if not isinstance(seat["custom_id"], str) or len(seat["custom_id"]) > 64:
        raise SetupError(f"{where}.custom_id must be the id of a saved warband.", f"{where}.custom_id")
    payload = lookup("warband", seat["custom_id"]) if lookup else None
    if not isinstance(payload, dict):  # (a saved warband is an object: its schema says so)
        raise SetupError(f"{where}: there is no saved warband '{seat['custom_id']}'.", f"{where}.custom_id")
    seat.setdefault("fighters", payload["fighters"])
    seat.setdefault("warband_name", payload.get("name"))
    seat.setdefault("grand_alliance", payload.get("grand_alliance"))
    return seat.setdefault("warband", "custom")


def expand_setup(ruleset_id: str, setup: dict, lookup: Lookup | None = None) -> dict:
    """Fill each seat from content (fighters, warband name, Grand Alliance, deck); a new dict.

    Seats: {"name", "warband": id | "custom", "printing"?, "fighters"?, "custom_id"?, "deck"?}.
    Each Underworlds seat comes back with `fighters` (validated records) and `missing`: for each
    fighter slug, the fields no source gives that the players must enter before the game starts.
    `lookup(kind, id)` fetches saved custom content (the caller passes its store's).
    """
    out = copy.deepcopy(setup)
    if not isinstance(out, dict):
        return out
    seats = out.get("seats")
    if not isinstance(seats, list):
        return out  # the ruleset reports the malformed setup itself
    lib = load()
    options = out.get("options")
    if not isinstance(options, dict):
        options = {}
    fmt = options.get("format")
    lists = card_list(lib, fmt, options.get("card_list"), lookup) if ruleset_id == "underworlds/deathgorge" else None
    override = bool(isinstance(options.get("deck_override"), dict) and options["deck_override"].get("reason"))
    for i, seat in enumerate(seats):
        where = f"seats[{i}]"
        if not isinstance(seat, dict):
            continue
        wid = _saved_warband(seat, where, lookup) if seat.get("custom_id") is not None else seat.get("warband")
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


