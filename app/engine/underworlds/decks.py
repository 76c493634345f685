"""Deck validation per format (Deathgorge rulebook, Ways to play): pure, no file I/O.

`validate_deck(fmt, warband, deck, format_data)` returns Violations, each naming its rule.

Inputs are plain data (app/content.py builds them from content or a player's custom deck):
  warband: {"id": warband id, "grand_alliance": order|chaos|death|destruction|None}
  deck: {"rivals": [{"id", "kind", "symbol", "warband", "plot", "complete"}],   # decks drawn from; kind:
         # "rivals" (a pre-built Rivals deck) | "collection" (an older product's cards, not a Rivals deck)
         "plots": [plot card names used],
         "objectives": [card], "power": [card]}
  card: {"name", "type": objective|ploy|spell|upgrade, "scoring": surge|end|third|None,
         "symbol": warband id | grand alliance | "universal", "deck": Rivals deck id | None}
  format_data (Championship): {"restricted": [names], "max_restricted": int|None, "forbidden": [names]}
"""
from __future__ import annotations

from typing import Any

from app.engine.core import Violation

from . import violations as V
from .rules import (
    R_CHAMPIONSHIP,
    R_DECKS,
    R_DREADFANE,
    R_GLOSSARY_OBJ,
    R_NEMESIS,
    R_RELIC,
    R_RIVALS,
    R_SHADESPIRE,
)

FORMATS = ("rivals", "nemesis", "relic", "championship")
# The 2018 and 2019 rules have one deck-building rule each (no formats): validate_deck takes their names.
EDITIONS = ("shadespire", "dreadfane")
GAMBITS = ("ploy", "spell")
MIN_OBJECTIVES = 12
MAX_SURGE = 6
MIN_POWER = 20
RIVALS_OBJECTIVES = 12
RIVALS_POWER = 20
UNIVERSAL = "universal"
RIVALS_KIND = "rivals"


def is_rivals_deck(meta: dict[str, Any]) -> bool:
    """Whether a deck the seat draws from is a pre-built Rivals deck (12 objectives, 20 power cards: The decks,
    pg 7), as the content says; an older product's loose cards are a collection, not a Rivals deck."""
    return meta.get("kind") == RIVALS_KIND


def validate_deck(fmt: str, warband: dict[str, Any], deck: dict[str, Any],
                  format_data: dict[str, Any] | None = None) -> list[Violation]:
    """Every deck-building rule of the format that the deck breaks ([] when it is legal)."""
    if fmt in EDITIONS:
        return _older_edition(fmt, warband, deck)
    if fmt not in FORMATS:
        return [V.UNKNOWN_FORMAT(f"'{fmt}' is not a format (choose one of: {', '.join(FORMATS)}).", R_RIVALS)]
    if fmt == "rivals":
        return _rivals(warband, deck)
    problems = _sizes(deck, R_NEMESIS if fmt == "nemesis" else R_RELIC)
    problems += _unique(deck, R_GLOSSARY_OBJ if fmt == "nemesis" else R_RELIC)
    if fmt == "nemesis":
        problems += _nemesis_sources(warband, deck)
        problems += _listed(deck, format_data or {}, "Nemesis", R_NEMESIS)
    else:
        problems += _relic_symbols(warband, deck)
        problems += _plots(warband, deck)
    if fmt == "championship":
        problems += _listed(deck, format_data or {}, "Championship", R_CHAMPIONSHIP)
    return problems


def _deck_name(rivals: dict[str, Any]) -> str:
    """A Rivals deck as the organiser reads it: its name (its id when the content has none)."""
    return str(rivals.get("name") or rivals.get("id"))


def _cards(deck: dict[str, Any]) -> list[dict[str, Any]]:
    return [*(deck.get("objectives") or []), *(deck.get("power") or [])]


