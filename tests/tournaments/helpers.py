"""Build tournament logs for tests: settings and entries as the service would store them."""
from __future__ import annotations

import random

from app.tournaments import cut, model, tables


def settings(**kw) -> dict:
    base = {"name": "Test", "date": "2026-11-28", "ruleset": "underworlds/deathgorge", "format": "rivals",
            "best_of": 1, "rounds": 3, "round_minutes": 60, "points": {"win": 3, "draw": 1, "loss": 0},
            "bye": {"points": 3, "glory_for": 3, "glory_against": 0},
            "tiebreakers": ["glory_difference", "total_glory", "head_to_head", "roll_off"],
            "end_of_time": "Finish the current round, then play its end phase."}
    return {**base, **kw}


class Log:
    """Entries with seqs, appended in order."""

    def __init__(self):
        self.entries = []

    def add(self, etype: str, actor: str = "organiser", **data) -> dict:
        entry = {"seq": len(self.entries) + 1, "id": f"e{len(self.entries) + 1}", "type": etype, "actor": actor,
                 "data": data, "created_at": "2026-11-28T10:00:00.000Z"}
        self.entries.append(entry)
        return entry


def result(winner, glory):
    """A table's result: the winner (None: a draw) and each player's glory."""
    return {"winner": winner, "glory": glory}


def tournament(players="ABCD", checked_in=True) -> Log:
    """A log of these players (one letter each, also their id) registered and, unless told, checked in."""
    log = Log()
    for p in players:
        log.add("register", player=p, name=f"Player {p}", warband="w")
        if checked_in:
            log.add("check_in", player=p)
    return log


def refused(log: Log, etype: str, **data):
    """Why this entry cannot be added after the log (None when it can)."""
    state = model.fold(settings(), log.entries)
    return model.check(state, {"type": etype, "data": data})


def published_round_one(log: Log, modes=("phones", "phones")) -> None:
    """Round 1 of players A, B, C, D paired A-B at table 1 and C-D at table 2, played as `modes` say, published."""
    log.add("pair", round=1, bye=None, tables=[{"table": 1, "players": ["A", "B"]}, {"table": 2, "players": ["C", "D"]}])
    for i, mode in enumerate(modes, start=1):
        log.add("table_mode", round=1, table=i, mode=mode)
    games = {str(i): {"game": f"g{i}", "join_code": f"CODE{i}"} for i, m in enumerate(modes, start=1) if m != "untracked"}
    log.add("publish", round=1, games=games)


def busy_event() -> Log:
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


def day_settings() -> dict:
    """The settings of `full_day`'s event: three Swiss rounds, its own seed for the roll-off and the cut's seeding."""
    return settings(seed="day")


