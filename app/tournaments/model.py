"""A tournament as the fold of its append-only log.

`fold(setup, entries)` gives the players, rounds (pairings, tables, results, timer) and rulings;
`check(state, entry)` says why an entry cannot be added (a code, a sentence and its kind), `apply(state,
entry)` adds it. The service checks against the current fold before storing, so the log only holds
entries that applied, and replaying it always gives the same tournament.

Entry types (data fields):
  register   {player, name, warband, printing?, warband_name, deck, deck_problems, from_round}
  check_in   {player}                     drop {player, reason}
  fixed_table {player, table | None}      (the table a player always plays at, for accessibility)
  merge      {keep, remove}               (a duplicate registration folded into the first)
  pair       {round, tables: [{table, players: [a, b]}], bye}   (a draft; a new one replaces it)
  swap       {round, a, b}                (two players of the draft change places, the bye included)
  table_mode {round, table, mode}         (phones | device | untracked, before publishing)
  publish    {round, games: {table: {game, join_code}}}
  match_game {round, table, game, join_code, follows}   (the next linked game of a best-of-three match,
                                          created from the previous one's phone; the table follows it)
  timer      {round, minutes, started_at} time_called {round, at}
  time_withdrawn {round}                  (a call of time taken back: the clock runs on as before)
  confirm    {round, table, by, result}   (a player, or "device" for a table device)
  dispute    {round, table, by, reason}   judge_call {round, table, by, note, game?, entry?}
                                          (game, entry: the entry of the table's game a seat flagged)
  flag       {round, table, by, reason}   (a judge, as the table's referee, flags its game: disputed)
  result     {round, table, result, reason, source}   (scorekeeper or judge: final)
  ruling     {round, table, question, answer, rule}
  new_link   {role, subject}              (a lost link replaced: the old one stops working; the organiser's
                                          own, by the tournament's recovery code)
  cut        {size, seeds}                (the top cut starts: its rounds are numbered after the Swiss rounds, cut.py)
  publish_decks {}                        (the organiser publishes every registered deck)
  registration, request, accept, decline, withdraw_request, claim: players signing themselves up (signup.py)
  extend, call_table, penalty, paid, deck_deadline: the organiser's bookkeeping (orgtools.py)
  edit       {player, name?, warband?, printing?, ..., before, round}   (a registration edited: edits.py)
  close_call {round, table, reason}       (a judge closes the table's open calls by hand; a result closes them too)
A result is {winner: player | None (draw), glory: {player: n}, games_won?: {player: n}, decided_by?: how a
level game (or match) was won, or "ruling" (victory.py)}.
"""
from __future__ import annotations

import copy

from . import calls, cut, edits, orgtools, signup, victory
from .reads import (
    active_players,
    checked_table,
    current_round,
    has_played,
    history,
    name_key,
    player_table,
    published_rounds,
    round_complete,
    table_of,
)
from .refusals import CONFLICT, FORBIDDEN, INVALID, MALFORMED, NOT_FOUND, Refusal

# Read off the fold by the service, the views and the exports as model.<name> too.
__all__ = ["active_players", "current_round", "has_played", "history", "name_key", "player_table", "published_rounds",
           "round_complete", "table_of"]

TABLE_MODES = ("phones", "device", "untracked")
TABLE_STATUSES = ("playing", "waiting", "confirmed", "disputed")
MATCH_TIEBREAKS = victory.MATCH_TIEBREAKS
LINK_ROLES = ("player", "scorekeeper", "judge", "table", "organiser")
# Registrations a tournament holds (and so the bound of every list of players a client sends): far above the
# largest Underworlds events, twice what benchmarks/tournaments.py pairs and ranks in time.
MAX_PLAYERS = 512
# What a table's players and device can grow a table's lists by in a round (the staff's view of the table carries
# them, and every entry at that table copies them): far above a real table's few calls and disputes.
MAX_TABLE_CALLS = 20       # judge calls (an open call is not repeated: Results.call_judge)
MAX_TABLE_DISPUTES = 20    # disputes and judges' flags


def new_state(setup: dict) -> dict:
    """The tournament before anything happened."""
    return {"setup": setup, "players": {}, "order": [], "rounds": {}, "rulings": [], "head": 0,
            "signup": signup.new_signup(), "decks_published": None, "cut": None, **orgtools.new_parts()}


