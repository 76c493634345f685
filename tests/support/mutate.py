"""Random and half-valid events for any ruleset: suggested events bent out of shape (another type, another seat, a
field dropped, added or given a wrong value, a name taken from the state) and events built from a catalogue
entry's field spec with random values. Generic over rulesets: only catalogue(), seat_ids() and suggest() are used
(tests/engine/test_hostile_events.py).
"""
from __future__ import annotations

import copy
import random
from dataclasses import replace

from app.engine.core import NOTE, REVERT, Event
from tests.support.play import fill, options, rng_pick

OVERRIDE = {"reason": "the table agreed"}
JUNK = [None, True, False, 0, -1, 1, 2, 3, 7, 99, 10**9, -(10**9), 1.5, "", "x", "nope", "p1", "p9", "referee",
        [], [1], ["x"], [None], {}, {"x": 1}, {"id": "nope"}]
MAX_STATE_WORDS = 400


def state_words(state, limit: int = MAX_STATE_WORDS) -> list[str]:
    """Strings found in a state (its keys and text values): the names of fighters, units, cards, planets..."""
    out: list[str] = []
    seen: set[str] = set()
    stack = [state]
    while stack and len(out) < limit:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                if isinstance(key, str) and key not in seen:
                    seen.add(key)
                    out.append(key)
                stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str) and item not in seen and len(item) < 80:
            seen.add(item)
            out.append(item)
    return out


def random_value(rng: random.Random, words: list[str]):
    """Any JSON value: junk, or a name from the state."""
    if words and rng.random() < 0.5:
        return rng.choice(words)
    return copy.deepcopy(rng.choice(JUNK))


def value_for(fspec: dict, rng: random.Random, words: list[str], depth: int = 0):
    """A value for one field spec: mostly of its kind and within its bounds, now and then anything at all."""
    if rng.random() < 0.15 or depth > 4:
        return random_value(rng, words)
    kind = fspec.get("type", "any")
    if kind == "int":
        low, high = fspec.get("min", -3), fspec.get("max", 12)
        return rng.randint(min(low, high), max(low, high)) if rng.random() < 0.8 else rng.choice([low - 1, high + 1])
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "enum":
        return rng.choice(list(fspec.get("choices") or ["x"]))
    if kind == "object" and "fields" in fspec:
        return data_for(fspec["fields"], rng, words, depth + 1)
    if kind == "object":
        return {rng.choice(words or ["x"]): random_value(rng, words) for _ in range(rng.randint(0, 3))}
    if kind == "list":
        item = fspec.get("items") or {}
        return [value_for(item, rng, words, depth + 1) for _ in range(rng.randint(0, 3))]
    return rng.choice(words) if words and rng.random() < 0.8 else random_value(rng, words)


def data_for(spec: dict, rng: random.Random, words: list[str], depth: int = 0) -> dict:
    """Event data for a field spec: each field present (or, now and then, left out) with a value for it."""
    return {name: value_for(fspec, rng, words, depth) for name, fspec in spec.items() if rng.random() < 0.9}


def set_somewhere(data, rng: random.Random, value) -> None:
    """Put `value` at a random place inside nested data (a field, an item, a key of an inner object)."""
    cur = data
    for _ in range(4):
        if isinstance(cur, dict) and cur:
            key = rng.choice(list(cur))
            if isinstance(cur[key], (dict, list)) and cur[key] and rng.random() < 0.5:
                cur = cur[key]
                continue
            cur[key] = value
            return
        if isinstance(cur, list) and cur:
            i = rng.randrange(len(cur))
            if isinstance(cur[i], (dict, list)) and cur[i] and rng.random() < 0.5:
                cur = cur[i]
                continue
            cur[i] = value
            return
        break
    if isinstance(cur, dict):
        cur[rng.choice(["x", *list(cur)[:3]])] = value


def bend(event: Event, rs, state: dict, rng: random.Random, words: list[str]) -> Event:
    """A suggested event bent out of shape in one or two ways."""
    types = [e["type"] for e in rs.catalogue() if e["type"] != REVERT]
    seats = [*rs.seat_ids(state), "referee", "spectator", "p9"]
    data = copy.deepcopy(event.data)
    for _ in range(rng.randint(1, 2)):
        how = rng.randrange(6)
        if how == 0:
            event = replace(event, type=rng.choice(types))
        elif how == 1:
            event = replace(event, by=rng.choice(seats))
        elif how == 2 and data:
            data.pop(rng.choice(list(data)))
        elif how == 3:
            data[rng.choice(words or ["x"])] = random_value(rng, words)
        elif how == 4:
            set_somewhere(data, rng, random_value(rng, words))
        else:
            set_somewhere(data, rng, rng.choice(words) if words else None)
    return replace(event, data=data)


def hostile_batch(rs, state: dict, rng: random.Random, bent: int = 4) -> list[Event]:
    """One event of every type of the ruleset (random data, a random seat, overridden half of the time) and a few
    bent suggestions: every handler meets this point of the game."""
    words = state_words(state)
    seats = rs.seat_ids(state)
    out = []
    for entry in rs.catalogue():
        if entry["type"] in (NOTE, REVERT):
            continue
        by = rng.choice(seats) if seats and rng.random() < 0.9 else rng.choice(["referee", "p9"])
        out.append(Event(entry["type"], by, data_for(entry.get("fields", {}), rng, words),
                         override=OVERRIDE if rng.random() < 0.5 else None))
    suggestions = options(rs, state)
    for _ in range(bent if suggestions else 0):
        event = bend(fill(rng.choice(suggestions), rng_pick(rng)), rs, state, rng, words)
        out.append(replace(event, override=OVERRIDE if rng.random() < 0.5 else None))
    return out
