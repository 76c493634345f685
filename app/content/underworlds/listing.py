"""Underworlds content as listed: which printings and decks each ruleset offers, summaries, the card index,
filtered and paged listings."""
from __future__ import annotations

from app.schemas.content import NEEDED, missing_fields

from .library import Library

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


def own_card_editions(lib: Library, warband: str, ruleset_id: str) -> tuple[str, ...]:
    """The generations of a warband's own cards a deck builder offers under a ruleset: its Rivals deck's era; a
    warband with no Rivals deck of that era builds from the cards with its symbol in the older products its
    fighter cards come from ("Some older warbands do not have a Rivals deck...": Deathgorge rulebook, Ways to
    play: Nemesis, Deck-building, pg 40)."""
    editions = DECK_EDITIONS.get(ruleset_id, ())
    has_rivals = any(d["warband"] == warband and d["kind"] == "rivals" and d["edition"] in editions
                     for d in lib.all("underworlds", "decks"))
    return editions if has_rivals else PRINTING_PREFERENCE.get(ruleset_id, editions)


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
        editions = DECK_EDITIONS.get(ruleset, ()) if ruleset else None
        # (read only when editions is not None, that is, when a ruleset is asked for)
        own_editions = own_card_editions(lib, usable_by, ruleset) if usable_by and ruleset else (editions or ())
        items = [c for c in card_index(lib)
                 if (editions is None or c["edition"] in (own_editions if usable_by and c["warband"] == usable_by
                                                          else editions))
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


def no_printing(warband: dict, wanted: str | None) -> str:
    """Why a seat cannot play this warband's cards as asked, and what it can do instead."""
    ids = ", ".join(p["id"] for p in warband["printings"])
    if not warband["printings"]:
        return f"No source gives the fighter cards of {warband['name']}: enter your fighters."
    if wanted:
        return f"'{warband['name']}' has no printing '{wanted}' (choose one of: {ids})."
    return (f"These rules offer no printing of {warband['name']}'s fighter cards (it has: {ids}): "
            "name the printing you hold, or enter your fighters.")