def check_result(result, players: list[str], best_of: int) -> str | None:
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
        if expected != winner and not tiebroken:
            return "The winner must be the player who won more games of the match."
    elif best_of == 3:
        return "Give the games each player won (best of three)."
    return None


def check(state: dict, entry: dict) -> Refusal | None:
    """None if the entry can be added now, else why not."""
    t, d = entry["type"], entry.get("data") or {}
    players = state["players"]
    checker = CHECKS.get(t)
    if checker is None:
        return Refusal("unknown_entry", f"There is no entry of type '{t}'.", MALFORMED)
    if "player" in d and t not in ("register", "accept") and d["player"] not in players:
        return Refusal("no_such_player", "There is no such player in this event.", NOT_FOUND)
    return checker(state, d) or orgtools.refusal(state, t, d)


def _check_register(state, d):
    if d["player"] in state["players"]:
        return Refusal("already_registered", "That player is already registered.", CONFLICT)
    if len(state["order"]) >= MAX_PLAYERS:
        return Refusal("event_full", f"An event holds at most {MAX_PLAYERS} registrations.", CONFLICT)
    return None


def _check_fixed_table(state, d):
    p = state["players"][d["player"]]
    if p["status"] in ("dropped", "merged"):
        return Refusal("not_active", f"{p['name']} has {p['status']}.", CONFLICT)
    if d.get("table") is not None:
        holder = next((q for q in state["players"].values() if q.get("fixed_table") == d["table"]
                       and q["id"] != p["id"] and q["status"] not in ("dropped", "merged")), None)
        if holder is not None:
            return Refusal("table_taken", f"Table {d['table']} is already kept for {holder['name']}.", CONFLICT)
    return None


def _check_check_in(state, d):
    p = state["players"][d["player"]]
    if p["status"] in ("dropped", "merged"):
        return Refusal("not_active", f"{p['name']} has {p['status']}; register them again to bring them back.",
                       CONFLICT)
    return None


def _check_drop(state, d):
    p = state["players"][d["player"]]
    if p["status"] in ("dropped", "merged"):
        return Refusal("not_active", f"{p['name']} has already {p['status']}.", CONFLICT)
    return None


def _check_merge(state, d):
    keep, remove = state["players"].get(d.get("keep")), state["players"].get(d.get("remove"))
    if keep is None or remove is None:
        return Refusal("no_such_player", "Merge two registered players.", NOT_FOUND)
    if keep is remove:
        return Refusal("same_player", "A player cannot be merged with themselves.", INVALID)
    if remove["status"] == "merged" or keep["status"] == "merged":
        return Refusal("not_active", "One of them has already been merged.", CONFLICT)
    if has_played(state, remove["id"]):
        return Refusal("has_played", f"{remove['name']} has already been paired in a published round; drop that "
                                     "registration instead of merging it.", CONFLICT)
    return None


def _check_pair(state, d):
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
    if cut.is_cut_round(state, n):
        return cut.check_pair(state, d)
    return None


def _draft(state, d):
    rnd = state["rounds"].get(d["round"])
    if rnd is None:
        return None, Refusal("no_such_round", f"Round {d['round']} has not been paired.", NOT_FOUND)
    if rnd["published"]:
        return None, Refusal("already_published", f"Round {d['round']} is already published; pairings are fixed.",
                             CONFLICT)
    return rnd, None


def _check_swap(state, d):
    rnd, refusal = _draft(state, d)
    if refusal:
        return refusal
    placed = {p for t in rnd["tables"] for p in t["players"]} | ({rnd["bye"]} if rnd["bye"] else set())
    if d["a"] not in placed or d["b"] not in placed or d["a"] == d["b"]:
        return Refusal("bad_swap", "Swap two different players of this round's pairings.", INVALID)
    if cut.is_cut_round(state, d["round"]):
        return Refusal("bad_swap", "The top cut's pairings follow the bracket seeded from the standings.", CONFLICT)
    if any({d["a"], d["b"]} == set(t["players"]) for t in rnd["tables"]):
        return Refusal("bad_swap", "Those two already play each other; swap players of different tables.", INVALID)
    return None


def _check_table_mode(state, d):
    rnd, refusal = _draft(state, d)
    if refusal:
        return refusal
    if table_of(state, d["round"], d["table"]) is None:
        return Refusal("no_such_table", f"Round {d['round']} has no table {d['table']}.", NOT_FOUND)
    return None