def full_day(final_game: str = "g-final") -> Log:
    """`busy_event` played on to its end: every entry type but match_game (a best-of-three's), three Swiss rounds of
    tracked, device and untracked tables, penalties, paid marks, an edit, the clock called and taken back, a top 4 cut
    whose final is played on the game `final_game`."""
    setup, rng = day_settings(), random.Random(5)
    log = busy_event()
    log.add("request", actor="registration", request="r3", name="Late asker", warband="w", warband_name="W",
            deck=None, claim_hash="h3")
    log.add("withdraw_request", actor="requester:r3", request="r3")
    log.add("edit", actor="scorekeeper:Sam", player="p2", name="Player Two", round=1,
            before={"name": "Player 2", "warband": "w", "printing": None})
    log.add("paid", actor="scorekeeper:Sam", player="p1", paid=True)
    log.add("penalty", actor="judge:Kim", player="p1", kind="points", amount=-1, reason="slow play", round=1)
    log.add("penalty", actor="judge:Kim", player="p3", kind="warning", amount=0, reason="late", round=None)
    log.add("deck_deadline", at="2026-11-28T09:00:00Z")
    for n in (2, 3):
        state = model.fold(setup, log.entries)
        pairing = tables.propose(state, n, setup["seed"], rng)
        log.add("pair", **tables.pairing_entry(pairing, n, tables.fixed_tables(state, n)))
        if n == 2:
            log.add("table_mode", round=2, table=3, mode="device")
            log.add("table_mode", round=2, table=4, mode="untracked")
        drafted = model.fold(setup, log.entries)["rounds"][n]["tables"]
        log.add("publish", round=n, games={str(t["table"]): {"game": f"g{n}-{t['table']}", "join_code": f"J{n}{t['table']}"}
                                           for t in drafted if t["mode"] != "untracked"})
        if n == 2:
            _round_two_at_the_tables(log, drafted)
        else:
            for t in drafted:
                x, y = t["players"]
                log.add("result", actor="scorekeeper:Sam", round=n, table=t["table"], result=result(x, {x: 5, y: 2}),
                        source="scorekeeper", reason="")
    state = model.fold(setup, log.entries)
    log.add("cut", size=4, seeds=cut.seeds_from(state, 4))
    for n in (4, 5):
        state = model.fold(setup, log.entries)
        entry = cut.pairing_entry(state, n)
        log.add("pair", **entry)
        log.add("publish", round=n, games={str(t["table"]): {"game": final_game if n == 5 else f"g{n}-{t['table']}",
                                                             "join_code": f"J{n}{t['table']}"} for t in entry["tables"]})
        for t in entry["tables"]:
            w, loser = sorted(t["players"], key=state["cut"]["seeds"].index)
            log.add("result", actor="scorekeeper:Sam", round=n, table=t["table"], result=result(w, {w: 5, loser: 1}),
                    source="scorekeeper", reason="")
    return log


def _round_two_at_the_tables(log: Log, drafted: list) -> None:
    """Round 2 played: the clock called and taken back, a table extended and one called to the desk, a judge call
    closed, two confirmations, a referee's flag settled by a judge, a device's confirmation, a scorekeeper's result."""
    log.add("timer", round=2, minutes=50, started_at="2026-11-28T12:00:00Z")
    log.add("time_called", round=2, at="2026-11-28T12:50:00Z")
    log.add("time_withdrawn", round=2)
    log.add("extend", actor="judge:Kim", round=2, table=1, minutes=3, reason="a long ruling")
    log.add("call_table", actor="scorekeeper:Sam", round=2, table=2, note="to the desk")
    (a, b), (c, d), (e, f), (g, h) = (t["players"] for t in drafted)
    log.add("judge_call", actor=f"player:{a}", round=2, table=1, by=a, note="a rules question")
    log.add("close_call", actor="judge:Kim", round=2, table=1, reason="answered")
    for by in (a, b):
        log.add("confirm", actor=f"player:{by}", round=2, table=1, by=by, result=result(a, {a: 3, b: 1}))
    log.add("flag", actor="judge:Kim", round=2, table=2, by="judge:Kim", reason="a charge made twice")
    log.add("result", actor="judge:Kim", round=2, table=2, result=result(c, {c: 4, d: 2}), source="judge",
            reason="settled at the table")
    log.add("confirm", actor="table:3", round=2, table=3, by="device", result=result(e, {e: 6, f: 0}))
    log.add("result", actor="scorekeeper:Sam", round=2, table=4, result=result(g, {g: 2, h: 1}), source="scorekeeper",
            reason="")


def best_of_three_event() -> Log:
    """Two players at one best-of-three table whose match goes on to its second game."""
    log = Log()
    for p in "AB":
        log.add("register", player=p, name=p, warband="w", deck=None, deck_problems=[], from_round=1)
        log.add("check_in", player=p)
    log.add("pair", round=1, bye=None, tables=[{"table": 1, "players": ["A", "B"]}])
    log.add("publish", round=1, games={"1": {"game": "g1", "join_code": "AAAA"}})
    log.add("match_game", actor="game:A", round=1, table=1, game="g2", join_code="BBBB", follows="g1")
    return log


def best_of_three_settings() -> dict:
    """The settings `best_of_three_event` is played under: matched play, best of three."""
    return settings(best_of=3, format="matched")
