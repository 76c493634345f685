"""Deck registration checks: a registered deck (warlord + cards by name and count) against the deck rules.

Pure: the card data comes in as an argument (the content loader passes its pool), so the same check
serves a game's setup, the wizard's deck check and, later, event registration.

Two groups of rules, each problem naming its source:
- the rules summary (`SUMMARY_*`): what goes into a deck at setup, token units and planets outside it,
  the preconstructed starter decks, the deck outlasting the starting hand, Relics not limited in decks;
- deck customisation (`CUSTOM_*`): warlord and signature squad, 50 cards, 3 copies, the allied faction.
  These are not in the rules summary the project follows; they are the published customisation rules
  as generally played (Learn to Play, "Customizing decks"), kept apart and overridable so a table or
  an event can decide otherwise.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

SUMMARY_SETUP = "Conquest rules summary, Setup"
SUMMARY_TOKENS = "Conquest rules summary, Other rules: Token Units"
SUMMARY_STARTER = "Conquest rules summary, Setup (preconstructed starter decks)"
SUMMARY_DECK_OUT = "Conquest rules summary, Setup and Winning the game (no cards in the draw deck)"
CUSTOM = "Deck customisation (Learn to Play, Customizing decks; not in the rules summary)"
CUSTOM_SQUAD = f"{CUSTOM}: signature squad"
CUSTOM_SIZE = f"{CUSTOM}: at least 50 cards"
CUSTOM_COPIES = f"{CUSTOM}: 3 copies of a card"
CUSTOM_ALLY = f"{CUSTOM}: one allied faction"
CONTENT = "Game setup: community cards"

MIN_CARDS = 50
MAX_COPIES = 3
# The alliance wheel: each faction may ally with the two beside it. Tyranids take no ally and are
# no one's ally; Necrons take non-loyal army units of any faction but Tyranids (see allied()).
WHEEL = ("Space Marines", "Astra Militarum", "Orks", "Chaos", "Dark Eldar", "Eldar", "Tau")
FORMATS = ("constructed", "starter")


@dataclass
class DeckProblem:
    """One way a deck breaks a rule."""

    code: str
    message: str
    rule: str
    overridable: bool = True
    card: str | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON form for the API."""
        return asdict(self)


def allies(faction: str | None) -> list[str]:
    """Factions a deck of this faction may ally with (the wheel's neighbours; none for Tyranids)."""
    if faction in WHEEL:
        i = WHEEL.index(faction)
        return [WHEEL[(i - 1) % len(WHEEL)], WHEEL[(i + 1) % len(WHEEL)]]
    if faction == "Necrons":
        return list(WHEEL)
    return []


def allied(deck_faction: str, card: dict[str, Any]) -> bool:
    """May a deck of `deck_faction` hold this card of another faction as an ally card?"""
    if card.get("loyalty") in ("loyal", "signature"):
        return False
    if deck_faction == "Necrons":
        return card["faction"] in WHEEL and card["type"] == "army_unit"
    return card["faction"] in allies(deck_faction)


def _entries(deck: dict[str, Any]) -> list[tuple[str, int]]:
    out = []
    for item in deck.get("cards") or []:
        if isinstance(item, dict) and isinstance(item.get("name"), str) and isinstance(item.get("count"), int):
            out.append((item["name"].strip(), item["count"]))
    return out


def check_deck(deck: dict[str, Any], warlord: dict[str, Any] | None, pool: dict[str, dict[str, Any]], *,
               fmt: str = "constructed", community: bool = False) -> list[DeckProblem]:
    """Every problem of a registered deck; [] when it is legal.

    `deck` is {"cards": [{"name", "count"}]} (signature squad included), `warlord` the warlord's card
    record (None: not in the data), `pool` the card data by lower-case name.
    """
    out: list[DeckProblem] = []
    entries = _entries(deck)
    counts: dict[str, int] = {}
    known: dict[str, dict[str, Any]] = {}
    for name, n in entries:
        if n < 1:
            out.append(DeckProblem("bad_count", f"{name}: a count must be 1 or more.", SUMMARY_SETUP, False, name))
            continue
        counts[name.casefold()] = counts.get(name.casefold(), 0) + n
        card = pool.get(name.casefold())
        if card is None:
            out.append(DeckProblem("unknown_card", f"{name} is not in the card data: check its name.",
                                   SUMMARY_SETUP, True, name))
            continue
        known[name.casefold()] = card
    total = sum(n for n in counts.values())
    for card in known.values():
        name = card["name"]
        if card["type"] == "warlord":
            out.append(DeckProblem("warlord_in_deck", f"{name} is a warlord: it starts in play at HQ, "
                                   "not in the deck.", SUMMARY_SETUP, False, name))
        elif card["type"] == "token":
            out.append(DeckProblem("token_in_deck", f"{name} is a token unit: token units are not part "
                                   "of a deck.", SUMMARY_TOKENS, False, name))
        elif card["type"] == "planet":
            out.append(DeckProblem("planet_in_deck", f"{name} is a planet: planets are dealt apart from "
                                   "the decks.", SUMMARY_SETUP, False, name))
        if not card["official"] and not community:
            out.append(DeckProblem("community_card", f"{name} is a community-made card and this game "
                                   "does not use community cards.", CONTENT, True, name))
    if warlord is not None and total <= (warlord.get("starting_hand") or 0):
        out.append(DeckProblem("deck_too_small", f"{total} cards cannot outlast a starting hand of "
                               f"{warlord['starting_hand']}: a player with no cards to draw loses.",
                               SUMMARY_DECK_OUT, False))
    if fmt == "starter":
        out += _starter_problems(counts, known, warlord, pool)
        return out
    if warlord is not None and warlord.get("set") == "Core Set" and not _starter_problems(counts, known, warlord, pool):
        # The rules summary's own deck (Setup): a core set starter deck registered without naming the format is
        # legal as it is; the customisation rules (50 cards...) are for decks built otherwise.
        return out
    out += _custom_problems(counts, known, warlord, total)
    return out