def _check_publish(state, d):
    rnd, refusal = _draft(state, d)
    if refusal:
        return refusal
    tracked = {t["table"] for t in rnd["tables"] if t["mode"] != "untracked"}
    if {int(k) for k in d["games"]} != tracked:
        return Refusal("bad_publish", "Each tracked table needs its game.", INVALID)
    return None


def _published(state, d):
    rnd = state["rounds"].get(d["round"])
    if rnd is None or not rnd["published"]:
        return None, Refusal("not_published", f"Round {d['round']} is not published yet.", CONFLICT)
    return rnd, None


def _check_timer(state, d):
    return _published(state, d)[1]


def _check_time_called(state, d):
    rnd, refusal = _published(state, d)
    if refusal:
        return refusal
    if rnd["timer"] is None:
        return Refusal("no_timer", "Start the round's clock first.", CONFLICT)
    if rnd["timer"].get("called_at"):
        return Refusal("already_called", "Time has already been called.", CONFLICT)
    return None


def _check_time_withdrawn(state, d):
    rnd, refusal = _published(state, d)
    if refusal:
        return refusal
    if rnd["timer"] is None or not rnd["timer"].get("called_at"):
        return Refusal("not_called", "Time has not been called in this round.", CONFLICT)
    return None


def _table_entry(state, d):
    rnd, refusal = _published(state, d)
    if refusal:
        return None, refusal
    table = table_of(state, d["round"], d["table"])
    if table is None:
        return None, Refusal("no_such_table", f"Round {d['round']} has no table {d['table']}.", NOT_FOUND)
    return table, None


def _check_confirm(state, d):
    table, refusal = _table_entry(state, d)
    if refusal:
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


def _table_voice(table, by) -> Refusal | None:
    """Only the table's own players, and its device at a table played on one device, speak for a table."""
    if by == "device":
        if table["mode"] != "device":
            return Refusal("not_a_device_table", "This table is played on the players' phones: they speak for it.",
                           FORBIDDEN)
        return None
    if by not in table["players"]:
        return Refusal("not_at_table", f"Only table {table['table']}'s players and its table device can do this.",
                       FORBIDDEN)
    return None


def table_voice(table: dict, by) -> Refusal | None:
    """Why `by` (a player id, or "device") may not speak for this table: None when they may."""
    return _table_voice(table, by)


def _check_dispute(state, d):
    table, refusal = _table_entry(state, d)
    if refusal:
        return refusal
    refusal = _table_voice(table, d.get("by"))
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


def _check_match_game(state, d):
    table, refusal = _table_entry(state, d)
    if refusal:
        return refusal
    if state["setup"]["best_of"] != 3:
        return Refusal("not_a_match", "This event plays one game per round.", CONFLICT)
    if table["game"] != d["follows"]:
        return Refusal("not_this_match", "That game does not follow this table's current game.", CONFLICT)
    if table["status"] == "confirmed":
        return Refusal("already_confirmed", "This table's result is already confirmed.", CONFLICT)
    return None


def _check_flag(state, d):
    table, refusal = _table_entry(state, d)
    if refusal:
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


def _check_judge_call(state, d):
    table, refusal = _table_entry(state, d)
    if refusal:
        return refusal
    if len(table["judge_calls"]) >= MAX_TABLE_CALLS:
        return _too_many("too_many_judge_calls", "judge calls", MAX_TABLE_CALLS)
    # The device of a table number may call a judge to it whichever way the table plays this round.
    if d.get("by") == "device":
        return None
    return _table_voice(table, d.get("by"))


def _too_many(code: str, what: str, most: int) -> Refusal:
    return Refusal(code, f"This table already has {most} {what} this round; a judge is on the way: tell them at the "
                         "table.", CONFLICT)


def open_call(state: dict, round_no: int, table_no: int, by: str) -> dict | None:
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


def _check_result(state, d):
    table, refusal = _table_entry(state, d)
    if refusal:
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


def _check_new_link(state, d):
    if d.get("role") not in LINK_ROLES:
        return Refusal("bad_role", "A new link is for a player, a scorekeeper, a judge or a table device.", MALFORMED)
    if d["role"] == "player" and d.get("subject") not in state["players"]:
        return Refusal("no_such_player", "There is no such player.", NOT_FOUND)
    return None


def _check_publish_decks(state, d):
    if state["decks_published"]:
        return Refusal("already_published", "The deck lists are already published.", CONFLICT)
    return None


