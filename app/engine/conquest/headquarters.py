"""The headquarters phase: first planet token, next planet, draw 2, 4 resources, ready all, pass the initiative."""
from __future__ import annotations

from ..core import Consequence, Event, Violation
from . import deploy, rules, victory
from . import violations as V
from .board import face_up, other, seats
from .opening import unseen_planets
from .types import ConquestState, LinePlanet

DRAW = 2       # "Each player draws 2 cards."
RESOURCES = 4  # "Each player takes 4 resources from the token bank."


def face_down(state: ConquestState) -> list[LinePlanet]:
    """Face-down planets still in the line, left to right."""
    return [p for p in state["line"] if p["status"] == "line" and not p["face_up"]]


def check_headquarters(state: ConquestState, ev: Event) -> list[Violation]:
    """The headquarters phase follows the last battle; the next face-down planet must be named."""
    if state["step"].get("name") != "headquarters":
        return [V.OUT_OF_STEP("The headquarters phase comes after the combat phase.", rules.HEADQUARTERS)]
    name = ev.data.get("reveal")
    if face_down(state):
        if not name:
            return [V.REVEAL_NEEDED("Name the planet turned face up.", rules.HEADQUARTERS)]
        if name not in unseen_planets(state):
            return [V.BAD_PLANET("That planet is not one of the unseen planet cards.", rules.HEADQUARTERS)]
    elif name:
        return [V.NO_PLANET_LEFT("No face-down planet remains.", rules.HEADQUARTERS)]
    return []


def apply_headquarters(state: ConquestState, ev: Event) -> list[Consequence]:
    """Do the six headquarters steps in order, then start the next round."""
    cons: list[Consequence] = []
    up = face_up(state)
    if up:
        state["first_planet"] = up[0]["slot"]
    cons.append(Consequence("first_planet", {"planet": state["first_planet"]}, rules.HEADQUARTERS))
    down = face_down(state)
    if down:
        down[0].update({"name": ev.data["reveal"], "face_up": True})
        cons.append(Consequence("planet_revealed", {"planet": down[0]["slot"], "name": down[0]["name"]},
                                rules.HEADQUARTERS))
        if not up:
            state["first_planet"] = down[0]["slot"]
    for seat in seats(state):
        drawn = victory.draw_cards(state, seat, DRAW)
        state["seats"][seat]["resources"] += RESOURCES
        cons.append(Consequence("upkeep", {"seat": seat, "drawn": drawn, "resources": RESOURCES},
                                rules.HEADQUARTERS))
    for card in [*state["units"].values(), *state["cards"].values()]:
        card["ready"] = True
    state["initiative"] = other(state, state["initiative"])
    cons.append(Consequence("initiative_passed", {"seat": state["initiative"]}, rules.HEADQUARTERS))
    cons += victory.evaluate(state)
    if state.get("result"):
        return cons
    state["round"] += 1
    return cons + deploy.start_phase(state)