def core_set_copies(card: dict[str, Any]) -> int:
    """Copies of a card in the core set, as the content gives them: a signature card comes as its whole squad
    (four Nazdreg's Flash Gitz, two Bigga Is Betta: `signature_copies`), any other card as `copies_in_set`."""
    if card.get("signature_of"):
        return card.get("signature_copies") or 1
    return card.get("copies_in_set") or 1


def _starter_cards(faction: str | None, pool: dict[str, dict[str, Any]]) -> dict[str, tuple[str, int]]:
    """{lower-case name: (name, copies)} of a faction's core set starter deck: "all the cards from a given faction"
    in the core set (each in the copies the box holds), plus 1 copy of each neutral card (rules summary, Setup)."""
    want = {}
    for card in pool.values():
        if card["set"] != "Core Set" or card["type"] in ("warlord", "token", "planet"):
            continue
        if card["faction"] == faction:
            want[card["name"].casefold()] = (card["name"], core_set_copies(card))
        elif card["faction"] == "Neutral":
            want[card["name"].casefold()] = (card["name"], 1)
    return want


def starter_deck(warlord: dict[str, Any], pool: dict[str, dict[str, Any]]) -> list[dict[str, Any]] | None:
    """The core set starter deck a warlord of the core set leads, as deck lines [{name, count}] (its signature
    squad among them, whole); None for a warlord from another product (no starter deck)."""
    if warlord.get("set") != "Core Set" or warlord.get("type") != "warlord":
        return None
    return [{"name": name, "count": n} for name, n in sorted(_starter_cards(warlord["faction"], pool).values())]


def _starter_problems(counts: dict[str, int], known: dict[str, dict[str, Any]], warlord: dict[str, Any] | None,
                      pool: dict[str, dict[str, Any]]) -> list[DeckProblem]:
    """A core set starter deck: the faction's core set cards in the box's copies and 1 of each neutral card."""
    if warlord is None:
        return []
    faction = warlord["faction"]
    want = _starter_cards(faction, pool)
    out = []
    for key, (name, n) in sorted(want.items()):
        if counts.get(key, 0) != n:
            out.append(DeckProblem("starter_count", f"{name}: the starter deck holds {n}, this deck "
                                   f"{counts.get(key, 0)}.", SUMMARY_STARTER, True, name))
    for key in counts:
        if key not in want and key in known and known[key]["type"] not in ("warlord", "token", "planet"):
            out.append(DeckProblem("not_in_starter", f"{known[key]['name']} is not in the {faction} starter deck.",
                                   SUMMARY_STARTER, True, known[key]["name"]))
    return out


def _custom_problems(counts: dict[str, int], known: dict[str, dict[str, Any]], warlord: dict[str, Any] | None,
                     total: int) -> list[DeckProblem]:
    out = []
    if total < MIN_CARDS:
        out.append(DeckProblem("too_few", f"The deck holds {total} cards; a deck holds at least {MIN_CARDS} "
                               "(the warlord not counted).", CUSTOM_SIZE))
    squad = {s["name"].casefold(): s for s in (warlord or {}).get("signature_squad") or []}
    for key, s in squad.items():
        if counts.get(key, 0) != s["copies"] and warlord is not None:  # (a squad is always its warlord's)
            out.append(DeckProblem("squad", f"{warlord['name']}'s signature squad holds {s['copies']} "
                                   f"{s['name']}; this deck {counts.get(key, 0)}.", CUSTOM_SQUAD, True, s["name"]))
    faction = (warlord or {}).get("faction")
    for key, card in known.items():
        name = card["name"]
        if card["type"] in ("warlord", "token", "planet"):
            continue
        if counts[key] > MAX_COPIES and key not in squad:
            out.append(DeckProblem("copies", f"{counts[key]} copies of {name}; a deck holds at most "
                                   f"{MAX_COPIES} of a card.", CUSTOM_COPIES, True, name))
        if card.get("signature_of") and warlord is not None and key not in squad:
            out.append(DeckProblem("other_squad", f"{name} belongs to {card['signature_of']}'s signature squad.",
                                   CUSTOM_SQUAD, True, name))
        if faction is None or card["faction"] in (faction, "Neutral") or key in squad:
            continue
        if card["type"] == "synapse":
            if faction != "Tyranids":
                out.append(DeckProblem("synapse", f"{name} is a synapse unit: only Tyranid decks hold one.",
                                       CUSTOM_ALLY, True, name))
            continue
        if not allied(faction, card):
            why = "a loyal card" if card.get("loyalty") == "loyal" else f"{card['faction']} is not an ally of {faction}"
            out.append(DeckProblem("ally", f"{name}: {why}.", CUSTOM_ALLY, True, name))
    foreign = sorted({known[k]["faction"] for k in known if known[k]["faction"] not in (faction, "Neutral", None)
                      and known[k]["type"] not in ("warlord", "token", "planet", "synapse") and k not in squad})
    if faction != "Necrons" and len(foreign) > 1:
        out.append(DeckProblem("two_allies", f"Cards of {', '.join(foreign)}: a deck takes one allied faction.",
                               CUSTOM_ALLY))
    return out
