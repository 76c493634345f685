"""Before the first round: the initiative token, the first 5 planets face up, and the mulligans (Setup)."""
from __future__ import annotations

from ..core import Consequence, Event, Violation
from . import deploy, rules
from . import violations as V
from .board import seats
from .setup import FACE_UP_AT_START
from .types import ConquestState


def unseen_planets(state: ConquestState) -> list[str]:
    """Planet cards not yet turned face up (any of them may be in the line face down)."""
    seen = {p["name"] for p in state["line"] if p["name"]}
    return [n for n in state["planets"] if n not in seen]


def check_initiative(state: ConquestState, ev: Event) -> list[Violation]:
    """The initiative token is given once, at setup."""
    if state["step"].get("name") != "initiative":
        return [V.OUT_OF_STEP("The initiative token was already given.", rules.SETUP_INITIATIVE)]
    if ev.data["seat"] not in state["seats"]:
        return [V.UNKNOWN_SEAT("Give the token to one of the two players.", rules.SETUP_INITIATIVE)]
    return []


def apply_initiative(state: ConquestState, ev: Event) -> list[Consequence]:
    """That player takes the token and turns the first 5 planets face up."""
    seat = ev.data["seat"]
    state["initiative"] = state["starter"] = seat
    state["step"] = {"name": "reveal", "seat": seat, "count": 0}
    return [Consequence("initiative", {"seat": seat}, rules.SETUP_INITIATIVE)]


def check_reveal(state: ConquestState, ev: Event) -> list[Violation]:
    """The initiative player turns the first 5 planets face up, starting furthest to his left."""
    if state["step"].get("name") != "reveal":
        return [V.OUT_OF_STEP("Planets are revealed at setup and in the headquarters phase.", rules.SETUP_PLANETS)]
    if ev.by != state["step"]["seat"]:
        return [V.OUT_OF_STEP("The player with the initiative turns the planets face up.", rules.SETUP_PLANETS)]
    if ev.data["planet"] not in unseen_planets(state):
        return [V.BAD_PLANET("That planet is not one of the unseen planet cards.", rules.SETUP_PLANETS)]
    return []


def apply_reveal(state: ConquestState, ev: Event) -> list[Consequence]:
    """Turn the leftmost face-down planet face up; after 5, the first planet token goes on the leftmost."""
    slot = next(p for p in state["line"] if not p["face_up"])
    slot.update({"name": ev.data["planet"], "face_up": True})
    state["step"]["count"] += 1
    cons = [Consequence("planet_revealed", {"planet": slot["slot"], "name": slot["name"]}, rules.SETUP_PLANETS)]
    if state["step"]["count"] >= FACE_UP_AT_START:
        state["first_planet"] = state["line"][0]["slot"]
        state["step"] = {"name": "mulligan", "decided": []}
        cons.append(Consequence("first_planet", {"planet": state["first_planet"]}, rules.SETUP_PLANETS))
    return cons


def check_mulligan(state: ConquestState, ev: Event) -> list[Violation]:
    """Each player may take one mulligan after drawing the starting hand."""
    if state["step"].get("name") != "mulligan":
        return [V.OUT_OF_STEP("Mulligans are taken at setup, after the planets.", rules.MULLIGAN)]
    if ev.by in state["step"]["decided"]:
        return [V.ONE_MULLIGAN("You must keep your second hand.", rules.MULLIGAN)]
    return []


def apply_mulligan(state: ConquestState, ev: Event) -> list[Consequence]:
    """A mulligan reshuffles the hand into the deck and draws a new one (counts do not change)."""
    state["step"]["decided"].append(ev.by)
    state["seats"][ev.by]["mulligan"] = ev.data["take"]
    cons = [Consequence("mulligan", {"seat": ev.by, "take": ev.data["take"]}, rules.MULLIGAN)]
    if len(state["step"]["decided"]) == len(seats(state)):
        state["round"] = 1
        cons += deploy.start_phase(state)
    return cons
