"""Shadespire matched play: a best-of-three match over linked games, its tiebreakers and sudden death.

Pure functions over plain data, so a match can be stored and sent like a game state:

    match = new_match(["p1", "p2"], tiebreakers=True)
    match = record_game(match, {"winners": ["p1"], "draw": False, "glory": {"p1": 9, "p2": 7},
                                "wiped_out": []})
    match_status(match)  # {"over": False, "next_game": 2, ...}

A game's record is what the match needs from it: the winners (or a draw), each player's glory
(spent and unspent) and which warbands were entirely out of action at its end. The third game of
a match that must have a winner is given `game_context(match)` in its setup options ("match"), so
the ruleset can tell, at the end of its third round, whether a sudden-death round follows.
"""
from __future__ import annotations

import copy
from typing import Any

from ...core import Rule
from .sources import SHADESPIRE_BOOK

MATCH_RULE = Rule(SHADESPIRE_BOOK, "Alternative Rules, Matched Play, Victory", 26)
TIEBREAK_RULE = Rule(SHADESPIRE_BOOK, "Alternative Rules, Matched Play, Tiebreaker", 26)
SUDDEN_DEATH_RULE = Rule(SHADESPIRE_BOOK, "Alternative Rules, Matched Play, Tiebreaker (sudden death round)", 26)
ROLL_OFF_RULE = Rule(SHADESPIRE_BOOK, "Alternative Rules, Matched Play, Tiebreaker (tie with no fighters left)", 26)

GAMES = 3  # "the winner of which is decided by a best-of-three game"


class MatchError(ValueError):
    """A match record that cannot be used (wrong seats, too many games, a game after the end)."""


WARBAND_RULE = Rule(SHADESPIRE_BOOK, "Alternative Rules, Matched Play, Choosing a warband and building a deck", 26)


def new_match(seats: list[str], tiebreakers: bool = False, warbands: dict[str, Any] | None = None) -> dict[str, Any]:
    """A match between two seats; `tiebreakers` must be agreed before the match (pg 26); `warbands` (seat ->
    warband id), when given, is kept for the whole match."""
    if len(seats) != 2 or seats[0] == seats[1]:
        raise MatchError("Matched play is for two players.")
    return {"seats": list(seats), "tiebreakers": bool(tiebreakers), "games": [],
            "sudden_death": None, "roll_off": None, "warbands": dict(warbands or {})}


