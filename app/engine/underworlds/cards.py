"""Cards in play: deck data (optional), hand and deck counts, drawing, discarding.

The game works without deck data: hands and decks are counts, and players enter "played a ploy" or
"scored an objective worth 2 glory" by hand. When a seat's setup carries a `deck`, card records give the
type, glory, scoring time and reaction step of a named card. A deck marked `complete: false` (content that
lists only the cards our sources give) is a partial list: the card counts come from the seat's `deck_sizes`,
the listed cards are offered by name, and a card that is not listed is entered by hand as with no deck data. Accepted deck shapes:
`[card, ...]`, `{"cards": [...]}` or `{"objectives": [...], "power": [...]}`; a card record is
`{name, type: objective|ploy|spell|upgrade, glory?, scoring?: surge|end|third, reaction?: <reaction step id>,
restrictions?: [fighter slug or trait or keyword], casting?: {channel, focus}, attack?: bool}`.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..core import Consequence, Event, SetupError, Suggestion, Violation
from . import violations as V
from .state import SeatRecord, UnderworldsState

if TYPE_CHECKING:
    from .ruleset import UnderworldsRuleset

OBJECTIVE_TYPES = ("objective",)
POWER_TYPES = ("ploy", "spell", "upgrade")


MOST_DECK_CARDS = 64  # of each kind: 12 or more objectives, 20 or more power cards (Deathgorge rulebook pg 40-41)


def normalise_deck(raw: object, where: str) -> dict[str, Any] | None:
    """Deck data as {"objectives": {name: card}, "power": {name: card}}; None when the seat has none."""
    if raw is None:
        return None
    if isinstance(raw, dict) and ("objectives" in raw or "power" in raw):
        cards = list(raw.get("objectives") or []) + list(raw.get("power") or [])
    elif isinstance(raw, dict):
        cards = list(raw.get("cards") or [])
    elif isinstance(raw, list):
        cards = raw
    else:
        raise SetupError("A deck must be a list of cards or {objectives, power}.", where)
    # Only a deck that says it is incomplete is partial; a bare list of cards is the whole deck.
    if len(cards) > 2 * MOST_DECK_CARDS:
        raise SetupError(f"A deck holds at most {MOST_DECK_CARDS} objective and {MOST_DECK_CARDS} power cards.", where)
    complete = not (isinstance(raw, dict) and raw.get("complete") is False)
    out: dict[str, Any] = {"objectives": {}, "power": {}, "complete": complete}
    for i, card in enumerate(cards):
        if not isinstance(card, dict) or not isinstance(card.get("name"), str) or not card["name"]:
            raise SetupError(f"Card {i} of the deck needs a name.", where)
        kind = card.get("type")
        if kind in OBJECTIVE_TYPES:
            out["objectives"][card["name"]] = dict(card)
        elif kind in POWER_TYPES:
            out["power"][card["name"]] = dict(card)
        else:
            raise SetupError(f"Card {card['name']!r} has type {kind!r}; expected objective, ploy, spell or upgrade.",
                             where)
    return out


def is_partial(state: UnderworldsState, seat: str) -> bool:
    """The seat's deck data lists only some of its cards (content `complete: false`)."""
    deck = state["decks"].get(seat)
    return deck is not None and bool(deck) and deck.get("complete") is False


def unlisted_allowed(state: UnderworldsState, seat: str) -> bool:
    """Cards not in the deck data may be entered by hand: no deck data, or a partial list."""
    return not state["decks"].get(seat) or is_partial(state, seat)


def lookup(state: UnderworldsState, seat: str, kind: str, name: str | None) -> dict[str, Any] | None:
    """The card record of a named card in the seat's deck data, or None (no name, no data, not found)."""
    if not name:
        return None
    deck = state["decks"].get(seat)
    if not deck:
        return None
    card: dict[str, Any] | None = deck[kind].get(name)
    return card


