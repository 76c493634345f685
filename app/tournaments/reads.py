"""What a tournament's fold says, read by every part of its domain (the fold, the cut, sign-up, the tables, the
organiser's tools): players to pair, rounds and tables, the Swiss rounds' history. It imports no other part, so
none of them needs the fold's module to read the state."""
from __future__ import annotations

import unicodedata
from typing import Any

from .types import Cut, Result, Round, Table, TournamentState


def name_key(name: str) -> str:
    """How two registrations are recognised as the same person: case, spacing and accents of the name aside."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode() or name
    return " ".join(plain.lower().split())


def active_players(state: TournamentState, round_no: int) -> list[str]:
    """Players to pair in a round: checked in, not dropped or merged away, registered for that round."""
    return [p for p in state["order"] if state["players"][p]["status"] == "checked_in"
            and state["players"][p]["from_round"] <= round_no]


def current_round(state: TournamentState) -> int:
    """The highest round paired so far (0 before round 1)."""
    return max(state["rounds"], default=0)


def published_rounds(state: TournamentState) -> list[Round]:
    """Published rounds in order."""
    return [state["rounds"][n] for n in sorted(state["rounds"]) if state["rounds"][n]["published"]]


def round_complete(rnd: Round) -> bool:
    """Every table of the round has its confirmed result."""
    return all(t["status"] == "confirmed" for t in rnd["tables"])


def has_played(state: TournamentState, player: str) -> bool:
    """The player was paired (or given the bye) in a published round."""
    return any(rnd["bye"] == player or any(player in t["players"] for t in rnd["tables"])
               for rnd in published_rounds(state))


def table_of(state: TournamentState, round_no: Any, table_no: Any) -> Table | None:
    """A table of a round, or None."""
    rnd = state["rounds"].get(round_no) if isinstance(round_no, int) else None
    if rnd is None:
        return None
    return next((t for t in rnd["tables"] if t["table"] == table_no), None)


def checked_table(state: TournamentState, round_no: Any, table_no: Any) -> Table:
    """The table a checked entry names, for folding it (the entry's check refused it when there is none)."""
    table = table_of(state, round_no, table_no)
    if table is None:  # a stored entry passed its check (no_such_table otherwise): the log itself is wrong
        raise LookupError(f"round {round_no} has no table {table_no}")
    return table


def confirmed_result(table: Table) -> Result:
    """The result of a confirmed table (confirming a table gives it its result)."""
    if table["result"] is None:  # a fold that confirms a table without a result: the fold itself is wrong
        raise LookupError(f"table {table['table']} is confirmed without a result")
    return table["result"]


def started_cut(state: TournamentState) -> Cut:
    """The top cut of an event whose cut has started (read only then)."""
    if state["cut"] is None:
        raise LookupError("the top cut has not started")
    return state["cut"]


def player_table(state: TournamentState, round_no: int, player: str) -> Table | None:
    """The table a player sits at in a round, or None (bye, not paired)."""
    rnd = state["rounds"].get(round_no)
    if rnd is None:
        return None
    return next((t for t in rnd["tables"] if player in t["players"]), None)


def swiss_rounds(state: TournamentState) -> int:
    """The event's Swiss rounds; rounds numbered after them are the cut's."""
    rounds: int = state["setup"]["rounds"]
    return rounds


def is_cut_round(state: TournamentState, round_no: Any) -> bool:
    """The round is one of the top cut's."""
    return isinstance(round_no, int) and round_no > swiss_rounds(state)


def history(state: TournamentState) -> tuple[dict[str, int], list[tuple[int, str]], list[dict[str, Any]]]:
    """For standings and pairing: (byes per player, [(round, bye player)], confirmed matches) of the Swiss rounds."""
    byes: dict[str, int] = {}
    bye_list = []
    matches = []
    for rnd in published_rounds(state):
        if is_cut_round(state, rnd["round"]):
            continue  # the Swiss standings stay as the Swiss rounds left them; the cut has its own placings
        if rnd["bye"]:
            byes[rnd["bye"]] = byes.get(rnd["bye"], 0) + 1
            bye_list.append((rnd["round"], rnd["bye"]))
        for t in rnd["tables"]:
            if t["status"] == "confirmed":
                matches.append({"round": rnd["round"], "table": t["table"], "players": t["players"], "result": t["result"]})
    return byes, bye_list, matches
