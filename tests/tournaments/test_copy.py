"""Each entry copies only what it changes (model.apply: each handler's copy): applied one at a time, every entry leaves the state it
was applied to exactly as it was, and the states come out as folding the whole log at once gives them."""
from __future__ import annotations

import copy
import random

from app.tournaments import model, tables

from .helpers import Log, result, settings


def _tournament_log() -> Log:
    """A small event that uses every kind of entry that changes players, rounds, tables and self-registration."""
    rng = random.Random(4)
    log = Log()
    for i in range(1, 9):
        log.add("register", player=f"p{i}", name=f"Player {i}", warband="w", from_round=1)
    log.add("register", player="p9", name="Player 1 again", warband="w", from_round=1)
    log.add("registration", open=True, cap=10)
    log.add("request", actor="registration", request="r1", name="Asker", warband="w", warband_name="W", deck=None,
            claim_hash="h1")
    log.add("request", actor="registration", request="r2", name="Waiter", warband="w", warband_name="W", deck=None,
            claim_hash="h2")
    log.add("accept", request="r1", player="p10", from_round=1)
    log.add("claim", actor="requester:r1", request="r1")
    log.add("decline", request="r2", reason="full")
    for i in range(1, 11):
        log.add("check_in", player=f"p{i}")
    log.add("fixed_table", player="p3", table=2)
    log.add("pair", round=1, tables=[{"table": 1, "players": ["p1", "p9"]}, {"table": 2, "players": ["p2", "p3"]}],
            bye=None)
    log.add("merge", keep="p1", remove="p9")  # the draft goes stale
    state = model.fold(settings(), log.entries)
    pairing = tables.propose(state, 1, "seed", rng)
    log.add("pair", **tables.pairing_entry(pairing, 1, tables.fixed_tables(state, 1)))
    (a, _), (c, _) = pairing.pairs[0], pairing.pairs[1]
    log.add("swap", round=1, a=a, b=c)
    log.add("table_mode", round=1, table=1, mode="device")
    log.add("table_mode", round=1, table=3, mode="untracked")
    state = model.fold(settings(), log.entries)
    tracked = {str(t["table"]): {"game": f"g{t['table']}", "join_code": f"J{t['table']}"}
               for t in state["rounds"][1]["tables"] if t["mode"] != "untracked"}
    log.add("publish", round=1, games=tracked)
    log.add("timer", round=1, minutes=60, started_at="2026-11-28T10:00:00Z")
    log.add("time_called", round=1, at="2026-11-28T11:00:00Z")
    log.add("ruling", round=None, table=None, question="q", answer="a", rule="")
    log.add("new_link", role="player", subject="p2")
    for t in model.fold(settings(), log.entries)["rounds"][1]["tables"]:
        x, y = t["players"]
        if t["table"] == 2:
            log.add("judge_call", actor=f"player:{x}", round=1, table=2, by=x, note="help")
            log.add("dispute", actor=f"player:{x}", round=1, table=2, by=x, reason="wrong")
        log.add("result", actor="scorekeeper", round=1, table=t["table"], result=result(x, {x: 4, y: 1}),
                reason="settled" if t["table"] == 2 else "", source="scorekeeper")
    log.add("drop", player="p4", reason="left")
    log.add("publish_decks")
    return log


def test_every_entry_leaves_the_state_it_was_applied_to_as_it_was():
    log = _tournament_log()
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
    log = _tournament_log()
    state = model.fold(settings(), log.entries)
    after = model.apply(state, {"seq": 999, "type": "register", "data": {"player": "p11", "name": "Late",
                                                                       "warband": "w", "from_round": 2}})
    assert after["rounds"] is state["rounds"] and after["players"]["p1"] is state["players"]["p1"]
    assert "p11" not in state["players"] and after["players"]["p11"]["name"] == "Late"
