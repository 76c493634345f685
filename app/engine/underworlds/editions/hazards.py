"""Dreadfane's hazard phase and hazard deck (Dreadfane rulebook, Hazard phase, pg 9).

Each round begins with a hazard phase: a player draws the top card of the 20-card hazard deck and
resolves it, as many times as the round number. A hazard card whose text does not say when it is
discarded stays in effect until the end of the game; cards that say so are discarded (this can
happen at the start of the hazard phase, before a card is drawn). Damage a hazard deals is dealt
by the hazard card (pg 13) - still worth two glory to the other player, since in this edition the
bounty does not depend on what dealt the damage.

The engine does not know the hazard cards' texts: the table enters the card drawn, its effects as
the usual events (damage with source "hazard", tokens, pushes as notes) and the discard of a card
when its text says so. State: state["hazards"] = {"deck": n, "drawn": n this phase,
"active": [{"card", "round"}], "discarded": [names]}.

Events: hazard {action: draw, card?} | {action: discard, card} | {action: end}. A card drawn without
a name is called "Hazard N" (N: its place in the draw order), so it can still be discarded by name.
"""
from __future__ import annotations

from typing import Any

from ...core import Consequence, Event, Rule, Suggestion, Violation
from .. import violations as V
from ..state import UnderworldsState
from .rules_2019 import DREADFANE_RULES
from .sources import DREADFANE_BOOK

HAZARD_RULE = DREADFANE_RULES["hazard_phase"]
HAZARD_DAMAGE_RULE = Rule(DREADFANE_BOOK, "Damage: a hazard card that deals damage is said to have dealt it", 13)
DECK_RULE = DREADFANE_RULES["hazard_deck"]
HAZARD_DECK = 20

EVENT = {"type": "hazard", "label": "Hazard card",
         "help": "Hazard phase: draw the top hazard card (name it), discard one whose text says so, "
                 "or end the hazard phase once as many cards as the round number were drawn.",
         "fields": {"action": {"type": "enum", "choices": ["draw", "discard", "end"]},
                    "card": {"type": "str", "required": False, "max_length": 120,
                             "help": "The hazard card's name"}}}


def new_hazards(deck: int = HAZARD_DECK) -> dict[str, Any]:
    """Hazard state at the start of a game: the whole deck, nothing in effect."""
    return {"deck": deck, "drawn": 0, "active": [], "discarded": []}


def to_draw(state: UnderworldsState) -> int:
    """Hazard cards still to draw in this hazard phase (round number minus cards drawn, never below 0)."""
    hz = state["hazards"]
    drawn: int = hz["drawn"]
    deck: int = hz["deck"]
    return max(0, min(state["round"], drawn + deck) - drawn)


def begin_hazard_phase(state: UnderworldsState) -> list[Consequence]:
    """Start a round's hazard phase (the first phase of each round)."""
    state["phase"] = "hazard"
    state["step"] = "hazard"
    state["hazards"]["drawn"] = 0
    return [Consequence("hazard_phase_begins", {"round": state["round"], "cards": to_draw(state)}, HAZARD_RULE)]


def check(state: UnderworldsState, event: Event) -> list[Violation]:
    """Is this hazard event legal now?"""
    d = event.data
    if state.get("phase") != "hazard":
        return [V.NOT_HAZARD_PHASE("Hazard cards are drawn and resolved in the hazard phase, "
                                   "the first phase of each round.", HAZARD_RULE)]
    hz = state["hazards"]
    action = d["action"]
    card = (d.get("card") or "").strip()
    if action == "draw":
        if to_draw(state) < 1:
            if hz["deck"] < 1:
                return [V.HAZARD_DECK_EMPTY("The hazard deck is empty.", DECK_RULE)]
            return [V.HAZARDS_ALL_DRAWN(f"Round {state['round']} draws {state['round']} hazard "
                                        "card(s), and they have all been drawn.", HAZARD_RULE)]
        if card and (any(a["card"] == card for a in hz["active"]) or card in hz["discarded"]):
            return [V.HAZARD_ALREADY_DRAWN(f"{card!r} has already been drawn this game.", DECK_RULE)]
        return []
    if action == "discard":
        if not card:
            return [V.HAZARD_NEEDS_CARD("Name the hazard card to discard.", HAZARD_RULE)]
        if not any(a["card"] == card for a in hz["active"]):
            return [V.HAZARD_NOT_IN_EFFECT(f"{card!r} is not a hazard card in effect.", HAZARD_RULE)]
        return []
    # end
    if to_draw(state) > 0:
        return [V.HAZARDS_LEFT_TO_DRAW(f"Draw {to_draw(state)} more hazard card(s) first: round "
                                       f"{state['round']} draws {state['round']}.", HAZARD_RULE)]
    return []


def apply(state: UnderworldsState, event: Event) -> list[Consequence]:
    """Draw or discard a hazard card; `end` is handled by the ruleset (the action phase, or the game's end)."""
    d = event.data
    hz = state["hazards"]
    card = (d.get("card") or "").strip()
    if d["action"] == "draw":
        # An unnamed card gets a label so it can be discarded later by that name.
        card = card or f"Hazard {HAZARD_DECK - hz['deck'] + 1}"
        hz["deck"] -= 1
        hz["drawn"] += 1
        hz["active"].append({"card": card, "round": state["round"]})
        return [Consequence("hazard_drawn", {"card": card, "left_to_draw": to_draw(state)}, HAZARD_RULE)]
    if d["action"] == "discard":
        hz["active"] = [a for a in hz["active"] if a["card"] != card]
        hz["discarded"].append(card)
        return [Consequence("hazard_discarded", {"card": card}, HAZARD_RULE)]
    return []


def suggestions(state: UnderworldsState, seat: str) -> list[Suggestion]:
    """What any player may enter in the hazard phase."""
    out: list[Suggestion] = []
    if to_draw(state) > 0:
        # Complete: naming the card is optional (the phone app may add the name as free text).
        out.append(Suggestion("hazard", seat, f"Draw hazard card ({to_draw(state)} left this phase)",
                              {"action": "draw"}, group="Hazard phase"))
    for active in state["hazards"]["active"]:
        out.append(Suggestion("hazard", seat, f"Discard hazard: {active['card']}",
                              {"action": "discard", "card": active["card"]}, group="Hazard phase"))
    alive = [f for f, v in state["fighters"].items() if not v["out"]]
    if hz_active(state) and alive:
        out.append(Suggestion("damage", seat, "Hazard deals damage", {"source": "hazard"},
                              choices={"fighter": alive}, bounds={"amount": {"type": "int", "min": 1, "max": 3}},
                              group="Hazard phase"))
    if to_draw(state) == 0:
        out.append(Suggestion("hazard", seat, "End the hazard phase", {"action": "end"}, group="Hazard phase"))
    return out


def hz_active(state: UnderworldsState) -> bool:
    """Some hazard card is in effect (drawn and not discarded)."""
    return bool(state["hazards"]["active"])