def record_game(match: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The match after one more finished game (a new dict; the old one is unchanged)."""
    status = match_status(match)
    if status["over"] or status["next_game"] is None:
        raise MatchError("The match is over; no further game can be recorded.")
    _check_record(match, record)
    out = copy.deepcopy(match)
    out["games"].append({"winners": list(record.get("winners") or []), "draw": bool(record.get("draw")),
                         "glory": {s: int(record["glory"][s]) for s in match["seats"]},
                         "wiped_out": sorted(set(record.get("wiped_out") or []))})
    # A third game that already played its sudden-death round brings that result along.
    if record.get("sudden_death"):
        out["sudden_death"] = dict(record["sudden_death"])
    if record.get("match_roll_off"):
        out["roll_off"] = record["match_roll_off"]
    return out


def wins(match: dict[str, Any]) -> dict[str, int]:
    """Games won by each seat (a drawn game counts for nobody)."""
    out = {s: 0 for s in match["seats"]}
    for game in match["games"]:
        if not game["draw"] and len(game["winners"]) == 1:
            out[game["winners"][0]] += 1
    return out


def total_glory(match: dict[str, Any]) -> dict[str, int]:
    """Glory points of each seat across the games played (first tiebreaker, pg 26)."""
    out = {s: 0 for s in match["seats"]}
    for game in match["games"]:
        for seat in match["seats"]:
            out[seat] += game["glory"].get(seat, 0)
    return out


def match_status(match: dict[str, Any]) -> dict[str, Any]:
    """Where the match stands: over or not, the next game, winner or draw and what decided it."""
    seats = match["seats"]
    won = wins(match)
    played = len(match["games"])
    base = {"games_played": played, "wins": won, "glory": total_glory(match), "winner": None,
            "draw": False, "over": False, "next_game": None, "decided_by": None, "rule": MATCH_RULE,
            "sudden_death": False, "roll_off": False}
    # "If, at the end of the second game, one player has won two games, the match is over."
    for seat in seats:
        if won[seat] >= 2:
            return {**base, "over": True, "winner": seat, "decided_by": "games"}
    if played < GAMES:
        return {**base, "next_game": played + 1}
    a, b = seats
    if won[a] != won[b]:
        return {**base, "over": True, "winner": a if won[a] > won[b] else b, "decided_by": "games"}
    # Same number of games won (or all drawn): a draw, unless tiebreakers were agreed beforehand.
    if not match["tiebreakers"]:
        return {**base, "over": True, "draw": True, "decided_by": "games"}
    return {**base, **_tiebreak(match)}


def _tiebreak(match: dict[str, Any]) -> dict[str, Any]:
    seats = match["seats"]
    a, b = seats
    glory = total_glory(match)
    if glory[a] != glory[b]:
        return {"over": True, "winner": a if glory[a] > glory[b] else b, "decided_by": "glory",
                "rule": TIEBREAK_RULE}
    last_out = set(match["games"][-1]["wiped_out"])
    if len(last_out) == 1:
        # "one player's warband is out of action at the end of the third game, the other player wins"
        (gone,) = last_out
        return {"over": True, "winner": b if gone == a else a, "decided_by": "wiped_out",
                "rule": TIEBREAK_RULE}
    sudden = match.get("sudden_death")
    both_gone = len(last_out) == 2 or bool(sudden and sudden.get("both_eliminated"))
    if sudden and sudden.get("winner"):
        return {"over": True, "winner": sudden["winner"], "decided_by": "sudden_death",
                "rule": SUDDEN_DEATH_RULE}
    if both_gone:
        if match.get("roll_off"):
            return {"over": True, "winner": match["roll_off"], "decided_by": "roll_off",
                    "rule": ROLL_OFF_RULE}
        return {"over": False, "roll_off": True, "rule": ROLL_OFF_RULE}
    return {"over": False, "sudden_death": True, "rule": SUDDEN_DEATH_RULE}


def game_context(match: dict[str, Any]) -> dict[str, Any]:
    """What the next game's setup carries in options["match"]: game number, tiebreakers, earlier games."""
    status = match_status(match)
    if status["next_game"] is None:
        raise MatchError("The match needs no further game.")
    return {"game": status["next_game"], "seats": list(match["seats"]), "tiebreakers": match["tiebreakers"],
            "warbands": dict(match.get("warbands") or {}), "previous": copy.deepcopy(match["games"])}


def match_from_context(context: dict[str, Any]) -> dict[str, Any]:
    """The match as it stood before the game that carries this context."""
    match = new_match(context["seats"], context.get("tiebreakers", False), context.get("warbands"))
    match["games"] = copy.deepcopy(context.get("previous") or [])
    return match


def wrong_warband(context: dict[str, Any] | None, seat: str, warband: str | None) -> str | None:
    """Why a seat's warband breaks the match (each player keeps their warband for the whole match), or None."""
    chosen = ((context or {}).get("warbands") or {}).get(seat)
    if chosen and warband != chosen:
        return f"{seat} chose {chosen} for this match: each player uses the same warband in every game."
    return None


def sudden_death_needed(context: dict[str, Any] | None, record: dict[str, Any]) -> bool:
    """At the end of round 3: does this game (the match's third) go on to a sudden-death round?"""
    if not context or context.get("game") != GAMES or not context.get("tiebreakers"):
        return False
    match = match_from_context(context)
    if len(match["games"]) != GAMES - 1:
        return False
    after = record_game(match, record)
    needed: bool = match_status(after)["sudden_death"]
    return needed


def check_context(context: object) -> str | None:
    """Why a setup's options['match'] cannot be used, or None when it can."""
    if not isinstance(context, dict):
        return "options.match must be an object."
    seats = context.get("seats")
    if not isinstance(seats, list) or len(seats) != 2:
        return "options.match.seats must name the two players."
    game = context.get("game")
    previous = context.get("previous") or []
    if not isinstance(game, int) or not 1 <= game <= GAMES or len(previous) != game - 1:
        return "options.match.game must be 1-3 and follow the earlier games in options.match.previous."
    try:
        match = new_match(seats, context.get("tiebreakers", False))
        for rec in previous:
            match = record_game(match, rec)
    except (MatchError, KeyError, TypeError, ValueError) as exc:
        return f"options.match.previous is not a valid match so far: {exc}"
    if match_status(match)["next_game"] != game:
        return "options.match: the match is already decided by the earlier games."
    return None


def _check_record(match: dict[str, Any], record: dict[str, Any]) -> None:
    if not isinstance(record, dict) or not isinstance(record.get("glory"), dict):
        raise MatchError("A game record needs each player's glory.")
    for seat in match["seats"]:
        value = record["glory"].get(seat)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise MatchError(f"Glory for {seat} must be a whole number of at least 0.")
    winners = record.get("winners") or []
    if any(w not in match["seats"] for w in winners):
        raise MatchError("A game's winners must be players of the match.")
    if not record.get("draw") and len(winners) != 1:
        raise MatchError("A game that is not a draw has exactly one winner.")
    if any(s not in match["seats"] for s in record.get("wiped_out") or []):
        raise MatchError("wiped_out must name players of the match.")
