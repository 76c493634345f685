"""The feature table's scoreboard (app/tournaments/overlay.py) over every ruleset: random legal games, every
moment summarised without failing and with only the named fields; an Underworlds fighter's wounds follow the
Inspired side, and damage and out of action come from the spectator's view."""
from __future__ import annotations

import random

import pytest

from app.engine import registry
from app.tournaments.overlay import game_summary
from tests.support.play import SETUPS, choose, fill, options, rng_pick

SEAT_KEYS = {"seat", "name", "score"}
FIGHTER_KEYS = {"id", "name", "leader", "wounds", "damage", "out", "inspired"}


@pytest.mark.parametrize("ruleset_id", ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire",
                                        "conquest/core", "battlelore/second-edition"])
def test_every_moment_of_a_random_game_has_a_scoreboard(ruleset_id):
    rs = registry.get(ruleset_id)
    rng = random.Random(7)
    state = rs.new_game(SETUPS[ruleset_id][0])
    last = None
    for seq in range(1, 150):
        board = game_summary(rs, state, last)
        assert board["ruleset"] == ruleset_id and len(board["seats"]) == len(rs.seat_ids(state))
        for seat in board["seats"]:
            extra = set(seat) - SEAT_KEYS
            assert extra <= ({"fighters"} if ruleset_id.startswith("underworlds") else set()), extra
            assert seat["score"] is None or isinstance(seat["score"], int)
            for f in seat.get("fighters", []):
                assert set(f) == FIGHTER_KEYS
        if last is not None:
            assert set(board["last"]) == {"seq", "label", "by", "by_name", "at"} and board["last"]["seq"] == seq - 1
        if rs.outcome(state) is not None:
            assert board["over"]
            break
        sugg = choose(rng, options(rs, state))
        event = fill(sugg, rng_pick(rng))
        state, _ = rs.apply(state, event)
        last = {"seq": seq, "id": f"e{seq}", "type": event.type, "by": event.by, "data": event.data, "created_at": None}


class _Underworlds:
    """A stand-in ruleset with one fighter's view, to check where wounds are read from."""

    id = "underworlds/deathgorge"
    title = "Underworlds"

    def __init__(self, fighter, card):
        self.fighter, self.card = fighter, card

    def view(self, state, seat):
        return {"seats": {"p1": {"name": "Ana", "glory": {"unspent": 2, "spent": 3}, "hand": ["Secret"]}},
                "fighters": {"p1.vex": self.fighter}, "fighter_cards": {"p1.vex": self.card}, "round": 2,
                "turn": {"n": 5, "seat": "p1"}, "order": ["p1", "p2"], "phase": "action"}

    def outcome(self, state):
        return None

    def catalogue(self):
        return []


def test_wounds_follow_the_inspired_side_and_the_hand_is_left_out():
    card = {"name": "Vex", "leader": True, "wounds": 3, "inspired": {"wounds": 4}}
    board = game_summary(_Underworlds({"seat": "p1", "wounds": None, "damage": 1, "inspired": True, "out": False}, card),
                         {}, None)
    (seat,) = board["seats"]
    assert seat["score"] == 5 and "hand" not in seat
    assert seat["fighters"] == [{"id": "p1.vex", "name": "Vex", "leader": True, "wounds": 4, "damage": 1, "out": False,
                                 "inspired": True}]
    assert board["round"] == 2 and board["activation"] == 3
    plain = game_summary(_Underworlds({"seat": "p1", "wounds": None, "damage": 3, "inspired": False, "out": True}, card),
                         {}, None)
    assert plain["seats"][0]["fighters"][0]["wounds"] == 3 and plain["seats"][0]["fighters"][0]["out"]
    changed = game_summary(_Underworlds({"seat": "p1", "wounds": 5, "damage": 0, "inspired": True}, card), {}, None)
    assert changed["seats"][0]["fighters"][0]["wounds"] == 5  # a card changed the characteristic: the state's value
