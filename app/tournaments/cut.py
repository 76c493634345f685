"""The top cut: after the Swiss rounds, a single-elimination bracket of 4 or 8 seeded from the standings.

Entries: `cut {size, seeds}` (seeds best first, from the Swiss standings of the checked-in players) and then one
`pair` per cut round, numbered after the Swiss rounds, whose tables must be exactly the bracket's next matches.
Seeds meet in bracket order (1 v 8, 4 v 5, 2 v 7, 3 v 6), so the top two seeds can meet only in the final.
Tables are numbered as in the Swiss rounds (tables.number_tables): a match with a player given a fixed table is
played at that table (both players with one: the better seed's), the others take the numbers left in bracket
order. A match's place in the bracket is therefore found by its players, never by its table number.
Cut rounds are played and confirmed like Swiss rounds; they do not count in the Swiss standings, and a cut game
needs a winner (victory.py: the edition's tiebreaks decide a game level on glory; a game the book still calls a
draw is settled by a judge's ruling, since the books know no single-elimination).
"""
from __future__ import annotations

from typing import Any, cast

from . import tables, victory
from .pairing import Pairing
from .reads import confirmed_result, current_round, is_cut_round, round_complete, started_cut, swiss_rounds, table_of
from .refusals import CONFLICT, INVALID, MALFORMED, Refusal
from .types import Data, Result, Round, Table, TournamentState

CUT_SIZES = (4, 8)
STAGE_NAMES = {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}


def bracket_order(size: int) -> list[int]:
    """Seeds in bracket order, so each pair of neighbours meets first: 1, 8, 4, 5, 2, 7, 3, 6 for 8."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, n - seed)]
    return order


def rounds_of(size: int) -> int:
    """How many rounds a cut of this size plays (4: 2, 8: 3)."""
    return size.bit_length() - 1


def stage_name(state: TournamentState, round_no: int) -> str:
    """What a round is called: "Round 3", or the cut's "Semi-finals" / "Final"."""
    cut = state.get("cut")
    if not cut or not is_cut_round(state, round_no):
        return f"Round {round_no}"
    tables_left = cut["size"] >> (round_no - swiss_rounds(state))
    return STAGE_NAMES.get(tables_left, f"Round {round_no}")


def seeds_from(state: TournamentState, size: int) -> list[str]:
    """The top `size` checked-in players of the Swiss standings, best first (fewer when fewer are checked in)."""
    rows = tables.standings(state, state["setup"].get("seed", ""))
    return [r["player"] for r in rows if state["players"][r["player"]]["status"] == "checked_in"][:size]


def table_of_match(rnd: Round | None, pair: list[str | None]) -> Table | None:
    """The table of a paired cut round where this bracket match is played (None while unpaired or undecided)."""
    if rnd is None or None in pair:
        return None
    return next((t for t in rnd["tables"] if set(t["players"]) == set(pair)), None)


def _winner(table: Table | None) -> str | None:
    return confirmed_result(table)["winner"] if table and table["status"] == "confirmed" else None


def matches(state: TournamentState, k: int) -> list[list[str | None]]:
    """The pairs of the cut's round k (1 = first) in bracket order, better seed first; None where a feeding match
    is undecided."""
    cut = started_cut(state)
    seeds = cut["seeds"]
    order: list[str | None]
    if k == 1:
        order = [seeds[s - 1] for s in bracket_order(cut["size"])]
    else:
        prev = state["rounds"].get(swiss_rounds(state) + k - 1)
        order = [_winner(table_of_match(prev, pair)) for pair in matches(state, k - 1)]
    rank = {p: i for i, p in enumerate(seeds)}
    pairs: list[list[str | None]] = []
    for a, b in zip(order[::2], order[1::2]):
        pairs.append([b, a] if a is not None and b is not None and rank[b] < rank[a] else [a, b])
    return pairs


def pairing_entry(state: TournamentState, round_no: int) -> Data:
    """The `pair` entry's data for a cut round: the bracket's matches, no bye, their tables numbered as a Swiss
    round's are (a fixed-table player's match at that table, the others 1, 2, ... in bracket order)."""
    # Paired once its feeding round is complete (round_entries.py's check of a pair, Rounds.pair): every player is known.
    pairs = [cast(tuple[str, str], tuple(pair)) for pair in matches(state, round_no - swiss_rounds(state))]
    return tables.pairing_entry(Pairing(pairs, None), round_no, tables.fixed_tables(state, round_no))


def check_start(state: TournamentState, d: Data) -> Refusal | None:
    """Why the cut cannot start now: one cut, of 4 or 8, after every Swiss round, seeded from the standings."""
    started = state["cut"]
    if started:
        return Refusal("cut_started", f"The top {started['size']} cut has already started.", CONFLICT)
    size = d.get("size")
    if size not in CUT_SIZES:
        return Refusal("bad_cut_size", "A top cut is of 4 or 8 players.", MALFORMED)
    n = swiss_rounds(state)
    rnd = state["rounds"].get(n)
    if rnd is None or not rnd["published"] or not round_complete(rnd) or current_round(state) != n:
        return Refusal("swiss_not_finished", f"The top cut starts once all {n} Swiss rounds are played and every "
                                             "result is confirmed.", CONFLICT)
    seeds = seeds_from(state, size)
    if len(seeds) < size:
        return Refusal("too_few_players", f"A top {size} cut needs {size} checked-in players; {len(seeds)} are.",
                       CONFLICT)
    if d.get("seeds") != seeds:
        return Refusal("bad_seeding", "The cut is seeded from the current standings.", CONFLICT)
    return None


