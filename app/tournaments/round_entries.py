"""The entries about a round, one check and one apply each: its pairing (a draft), swaps, table modes, publishing,
and its clock.

  pair       {round, tables: [{table, players: [a, b]}], bye}   (a draft; a new one replaces it)
  swap       {round, a, b}                (two players of the draft change places, the bye included)
  table_mode {round, table, mode}         (phones | device | untracked, before publishing)
  publish    {round, games: {table: {game, join_code}}}
  timer      {round, minutes, started_at} time_called {round, at}
  time_withdrawn {round}                  (a call of time taken back: the clock runs on as before)
"""
from __future__ import annotations

from typing import Callable

from . import copies, cut
from .reads import checked_table, is_cut_round, round_complete, table_of
from .refusals import CONFLICT, INVALID, NOT_FOUND, Refusal
from .types import Copy, Data, Handler, Round, Table, Timer, TournamentState, Who


def new_table(no: int, players: list[str]) -> Table:
    """A table of a new draft: played on the players' phones, no game yet."""
    return Table(table=no, players=list(players), mode="phones", game=None, join_code=None, games=[],
                 status="playing", result=None, confirmations={}, disputes=[], judge_calls=[], history=[])


def _check_pair(state: TournamentState, d: Data) -> Refusal | None:
    n = d["round"]
    rounds = state["setup"]["rounds"]
    if n > rounds and state.get("cut") is None:
        return Refusal("no_more_rounds", f"This event has {rounds} rounds.", CONFLICT)
    if n in state["rounds"] and state["rounds"][n]["published"]:
        return Refusal("already_published", f"Round {n} is already published.", CONFLICT)
    if n > 1:
        prev = state["rounds"].get(n - 1)
        if prev is None or not prev["published"]:
            return Refusal("previous_round_open", f"Publish round {n - 1} first.", CONFLICT)
        if not round_complete(prev):
            return Refusal("previous_round_open", f"Round {n - 1} still has tables without a confirmed result.",
                           CONFLICT)
    seen = [p for t in d["tables"] for p in t["players"]] + ([d["bye"]] if d.get("bye") else [])
    if len(seen) != len(set(seen)) or any(p not in state["players"] for p in seen):
        return Refusal("bad_pairing", "Each player is paired once.", INVALID)
    if not d["tables"]:
        return Refusal("too_few_players", "At least two checked-in players are needed to pair a round.", CONFLICT)
    if is_cut_round(state, n):
        return cut.check_pair(state, d)
    return None


def _copy_pair(state: TournamentState, d: Data) -> TournamentState:
    """The rounds copied: the round's draft is a new value."""
    s = state.copy()
    s["rounds"] = dict(state["rounds"])
    return s


def _apply_pair(s: TournamentState, d: Data, who: Who) -> None:
    s["rounds"][d["round"]] = Round(round=d["round"], published=False, stale=False, bye=d.get("bye"),
                                    tables=[new_table(x["table"], x["players"]) for x in d["tables"]],
                                    timer=None, published_at=None)


def _draft(state: TournamentState, d: Data) -> tuple[Round | None, Refusal | None]:
    rnd = state["rounds"].get(d["round"])
    if rnd is None:
        return None, Refusal("no_such_round", f"Round {d['round']} has not been paired.", NOT_FOUND)
    if rnd["published"]:
        return None, Refusal("already_published", f"Round {d['round']} is already published; pairings are fixed.",
                             CONFLICT)
    return rnd, None


def _with_tables(touched: Callable[[Data], Callable[[Table], bool]]) -> Copy:
    """The copy for an entry that changes some of a round's tables (`touched`: which tables, from the entry's data)."""
    def copied(state: TournamentState, d: Data) -> TournamentState:
        s, rnd = copies.with_round(state, d["round"])
        changes = touched(d)
        rnd["tables"] = [x.copy() if changes(x) else x for x in rnd["tables"]]
        return s
    return copied


def _check_swap(state: TournamentState, d: Data) -> Refusal | None:
    rnd, refusal = _draft(state, d)
    if rnd is None:
        return refusal
    placed = {p for t in rnd["tables"] for p in t["players"]} | ({rnd["bye"]} if rnd["bye"] else set())
    if d["a"] not in placed or d["b"] not in placed or d["a"] == d["b"]:
        return Refusal("bad_swap", "Swap two different players of this round's pairings.", INVALID)
    if is_cut_round(state, d["round"]):
        return Refusal("bad_swap", "The top cut's pairings follow the bracket seeded from the standings.", CONFLICT)
    if any({d["a"], d["b"]} == set(t["players"]) for t in rnd["tables"]):
        return Refusal("bad_swap", "Those two already play each other; swap players of different tables.", INVALID)
    return None