def _check_close_call(state, d):
    table, refusal = _table_entry(state, d)
    return refusal if table is None else calls.check_close(table)


def _check_ruling(state, d):
    if d.get("table") is not None:
        return _table_entry(state, d)[1]
    return None


CHECKS = {"register": _check_register, "check_in": _check_check_in, "fixed_table": _check_fixed_table, "drop": _check_drop, "merge": _check_merge,
          "pair": _check_pair, "swap": _check_swap, "table_mode": _check_table_mode, "publish": _check_publish,
          "timer": _check_timer, "time_called": _check_time_called, "time_withdrawn": _check_time_withdrawn, "confirm": _check_confirm,
          "dispute": _check_dispute, "flag": _check_flag, "match_game": _check_match_game, "judge_call": _check_judge_call, "result": _check_result,
          "ruling": _check_ruling, "new_link": _check_new_link, "publish_decks": _check_publish_decks,
          "cut": cut.check_start, **signup.CHECKS, **orgtools.CHECKS,
          "edit": lambda state, d: edits.check(state, d, name_key),
          "close_call": _check_close_call}


def _table(no: int, players: list[str]) -> dict:
    return {"table": no, "players": list(players), "mode": "phones", "game": None, "join_code": None, "games": [],
            "status": "playing", "result": None, "confirmations": {}, "disputes": [], "judge_calls": [],
            "history": []}


TABLE_ENTRIES = ("confirm", "dispute", "flag", "judge_call", "result", "match_game", "close_call")


def _copy_for(state: dict, entry: dict) -> dict:
    """A copy of the state in which this entry may change what it touches; the rest is shared.

    Entries arrive all day (results one table at a time, registrations, pairings, table modes), and the standings
    follow each: copying only what the entry changes (one table, one player, the round's list of tables, never every
    player and round) keeps each one cheap at hundreds of players (benchmarks/tournaments.py).
    """
    t, d = entry["type"], entry.get("data") or {}
    s = dict(state)
    if t in TABLE_ENTRIES or t in ("timer", "time_called", "time_withdrawn"):
        rnd = _copy_round(s, d["round"])
        if t in TABLE_ENTRIES:
            rnd["tables"] = [copy.deepcopy(x) if x["table"] == d["table"] else x for x in rnd["tables"]]
        elif rnd["timer"] is not None:
            rnd["timer"] = dict(rnd["timer"])
    elif t in ("check_in", "drop", "fixed_table", "edit"):
        s["players"] = dict(state["players"])
        s["players"][d["player"]] = dict(state["players"][d["player"]])
    elif t == "register":
        s["players"], s["order"] = dict(state["players"]), list(state["order"])
    elif t == "pair":
        s["rounds"] = dict(state["rounds"])  # the round's draft is a new value
    elif t in ("swap", "table_mode", "publish"):
        rnd = _copy_round(s, d["round"])
        touched = _tables_touched(t, d)
        rnd["tables"] = [dict(x) if touched(x) else x for x in rnd["tables"]]
    elif t == "merge":
        s["players"] = dict(state["players"])
        s["players"][d["remove"]] = dict(state["players"][d["remove"]])
        s["rounds"] = {n: r if r["published"] else dict(r) for n, r in state["rounds"].items()}  # a draft goes stale
    elif t in signup.ENTRY_TYPES:
        _copy_signup(s, d.get("request"))
        if t == "accept":
            s["players"], s["order"] = dict(state["players"]), list(state["order"])
    elif t == "ruling":
        s["rulings"] = list(state["rulings"])
        if d.get("table") is not None:  # a ruling at a table answers (closes) its open calls
            rnd = _copy_round(s, d["round"])
            rnd["tables"] = [copy.deepcopy(x) if x["table"] == d["table"] else x for x in rnd["tables"]]
    elif t in ("new_link", "cut", "publish_decks"):
        pass  # a new value in the state, or only the head moves (the tokens live in the store)
    elif t in orgtools.ENTRY_TYPES:
        orgtools.copy_for(s, t, d)
    else:
        s = copy.deepcopy(state)
    return s


def _copy_round(s: dict, round_no: int) -> dict:
    """The rounds and this round copied into `s` (its tables shared until copied): the copy to change."""
    s["rounds"] = dict(s["rounds"])
    rnd = s["rounds"][round_no] = dict(s["rounds"][round_no])
    return rnd


