"""Seats set up by their own phones: a game made with open seats starts once every seat has set itself up.

Why the game waits rather than logging seat-set-up entries: the engine contract makes the first state from a whole
setup (`new_game(setup)`: seats, warbands, fighters, decks), every ruleset checks a setup as a whole (number of
seats, a deck's legality, duplicate warbands) and the log's first entry is played on that state. So until the
last seat is set the game has a stored setup and no state and no log; each seat's own phone replaces its entry
of that setup (compare-and-set on the stored row); the last one's call expands the setup from content, makes the
first state exactly as a game created whole would, and stores it. From then on the setup never changes again
and the log is the truth, as for every other game.
"""
from __future__ import annotations

import copy
from typing import Any

from app.engine.core import PLAYER_SEATS
from app.schemas.wire import OwnSeatSchema

from .access import Caller
from .bodies import load_body
from .create import Creating
from .errors import ApiError
from .gamelogs import GameLogs
from .pending import OPEN, is_pending, open_seats, public_options

RETRIES = 5           # compare-and-set attempts when other phones set their seats at the same moment


class SeatSetups:
    """GET a pending game's seats, and PUT a seat's own set-up from its own phone (the last one starts the game)."""

    def __init__(self, logs: GameLogs, creating: Creating):
        self.logs = logs
        self.creating = creating

    def status(self, caller: Caller) -> dict:
        """Which seats are set (names only: a seat's warband and deck are its own), and the caller's own set-up."""
        game = self.logs.game(caller.game_id)
        setup = game["setup"]
        pending = is_pending(game)
        waiting = open_seats(setup) if pending else []
        seats = [{"seat": n["seat"], "name": n["name"], "set": n["seat"] not in waiting}
                 for n in self.logs.seat_names(game)]
        out: dict[str, Any] = {"game": game["id"], "ruleset": game["ruleset"], "started": not pending,
                               "waiting_for": waiting, "seats": seats, "options": public_options(setup)}
        if pending and caller.is_player and not caller.device:
            own = setup["seats"][PLAYER_SEATS.index(caller.seat)]
            out["yours"] = None if own == OPEN else own
        return out

    def set_seat(self, caller: Caller, seat: str, raw: Any) -> dict:
        """PUT /api/games/<id>/seats/<seat>: the seat's own phone sets its name, warband, printing and deck."""
        game = self.logs.game(caller.game_id)
        if not caller.is_player or caller.device or caller.seat != seat:
            raise ApiError(403, "not_your_seat", "Only this seat's own phone sets it up.")
        body = load_body(OwnSeatSchema(), raw)
        body.pop("open", None)
        for _ in range(RETRIES):
            if not is_pending(game):
                raise ApiError(409, "already_started", "Every seat is set and the game has started: its seats no "
                                                       "longer change.")
            after = self._with_seat(game, PLAYER_SEATS.index(seat), body)
            if self.logs.storage(self.logs.store.replace_setup, game["id"], game["setup"], after):
                return self.status(caller)
            game = self.logs.game(caller.game_id)   # another phone's seat came first: try on top of it
        raise ApiError(503, "busy", "Other phones are setting their seats at this moment; try again.")

    def _with_seat(self, game: dict, index: int, body: dict) -> dict:
        """The setup with this seat set: still pending while a seat is open, else expanded and started."""
        setup = copy.deepcopy(game["setup"])
        ruleset = game["ruleset"]
        # The seat alone, expanded from content, so a phone hears at once what is wrong with its own choice.
        self.creating.expanded(ruleset, {"ruleset": ruleset, "options": setup["options"], "seats": [body]})
        setup["seats"][index] = body
        if open_seats(setup):
            return setup
        whole = self.creating.expanded(ruleset, {"ruleset": ruleset, "options": setup["options"], "seats": setup["seats"]})
        self.creating.new_state(self.logs.ruleset(ruleset), whole)   # the start refused (422) changes nothing
        return whole
