"""Test data and helpers for BattleLore tests.

The unit numbers here are invented test data (no public data set exists), chosen to exercise the
rules: a 4-figure melee unit, a 3-figure ranged unit, a damage-token legend and a flyer.
"""
from __future__ import annotations

import random

from app.engine import registry
from app.engine.core import Event

RS = registry.get("battlelore/second-edition")


def unit(slug, health=4, movement=2, combat=3, attack="melee", muster=5, **kw):
    """A unit record for tests."""
    rec = {"slug": slug, "name": slug.replace("-", " ").title(), "health": health, "movement": movement,
           "combat": combat, "attack": attack, "muster": muster, "range": kw.pop("range", None)}
    rec.update(kw)
    return rec


def units_for(tag):
    """Four kinds of unit for one side."""
    return [unit(f"{tag}-foot", 4, 1, 3, "melee", 4),
            unit(f"{tag}-archers", 3, 1, 2, "ranged", 5, range=4, min_range=1),
            unit(f"{tag}-hero", 5, 2, 4, "melee", 9, damage_tokens=True, legend=True),
            unit(f"{tag}-flyer", 3, 3, 3, "melee", 7, traits=["flying"])]


def setup(**options):
    """A two-player setup with test units."""
    return {"ruleset": RS.id, "options": options,
            "seats": [{"name": "Ana", "faction": "daqan", "units": units_for("d")},
                      {"name": "Ben", "faction": "uthuk", "units": units_for("u")}]}


def play(state, by, type_, **data):
    """Play an event that must be legal; returns the new state and consequences."""
    return RS.play(state, Event(type_, by, data))


def codes(state, by, type_, **data):
    """Violation codes of an event."""
    return [v.code for v in RS.check(state, Event(type_, by, data))]


POS = {"section": "center", "terrain": "clear", "banner": 0}


def command(s, section="any", units=3, by=None):
    """The active (or named) player plays a command card: the turn moves on to the order step."""
    s, _ = play(s, by or s["active"], "play_command", section=section, units=units, card="Test card")
    return s


def to_upkeep(s):
    """The active player scores VPs and takes the lore step: the turn passes on."""
    s, _ = play(s, s["active"], "score_vp")
    s, _ = play(s, s["active"], "lore_step", choice="tokens")
    return s


def battle(army_p1=None, army_p2=None, first="p1", **options):
    """A state at the first player's command step, with small armies placed in the centre."""
    s = RS.new_game(setup(**options))
    s, _ = play(s, "p1", "choose_scenario", scenario="A1" if first == "p1" else "B1")
    s, _ = play(s, "p2", "choose_scenario", scenario="B2" if first == "p1" else "A2")
    a1 = army_p1 or {"d-foot": 2, "d-archers": 1, "d-hero": 1}
    a2 = army_p2 or {"u-foot": 2, "u-archers": 1, "u-hero": 1}
    for seat, army in (("p1", a1), ("p2", a2)):
        # Small armies keep tests short; the 18-card rule is tested on its own.
        s, _ = RS.play(s, Event("muster", seat, {"army": army, "decoys": 18 - sum(army.values())},
                                override={"reason": "small test army"}))
    for seat in ("p1", "p2"):
        for uid in s["seats"][seat]["units"]:   # the last unit placed ends the seat's deployment
            s, _ = play(s, seat, "place", unit=uid, to=dict(POS))
    return s


def fill(sugg, rng: random.Random) -> dict:
    """A concrete event from a suggestion: complete as is, or a template with random choices."""
    d = sugg.to_dict()
    if "event" in d:
        return d["event"]
    body = d["template"]
    for path, options in d["choices"].items():
        _set(body["data"], path, rng.choice(options))
    for path, spec in d["fields"].items():
        if spec["type"] == "int":
            _set(body["data"], path, rng.randint(spec["min"], spec["max"]))
        else:
            _set(body["data"], path, rng.choice(["Battle Cry", "Scatter", "Runic Barrier"]))
    return body


def _set(data, path, value):
    parts = path.split(".")
    cur = data
    for i, part in enumerate(parts[:-1]):
        key = int(part) if isinstance(cur, list) else part
        if isinstance(cur, dict) and key not in cur:
            cur[key] = [] if parts[i + 1].isdigit() else {}
        cur = cur[key]
    last = parts[-1]
    if isinstance(cur, list):
        idx = int(last)
        while len(cur) <= idx:
            cur.append(None)
        cur[idx] = value
    else:
        cur[last] = value
