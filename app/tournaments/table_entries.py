"""The entries about a table's match in a published round, one check and one apply each, and the judges' rulings.

  confirm    {round, table, by, result}   (a player, or "device" for a table device)
  dispute    {round, table, by, reason}   judge_call {round, table, by, note, game?, entry?}
                                          (game, entry: the entry of the table's game a seat flagged)
  flag       {round, table, by, reason}   (a judge, as the table's referee, flags its game: disputed)
  match_game {round, table, game, join_code, follows}   (the next linked game of a best-of-three match,
                                          created from the previous one's phone; the table follows it)
  result     {round, table, result, reason, source}   (scorekeeper or judge: final)
  close_call {round, table, reason}       (a judge closes the table's open calls by hand; a result closes them too)
  ruling     {round?, table?, question, answer, rule}  (at a table, it answers, and closes, the table's open calls)
A result is {winner: player | None (draw), glory: {player: n}, games_won?: {player: n}, decided_by?: how a
level game (or match) was won, or "ruling" (victory.py)}.
"""
from __future__ import annotations

from typing import Any

from . import calls, copies, cut, victory
from .reads import checked_table, table_of
from .refusals import CONFLICT, FORBIDDEN, INVALID, NOT_FOUND, Refusal
from .round_entries import published
from .types import Data, Handler, Record, Ruling, Table, TournamentState, Who

MATCH_TIEBREAKS = victory.MATCH_TIEBREAKS
# What a table's players and device can grow a table's lists by in a round (the staff's view of the table carries
# them, and every entry at that table copies them): far above a real table's few calls and disputes.
MAX_TABLE_CALLS = 20       # judge calls (an open call is not repeated: Rounds.call_judge)
MAX_TABLE_DISPUTES = 20    # disputes and judges' flags


def check_result(result: Any, players: list[str], best_of: int) -> str | None:
    """Why a result does not fit its table (None when it does)."""
    if not isinstance(result, dict):
        return "A result is {winner, glory}."
    winner = result.get("winner")
    if winner is not None and winner not in players:
        return "The winner must be one of the table's two players (or none for a draw)."
    glory = result.get("glory")
    if not isinstance(glory, dict) or set(glory) != set(players):
        return "Give each of the two players' glory."
    if any(not isinstance(v, int) or isinstance(v, bool) or v < 0 or v > 999 for v in glory.values()):
        return "Glory is a whole number from 0."
    won = result.get("games_won")
    if won is not None:
        return _check_games_won(result, won, players, best_of)
    if best_of == 3:
        return "Give the games each player won (best of three)."
    return None


def _check_games_won(result: dict[str, Any], won: Any, players: list[str], best_of: int) -> str | None:
    if best_of == 1:
        return "This event plays one game per round; games won are for best-of-three events."
    if not isinstance(won, dict) or set(won) != set(players) or any(
            not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 2 for v in won.values()):
        return "Games won: 0, 1 or 2 for each player."
    a, b = players
    expected = None if won[a] == won[b] else (a if won[a] > won[b] else b)
    # A level match may still have a winner from the agreed tiebreakers (Shadespire pg 26), as a
    # tracked match's final status says (or a judge's ruling, victory.py).
    tiebroken = expected is None and result.get("decided_by") in (*MATCH_TIEBREAKS, victory.RULING)
    if expected != result.get("winner") and not tiebroken:
        return "The winner must be the player who won more games of the match."
    return None


def table_voice(table: Table, by: Any) -> Refusal | None:
    """Why `by` (a player id, or "device") may not speak for this table: None when they may. Only the table's own
    players, and its device at a table played on one device, speak for a table."""
    if by == "device":
        if table["mode"] != "device":
            return Refusal("not_a_device_table", "This table is played on the players' phones: they speak for it.",
                           FORBIDDEN)
        return None
    if by not in table["players"]:
        return Refusal("not_at_table", f"Only table {table['table']}'s players and its table device can do this.",
                       FORBIDDEN)
    return None


def open_call(state: TournamentState, round_no: int, table_no: int, by: str) -> Record | None:
    """`by`'s latest judge call at a table while it is still open (no ruling at that table nor result since), or None."""
    table = table_of(state, round_no, table_no)
    if table is None:
        return None
    call = next((c for c in reversed(table["judge_calls"]) if c.get("by") == by), None)
    if call is None or call.get("closed"):
        return None
    answered = [r["seq"] for r in state["rulings"] if r.get("round") == round_no and r.get("table") == table_no]
    answered += [h["seq"] for h in table["history"] if h.get("what") == "result"]
    return call if all((seq or 0) < (call["seq"] or 0) for seq in answered) else None