def _tables_touched(t: str, d: dict):
    """Which of a round's tables a swap, table mode or publish changes (a predicate on a table)."""
    if t == "swap":
        return lambda x: d["a"] in x["players"] or d["b"] in x["players"]
    if t == "table_mode":
        return lambda x: x["table"] == d["table"]
    games = {int(k) for k in d["games"]}
    return lambda x: x["table"] in games


def _copy_signup(s: dict, rid) -> None:
    """Self-registration copied into `s` down to the one request an entry changes."""
    sig = s["signup"] = dict(s["signup"])
    sig["requests"], sig["order"], sig["claims"] = dict(sig["requests"]), list(sig["order"]), dict(sig["claims"])
    if rid in sig["requests"]:
        sig["requests"][rid] = dict(sig["requests"][rid])


def apply(state: dict, entry: dict) -> dict:
    """The tournament after one more (checked) entry; a new state, the old one is unchanged."""
    s = _copy_for(state, entry)
    _apply_in_place(s, entry)
    return s


def apply_all(state: dict, entries: list[dict]) -> dict:
    """The tournament after these further (checked) entries, in order; the given state is unchanged."""
    for entry in entries:
        state = apply(state, entry)
    return state


def _register(s: dict, d: dict) -> None:
    """A player joins the event (registered by staff, or a self-registration accepted)."""
    s["players"][d["player"]] = {"id": d["player"], "name": d["name"], "warband": d.get("warband"),
                                 "printing": d.get("printing"), "fixed_table": None,
                                 "warband_name": d.get("warband_name"), "deck": d.get("deck"),
                                 "deck_problems": d.get("deck_problems") or [], "deck_override": d.get("deck_override"),
                                 "status": "registered",
                                 "from_round": d.get("from_round", 1), "merged_into": None, "dropped_after": None}
    s["order"].append(d["player"])


def _apply_in_place(s: dict, entry: dict) -> None:
    """Fold one tournament entry into the state, in place."""
    t, d = entry["type"], entry.get("data") or {}
    who = {"actor": entry.get("actor"), "seq": entry.get("seq"), "at": entry.get("created_at")}
    if t in _PLAYER_ENTRIES or t in signup.ENTRY_TYPES:
        _apply_player_entry(s, t, d, who)
    elif t in _ROUND_ENTRIES:
        _apply_round_entry(s, t, d, entry)
    elif t in _TABLE_ENTRIES:
        _apply_table_entry(s, t, d, who)
    elif t == "cut":
        s["cut"] = {"size": d["size"], "seeds": list(d["seeds"])}
    elif t == "ruling":
        s["rulings"].append({**who, "round": d.get("round"), "table": d.get("table"), "question": d["question"],
                             "answer": d["answer"], "rule": d.get("rule", "")})
        if d.get("table") is not None:
            calls.close_all(checked_table(s, d["round"], d["table"]), who, "ruling")
    elif t in orgtools.ENTRY_TYPES:
        orgtools.apply(s, t, d, who)
    if t in signup.FREES_A_PLACE:
        signup.promote(s)
    s["head"] = entry.get("seq") or s["head"] + 1


_PLAYER_ENTRIES = frozenset({"register", "publish_decks", "check_in", "fixed_table", "drop", "merge", "edit"})
_ROUND_ENTRIES = frozenset({"pair", "swap", "table_mode", "publish", "timer", "time_called", "time_withdrawn"})
_TABLE_ENTRIES = frozenset({"confirm", "dispute", "flag", "match_game", "judge_call", "result", "close_call"})


def _apply_player_entry(s: dict, t: str, d: dict, who: dict) -> None:
    """Fold an entry about the players (sign-up, check-in, drops, merges) into the state."""
    players = s["players"]
    if t == "register":
        _register(s, d)
    elif t in signup.ENTRY_TYPES:
        joined = signup.apply(s, t, d, who)
        if joined:
            _register(s, joined)
    elif t == "publish_decks":
        s["decks_published"] = who["at"] or True
    elif t == "check_in":
        players[d["player"]]["status"] = "checked_in"
    elif t == "fixed_table":
        players[d["player"]]["fixed_table"] = d.get("table")
    elif t == "drop":
        players[d["player"]]["status"] = "dropped"
        players[d["player"]]["dropped_after"] = current_round(s)
    elif t == "merge":
        players[d["remove"]]["status"] = "merged"
        players[d["remove"]]["merged_into"] = d["keep"]
        for rnd in s["rounds"].values():  # a draft that paired the duplicate is paired again
            if not rnd["published"] and (rnd["bye"] == d["remove"] or any(d["remove"] in x["players"] for x in rnd["tables"])):
                rnd["stale"] = True
    elif t == "edit":
        edits.apply(players, d, who)


