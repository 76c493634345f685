"""Plays games from suggest() alone: fills templates from their choices/bounds; sample setups of every ruleset.
Shared by the property test (tests/engine/test_properties.py), engine, service, API, live and browser tests and the
benchmarks, and generic over rulesets:
any Ruleset whose suggestions are complete events or templates with finite choices / int bounds works.

To add a ruleset to the property test and the benchmark, add its id and a small sample setup to SETUPS.
"""
from __future__ import annotations

import random
from dataclasses import replace

from app.engine.core import Event, Suggestion


def _fighter(slug, wounds, *, wizard=0, leader=False, defence=1, dodge=False):
    prof = [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 2, "keywords": ["cleave"]},
            {"name": "Bow", "range": 3, "dice": 2, "symbol": "fury", "damage": 1, "keywords": ["grievous 1"]}]
    if wizard:
        prof.append({"name": "Bolt", "range": 3, "dice": None, "symbol": "channel", "damage": 2, "keywords": [],
                     "spell": True})
    return {"slug": slug, "name": slug.title(), "leader": leader, "traits": ["wizard"] if wizard else [],
            "wizard_level": wizard, "move": 3, "defence": {"dice": defence, "symbol": "dodge" if dodge else "block"},
            "wounds": wounds, "inspired": {"move": 4}, "profiles": prof}