def _rivals(warband: dict[str, Any], deck: dict[str, Any]) -> list[Violation]:
    """Rivals: one Rivals deck as it comes, the warband's own or a universal one."""
    rivals = deck.get("rivals") or []
    if len(rivals) != 1:
        return [V.RIVALS_ONE_DECK(f"The Rivals format uses exactly one Rivals deck ({len(rivals)} given).", R_RIVALS)]
    chosen = rivals[0]
    out = []
    if not is_rivals_deck(chosen):
        # Deathgorge rulebook, The decks (pg 7) and Ways to play: Nemesis (pg 40): "all but the oldest warbands"
        # have a Rivals deck; an older one "must use a universal Rivals deck in the Rivals format".
        out.append(V.RIVALS_NOT_A_RIVALS_DECK(f"{_deck_name(chosen)} is a collection of a "
                                              "product's cards, not a Rivals deck: a warband without a Rivals "
                                              "deck plays a universal Rivals deck.", R_RIVALS))
    if chosen["symbol"] != UNIVERSAL and chosen.get("warband") != warband.get("id"):
        out.append(V.RIVALS_OTHER_WARBAND(f"{_deck_name(chosen)} belongs to another warband; a warband can "
                                          "only use its own Rivals deck or a universal one.", R_DECKS))
    foreign = [c["name"] for c in _cards(deck) if c.get("deck") != chosen["id"]]
    if foreign:
        out.append(V.RIVALS_FOREIGN_CARD(f"Rivals decks are played as they come: {', '.join(foreign)} "
                                         f"{'is' if len(foreign) == 1 else 'are'} not in {_deck_name(chosen)}.", R_RIVALS))
    if chosen.get("complete"):
        n_obj, n_pow = len(deck.get("objectives") or []), len(deck.get("power") or [])
        if n_obj != RIVALS_OBJECTIVES or n_pow != RIVALS_POWER:
            out.append(V.RIVALS_INCOMPLETE(f"A Rivals deck has 12 objective and 20 power cards "
                                           f"({n_obj} and {n_pow} given).", R_DECKS))
    return out


def _sizes(deck: dict[str, Any], rule: str) -> list[Violation]:
    """12+ objectives (no more than 6 surge), 20+ power cards (no more than half gambits)."""
    objectives = deck.get("objectives") or []
    power = deck.get("power") or []
    out = []
    if len(objectives) < MIN_OBJECTIVES:
        out.append(V.OBJECTIVE_DECK_TOO_SMALL(f"The objective deck needs at least {MIN_OBJECTIVES} cards ({len(objectives)} chosen).", rule))
    surge = [c for c in objectives if c.get("scoring") == "surge"]
    if len(surge) > MAX_SURGE:
        out.append(V.TOO_MANY_SURGE(f"No more than {MAX_SURGE} objectives can be surge objectives ({len(surge)} chosen).", rule))
    if len(power) < MIN_POWER:
        out.append(V.POWER_DECK_TOO_SMALL(f"The power deck needs at least {MIN_POWER} cards ({len(power)} chosen).", rule))
    gambits = [c for c in power if c.get("type") in GAMBITS]
    if 2 * len(gambits) > len(power):
        out.append(V.TOO_MANY_GAMBITS(f"No more than half of the power deck can be gambits ({len(gambits)} of {len(power)}).", rule))
    wrong = [c["name"] for c in objectives if c.get("type") != "objective"]
    wrong += [c["name"] for c in power if c.get("type") == "objective"]
    if wrong:
        out.append(V.CARD_IN_WRONG_DECK(f"{', '.join(wrong)}: objectives go in the objective deck, gambits "
                                        "and upgrades in the power deck.", R_DECKS))
    return out


def _unique(deck: dict[str, Any], rule: str) -> list[Violation]:
    """No two cards with the same name across both decks."""
    seen: dict[str, int] = {}
    for card in _cards(deck):
        key = card["name"].casefold()
        seen[key] = seen.get(key, 0) + 1
    dupes = sorted({c["name"] for c in _cards(deck) if seen[c["name"].casefold()] > 1})
    if not dupes:
        return []
    return [V.DUPLICATE_CARD(f"Each card must be unique: {', '.join(dupes)} "
                             f"{'appears' if len(dupes) == 1 else 'appear'} more than once.", rule)]


def _nemesis_sources(warband: dict[str, Any], deck: dict[str, Any]) -> list[Violation]:
    """Nemesis: the warband's own Rivals deck (its warband-symbol cards) plus one universal Rivals deck."""
    rivals = deck.get("rivals") or []
    out = []
    own = [r for r in rivals if r["symbol"] != UNIVERSAL]
    # "Pick one other Rivals deck. The cards in the Rivals deck you pick must have the universal symbol" (pg 40):
    # a core set's or expansion's loose universal cards are not a Rivals deck. A warband's own symbol cards may
    # come from older products: for Nemesis they are its Rivals deck (same page).
    universal = [r for r in rivals if r["symbol"] == UNIVERSAL and is_rivals_deck(r)]
    loose = [r for r in rivals if r["symbol"] == UNIVERSAL and not is_rivals_deck(r)]
    for r in loose:
        out.append(V.NEMESIS_NOT_A_RIVALS_DECK(f"{_deck_name(r)} is a collection of a product's "
                                               "universal cards, not a universal Rivals deck.", R_NEMESIS))
    for r in own:
        if r.get("warband") != warband.get("id"):
            out.append(V.NEMESIS_OTHER_WARBAND(f"{_deck_name(r)} belongs to another warband: pick your own "
                                               "warband's Rivals deck.", R_NEMESIS))
    if len(universal) > 1:
        out.append(V.NEMESIS_ONE_UNIVERSAL(f"Pick one other Rivals deck with the universal symbol "
                                           f"({len(universal)} picked).", R_NEMESIS))
    allowed_decks = {r["id"] for r in universal[:1]}
    outside = [c["name"] for c in _cards(deck)
               if c.get("symbol") != warband.get("id") and c.get("deck") not in allowed_decks]
    if outside:
        out.append(V.NEMESIS_CARD_OUTSIDE_DECKS(f"{', '.join(outside)}: Nemesis decks use only cards from "
                                                "your warband's Rivals deck and one universal Rivals deck.", R_NEMESIS))
    return out


