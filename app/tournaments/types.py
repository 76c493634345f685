"""The shape of a tournament's fold (plain JSON-like data; model.new_state says how it starts), and of the handler each
entry type is folded by.

Checked by mypy wherever the state is built, changed or read: every key a state holds is declared here. An entry's
own data stays a plain mapping (`Data`): it is what a client sent, checked by the entry type's check before it is
stored.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NotRequired, TypedDict

from .refusals import Refusal

Data = dict[str, Any]     # an entry's data, as stored in the log
Result = dict[str, Any]   # {winner, glory, games_won?, decided_by?, games?} (model.check_result checks it)
Record = dict[str, Any]   # a line a table, a player or the event keeps: who and when ({actor, seq, at}) and what


class Who(TypedDict):
    """Who made an entry and when: the actor its link names, its seq and its time."""

    actor: str | None
    seq: int | None
    at: str | None


class Player(TypedDict):
    """A registration: who, with which warband and deck, and where they are in the event."""

    id: str
    name: str
    warband: str | None
    printing: str | None
    fixed_table: int | None    # the table they always play at (accessibility)
    warband_name: str | None
    deck: Any                  # a deck id or a custom deck, as the content reads it
    deck_problems: list[dict[str, Any]]
    deck_override: str | None  # the organiser's reason for accepting a deck the format refuses
    status: str                # registered | checked_in | dropped | merged
    from_round: int
    merged_into: str | None
    dropped_after: int | None
    paid: NotRequired[bool]
    edits: NotRequired[list[Record]]


class Table(TypedDict):
    """A table of a round: its two players, how it is played, its game(s) and its result."""

    table: int
    players: list[str]
    mode: str                  # phones | device | untracked
    game: str | None
    join_code: str | None
    games: list[str]           # a best-of-three match's linked games, in order
    status: str                # playing | waiting | confirmed | disputed
    result: Result | None
    confirmations: dict[str, Result]
    disputes: list[Record]
    judge_calls: list[Record]
    history: list[Record]
    extensions: NotRequired[list[Record]]
    called: NotRequired[Record]


class Timer(TypedDict):
    """A round's clock."""

    minutes: int
    started_at: str
    called_at: str | None


class Round(TypedDict):
    """A round: a draft until published, then its tables' games and results."""

    round: int
    published: bool
    stale: bool                # a player of the draft was merged away: pair it again
    bye: str | None
    tables: list[Table]
    timer: Timer | None
    published_at: str | None


class Ruling(TypedDict):
    """A judge's ruling, at a table or for the event."""

    actor: str | None
    seq: int | None
    at: str | None
    round: int | None
    table: int | None
    question: str
    answer: str
    rule: str


class Request(TypedDict):
    """A player's request for a place, from the public registration link."""

    id: str
    name: str
    warband: str
    printing: str | None
    warband_name: str | None
    deck: Any
    status: str                # pending | waitlisted | accepted | declined | withdrawn
    player: str | None
    claimed: bool
    at: str | None
    reason: str


class Signup(TypedDict):
    """Self-registration: the link open or closed, its cap, the requests and their claim secrets' hashes."""

    open: bool
    cap: int | None
    requests: dict[str, Request]
    order: list[str]
    claims: dict[str, str]     # claim hash -> request


class Cut(TypedDict):
    """The top cut: its size and its seeds, best first."""

    size: int
    seeds: list[str]


class Penalty(TypedDict):
    """A penalty, warning or bonus a judge recorded against a player."""

    actor: str | None
    seq: int | None
    at: str | None
    player: str
    kind: str
    amount: int
    reason: str
    round: int | None


class TournamentState(TypedDict):
    """A tournament: its setup, players, rounds, rulings, self-registration, cut and the organiser's bookkeeping."""

    setup: dict[str, Any]
    players: dict[str, Player]
    order: list[str]           # player ids in registration order
    rounds: dict[int, Round]
    rulings: list[Ruling]
    head: int
    signup: Signup
    decks_published: str | bool | None
    cut: Cut | None
    penalties: list[Penalty]
    deck_deadline: str | None


Check = Callable[[TournamentState, Data], Refusal | None]
Apply = Callable[[TournamentState, Data, Who], None]
Copy = Callable[[TournamentState, Data], TournamentState]


@dataclass(frozen=True)
class Handler:
    """What the fold does with one entry type: why it cannot be added now (None: it can), how it changes the state
    (in place), and the copy of a state that entry may change in place, the rest shared (model.apply)."""

    check: Check
    apply: Apply
    copied: Copy
