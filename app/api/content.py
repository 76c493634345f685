"""REST for game content: GET /api/content/... (generic by game and kind) and player-made custom content.

  GET  /api/content                                 games, their content kinds and counts
  GET  /api/content/<game>/<kind>                   summaries of every record of that kind
  GET  /api/content/underworlds/<decks|warbands|formats|cards>?ruleset=&warband=&q=&type=&deck=&page=&per_page=
                                                    filtered and paged ({items, total, page, per_page, next})
  GET  /api/content/<game>/<kind>/<id>              one whole record
  GET  /api/content/underworlds/warbands/<id>/fighters?ruleset=&printing=
                                                    the fighters a seat would get, and what is missing
  POST /api/content/underworlds/deck-check          {format, warband, deck, ruleset?, card_list?} -> deck-building problems
  GET  /api/content/conquest/cards?faction=&community=  cards a player picks by name, own faction first
  POST /api/content/conquest/deck-check             {warlord, deck: {cards, format?}, community?} -> problems
  POST /api/content/custom/<kind>                   save a player's warband or deck -> 201 {id, link}
                                                    (at most CUSTOM_MAX_BYTES; CUSTOM_SAVES_PER_DAY per address)
  GET  /api/content/custom/<kind>?page=&per_page=   saved records of that kind, newest first, paged
                                                    ({items, total, page, per_page, next}; 50 a page, 100 at most)
  GET  /api/content/custom/<kind>/<id>              one saved record (the share link)
Errors are {"error": {"code", "message", "fields"?}}.
"""
from __future__ import annotations

from flask import Blueprint, current_app, jsonify, request
from werkzeug.exceptions import RequestEntityTooLarge

from app import content
from app.content import conquest, custom
from app.content.underworlds import library
from app.content.underworlds import listing as underworlds_listing
from app.content.underworlds import setup as underworlds_setup
from app.engine.core import SetupError
from app.schemas.content import CUSTOM_KINDS, missing_fields
from app.schemas.deckcheck import ConquestDeckCheckSchema, UnderworldsDeckCheckSchema
from app.service import ApiError

from .errors import error_response
from .requests import limits, rate_limit, schema_body, too_many

bp = Blueprint("content", __name__, url_prefix="/api/content")
bp.register_error_handler(ApiError, error_response)  # the blueprint answers its own refusals, served alone too


@bp.record_once
def _load_at_startup(_state) -> None:
    """Validate every content file when the app is built: a bad file stops startup (ContentError)."""
    content.load_all()


def _error(status: int, code: str, message: str, fields: dict | None = None):
    err: dict[str, object] = {"code": code, "message": message}
    if fields:
        err["fields"] = fields
    resp = jsonify({"error": err})
    resp.status_code = status
    return resp


def _store():
    ext = current_app.extensions.get("tablewarden") or {}
    return ext.get("store")


@bp.get("")
@bp.get("/")
def index():
    """Games with content, each kind with its record count, and the custom kinds players can save."""
    games = {game: {kind: len(recs) for kind, recs in module.catalogue().items()}
             for game, module in content.GAMES.items()}
    return jsonify({"games": games, "custom_kinds": sorted(CUSTOM_KINDS)})


def _other(game: str, kind: str) -> list[dict] | None:
    """The records of a game other than Underworlds (served whole), or None."""
    module = content.GAMES.get(game) if game != "underworlds" else None
    return module.catalogue().get(kind) if module is not None else None


@bp.get("/<game>/<kind>")
def listing(game: str, kind: str):
    """Summaries of every record of one kind of one game (other games' records are served whole)."""
    lib = library.load()
    if game == "underworlds" and kind in ("cards", *lib.kinds()[game]):
        filters = request.args.to_dict()
        ruleset = filters.get("ruleset")
        if ruleset and ruleset not in underworlds_listing.DECK_EDITIONS:
            return _error(400, "bad_request", f"ruleset must be one of: {', '.join(underworlds_listing.DECK_EDITIONS)}.")
        items = underworlds_listing.query(lib, kind, filters)
        paged = underworlds_listing.page(items, filters, default=50 if kind == "cards" else 100)
        return jsonify({"game": game, "kind": kind, **paged})
    recs = _other(game, kind)
    if recs is None:
        return _error(404, "unknown_kind", f"There is no '{kind}' content for '{game}'.")
    items = [{"id": content.record_id(r), **r} for r in recs]
    # "records" is the same list under the name the Conquest setup wizard reads.
    return jsonify({"game": game, "kind": kind, "items": items, "records": items})


