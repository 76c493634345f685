"""Reading the table: seats, planets in the line, units at places, initiative."""
from __future__ import annotations

from .cards import slug
from .types import Battle, ConquestCard, ConquestState, ConquestUnit, LinePlanet

HQ = "hq"


def seats(state: ConquestState) -> list[str]:
    """The two seats, in order."""
    return list(state["seats"])


def other(state: ConquestState, seat: str) -> str:
    """The opponent of a seat."""
    a, b = seats(state)
    return b if seat == a else a


def planet(state: ConquestState, slot: int) -> LinePlanet | None:
    """The line entry at a slot (1..7), or None."""
    for p in state["line"]:
        if p["slot"] == slot:
            return p
    return None


def planet_at(state: ConquestState, slot: int) -> LinePlanet:
    """The line entry at a slot the game knows is in it (the battle's planet, say)."""
    found = planet(state, slot)
    if found is None:
        raise KeyError(f"no planet at slot {slot}")
    return found


def battle_now(state: ConquestState) -> Battle:
    """The battle being fought (the combat phase's events only come while one is)."""
    battle = state["battle"]
    if battle is None:
        raise ValueError("no battle is being fought")
    return battle


def in_line(state: ConquestState) -> list[LinePlanet]:
    """Planets still in the line (not captured, not removed), face up or down, left to right."""
    return [p for p in state["line"] if p["status"] == "line"]


def face_up(state: ConquestState) -> list[LinePlanet]:
    """Face-up planets in the line, left to right (the planets in play)."""
    return [p for p in in_line(state) if p["face_up"]]


def face_up_slots(state: ConquestState) -> list[int]:
    """Slots of the face-up planets in the line."""
    return [p["slot"] for p in face_up(state)]


def dial_number(state: ConquestState, slot: int) -> int | None:
    """The command dial number of a planet: the first planet is 1, each one after it the next number."""
    slots = face_up_slots(state)
    return slots.index(slot) + 1 if slot in slots else None


def adjacent_slots(state: ConquestState, slot: int) -> list[int]:
    """Face-up planets next to a planet in the line (removed and captured planets leave the line)."""
    slots = face_up_slots(state)
    if slot not in slots:
        return []
    i = slots.index(slot)
    return [slots[j] for j in (i - 1, i + 1) if 0 <= j < len(slots)]


def planet_label(state: ConquestState, slot: int) -> str:
    """A planet's name for messages."""
    p = planet(state, slot)
    return (p and p["name"]) or f"planet {slot}"


def units_at(state: ConquestState, where: int | str, seat: str | None = None) -> list[ConquestUnit]:
    """Units at a place (a slot or "hq"), optionally only one seat's."""
    return [u for u in state["units"].values()
            if u["at"] == where and (seat is None or u["owner"] == seat)]


def ready_units_at(state: ConquestState, where: int | str, seat: str) -> list[ConquestUnit]:
    """A seat's ready units at a place."""
    return [u for u in units_at(state, where, seat) if u["ready"]]


def warlord(state: ConquestState, seat: str) -> ConquestUnit:
    """A seat's warlord unit."""
    return state["units"][state["seats"][seat]["warlord"]]


def initiative_order(state: ConquestState, first: str | None = None) -> list[str]:
    """Seats starting with `first` (default: the initiative token holder)."""
    lead = first or state["initiative"]
    return [lead, other(state, lead)]


def controlled_cards(state: ConquestState, seat: str) -> list[ConquestUnit | ConquestCard]:
    """Every card a seat controls in play: units, supports and attachments."""
    return ([u for u in state["units"].values() if u["owner"] == seat]
            + [c for c in state["cards"].values() if c["owner"] == seat])


def new_id(state: ConquestState, seat: str, name: str) -> str:
    """A fresh, readable id for a card entering play: "<seat>.<slug>" (numbered on repeats)."""
    base = f"{seat}.{slug(name)}"
    state["counter"] = state.get("counter", 0) + 1
    if base not in state["units"] and base not in state["cards"]:
        return base
    return f"{base}-{state['counter']}"