def _relic_symbols(warband: dict[str, Any], deck: dict[str, Any]) -> list[Violation]:
    """Relic: only cards with your warband's symbol, your Grand Alliance's symbol, or the universal symbol."""
    alliance = warband.get("grand_alliance")
    allowed = {warband.get("id"), UNIVERSAL} | ({alliance} if alliance else set())
    bad = [c["name"] for c in _cards(deck) if c.get("symbol") not in allowed]
    if not bad:
        return []
    extra = "" if alliance else " (this warband's Grand Alliance is not known: enter it to use Grand Alliance cards)"
    return [V.RELIC_SYMBOL(f"{', '.join(bad)}: a Relic deck can only hold cards with your warband's symbol, "
                           f"your Grand Alliance's symbol or the universal symbol{extra}.", R_RELIC)]


def _plots(warband: dict[str, Any], deck: dict[str, Any]) -> list[Violation]:
    """One plot card besides the warband's own (so at most one other Rivals deck that uses a plot)."""
    own = {r.get("plot") for r in deck.get("rivals") or [] if r.get("warband") == warband.get("id")}
    others = [p for p in dict.fromkeys(deck.get("plots") or []) if p not in own]
    if len(others) <= 1:
        return []
    return [V.TOO_MANY_PLOTS(f"Only one plot card can be used besides your warband's own "
                             f"({', '.join(others)} chosen).", R_RELIC)]


def _listed(deck: dict[str, Any], data: dict[str, Any], label: str, book_rule: str) -> list[Violation]:
    """The forbidden and restricted lists of a format (data with the date they reflect: the book sends players
    to warhammerunderworlds.com for the current ones), cited with the list's name and date."""
    out = []
    forbidden = {n.casefold() for n in data.get("forbidden") or []}
    restricted = {n.casefold() for n in data.get("restricted") or []}
    rule = f"{book_rule}; {data.get('name') or label + ' lists'} of {data.get('as_of') or 'an unknown date'}"
    bad = [c["name"] for c in _cards(deck) if c["name"].casefold() in forbidden]
    if bad:
        out.append(V.FORBIDDEN_CARD(f"{', '.join(bad)} cannot be used in the {label} format "
                                    f"({'it is' if len(bad) == 1 else 'they are'} forbidden).", rule))
    limit = data.get("max_restricted")
    used = [c["name"] for c in _cards(deck) if c["name"].casefold() in restricted]
    if limit is not None and len(used) > limit:
        out.append(V.TOO_MANY_RESTRICTED(f"At most {limit} restricted cards can be used "
                                         f"({len(used)}: {', '.join(used)}).", rule))
    return out


def _older_edition(edition: str, warband: dict[str, Any], deck: dict[str, Any]) -> list[Violation]:
    """2018/2019 deck-building: exactly 12 unique objectives; 20+ unique power cards, at most half
    ploys (rounding down); only cards usable by the warband (its symbol or universal)."""
    rule = R_SHADESPIRE if edition == "shadespire" else R_DREADFANE
    objectives = deck.get("objectives") or []
    power = deck.get("power") or []
    out = []
    # A pre-built deck our sources only partly list is judged on what is known (its symbols).
    if deck.get("complete", True):
        if len(objectives) != RIVALS_OBJECTIVES:
            out.append(V.OBJECTIVE_DECK_SIZE(f"The objective deck holds exactly {RIVALS_OBJECTIVES} cards "
                                             f"({len(objectives)} chosen).", rule))
        if len(power) < MIN_POWER:
            out.append(V.POWER_DECK_TOO_SMALL(f"The power deck needs at least {MIN_POWER} cards ({len(power)} chosen).", rule))
        ploys = [c for c in power if c.get("type") in GAMBITS]
        if len(ploys) > len(power) // 2:
            out.append(V.TOO_MANY_PLOYS(f"No more than half of the power deck, rounding down, can be ploys "
                                        f"({len(ploys)} of {len(power)}).", rule))
    out += _unique(deck, rule)
    allowed = {warband.get("id"), UNIVERSAL}
    bad = [c["name"] for c in _cards(deck) if c.get("symbol") not in allowed]
    if bad:
        out.append(V.NOT_USABLE_BY_WARBAND(f"{', '.join(bad)}: only cards with your warband's symbol or the "
                                           "universal symbol can be used.", rule))
    return out
