"""Each entry copies only what it changes (model.apply: each handler's copy): applied one at a time, every entry leaves the state it
was applied to exactly as it was, and the states come out as folding the whole log at once gives them."""
from __future__ import annotations

import copy

from app.tournaments import model

from .helpers import busy_event, settings


def test_every_entry_leaves_the_state_it_was_applied_to_as_it_was():
    log = busy_event()
    stepped = model.fold(settings(), [])
    seen = set()
    for entry in log.entries:
        refusal = model.check(stepped, entry)
        assert refusal is None, (entry["type"], refusal)
        before = copy.deepcopy(stepped)
        after = model.apply(stepped, entry)
        assert stepped == before, f"{entry['type']} changed the state it was applied to"
        stepped = after
        seen.add(entry["type"])
    assert stepped == model.fold(settings(), log.entries)
    assert seen >= {"register", "registration", "request", "accept", "claim", "decline", "check_in", "fixed_table",
                    "pair", "merge", "swap", "table_mode", "publish", "timer", "time_called", "ruling", "new_link",
                    "judge_call", "dispute", "result", "drop", "publish_decks"}


def test_a_registration_or_table_mode_shares_every_part_it_does_not_change():
    log = busy_event()
    state = model.fold(settings(), log.entries)
    after = model.apply(state, {"seq": 999, "type": "register", "data": {"player": "p11", "name": "Late",
                                                                       "warband": "w", "from_round": 2}})
    assert after["rounds"] is state["rounds"] and after["players"]["p1"] is state["players"]["p1"]
    assert "p11" not in state["players"] and after["players"]["p11"]["name"] == "Late"