def _apply_swap(s: TournamentState, d: Data, who: Who) -> None:
    rnd = s["rounds"][d["round"]]
    a, b = d["a"], d["b"]
    swap = {a: b, b: a}
    for table in rnd["tables"]:
        if a in table["players"] or b in table["players"]:  # only these were copied
            table["players"] = [swap.get(p, p) for p in table["players"]]
    if rnd["bye"] is not None and rnd["bye"] in swap:
        rnd["bye"] = swap[rnd["bye"]]


def _check_table_mode(state: TournamentState, d: Data) -> Refusal | None:
    rnd, refusal = _draft(state, d)
    if rnd is None:
        return refusal
    if table_of(state, d["round"], d["table"]) is None:
        return Refusal("no_such_table", f"Round {d['round']} has no table {d['table']}.", NOT_FOUND)
    return None


def _apply_table_mode(s: TournamentState, d: Data, who: Who) -> None:
    checked_table(s, d["round"], d["table"])["mode"] = d["mode"]


def _check_publish(state: TournamentState, d: Data) -> Refusal | None:
    rnd, refusal = _draft(state, d)
    if rnd is None:
        return refusal
    tracked = {t["table"] for t in rnd["tables"] if t["mode"] != "untracked"}
    if {int(k) for k in d["games"]} != tracked:
        return Refusal("bad_publish", "Each tracked table needs its game.", INVALID)
    return None


def _apply_publish(s: TournamentState, d: Data, who: Who) -> None:
    rnd = s["rounds"][d["round"]]
    rnd["published"] = True
    rnd["published_at"] = who["at"]
    for key, game in d["games"].items():
        table = checked_table(s, d["round"], int(key))
        table["game"], table["join_code"] = game["game"], game["join_code"]
        table["games"] = [game["game"]]


def published(state: TournamentState, d: Data) -> tuple[Round | None, Refusal | None]:
    """The published round an entry names, or why it names none."""
    rnd = state["rounds"].get(d["round"])
    if rnd is None or not rnd["published"]:
        return None, Refusal("not_published", f"Round {d['round']} is not published yet.", CONFLICT)
    return rnd, None


def _check_timer(state: TournamentState, d: Data) -> Refusal | None:
    return published(state, d)[1]


def _copy_timer(state: TournamentState, d: Data) -> TournamentState:
    """The round and its clock copied."""
    s, rnd = copies.with_round(state, d["round"])
    if rnd["timer"] is not None:
        rnd["timer"] = rnd["timer"].copy()
    return s


def _apply_timer(s: TournamentState, d: Data, who: Who) -> None:
    s["rounds"][d["round"]]["timer"] = Timer(minutes=d["minutes"], started_at=d["started_at"], called_at=None)


def _check_time_called(state: TournamentState, d: Data) -> Refusal | None:
    rnd, refusal = published(state, d)
    if rnd is None:
        return refusal
    if rnd["timer"] is None:
        return Refusal("no_timer", "Start the round's clock first.", CONFLICT)
    if rnd["timer"].get("called_at"):
        return Refusal("already_called", "Time has already been called.", CONFLICT)
    return None


def _apply_time_called(s: TournamentState, d: Data, who: Who) -> None:
    _timer(s, d)["called_at"] = d["at"]


def _check_time_withdrawn(state: TournamentState, d: Data) -> Refusal | None:
    rnd, refusal = published(state, d)
    if rnd is None:
        return refusal
    if rnd["timer"] is None or not rnd["timer"].get("called_at"):
        return Refusal("not_called", "Time has not been called in this round.", CONFLICT)
    return None


def _apply_time_withdrawn(s: TournamentState, d: Data, who: Who) -> None:
    _timer(s, d)["called_at"] = None


def _timer(s: TournamentState, d: Data) -> Timer:
    """The clock of the round a checked entry names (its check refused it when there is none)."""
    timer = s["rounds"][d["round"]]["timer"]
    if timer is None:  # a stored entry passed its check (no_timer otherwise): the log itself is wrong
        raise LookupError(f"round {d['round']} has no clock")
    return timer


def _swapped(d: Data) -> Callable[[Table], bool]:
    return lambda x: d["a"] in x["players"] or d["b"] in x["players"]


def _moded(d: Data) -> Callable[[Table], bool]:
    return lambda x: x["table"] == d["table"]


def _given_games(d: Data) -> Callable[[Table], bool]:
    games = {int(k) for k in d["games"]}
    return lambda x: x["table"] in games


HANDLERS = {
    "pair": Handler(_check_pair, _apply_pair, _copy_pair),
    "swap": Handler(_check_swap, _apply_swap, _with_tables(_swapped)),
    "table_mode": Handler(_check_table_mode, _apply_table_mode, _with_tables(_moded)),
    "publish": Handler(_check_publish, _apply_publish, _with_tables(_given_games)),
    "timer": Handler(_check_timer, _apply_timer, _copy_timer),
    "time_called": Handler(_check_time_called, _apply_time_called, _copy_timer),
    "time_withdrawn": Handler(_check_time_withdrawn, _apply_time_withdrawn, _copy_timer),
}