def _apply_round_entry(s: dict, t: str, d: dict, entry: dict) -> None:
    """Fold an entry about a round (pairing, swaps, publishing, its timer) into the state."""
    if t == "pair":
        s["rounds"][d["round"]] = {"round": d["round"], "published": False, "stale": False, "bye": d.get("bye"),
                                   "tables": [_table(x["table"], x["players"]) for x in d["tables"]],
                                   "timer": None, "published_at": None}
    elif t == "swap":
        rnd = s["rounds"][d["round"]]
        a, b = d["a"], d["b"]
        swap = {a: b, b: a}
        for table in rnd["tables"]:
            if a in table["players"] or b in table["players"]:  # only these were copied (_copy_for)
                table["players"] = [swap.get(p, p) for p in table["players"]]
        if rnd["bye"] in swap:
            rnd["bye"] = swap[rnd["bye"]]
    elif t == "table_mode":
        checked_table(s, d["round"], d["table"])["mode"] = d["mode"]
    elif t == "publish":
        rnd = s["rounds"][d["round"]]
        rnd["published"] = True
        rnd["published_at"] = entry.get("created_at")
        for key, game in d["games"].items():
            table = checked_table(s, d["round"], int(key))
            table["game"], table["join_code"] = game["game"], game["join_code"]
            table["games"] = [game["game"]]
    elif t == "timer":
        s["rounds"][d["round"]]["timer"] = {"minutes": d["minutes"], "started_at": d["started_at"], "called_at": None}
    elif t == "time_called":
        s["rounds"][d["round"]]["timer"]["called_at"] = d["at"]
    elif t == "time_withdrawn":
        s["rounds"][d["round"]]["timer"]["called_at"] = None


def _apply_table_entry(s: dict, t: str, d: dict, who: dict) -> None:
    """Fold an entry about a table's match (confirmations, disputes, games, results) into the state."""
    if t == "confirm":
        table = checked_table(s, d["round"], d["table"])
        table["confirmations"][d["by"]] = d["result"]
        table["history"].append({**who, "what": "confirm", "by": d["by"]})
        _settle_confirmations(table)
        if table["status"] == "confirmed":  # both players signed off the (corrected) result: the call is settled
            calls.close_all(table, who, "settled")
    elif t == "dispute":
        table = checked_table(s, d["round"], d["table"])
        table["status"] = "disputed"
        table["disputes"].append({**who, "by": d["by"], "reason": d.get("reason", "")})
    elif t == "flag":
        # A referee's flag makes the result disputed and waiting for a judge: the players' confirmations
        # wait too, until a judge settles the result.
        table = checked_table(s, d["round"], d["table"])
        table["status"] = "disputed"
        table["disputes"].append({**who, "by": d["by"], "reason": d["reason"], "flag": True})
    elif t == "match_game":
        table = checked_table(s, d["round"], d["table"])
        table["game"], table["join_code"] = d["game"], d["join_code"]
        table["games"] = [*(table.get("games") or [d["follows"]]), d["game"]]
        table["history"].append({**who, "what": "match_game", "game": len(table["games"])})
    elif t == "judge_call":
        table = checked_table(s, d["round"], d["table"])
        table["judge_calls"].append({**who, "by": d.get("by"), "note": d.get("note", ""),
                                     **{k: d[k] for k in ("game", "entry") if k in d}})
    elif t == "result":
        table = checked_table(s, d["round"], d["table"])
        table["result"], table["status"] = d["result"], "confirmed"
        table["history"].append({**who, "what": "result", "source": d.get("source"), "reason": d.get("reason", "")})
        calls.close_all(table, who, "settled")
    elif t == "close_call":
        calls.close_all(checked_table(s, d["round"], d["table"]), who, "by_hand")


def _settle_confirmations(table: dict) -> None:
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


def fold(setup: dict, entries: list[dict]) -> dict:
    """The tournament after its whole log."""
    s = new_state(copy.deepcopy(setup))
    for entry in entries:
        _apply_in_place(s, entry)
    return s