def names(state: UnderworldsState, seat: str, kind: str, types: tuple[str, ...] | None = None) -> list[str]:
    """Names of the seat's cards that may be in the hand, optionally by type, most likely first: the cards the
    player said they hold (hand event), then every other card of the deck not yet used (scored, discarded or
    played), since the hand the player told may be out of date."""
    deck = state["decks"].get(seat)
    if not deck:
        return []
    held = state["seats"][seat]["cards"][kind]
    gone = set(state["seats"][seat]["gone"])
    pool = [*held, *(n for n in deck[kind] if n not in gone and n not in held)]
    return [n for n in pool if n in deck[kind] and (types is None or deck[kind][n].get("type") in types)]


def upgrade_cost(state: UnderworldsState, seat: str, name: str | None) -> int:
    """Glory an upgrade costs: the cost printed on the card where the data has it (later cards print one),
    else the rules' one glory point (Deathgorge rulebook, Upgrade cards)."""
    card = lookup(state, seat, "power", name)
    cost = (card or {}).get("glory_cost")
    return cost if isinstance(cost, int) and not isinstance(cost, bool) and cost >= 0 else 1


def check_in_hand(state: UnderworldsState, seat: str, kind: str, name: str | None, rule: str) -> list[Violation]:
    """A card played or scored must be in the hand (by count, and by name when deck data is known)."""
    out = []
    s = state["seats"][seat]
    if s["hand"][kind] < 1:
        what = "objective" if kind == "objectives" else "power"
        out.append(V.NO_CARD_IN_HAND(f"You have no {what} cards in your hand.", rule))
    if name:
        deck = state["decks"].get(seat)
        if deck is not None and name not in deck[kind] and not is_partial(state, seat):
            out.append(V.CARD_NOT_IN_DECK(f"{name!r} is not in your {kind} deck.", rule))
        if name in s["gone"]:
            out.append(V.CARD_ALREADY_USED(f"{name!r} has already been played, scored or discarded.", rule))
    return out


def spend_from_hand(state: UnderworldsState, seat: str, kind: str, name: str | None, discard: bool) -> None:
    """A card leaves the hand (to the discard pile when `discard`)."""
    s = state["seats"][seat]
    s["hand"][kind] = max(0, s["hand"][kind] - 1)
    if discard:
        s["discards"][kind] += 1
    if name:
        s["gone"].append(name)
        held = s["cards"][kind]
        if name in held:
            held.remove(name)


def draw(state: UnderworldsState, seat: str, kind: str, count: int) -> int:
    """Draw up to `count` cards; an empty deck cannot be drawn from (no reshuffle). Returns cards drawn."""
    s = state["seats"][seat]
    got = max(0, min(count, s["deck"][kind]))
    s["deck"][kind] -= got
    s["hand"][kind] += got
    drawn = s.setdefault("drawn", {"objectives": 0, "power": 0})   # a state saved before it was counted
    drawn[kind] += got
    return got


def restriction_met(state: UnderworldsState, seat: str, card: dict[str, Any] | None, fid: str | None = None) -> bool:
    """A restricted card needs one of its restricted fighters (slug, trait or keyword) on the battlefield;
    with `fid`, that fighter must be one of them."""
    rest = (card or {}).get("restrictions") or []
    if not rest:
        return True
    candidates = [fid] if fid else [f for f, v in state["fighters"].items() if v["seat"] == seat and not v["out"]]
    for f in candidates:
        card_f = state["fighter_cards"][f]
        tags = {card_f.get("slug"), *(card_f.get("traits") or []), *(card_f.get("keywords") or [])}
        if tags & set(rest):
            return True
    return False


def restricted_all_out(state: UnderworldsState, seat: str, card: dict[str, Any] | None) -> bool:
    """Salvage: every fighter the card is restricted to is out of action."""
    rest = (card or {}).get("restrictions") or []
    if not rest:
        return False
    # The same fighters restriction_met accepts: by slug, trait or keyword.
    matching = [f for f, v in state["fighters"].items() if v["seat"] == seat and restriction_met(state, seat, card, f)]
    return all(state["fighters"][f]["out"] for f in matching)


