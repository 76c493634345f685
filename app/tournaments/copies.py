"""The copy of a tournament's state an entry may change in place, copied only as far down as it changes, the rest
shared with the state it was applied to.

Entries arrive all day (results one table at a time, registrations, pairings, table modes), and the standings follow
each: copying only what an entry changes (one table, one player, the round's list of tables, never every player and
round) keeps each one cheap at hundreds of players (benchmarks/tournaments.py).
"""
from __future__ import annotations

import copy

from .types import Data, Round, TournamentState


def shallow(state: TournamentState, d: Data) -> TournamentState:
    """The state itself copied: an entry that only sets a new value in it (the head moves with every entry)."""
    return state.copy()


def whole(state: TournamentState) -> TournamentState:
    """The state copied all the way down."""
    return copy.deepcopy(state)


def with_round(state: TournamentState, round_no: int) -> tuple[TournamentState, Round]:
    """The state with its rounds and this round copied (the round's tables shared until copied), and that round."""
    s = state.copy()
    s["rounds"] = dict(state["rounds"])
    rnd = s["rounds"][round_no] = state["rounds"][round_no].copy()
    return s, rnd


def with_table(state: TournamentState, d: Data) -> TournamentState:
    """The state with the one table an entry names (`round`, `table`) copied all the way down."""
    s, rnd = with_round(state, d["round"])
    rnd["tables"] = [copy.deepcopy(x) if x["table"] == d["table"] else x for x in rnd["tables"]]
    return s


def with_player(state: TournamentState, d: Data) -> TournamentState:
    """The state with the one player an entry names (`player`) copied."""
    s = state.copy()
    s["players"] = dict(state["players"])
    s["players"][d["player"]] = state["players"][d["player"]].copy()
    return s


def with_players(state: TournamentState, d: Data) -> TournamentState:
    """The state with its players and their order copied (an entry that adds a player)."""
    s = state.copy()
    s["players"], s["order"] = dict(state["players"]), list(state["order"])
    return s


def with_request(state: TournamentState, rid: str | None) -> TournamentState:
    """The state with self-registration copied down to the one request an entry changes."""
    s = state.copy()
    sig = s["signup"] = state["signup"].copy()
    sig["requests"], sig["order"], sig["claims"] = dict(sig["requests"]), list(sig["order"]), dict(sig["claims"])
    if rid is not None and rid in sig["requests"]:
        sig["requests"][rid] = sig["requests"][rid].copy()
    return s