@bp.get("/<game>/<kind>/<rid>")
def record(game: str, kind: str, rid: str):
    """One whole content record."""
    lib = library.load()
    if kind not in lib.kinds().get(game, []):
        recs = _other(game, kind)
        if recs is None:
            return _error(404, "unknown_kind", f"There is no '{kind}' content for '{game}'.")
        found = next((r for r in recs if (content.record_id(r) or "").casefold() == rid.casefold()), None)
        if found is None:
            return _error(404, "not_found", f"There is no {kind} record '{rid}'.")
        return jsonify(found)
    rec = lib.get(game, kind, rid)
    if rec is None:
        return _error(404, "not_found", f"There is no {kind[:-1] if kind.endswith('s') else kind} '{rid}'.")
    return jsonify(rec)


@bp.get("/underworlds/warbands/<wid>/fighters")
def fighters(wid: str):
    """The fighters a seat playing this warband gets, with the fields the players must enter."""
    lib = library.load()
    warband = lib.warband(wid)
    if warband is None:
        return _error(404, "not_found", f"There is no warband '{wid}'.")
    ruleset = request.args.get("ruleset", "underworlds/deathgorge")
    try:
        printing = underworlds_listing.choose_printing(warband, ruleset, request.args.get("printing"))
    except KeyError:
        return _error(404, "not_found", underworlds_listing.no_printing(warband, request.args.get("printing")),
                      {"printing": [p["id"] for p in warband["printings"]]})
    offered = {p["id"] for p in underworlds_listing.offered_printings(warband, ruleset)}
    # Every printing, so a player can pick the cards they hold; those of these rules' era are `offered`.
    printings = [{**underworlds_listing.printing_summary(p), "offered": p["id"] in offered} for p in warband["printings"]]
    return jsonify({"warband": wid, "name": warband["name"], "grand_alliance": warband["grand_alliance"],
                    "printings": printings,
                    "printing": {k: printing[k] for k in ("id", "edition", "label", "sources", "notes")},
                    "fighters": printing["fighters"],
                    "missing": {f["slug"]: m for f in printing["fighters"] if (m := missing_fields(f))}})


@bp.post("/underworlds/deck-check")
def deck_check():
    """Check a deck against deck-building rules: {format, warband, deck, ruleset?, card_list?} -> {problems}
    (the 2018/2019 rulesets apply their own rule whatever the format; card_list: an organiser's saved lists)."""
    body = schema_body(UnderworldsDeckCheckSchema())
    setup = {"options": {"format": body["format"], "deck_override": {"reason": "checking only"},
                         **({"card_list": body["card_list"]} if body["card_list"] else {})},
             "seats": [{"name": "check", "warband": body["warband"], "deck": body["deck"],
                        **({"fighters": body["fighters"]} if body["fighters"] else {})}]}
    ruleset = body["ruleset"] or "underworlds/deathgorge"
    try:
        seat = underworlds_setup.expand_setup(ruleset, setup, _lookup())["seats"][0]
    except SetupError as exc:
        return _error(422, "invalid_deck", exc.message, {exc.field or "deck": [exc.message]})
    return jsonify({"format": body["format"], "problems": seat.get("deck_problems", [])})


@bp.get("/conquest/cards")
def conquest_cards():
    """The card pool for picking by name: the faction's cards, its allies', Neutral, then the rest;
    community-made cards only with ?community=1 (the table chose them), each labelled official or not."""
    faction = request.args.get("faction") or None
    community = request.args.get("community") in ("1", "true")
    order = conquest.faction_order(faction)
    rank = {f: i for i, f in enumerate(order)}
    items = sorted(conquest.cards(community),
                   key=lambda c: (rank.get(c["faction"], len(rank)), not c["official"], c["name"].casefold()))
    return jsonify({"factions": order, "items": [conquest.card_summary(c) for c in items]})


@bp.post("/conquest/deck-check")
def conquest_deck_check():
    """Check a registered Conquest deck: {warlord, deck: {cards: [{name, count}], format?}, community?}."""
    body = schema_body(ConquestDeckCheckSchema())
    warlord = conquest.warlord(body["warlord"])
    if warlord is None:
        return _error(404, "not_found", f"There is no warlord '{body['warlord']}'.")
    try:
        problems = conquest.check_registered_deck(body["deck"], warlord, body["community"])
    except SetupError as exc:
        return _error(422, "invalid_deck", exc.message, {exc.field or "deck": [exc.message]})
    return jsonify({"warlord": warlord["name"], "problems": [p.to_dict() for p in problems]})


def _lookup():
    store = _store()
    return (lambda kind, cid: store.get_custom(kind, cid)) if store is not None else None


def _custom_store(kind: str):
    """(store, None) when players can save this kind here, else (None, the error reply)."""
    if kind not in CUSTOM_KINDS:
        return None, _error(404, "unknown_kind", f"Players can save: {', '.join(sorted(CUSTOM_KINDS))}.")
    store = _store()
    if store is None:
        return None, _error(503, "no_store", "Custom content needs the game server's store.")
    return store, None


