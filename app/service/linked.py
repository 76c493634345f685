"""A linked game's next game (a best-of-three match's, a campaign's next scenario), made from the stored game
before it: its setup, final state and outcome. The history a next game carries is appended here, never taken
from a client."""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any, Mapping, cast

from app.engine.battlelore import campaign
from app.engine.battlelore.types import BattleLoreState
from app.engine.core import Outcome, SetupError
from app.engine.underworlds.editions import matched_play

from .errors import ApiError
from .gamelogs import Folded


@dataclass(frozen=True)
class NextGame:
    """The next game's setup, its number in the match or campaign, and whether content still fills its seats."""

    setup: dict
    number: int
    expand: bool = False


def no_next_game(message: str) -> ApiError:
    """The stable refusal of a next game that the game before does not lead to."""
    return ApiError(409, "no_next_game", message)


def next_game(before: Folded) -> NextGame:
    """The next game of the match or campaign that `before` belongs to (409 no_next_game when there is none)."""
    options = (before.game.get("setup") or {}).get("options") or {}
    outcome = before.rs.outcome(before.state)
    if outcome is None:
        raise no_next_game("That game is not over yet: its match goes on once it ends.")
    if options.get("match") is not None:
        return _match_game(before, outcome)
    if options.get("campaign") is not None:
        return _campaign_scenario(before)
    raise no_next_game("That game is not part of a match or a campaign.")


def _match_game(before: Folded, outcome: Outcome) -> NextGame:
    """Shadespire matched play (pg 26): the next game keeps both players, their warbands and decks ("they cannot
    switch between games"), with this game's record added to the match so far."""
    played: Mapping[str, Any] = outcome  # (the match's keys are the ones the edition adds to its Outcome)
    status = played.get("match")
    context = (before.state.get("classic") or {}).get("match")
    if not status or status["over"] or not status.get("next_game") or not context:
        raise no_next_game("That game is not a finished game of a match that goes on.")
    try:
        match = matched_play.record_game(matched_play.match_from_context(context), played["record"])
        following = matched_play.game_context(match)
    except (matched_play.MatchError, KeyError, TypeError, ValueError) as exc:
        raise no_next_game(f"The match cannot go on from that game: {exc}") from exc
    setup = copy.deepcopy(before.game["setup"])
    setup["options"]["match"] = following
    return NextGame(setup, following["game"])


def _campaign_scenario(before: Folded) -> NextGame:
    """BattleLore campaign variant: the next scenario with this one's result added; each player keeps the unit
    cards they entered (the ones entered during play too)."""
    try:
        # A campaign is BattleLore's variant; next_setup refuses a state with no scenario winner.
        setup = campaign.next_setup(before.game["setup"], cast(BattleLoreState, before.state))
    except SetupError as exc:
        raise no_next_game(exc.message) from exc
    seats = before.state["seats"]
    setup["seats"] = [{"name": seats[sid]["name"], **({"faction": seats[sid]["faction"]} if seats[sid]["faction"] else {}),
                       "units": copy.deepcopy(list(seats[sid]["catalogue"].values()))}
                      for sid in sorted(seats)]
    return NextGame(setup, setup["options"]["campaign"]["game"], expand=True)