def _table_entry(state: TournamentState, d: Data) -> tuple[Table | None, Refusal | None]:
    rnd, refusal = published(state, d)
    if refusal:
        return None, refusal
    table = table_of(state, d["round"], d["table"])
    if table is None:
        return None, Refusal("no_such_table", f"Round {d['round']} has no table {d['table']}.", NOT_FOUND)
    return table, None


def _too_many(code: str, what: str, most: int) -> Refusal:
    return Refusal(code, f"This table already has {most} {what} this round; a judge is on the way: tell them at the "
                         "table.", CONFLICT)


def _check_confirm(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _table_entry(state, d)
    if table is None:
        return refusal
    if table["status"] == "confirmed":
        return Refusal("already_confirmed", "This result is already confirmed.", CONFLICT)
    if table["status"] == "disputed":
        return Refusal("disputed", "This result is disputed; a judge settles it.", CONFLICT)
    if d["by"] == "device" and table["mode"] != "device":
        return Refusal("not_a_device_table", "This table is played on the players' phones.", FORBIDDEN)
    if d["by"] != "device" and d["by"] not in table["players"]:
        return Refusal("not_at_table", "Only the table's players confirm its result.", FORBIDDEN)
    if table["confirmations"].get(d["by"]) == d["result"]:
        return Refusal("confirmed_already", "You have already confirmed this result.", CONFLICT)
    problem = check_result(d["result"], table["players"], state["setup"]["best_of"])
    if problem:
        return Refusal("bad_result", problem, INVALID)
    return (victory.refusal(d["result"], table["players"], state["setup"], None, "")
            or cut.check_result(state, d["round"], d["result"]))


def _apply_confirm(s: TournamentState, d: Data, who: Who) -> None:
    table = checked_table(s, d["round"], d["table"])
    table["confirmations"][d["by"]] = d["result"]
    table["history"].append({**who, "what": "confirm", "by": d["by"]})
    _settle_confirmations(table)
    if table["status"] == "confirmed":  # both players signed off the (corrected) result: the call is settled
        calls.close_all(table, who, "settled")


def _settle_confirmations(table: Table) -> None:
    got = table["confirmations"]
    if "device" in got:
        table["result"], table["status"] = got["device"], "confirmed"
        return
    results = [got[p] for p in table["players"] if p in got]
    if len(results) < 2:
        table["status"] = "waiting"
        return
    if results[0] == results[1]:
        table["result"], table["status"] = results[0], "confirmed"
    else:
        table["status"] = "disputed"  # the two players signed off different results: a judge decides


def _check_dispute(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _table_entry(state, d)
    if table is None:
        return refusal
    refusal = table_voice(table, d.get("by"))
    if refusal:
        return refusal
    if table["status"] == "confirmed":
        return Refusal("already_confirmed", "This result is confirmed; ask the scorekeeper to correct it.", CONFLICT)
    if len(table["disputes"]) >= MAX_TABLE_DISPUTES:
        return _too_many("too_many_disputes", "disputes", MAX_TABLE_DISPUTES)
    if not str(d.get("reason") or "").strip():
        return Refusal("reason_needed", "Say what is wrong with the result: the judge who settles it reads it.",
                       INVALID)
    return None


def _apply_dispute(s: TournamentState, d: Data, who: Who) -> None:
    table = checked_table(s, d["round"], d["table"])
    table["status"] = "disputed"
    table["disputes"].append({**who, "by": d["by"], "reason": d.get("reason", "")})


def _check_flag(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _table_entry(state, d)
    if table is None:
        return refusal
    if not table["game"]:
        return Refusal("not_tracked", "Only a tracked table's game has a referee to flag it.", CONFLICT)
    if table["status"] == "confirmed":
        return Refusal("already_confirmed", "This result is confirmed; correct it with a reason instead.", CONFLICT)
    if len(table["disputes"]) >= MAX_TABLE_DISPUTES:
        return _too_many("too_many_disputes", "disputes", MAX_TABLE_DISPUTES)
    if not str(d.get("reason") or "").strip():
        return Refusal("reason_needed", "Say why the game is flagged: the judge who settles it reads it.", INVALID)
    return None


def _apply_flag(s: TournamentState, d: Data, who: Who) -> None:
    # A referee's flag makes the result disputed and waiting for a judge: the players' confirmations
    # wait too, until a judge settles the result.
    table = checked_table(s, d["round"], d["table"])
    table["status"] = "disputed"
    table["disputes"].append({**who, "by": d["by"], "reason": d["reason"], "flag": True})


def _check_match_game(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _table_entry(state, d)
    if table is None:
        return refusal
    if state["setup"]["best_of"] != 3:
        return Refusal("not_a_match", "This event plays one game per round.", CONFLICT)
    if table["game"] != d["follows"]:
        return Refusal("not_this_match", "That game does not follow this table's current game.", CONFLICT)
    if table["status"] == "confirmed":
        return Refusal("already_confirmed", "This table's result is already confirmed.", CONFLICT)
    return None


def _apply_match_game(s: TournamentState, d: Data, who: Who) -> None:
    table = checked_table(s, d["round"], d["table"])
    table["game"], table["join_code"] = d["game"], d["join_code"]
    table["games"] = [*(table.get("games") or [d["follows"]]), d["game"]]
    table["history"].append({**who, "what": "match_game", "game": len(table["games"])})


def _check_judge_call(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _table_entry(state, d)
    if table is None:
        return refusal
    if len(table["judge_calls"]) >= MAX_TABLE_CALLS:
        return _too_many("too_many_judge_calls", "judge calls", MAX_TABLE_CALLS)
    # The device of a table number may call a judge to it whichever way the table plays this round.
    if d.get("by") == "device":
        return None
    return table_voice(table, d.get("by"))


def _apply_judge_call(s: TournamentState, d: Data, who: Who) -> None:
    table = checked_table(s, d["round"], d["table"])
    table["judge_calls"].append({**who, "by": d.get("by"), "note": d.get("note", ""),
                                 **{k: d[k] for k in ("game", "entry") if k in d}})


def _check_result(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _table_entry(state, d)
    if table is None:
        return refusal
    problem = check_result(d["result"], table["players"], state["setup"]["best_of"])
    if problem:
        return Refusal("bad_result", problem, INVALID)
    refusal = (victory.refusal(d["result"], table["players"], state["setup"], d.get("source"), d.get("reason") or "")
               or cut.check_result(state, d["round"], d["result"], d["table"]))
    if refusal:
        return refusal
    if table["status"] == "confirmed" and not d.get("reason"):
        return Refusal("reason_needed", "Correcting a confirmed result needs a reason.", INVALID)
    if table["status"] == "disputed" and not d.get("reason"):
        return Refusal("reason_needed", "Settling a disputed result needs a reason: the players read why it was "
                                        "settled so.", INVALID)
    return None


def _apply_result(s: TournamentState, d: Data, who: Who) -> None:
    table = checked_table(s, d["round"], d["table"])
    table["result"], table["status"] = d["result"], "confirmed"
    table["history"].append({**who, "what": "result", "source": d.get("source"), "reason": d.get("reason", "")})
    calls.close_all(table, who, "settled")


def _check_close_call(state: TournamentState, d: Data) -> Refusal | None:
    table, refusal = _table_entry(state, d)
    return refusal if table is None else calls.check_close(table)


def _apply_close_call(s: TournamentState, d: Data, who: Who) -> None:
    calls.close_all(checked_table(s, d["round"], d["table"]), who, "by_hand")


def _check_ruling(state: TournamentState, d: Data) -> Refusal | None:
    if d.get("table") is not None:
        return _table_entry(state, d)[1]
    return None


def _copy_ruling(state: TournamentState, d: Data) -> TournamentState:
    """The rulings copied, and the table a ruling at a table answers (it closes its open calls)."""
    s = copies.with_table(state, d) if d.get("table") is not None else state.copy()
    s["rulings"] = list(state["rulings"])
    return s


def _apply_ruling(s: TournamentState, d: Data, who: Who) -> None:
    s["rulings"].append(Ruling(actor=who["actor"], seq=who["seq"], at=who["at"], round=d.get("round"),
                               table=d.get("table"), question=d["question"], answer=d["answer"],
                               rule=d.get("rule", "")))
    if d.get("table") is not None:
        calls.close_all(checked_table(s, d["round"], d["table"]), who, "ruling")


HANDLERS = {
    "confirm": Handler(_check_confirm, _apply_confirm, copies.with_table),
    "dispute": Handler(_check_dispute, _apply_dispute, copies.with_table),
    "flag": Handler(_check_flag, _apply_flag, copies.with_table),
    "match_game": Handler(_check_match_game, _apply_match_game, copies.with_table),
    "judge_call": Handler(_check_judge_call, _apply_judge_call, copies.with_table),
    "result": Handler(_check_result, _apply_result, copies.with_table),
    "close_call": Handler(_check_close_call, _apply_close_call, copies.with_table),
    "ruling": Handler(_check_ruling, _apply_ruling, _copy_ruling),
}
