"""Objective conditions (content/README.md, Objectives): is a card's `condition` met now, for its holder?

A condition is read over what the game tracks: the moment that just passed (reactions.set_moment), the fighters'
records, the tally of what has happened (tally.py), glory, hands and scored cards. Each clause answers True,
False, or None when it names something the app does not track (an `ask` clause): then the players are asked
one yes/no, and only when every tracked clause holds. `verdict()` gives the answer with the first clause that
fails, as a code and its parameters for the sentence the phone shows.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from . import tally
from .state import Moment, UnderworldsState, is_state, range_fits, seat_of

MET, UNMET, ASK = "met", "unmet", "ask"
COMBAT_MOMENTS = ("after_declare_attack", "after_attack_roll", "after_defence_roll", "after_determine_success",
                  "after_damage", "after_out_of_action", "after_drive_back", "after_attack")


@dataclass
class Verdict:
    """Whether a condition holds: met, unmet (with why) or ask (the untracked parts the players judge)."""

    status: str
    why: list[dict[str, Any]] = field(default_factory=list)  # [{code, ...params}] of the failing clauses
    asks: list[str] = field(default_factory=list)            # ask codes still open

    @property
    def met(self) -> bool:
        """The condition holds on what the game tracks (and asks nothing)."""
        return self.status == MET


def has_condition(card: dict[str, Any] | None) -> bool:
    """The card carries a scoring condition the engine can read."""
    return bool((card or {}).get("condition"))


def verdict(state: UnderworldsState, seat: str, card: dict[str, Any], at_moment: bool = True) -> Verdict:
    """The card's condition for `seat` now. `at_moment`: a surge objective must also be at its moment."""
    cond = card["condition"]
    why: list[dict[str, Any]] = []
    asks: list[str] = []
    at = cond["at"]
    if at == "end_phase":
        if state["phase"] != "end":
            why.append({"code": "not_end_phase"})
    elif at_moment and at not in (m["steps"] if (m := state.get("moment")) else []):
        why.append({"code": "not_at_moment", "moment": at})
    if "all" in cond:
        result = _all(state, seat, cond["all"], why, asks)
    else:
        result = _any(state, seat, cond["any"], why, asks)
    if why or result is False:
        return Verdict(UNMET, why or [{"code": "condition"}], asks)
    return Verdict(ASK if result is None else MET, [], asks)


def _all(state: UnderworldsState, seat: str, clauses: list[dict[str, Any]], why: list[dict[str, Any]],
         asks: list[str]) -> bool | None:
    result: bool | None = True
    for clause in clauses:
        r = _clause(state, seat, clause, why, asks)
        if r is False:
            return False
        if r is None:
            result = None
    return result


def _any(state: UnderworldsState, seat: str, clauses: list[dict[str, Any]], why: list[dict[str, Any]],
         asks: list[str]) -> bool | None:
    result: bool | None = False
    inner: list[dict[str, Any]] = []
    for clause in clauses:
        r = _clause(state, seat, clause, inner, asks)
        if r is True:
            return True
        if r is None:
            result = None
    if result is False:
        why.append({"code": "none_of", "clauses": inner})
    return result


def _clause(state: UnderworldsState, seat: str, clause: dict[str, Any], why: list[dict[str, Any]],
            asks: list[str]) -> bool | None:
    (key, body), = clause.items()
    if key == "all":
        return _all(state, seat, body, why, asks)
    if key == "any":
        return _any(state, seat, body, why, asks)
    if key == "ask":
        asks.append(body)
        return None
    ok = CLAUSES[key](state, seat, body)
    if not ok:
        why.append({"code": key, **(body if isinstance(body, dict) else {"value": body})})
    return ok


# -- who is who -----------------------------------------------------------------------------------------

def side_fighters(state: UnderworldsState, seat: str, side: str) -> list[str]:
    """Fighter ids of a side seen from `seat`: friendly, enemy or any."""
    return [fid for fid, f in state["fighters"].items()
            if side == "any" or (f["seat"] == seat) == (side == "friendly")]


def side_seats(state: UnderworldsState, seat: str, side: str) -> list[str]:
    """Seats of a side seen from `seat`."""
    return [s for s in state["order"] if side == "any" or (s == seat) == (side == "friendly")]


def relation(seat: str, fid: str | None, want: str) -> bool:
    """The fighter is of the wanted side (friendly, enemy, any) for `seat`."""
    if not fid:
        return False
    return want == "any" or (seat_of(fid) == seat) == (want == "friendly")


def fighter_is(state: UnderworldsState, fid: str, status: str) -> bool:
    """One fighter state of content/README.md (Fighter states) holds for the fighter now (state.is_state)."""
    return is_state(state, fid, status)


def all_of(state: UnderworldsState, fid: str, statuses: list[str]) -> bool:
    """Every listed state holds for the fighter."""
    return all(fighter_is(state, fid, s) for s in statuses)


def _count_ok(body: dict[str, Any], n: int) -> bool:
    bound: int
    if "at_least" in body:
        bound = body["at_least"]
        return n >= bound
    if "at_most" in body:
        bound = body["at_most"]
        return n <= bound
    bound = body["exactly"]
    return n == bound