def check_hand(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Violation]:
    """Telling the app which cards you hold: names from your deck not yet used, no more than your hand holds."""
    out = []
    s = state["seats"][event.by]
    deck = state["decks"].get(event.by)
    for kind in ("objectives", "power"):
        given = event.data.get(kind)
        if given is None:
            continue
        if len(given) > s["hand"][kind] or len(set(given)) != len(given):
            out.append(V.HAND_SIZE(f"Your hand holds {s['hand'][kind]} {kind} cards, each once.",
                                   rs.edition.rule("draw_cards")))
        for name in given:
            if deck is not None and name not in deck[kind] and not is_partial(state, event.by):
                out.append(V.CARD_NOT_IN_DECK(f"{name!r} is not in your {kind} deck.", rs.edition.rule("draw_cards")))
            elif name in s["gone"]:
                out.append(V.CARD_ALREADY_USED(f"{name!r} has already been played, scored or discarded.",
                                               rs.edition.rule("draw_cards")))
    return out


def apply_hand(rs: UnderworldsRuleset, state: UnderworldsState, event: Event) -> list[Consequence]:
    """Record the held card names (private: view() shows them only to their player)."""
    s = state["seats"][event.by]
    for kind in ("objectives", "power"):
        if event.data.get(kind) is not None:
            s["cards"][kind] = list(event.data[kind])
            s.setdefault("drawn", {"objectives": 0, "power": 0})[kind] = 0
    return []


# -- suggestions (suggest.py builds the seat's advice from these) ------------------------------

def suggest_hand(rs: UnderworldsRuleset, state: UnderworldsState, seat: str,
                 likely: Callable[[UnderworldsState, str, list[str]], list[str]] | None = None) -> list[Suggestion]:
    """Say which cards you hold (private: only you and the referee see them; privacy.py), offered when the seat
    has deck data and check() accepts it now. Each kind is a list field: any of `items`, at most `max` (the cards
    in the hand), the ones already said first; `drawn` is how many cards of that kind the player drew since it
    last said its hand and has not named (the hand's cards beyond the names said), so a client can ask for
    exactly those. `likely` orders the objectives not said yet, the likeliest drawn first (scoring.likely_first)."""
    if not state["decks"].get(seat) or rs.check(state, Event("hand", seat, {})):
        return []
    s = state["seats"][seat]
    drawn = s.get("drawn") or {}
    bounds = {}
    for kind in ("objectives", "power"):
        items = names(state, seat, kind)
        if likely and kind == "objectives":
            told = s["cards"][kind]
            items = [n for n in items if n in told] + likely(state, seat, [n for n in items if n not in told])
        if s["hand"][kind] > 0 and items:
            unnamed = max(0, s["hand"][kind] - len(s["cards"][kind]))
            bounds[kind] = {"type": "list", "items": items, "max": s["hand"][kind],
                            "drawn": min(drawn.get(kind, 0), unnamed)}
    if not bounds:
        return []
    return [Suggestion("hand", seat, hand_label(s, bounds), {}, bounds=bounds, group="My hand")]


def hand_label(seat_state: SeatRecord, bounds: dict[str, Any]) -> str:
    """"Which cards I hold", or, once the player has named cards and drawn since, the cards it drew: "You drew 1
    objective and 2 power cards: which?"."""
    named = any(seat_state["cards"][kind] for kind in bounds)
    drawn = {kind: b["drawn"] for kind, b in bounds.items() if b["drawn"]}
    if not named or not drawn:
        return "Which cards I hold"
    words = {"objectives": ("objective", "objectives"), "power": ("power card", "power cards")}
    parts = [f"{n} {words[kind][n != 1]}" for kind, n in drawn.items()]
    return f"You drew {' and '.join(parts)}: which?"