def underworlds_setup(players: int = 2) -> dict:
    """A small Underworlds setup: each warband a leader wizard, a Large fighter and a minion."""
    seats = []
    for i in range(players):
        seats.append({"name": f"Player {i + 1}", "warband": "custom",
                      "fighters": [_fighter("leader", 4, wizard=1 + i % 2, leader=True),
                                   _fighter("brute", 5, defence=2), _fighter("minion", 2, dodge=True)]})
    return {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"}, "seats": seats}


def content_setup(ruleset_id: str = "underworlds/deathgorge", fmt: str = "rivals",
                  seats: tuple = (("steelhearts-champions", None), ("thricefold-discord", None))) -> dict:
    """An Underworlds setup expanded from the shipped content (as the server does): warbands whose numbers our
    sources lack (null Dice/Damage/Defence/Wounds, no known Attack actions), whole decks and card pools."""
    from app.content import expand_setup  # noqa: PLC0415
    return expand_setup(ruleset_id, {"ruleset": ruleset_id, "options": {"format": fmt}, "seats": [
        {"name": f"Player {i + 1}", "warband": w, **({"deck": d} if d else {})} for i, (w, d) in enumerate(seats)]})


def conquest_setup(first: str = "nazdreg", second: str = "captain-cato-sicarius", deck_size: int = 50) -> dict:
    """A Conquest setup from the shipped content (planets, tokens, warlords by slug)."""
    from app.content import expand_setup  # noqa: PLC0415
    return expand_setup("conquest/core", {"ruleset": "conquest/core", "options": {},
                         "seats": [{"name": "Ana", "warlord": first, "deck_size": deck_size},
                                   {"name": "Ben", "warlord": second, "deck_size": deck_size}]})


def edition_setup(ruleset_id: str, players: int, **options) -> dict:
    """The sample setup under an earlier edition's id (standard game, options such as artefact=True)."""
    return {**underworlds_setup(players), "ruleset": ruleset_id, "options": {"format": "standard", **options}}


def battlelore_setup(entered: bool = False, **options) -> dict:
    """A BattleLore setup with invented unit numbers (no public data set); entered=True: no units,
    the players enter unit cards from the suggestions first, as on the phones."""
    def unit(slug, health, movement, combat, attack, muster, **kw):
        return {"slug": slug, "name": slug.title(), "health": health, "movement": movement, "combat": combat,
                "attack": attack, "muster": muster, **kw}
    def army(tag):
        return [unit(f"{tag}-foot", 4, 1, 3, "melee", 4), unit(f"{tag}-bows", 3, 1, 2, "ranged", 5, range=4),
                unit(f"{tag}-hero", 5, 2, 4, "melee", 9, damage_tokens=True, legend=True)]
    seats = [{"name": "Ana"}, {"name": "Ben"}] if entered else [
        {"name": "Ana", "faction": "daqan", "units": army("d")}, {"name": "Ben", "faction": "uthuk", "units": army("u")}]
    return {"ruleset": "battlelore/second-edition", "options": options, "seats": seats}


# ruleset id -> list of setups to play (a new ruleset adds its own).
SETUPS: dict[str, list[dict]] = {
    # (benchmarks/engine.py replays a long game of each ruleset's LAST setup: keep the sample warbands last.)
    "underworlds/deathgorge": [underworlds_setup(2), underworlds_setup(3),
                               # Content: whole Rivals decks by name, a warband with unknown numbers, no deck data.
                               content_setup(seats=(("steelhearts-champions", "force-of-frost"),
                                                    ("thricefold-discord", None),
                                                    ("cyrenis-razors", "cyrenis-razors-rivals"))),
                               underworlds_setup(4)],
    "conquest/core": [conquest_setup(), conquest_setup("torquemada-coteaz", "nazdreg", 30)],
    # Earlier editions: the same sample warbands under the 2018 and 2019 rules.
    "underworlds/shadespire": [edition_setup("underworlds/shadespire", 2), edition_setup("underworlds/shadespire", 4),
                               content_setup("underworlds/shadespire", "standard", (
                                   ("steelhearts-champions", "steelhearts-champions-shadespire"),
                                   ("ironskulls-boyz", None))),
                               edition_setup("underworlds/shadespire", 2, artefact=True)],
    "underworlds/dreadfane": [edition_setup("underworlds/dreadfane", 2)],
    "battlelore/second-edition": [battlelore_setup(), battlelore_setup(entered=True),
                                  battlelore_setup(campaign={"game": 2, "history": [
                                      {"winner": "p2", "vp": {"p1": 9, "p2": 16}}]})],
}

# Groups played less often by the random player, so random games still reach their end.
RARE_GROUPS = {"Table": 0.03}
RARE_TYPES = {"abandon": 0.05, "reaction": 0.3}


def set_path(data: dict, path: str, value) -> None:
    """Set a dotted path in nested dicts; a numeric part indexes a list ("roll.2": third die)."""
    parts = path.split(".")
    cur = data
    for part in parts[:-1]:
        cur = cur[int(part)] if isinstance(cur, list) else cur.setdefault(part, {})
    if isinstance(cur, list):
        cur[int(parts[-1])] = value
    else:
        cur[parts[-1]] = value


def fill(sugg: Suggestion, pick) -> Event:
    """A complete event from a suggestion: each missing field from its choices or bounds via `pick(kind, arg)`."""
    import copy  # noqa: PLC0415
    data = copy.deepcopy(sugg.data)
    for path, choices in sugg.choices.items():
        set_path(data, path, pick("choice", choices))
    for path, bound in sugg.bounds.items():
        if bound.get("type") == "int":
            set_path(data, path, pick("int", (bound["min"], bound["max"])))
        elif bound.get("type") == "list":  # any of `items`, at most `max`: none, or the first ones
            set_path(data, path, pick("choice", [[], bound["items"][:bound["max"]]]))
        else:
            set_path(data, path, pick("str", None))
    return Event(sugg.type, sugg.by, data)


def options(rs, state) -> list[Suggestion]:
    """Every suggestion for every seat."""
    out = []
    for seat in rs.seat_ids(state):
        out.extend(rs.suggest(state, seat).suggestions)
    return out


def choose(rng: random.Random, suggestions: list[Suggestion], rare_groups: dict | None = None) -> Suggestion | None:
    """Pick a suggestion, playing 'Table' card effects rarely (weights per group in `rare_groups`)."""
    if not suggestions:
        return None
    groups = RARE_GROUPS if rare_groups is None else rare_groups
    weights = [groups.get(s.group or "", 1.0) * RARE_TYPES.get(s.type, 1.0) for s in suggestions]
    return rng.choices(suggestions, weights=weights, k=1)[0]


def rng_pick(rng: random.Random):
    """A `pick` function drawing from a random.Random."""
    def pick(kind, arg):
        if kind == "choice":
            return rng.choice(arg)
        if kind == "int":
            return rng.randint(arg[0], arg[1])
        return rng.choice(["Trap", "Counterstrike", "Sidestep"])
    return pick


def play_random(rs, setup: dict, seed: int, max_events: int = 2000, on_event=None,
                rare_groups: dict | None = None) -> tuple[dict, list[Event]]:
    """Play one game from suggestions only; returns the final state and the log (events with seq)."""
    rng = random.Random(seed)
    pick = rng_pick(rng)
    state = rs.new_game(setup)
    log: list[Event] = []
    while len(log) < max_events and rs.outcome(state) is None:
        sugg = choose(rng, options(rs, state), rare_groups)
        if sugg is None:
            break
        ev = fill(sugg, pick)
        ev = replace(ev, seq=len(log) + 1, id=f"e{len(log) + 1}")
        if on_event:
            on_event(state, ev, sugg)
        state, _ = rs.apply(state, ev)
        log.append(ev)
    return state, log