def check_pair(state: TournamentState, d: Data) -> Refusal | None:
    """Why a cut round cannot be paired as asked (the previous round's checks are round_entries.py's)."""
    cut, n = state.get("cut"), d["round"]
    if not cut:
        return Refusal("no_more_rounds", f"This event has {swiss_rounds(state)} Swiss rounds; start the top cut "
                                         "to play on.", CONFLICT)
    if n > swiss_rounds(state) + rounds_of(cut["size"]):
        return Refusal("no_more_rounds", "The top cut's final has been played.", CONFLICT)
    if d.get("bye"):
        return Refusal("no_bye_in_cut", "A single-elimination cut has no byes: every seed plays.", INVALID)
    if d.get("tables") != pairing_entry(state, n)["tables"]:
        return Refusal("bad_pairing", "The top cut's pairings follow the bracket.", INVALID)
    return None


def check_result(state: TournamentState, round_no: int, result: Result, table_no: int | None = None) -> Refusal | None:
    """A cut game (or match) needs a winner; the edition's rule of victory names how a level game is won.

    Once the next cut round is paired, a result may still be corrected but not change who went through.
    """
    if not is_cut_round(state, round_no):
        return None
    table = table_of(state, round_no, table_no) if table_no is not None else None
    if (table and table["status"] == "confirmed" and round_no + 1 in state["rounds"]
            and result.get("winner") != confirmed_result(table)["winner"]):
        return Refusal("next_round_paired", f"The winner of this match already plays in {stage_name(state, round_no + 1)}; "
                                            "a correction cannot change who went through.", CONFLICT)
    if result.get("winner") is not None:
        return None
    rules = victory.choices(state["setup"], "judge")["rule"]
    ways = "; ".join(f"{c['code']} ({c['words']})" for c in victory.choices(state["setup"], "judge")["decided_by"])
    message = ("A top cut game needs a winner: a game level on glory is won by the rule's tiebreaks, and one that is "
               f"still a draw is settled by a judge's ruling. Ways to win: {ways}.")
    return Refusal("cut_needs_winner", f"{message} ({rules})" if rules else message, INVALID,
                   rule=str(rules) if rules else None)


def placings(state: TournamentState) -> list[dict[str, Any]]:
    """The cut's placings so far: the champion 1st, the finalist 2nd, then 3rd-4th, 5th-8th by the round lost."""
    cut = state.get("cut")
    if not cut:
        return []
    out = []
    total = rounds_of(cut["size"])
    first = swiss_rounds(state) + 1
    for k in range(total, 0, -1):
        rnd = state["rounds"].get(first + k - 1)
        if rnd is None:
            continue
        for t in rnd["tables"]:
            if t["status"] != "confirmed":
                continue
            winner = confirmed_result(t)["winner"]
            loser = next(p for p in t["players"] if p != winner)
            if k == total:
                out.append({"place": 1, "player": winner})
            out.append({"place": (cut["size"] >> k) + 1, "player": loser})
    seed = {p: i for i, p in enumerate(cut["seeds"])}
    out.sort(key=lambda r: (r["place"], seed[r["player"]]))
    for row in out:
        row["name"] = state["players"][row["player"]]["name"]
        row["seed"] = seed[row["player"]] + 1
    return out


def bracket(state: TournamentState) -> dict[str, Any] | None:
    """The cut as a bracket for the public page and the venue screen (None before the cut starts).

    {size, seeds: [{seed, player, name}], rounds: [{round, name, published, matches: [{match, table, players,
    names, seeds, status, winner}]}], champion, placings}: every match of every cut round in bracket order (match
    1, 2, ...), unplayed ones with the players known so far; `table` is where the match is played once its round is
    published, else None.
    """
    cut = state.get("cut")
    if not cut:
        return None
    names = {p: state["players"][p]["name"] for p in cut["seeds"]}
    seed = {p: i + 1 for i, p in enumerate(cut["seeds"])}
    rounds: list[dict[str, Any]] = []
    for k in range(1, rounds_of(cut["size"]) + 1):
        n = swiss_rounds(state) + k
        rnd = state["rounds"].get(n)
        published = bool(rnd and rnd["published"])
        rows: list[dict[str, Any]] = []
        for i, pair in enumerate(matches(state, k)):
            # A match's table is told once its round is published: before, a table worked out in advance would tell
            # everyone who keeps a fixed table (the staff's to know).
            table = table_of_match(rnd, pair) if published else None
            winner = confirmed_result(table)["winner"] if table is not None and table["status"] == "confirmed" else None
            rows.append({"match": i + 1, "table": table["table"] if table else None, "players": pair,
                         "names": [names.get(p) if p else None for p in pair],
                         "seeds": [seed.get(p) if p else None for p in pair],
                         "status": table["status"] if table else "waiting_for_players" if None in pair else "not_started",
                         "winner": winner})
        rounds.append({"round": n, "name": stage_name(state, n), "published": published, "matches": rows})
    final = rounds[-1]["matches"][0]
    return {"size": cut["size"], "seeds": [{"seed": i + 1, "player": p, "name": names[p]} for i, p in enumerate(cut["seeds"])],
            "rounds": rounds, "champion": final["winner"], "champion_name": names.get(final["winner"] or ""),
            "placings": placings(state)}