# -- clauses ---------------------------------------------------------------------------------------------
# A clause's check: (state, the holder's seat, the clause's body: an object, or a plain value for round and turn).
Clause = Callable[[UnderworldsState, str, Any], bool]


def _attack(state: UnderworldsState, seat: str, body: dict[str, Any]) -> bool:
    moment: Moment | dict[str, Any] = state.get("moment") or {}
    ctx = moment.get("context") or {}
    att, tgt = ctx.get("attacker") or "", ctx.get("target") or ""
    if not att or not any(s in COMBAT_MOMENTS for s in moment.get("steps") or []):
        return False
    out = ctx.get("out_of_action") or []
    checks: list[tuple[str, Callable[[Any], bool]]] = [
        ("by", lambda v: relation(seat, att, v)),
        ("target", lambda v: relation(seat, tgt, v)),
        ("succeeded", lambda v: bool(ctx.get("success")) == v),
        ("took_out", lambda v: (tgt in out) == v),
        ("charge", lambda v: bool(ctx.get("charge")) == v),
        ("crit", lambda v: bool(ctx.get("crit")) == v),
        ("range", lambda v: range_fits(v, ctx.get("range"))),
        ("by_is", lambda v: all_of(state, att, v)),
        ("target_is", lambda v: bool(tgt) and all_of(state, tgt, v)),
        ("damage_at_least", lambda v: (ctx.get("damage") or 0) >= v),
        ("fighter", lambda v: att.split(".", 1)[1] == v),
    ]
    return all(check(body[key]) for key, check in checks if key in body)


def _matching(state: UnderworldsState, seat: str, body: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(fighters of the side that match the body's states, the side's fighters considered)."""
    statuses = list(body.get("is") or [])
    pool = side_fighters(state, seat, body.get("side", "friendly"))
    if "fighter" in body:
        pool = [f for f in pool if f.split(".", 1)[1] == body["fighter"]]
    if "out" not in statuses:
        pool = [f for f in pool if not state["fighters"][f]["out"]]
    hits = [f for f in pool if all_of(state, f, statuses)
            and len(state["fighters"][f]["upgrades"]) >= body.get("upgrades_at_least", 0)
            and state["fighters"][f]["damage"] >= body.get("damage_at_least", 0)]
    return hits, pool


def _fighters(state: UnderworldsState, seat: str, body: dict[str, Any]) -> bool:
    hits, pool = _matching(state, seat, body)
    if body.get("all"):
        return bool(pool) and len(hits) == len(pool)
    if body.get("none"):
        return not hits
    return _count_ok(body, len(hits))


def _tally(state: UnderworldsState, seat: str, body: dict[str, Any]) -> bool:
    n = 0
    did: set[str] = set()
    for s in side_seats(state, seat, body.get("side", "friendly")):
        n += tally.count(state, body["scope"], s, body["what"])
        did.update(tally.who(state, body["scope"], s, body["what"]))
    return _count_ok(body, len(did) if body.get("distinct") else n)


def _more(state: UnderworldsState, seat: str, body: dict[str, Any]) -> bool:
    def amount(s: str) -> int:
        if "fighters" in body:
            return len(_matching(state, s, {"side": "friendly", **body["fighters"]})[0])
        if "glory" in body:
            g = state["seats"][s]["glory"]
            return g["unspent"] + g["spent"]
        return sum(len(state["fighters"][f]["upgrades"]) for f in side_fighters(state, s, "friendly"))
    return amount(seat) > sum(amount(s) for s in state["order"] if s != seat)


def _side_total(what: str) -> Clause:
    def count(state: UnderworldsState, seat: str, body: dict[str, Any]) -> bool:
        total = 0
        for s in side_seats(state, seat, body.get("side", "friendly")):
            if what == "upgrades":
                total += sum(len(state["fighters"][f]["upgrades"]) for f in side_fighters(state, s, "friendly"))
            elif what == "glory":
                g = state["seats"][s]["glory"]
                total += g["unspent"] + g["spent"]
            else:
                total += len(state["seats"][s]["scored"])
        return _count_ok(body, total)
    return count


def _hand(state: UnderworldsState, seat: str, body: dict[str, Any]) -> bool:
    return _count_ok(body, state["seats"][seat]["hand"][body["kind"]])


def _round(state: UnderworldsState, seat: str, body: int) -> bool:
    return state["round"] == body


def _turn(state: UnderworldsState, seat: str, body: str) -> bool:
    moment, turn = state.get("moment"), state.get("turn")
    whose = (moment["seat"] if moment else None) or (turn["seat"] if turn else None)
    return bool(whose) and (whose == seat) == (body == "friendly")


CLAUSES: dict[str, Clause] = {"attack": _attack, "fighters": _fighters, "tally": _tally, "more": _more,
           "upgrades": _side_total("upgrades"), "glory": _side_total("glory"), "scored": _side_total("scored"),
           "hand": _hand, "round": _round, "turn": _turn}