CUSTOM_PER_PAGE = 50        # saved records a listing page holds unless ?per_page= says
CUSTOM_MOST_PER_PAGE = 100  # the most ?per_page= may ask


def _saves_left() -> None:
    """Refuse a flood of saves (429): the write limit of every route, then this address's saves of the day."""
    rate_limit()
    wait = limits().custom_saves.wait(f"addr:{request.remote_addr}")
    if wait:
        raise too_many(wait, "This address has saved its share of warbands, decks and unit cards for today; "
                             "wait before saving more.")


def _custom_body(kind: str):
    """The body of a save, read only up to the size a saved record may have (413 content_too_large past it)."""
    most = current_app.config["TW"].CUSTOM_MAX_BYTES
    request.max_content_length = most
    try:
        raw = request.get_data(cache=True)
    except RequestEntityTooLarge:
        raw = None
    if raw is None or len(raw) > most:
        raise ApiError(413, "content_too_large", f"A saved {kind} may be at most {most // 1024} KB.",
                       fields={"_schema": f"At most {most} bytes."})
    return request.get_json(silent=True)


@bp.post("/custom/<kind>")
def save_custom(kind: str):
    """Validate and save a player's warband or deck; the reply carries its id and share link."""
    store, problem = _custom_store(kind)
    if problem:
        return problem
    _saves_left()
    clean, problems = custom.validate_custom(kind, _custom_body(kind))
    if problems:
        fields: dict[str, list[str]] = {}
        for p in problems:
            fields.setdefault(p["field"], []).append(f"{p['record']}: {p['message']}")
        first = problems[0]
        return _error(422, "invalid_content", f"{first['record']}, {first['field']}: {first['message']}", fields)
    cid = store.save_custom(kind, clean)
    limits().custom_saves.hit(f"addr:{request.remote_addr}")
    link = f"/api/content/custom/{kind}/{cid}"
    resp = jsonify({"id": cid, "kind": kind, "link": link, "payload": clean})
    resp.status_code = 201
    resp.headers["Location"] = link
    return resp


@bp.get("/custom/<kind>")
def list_custom(kind: str):
    """Saved custom records of one kind, newest first, a page at a time: {items, total, page, per_page, next}."""
    store, problem = _custom_store(kind)
    if problem:
        return problem
    per_page = _page_number("per_page", CUSTOM_PER_PAGE, CUSTOM_MOST_PER_PAGE)
    page = _page_number("page", 1, None)
    found = store.custom_page(kind, per_page, (page - 1) * per_page)
    items = [{"id": r["id"], "name": (r["payload"] or {}).get("name") if isinstance(r["payload"], dict) else None,
              "created_at": r["created_at"], "link": f"/api/content/custom/{kind}/{r['id']}",
              **_typed(kind, r["payload"])} for r in found["rows"]]
    more = page * per_page < found["total"]
    return jsonify({"kind": kind, "items": items, "total": found["total"], "page": page, "per_page": per_page,
                    "next": page + 1 if more else None})


# What a listing tells of a typed record beside its name: who typed it and, for a warband, the printing it completes.
TYPED = {"battlelore_unit": ("typed_by",), "warband": ("typed_by", "based_on", "printing")}


def _typed(kind: str, payload) -> dict:
    """The listed members of a saved record that say who typed it and what it completes."""
    if not isinstance(payload, dict):
        return {}
    return {k: payload.get(k) for k in TYPED.get(kind, ())}


def _page_number(name: str, default: int, most: int | None) -> int:
    """A whole number >= 1 from the query (at most `most`); 400 bad_request otherwise."""
    raw = request.args.get(name)
    if raw is None or raw == "":
        return default
    if len(raw) > 9 or not (raw.isascii() and raw.isdigit()) or int(raw) < 1 or (most is not None and int(raw) > most):
        upto = f" and at most {most}" if most is not None else ""
        raise ApiError(400, "bad_request", f"{name} must be a whole number from 1{upto}.",
                       fields={name: f"From 1{upto}."})
    return int(raw)


@bp.get("/custom/<kind>/<cid>")
def get_custom(kind: str, cid: str):
    """One saved custom record: what a share link opens."""
    store, problem = _custom_store(kind)
    if problem:
        return problem
    payload = store.get_custom(kind, cid)
    if payload is None:
        return _error(404, "not_found", f"There is no saved {kind} '{cid}'.")
    return jsonify({"id": cid, "kind": kind, "payload": payload, "link": f"/api/content/custom/{kind}/{cid}"})
