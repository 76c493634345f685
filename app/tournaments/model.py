"""A tournament as the fold of its append-only log.

`fold(setup, entries)` gives the players, rounds (pairings, tables, results, timer) and rulings;
`check(state, entry)` says why an entry cannot be added (a code, a sentence and its kind), `apply(state,
entry)` adds it. The service checks against the current fold before storing, so the log only holds
entries that applied, and replaying it always gives the same tournament.

Each entry type has one handler (types.Handler: its check, its apply and the copy it applies to), in one table
(`HANDLERS`) gathered from the modules that fold them:
  player_entries.py  register, check_in, fixed_table, drop, merge, edit (edits.py), publish_decks
  round_entries.py   pair, swap, table_mode, publish, timer, time_called, time_withdrawn
  table_entries.py   confirm, dispute, flag, match_game, judge_call, result, close_call, ruling
  signup.py          registration, request, accept, decline, withdraw_request, claim: players signing themselves up
  orgtools.py        extend, call_table, penalty, paid, deck_deadline: the organiser's bookkeeping
and, here, new_link {role, subject} (a lost link replaced: the old one stops working; the organiser's own, by the
tournament's recovery code) and cut {size, seeds} (the top cut starts: its rounds are numbered after the Swiss
rounds, cut.py). The state's shape is types.TournamentState.
"""
from __future__ import annotations

import copy
from typing import Any

from . import copies, cut, orgtools, player_entries, round_entries, signup, table_entries
from .reads import (
    active_players,
    current_round,
    has_played,
    history,
    name_key,
    player_table,
    published_rounds,
    round_complete,
    table_of,
)
from .refusals import MALFORMED, NOT_FOUND, Refusal
from .table_entries import MAX_TABLE_CALLS, MAX_TABLE_DISPUTES, check_result, open_call, table_voice
from .types import Cut, Data, Handler, TournamentState, Who

# Read off the fold by the service, the views and the exports as model.<name> too.
__all__ = ["active_players", "current_round", "has_played", "history", "name_key", "player_table", "published_rounds",
           "round_complete", "table_of", "check_result", "open_call", "table_voice", "MAX_TABLE_CALLS",
           "MAX_TABLE_DISPUTES"]

TABLE_MODES = ("phones", "device", "untracked")
TABLE_STATUSES = ("playing", "waiting", "confirmed", "disputed")
MATCH_TIEBREAKS = table_entries.MATCH_TIEBREAKS
LINK_ROLES = ("player", "scorekeeper", "judge", "table", "organiser")
# Registrations a tournament holds (and so the bound of every list of players a client sends): far above the
# largest Underworlds events, twice what benchmarks/tournaments.py pairs and ranks in time.
MAX_PLAYERS = 512


def new_state(setup: dict[str, Any]) -> TournamentState:
    """The tournament before anything happened."""
    return TournamentState(setup=setup, players={}, order=[], rounds={}, rulings=[], head=0,
                           signup=signup.new_signup(), decks_published=None, cut=None, penalties=[],
                           deck_deadline=None)


def _check_register(state: TournamentState, d: Data) -> Refusal | None:
    # The bound is read here, at each check, so one place holds it.
    return player_entries.check_register(state, d, MAX_PLAYERS)


def _check_new_link(state: TournamentState, d: Data) -> Refusal | None:
    if d.get("role") not in LINK_ROLES:
        return Refusal("bad_role", "A new link is for a player, a scorekeeper, a judge or a table device.", MALFORMED)
    if d["role"] == "player" and d.get("subject") not in state["players"]:
        return Refusal("no_such_player", "There is no such player.", NOT_FOUND)
    return None


def _apply_new_link(s: TournamentState, d: Data, who: Who) -> None:
    """Nothing to fold: the tokens live in the store; the entry logs who replaced which link."""


def _apply_cut(s: TournamentState, d: Data, who: Who) -> None:
    s["cut"] = Cut(size=d["size"], seeds=list(d["seeds"]))


HANDLERS: dict[str, Handler] = {
    "register": Handler(_check_register, player_entries.apply_register, copies.with_players),
    **player_entries.HANDLERS, **round_entries.HANDLERS, **table_entries.HANDLERS, **signup.HANDLERS,
    **orgtools.HANDLERS,
    "new_link": Handler(_check_new_link, _apply_new_link, copies.shallow),
    "cut": Handler(cut.check_start, _apply_cut, copies.shallow),
}
# Entries whose data names a player who must be registered already ("player" is the new one in these).
_NAMES_A_NEW_PLAYER = ("register", "accept")


def check(state: TournamentState, entry: dict[str, Any]) -> Refusal | None:
    """None if the entry can be added now, else why not."""
    t, d = entry["type"], entry.get("data") or {}
    handler = HANDLERS.get(t)
    if handler is None:
        return Refusal("unknown_entry", f"There is no entry of type '{t}'.", MALFORMED)
    if "player" in d and t not in _NAMES_A_NEW_PLAYER and d["player"] not in state["players"]:
        return Refusal("no_such_player", "There is no such player in this event.", NOT_FOUND)
    return handler.check(state, d) or orgtools.refusal(state, t, d)


def apply(state: TournamentState, entry: dict[str, Any]) -> TournamentState:
    """The tournament after one more (checked) entry; a new state, the old one is unchanged."""
    handler = HANDLERS.get(entry["type"])
    s = handler.copied(state, entry.get("data") or {}) if handler is not None else copies.whole(state)
    _apply_in_place(s, entry)
    return s


def apply_all(state: TournamentState, entries: list[dict[str, Any]]) -> TournamentState:
    """The tournament after these further (checked) entries, in order; the given state is unchanged."""
    for entry in entries:
        state = apply(state, entry)
    return state


def _apply_in_place(s: TournamentState, entry: dict[str, Any]) -> None:
    """Fold one tournament entry into the state, in place."""
    t, d = entry["type"], entry.get("data") or {}
    handler = HANDLERS.get(t)
    if handler is not None:
        handler.apply(s, d, Who(actor=entry.get("actor"), seq=entry.get("seq"), at=entry.get("created_at")))
    if t in signup.FREES_A_PLACE:
        signup.promote(s)
    s["head"] = entry.get("seq") or s["head"] + 1


def fold(setup: dict[str, Any], entries: list[dict[str, Any]]) -> TournamentState:
    """The tournament after its whole log."""
    s = new_state(copy.deepcopy(setup))
    for entry in entries:
        _apply_in_place(s, entry)
    return s
