"""Shared helpers for the Conquest engine tests: a standard setup, a scripted start, a suggestion-driven bot."""
from __future__ import annotations

import copy
import random

from app.engine.conquest import CONQUEST as RS
from app.engine.core import Event

PLANETS = [
    {"name": "Tarrus", "types": ["material", "strongpoint"], "resources": 1, "cards": 1},
    {"name": "Osus IV", "types": ["strongpoint"], "resources": 2, "cards": 0},
    {"name": "Ferrin", "types": ["material"], "resources": 2, "cards": 0},
    {"name": "Barlus", "types": ["strongpoint"], "resources": 0, "cards": 2},
    {"name": "Elouith", "types": ["tech"], "resources": 0, "cards": 2},
    {"name": "Plannum", "types": ["strongpoint", "tech"], "resources": 1, "cards": 1},
    {"name": "Atrox Prime", "types": ["material", "tech"], "resources": 1, "cards": 1},
    {"name": "Carnath", "types": ["material", "tech"], "resources": 1, "cards": 1},
    {"name": "Y'varn", "types": ["material", "strongpoint", "tech"], "resources": 1, "cards": 0},
    {"name": "Iridial", "types": ["material", "strongpoint", "tech"], "resources": 0, "cards": 1},
]
NAZDREG = {"name": "Nazdreg", "attack": 2, "hp": 7, "starting_hand": 7, "starting_resources": 7,
           "bloodied": {"attack": 2, "hp": 5}}
SICARIUS = {"name": "Captain Cato Sicarius", "attack": 2, "hp": 6, "starting_hand": 7, "starting_resources": 7,
            "bloodied": None}
TOKENS = [{"name": "Snotlings", "attack": 1, "hp": 1}, {"name": "Guardsman", "attack": 1, "hp": 2}]
# The line used by start(): left to right.
LINE = ["Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"]


def setup(**seat_overrides) -> dict:
    """Ana (Nazdreg) against Ben (Sicarius), the 10 core planets."""
    seats = [{"name": "Ana", "warlord": copy.deepcopy(NAZDREG), "deck_size": 50},
             {"name": "Ben", "warlord": copy.deepcopy(SICARIUS), "deck_size": 50}]
    for key, value in seat_overrides.items():
        i = int(key[1]) - 1
        seats[i].update(value)
    return {"ruleset": "conquest/core", "options": {}, "seats": seats, "planets": copy.deepcopy(PLANETS),
            "tokens": copy.deepcopy(TOKENS)}


def play(state: dict, type_: str, by: str, **data) -> tuple[dict, list]:
    """Check and apply one event; fails the test with the violations when refused."""
    ev = Event(type_, by, data)
    blocked = RS.judge(state, ev).blocked
    assert not blocked, [v.to_dict() for v in blocked]
    return RS.apply(state, ev)


def codes(state: dict, type_: str, by: str, **data) -> list[str]:
    """Violation codes of an event (empty when legal)."""
    return [v.code for v in RS.check(state, Event(type_, by, data))]


def start(first: str = "p1", **seat_overrides) -> dict:
    """A game in round 1's deploy phase: initiative to `first`, LINE revealed, both keep their hands."""
    state = RS.new_game(setup(**seat_overrides))
    state, _ = play(state, "initiative", first, seat=first)
    for name in LINE:
        state, _ = play(state, "reveal_planet", first, planet=name)
    state, _ = play(state, "mulligan", "p1", take=False)
    state, _ = play(state, "mulligan", "p2", take=False)
    return state


def unit(name: str, attack: int = 1, hp: int = 2, command: int = 1, cost: int = 1, **extra) -> dict:
    """An army unit card as the players enter it."""
    return {"name": name, "type": "army", "cost": cost, "attack": attack, "hp": hp, "command": command, **extra}


def _set(data: dict, path: str, value) -> None:
    parts = path.split(".")
    cur = data
    for p in parts[:-1]:
        cur = cur.setdefault(p, {})
    cur[parts[-1]] = value


def fill(sugg, rng: random.Random, counter: list[int]) -> Event:
    """Turn a suggestion into a concrete event, picking choices and numbers at random."""
    data = copy.deepcopy(sugg.data)
    for path, options in sugg.choices.items():
        _set(data, path, copy.deepcopy(rng.choice(options)))
    for path, spec in sugg.bounds.items():
        if spec["type"] == "int":
            _set(data, path, rng.randint(spec["min"], spec["max"]))
        else:
            counter[0] += 1
            _set(data, path, f"Card {counter[0]}")
    return Event(sugg.type, sugg.by, data)


def bot_step(state: dict, rng: random.Random, counter: list[int], effects: float = 0.05):
    """One random event from the seats' suggestions (card effects only now and then), or None."""
    options = []
    for seat in state["seats"]:
        options += RS.suggest(state, seat).suggestions
    if not options:
        return None
    core = [s for s in options if s.group != "Table"]
    pool = options if (not core or rng.random() < effects) else core
    return fill(rng.choice(pool), rng, counter)


def both_pass(state: dict) -> dict:
    """End the deploy phase: the player on turn passes, then the other."""
    state, _ = play(state, "pass", state["step"]["turn"])
    state, _ = play(state, "pass", state["step"]["turn"])
    return state


def commit(state: dict, p1: int, p2: int) -> tuple[dict, list]:
    """Both dials, p1 first; returns the state after the reveal and its consequences."""
    state, _ = play(state, "commit", "p1", planet=p1)
    return play(state, "commit", "p2", planet=p2)


def place(state: dict, seat: str, name: str, at, **stats) -> str:
    """Put a unit on the table directly (test arrangement, not a rule): returns its id."""
    uid = f"{seat}.{name.lower().replace(' ', '-')}"
    state["units"][uid] = {"id": uid, "owner": seat, "name": name, "kind": stats.pop("kind", "army"), "cost": 0,
                           "attack": stats.pop("attack", 1), "hp": stats.pop("hp", 2),
                           "command": stats.pop("command", 0), "keywords": stats.pop("keywords", []),
                           "traits": stats.pop("traits", []), "unique": False, "at": at,
                           "ready": stats.pop("ready", True), "damage": stats.pop("damage", 0)}
    assert not stats, stats
    return uid


def cons_types(cons) -> list[str]:
    """Types of consequences, in order."""
    return [c.type for c in cons]


def attack(state: dict, seat: str, attacker: str, defender: str | None = None, **extra) -> tuple[dict, list]:
    """An attack whose damage nobody shields (each shield opportunity passed)."""
    data = {"attacker": attacker, **({"defender": defender} if defender else {}), **extra}
    state, cons = play(state, "attack", seat, **data)
    while state["pending"] and state["pending"][0]["kind"] == "damage":
        state, more = play(state, "no_shield", state["pending"][0]["turn"])
        cons += more
    return state, cons


def to_combat(state, p1=5, p2=5):
    """Pass deploy, commit, take no bonuses: the combat phase starts."""
    state = both_pass(state)
    state, cons = commit(state, p1, p2)
    while state["step"].get("name") == "bonuses":
        seat = state["step"]["queue"][0]["seat"]
        state, more = play(state, "take_bonus", seat, resources=False, cards=False)
        cons += more
    return state, cons
