"""A small test-only game served by the server tests ("test/tally"): players add points in turn.

Each seat also keeps a private `secret` number that only it may see (rs.view hides the others'),
so the tests can show that another player's hidden information never reaches a socket. Importing
this module registers the ruleset (RULESET_PLUGINS=tests.support.tally for a real server process).
"""
from __future__ import annotations

import copy

from app.engine import registry
from app.engine.core import (
    CORE_CODES,
    PLAYER_SEATS,
    Advice,
    Consequence,
    Handler,
    Rule,
    Ruleset,
    SetupError,
    Suggestion,
    ViolationCodes,
)

BOOK = "Tally test rules"
RULE_TURNS = Rule(BOOK, "taking turns")
RULE_ADD = Rule(BOOK, "adding points")
RULE_WIN = Rule(BOOK, "winning")

CODES = ViolationCodes(CORE_CODES)
NOT_YOUR_TURN = CODES.declare("not_your_turn", "Another seat is adding points now.", RULE_TURNS)
TOO_MANY = CODES.declare("too_many", "At most 3 points at a time.", RULE_ADD)


def check_add(state, event):
    """Seats add in turn, at most 3 points at a time."""
    out = []
    if event.by != state["turn"]:
        out.append(NOT_YOUR_TURN(f"It is {state['turn']}'s turn."))
    if event.data["points"] > 3:
        out.append(TOO_MANY("At most 3 points at a time."))
    return out


def apply_add(state, event):
    """The seat's score grows, the turn passes on; reaching the target wins."""
    seat = state["seats"][event.by]
    seat["score"] += event.data["points"]
    order = list(state["seats"])
    state["turn"] = order[(order.index(event.by) + 1) % len(order)]
    if seat["score"] >= state["target"] and "winner" not in state:
        state["winner"] = event.by
        return [Consequence("game_won", {"seat": event.by}, RULE_WIN)]
    return []


def apply_secret(state, event):
    """A seat sets its secret number (any time)."""
    state["seats"][event.by]["secret"] = event.data["value"]
    return []


class Tally(Ruleset):
    """Seats p1..pN add 1-3 points in turn; the first to `target` points (default 10) wins."""

    id = "test/tally"
    title = "Tally (test game)"
    handlers = {"add": Handler(check_add, apply_add), "secret": Handler(None, apply_secret)}
    codes = CODES

    def event_types(self):
        return [{"type": "add", "label": "Add points", "fields": {"points": {"type": "int", "min": 1, "max": 9}}},
                {"type": "secret", "label": "Set your secret", "fields": {"value": {"type": "int", "min": 0, "max": 999_999}}}]

    def new_game(self, setup):
        seats = setup.get("seats")
        if not isinstance(seats, list) or len(seats) < 2:
            raise SetupError("Tally needs at least two players.", "seats")
        target = (setup.get("options") or {}).get("target", 10)
        if not isinstance(target, int) or isinstance(target, bool) or not 1 <= target <= 1000:
            raise SetupError("options.target must be a whole number from 1 to 1000.", "options.target")
        ids = PLAYER_SEATS[:len(seats)]
        return {"seats": {s: {"name": seats[i].get("name"), "score": 0, "secret": None} for i, s in enumerate(ids)},
                "turn": ids[0], "target": target}

    def suggest(self, state, seat):
        if state["turn"] != seat or "winner" in state:
            return Advice(seat, {"name": "waiting"}, [], waiting_for=[state["turn"]])
        return Advice(seat, {"name": "turn"},
                      [Suggestion("add", seat, f"Add {n}", {"points": n}) for n in (1, 2, 3)])

    def view(self, state, seat):
        out = copy.deepcopy(state)
        for sid, s in out["seats"].items():
            if sid != seat and seat != "referee":
                s["secret"] = "hidden" if s["secret"] is not None else None
        return out

    def redact_event(self, state, record, seat):
        """A `secret` event's value is seen by its seat and the referee only, until the game is won."""
        if record.get("type") != "secret" or seat in (record.get("by"), "referee") or "winner" in state:
            return record
        return {**record, "data": {"value": "hidden"}}

    def outcome(self, state):
        if "winner" in state:
            return {"winners": [state["winner"]], "draw": False, "decided_by": "points"}
        return None


TALLY = Tally()
registry.register(TALLY)
