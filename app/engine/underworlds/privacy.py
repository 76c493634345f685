"""What each seat may see of the cards in an Underworlds game (every edition).

Hands are secret: "the cards a player has drawn but has not yet played ... are kept secret from their
opponent" (Deathgorge, Set up, 4. Draw cards, pg 15; Shadespire, 3. Draw cards, pg 16; Dreadfane, 3. Draw cards,
pg 8). So the names a player says it holds (the `hand` event) reach only that player and the referee, in the
view and in the log, and no rule ever reveals a card that stays in the hand.

Decks are shuffled and kept face down (the same sections), and Dreadfane says it outright: "you cannot look at
the cards in your opponents' decks" (Dreadfane, Introduction, pg 3). What an opponent does see of a deck are the
cards that leave the hand face up: ploys and spells played, upgrades given to fighters, persisting gambits,
surge objectives revealed, objectives scored, and every discarded card ("all players can look at the cards in
any discard pile": Deathgorge, Discard, pg 15; Dreadfane pg 8; Shadespire FAQ, open information). The three
books agree, so one reading serves every edition: another seat's view keeps the deck's counts and only those
seen cards of its deck data.
"""
from __future__ import annotations

from typing import Any

from ..core import PLAYER_SEATS
from .state import UnderworldsState

SECRET_EVENTS = ("hand",)  # events whose data is the player's hand: never revealed by the rules
SEES_EVERYTHING = "referee"


def may_see_cards_of(viewer: str, seat: str | None) -> bool:
    """The viewer sees the seat's held cards and deck list: its own player, or the referee."""
    return viewer == seat or viewer == SEES_EVERYTHING


def seen_cards(state: UnderworldsState, seat: str) -> set[str]:
    """Names of the seat's cards that have been shown face up (played, scored, revealed, discarded, in play)."""
    s = state["seats"][seat]
    seen: set[Any] = set(s.get("gone") or [])
    seen.update(item.get("card") for item in (s.get("revealed") or []) + (s.get("scored") or [])
                if isinstance(item, dict) and item.get("card"))
    seen.update(item.get("card") if isinstance(item, dict) else item for item in (s.get("in_play") or []))
    for f in state["fighters"].values():
        if f["seat"] == seat:
            seen.update(f.get("upgrades") or [])
    seen.discard(None)
    return seen


def deck_as_seen(state: UnderworldsState, seat: str) -> dict[str, Any] | None:
    """The seat's deck data as another seat sees it: only the cards shown face up so far."""
    deck = state["decks"].get(seat)
    if not deck:
        return deck
    seen = seen_cards(state, seat)
    out: dict[str, object] = {kind: {name: card for name, card in deck[kind].items() if name in seen}
           for kind in ("objectives", "power")}
    out["complete"] = deck.get("complete", True)
    out["hidden"] = True  # the rest of the deck is face down
    return out


def hide_cards(state: UnderworldsState, out: dict[str, Any], viewer: str, hidden: dict[str, Any]) -> None:
    """In a view (`out`, a copy of `state`): other players' held card names and unseen deck cards removed.

    Another seat's hidden part is the same for every viewer but its own player, so it is made once per state and
    shared by the views (per_state.py), as the seats the viewer sees are shared with the state: a view is never
    changed (docs/architecture.md, Engine contract), and the patches of the views of one event compare each such
    part once (app/live/viewpatch.py). `hidden`: hidden_parts(state)."""
    decks = dict(out.get("decks") or {})
    seats = {}
    for sid, s in state["seats"].items():
        if may_see_cards_of(viewer, sid):
            seats[sid] = s
            continue
        seats[sid], deck = hidden[sid]
        if sid in decks:
            decks[sid] = deck
    out["seats"] = seats
    out["decks"] = decks  # a new mapping: the state's decks are shared by every copy and never changed


def hidden_parts(state: UnderworldsState) -> dict[str, Any]:
    """Each seat as the other seats see it: {seat: (its entry with held cards hidden, its deck as seen)}."""
    parts = {}
    for sid, s in state["seats"].items():
        entry = dict(s)
        entry["cards"] = {"objectives": [], "power": []}
        # How many drawn cards are still unnamed depends on which kinds the hand event named: secret too.
        entry.pop("drawn", None)
        entry["cards_hidden"] = True
        parts[sid] = (entry, deck_as_seen(state, sid) if sid in (state.get("decks") or {}) else None)
    return parts


def redact_record(record: dict[str, Any], viewer: str) -> dict[str, Any]:
    """A logged event as `viewer` sees it: another player's `hand` comes without its card names."""
    if record.get("type") in SECRET_EVENTS and not may_see_cards_of(viewer, record.get("by")):
        return {**record, "data": {}}
    return record


def redact_setup(setup: dict[str, Any], viewer: str) -> dict[str, Any]:
    """The game's setup as `viewer` sees it: other seats' deck data replaced by a face-down marker."""
    seats = setup.get("seats") if isinstance(setup, dict) else None
    if not isinstance(seats, list) or viewer == SEES_EVERYTHING:
        return setup
    shown = []
    for i, raw in enumerate(seats):
        seat = PLAYER_SEATS[i] if i < len(PLAYER_SEATS) else None
        if isinstance(raw, dict) and raw.get("deck") is not None and seat != viewer:
            raw = {**raw, "deck": {"hidden": True}}
        shown.append(raw)
    return {**setup, "seats": shown}
