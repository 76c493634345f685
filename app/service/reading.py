"""What a seat reads: its view of the state, the log, suggestions, and the referee's rewind."""
from __future__ import annotations

import logging

from app.engine.core import PLAYER_SEATS, Ruleset

from .access import Access, Caller
from .errors import ApiError
from .gamelogs import Folded, GameLogs
from .records import public_record, redacted

# Events one GET .../events answers with: a page's JSON stays a few hundred KB however long the game, so one read
# holds the event loop briefly; a phone reads the next page with `next` (static/js/pages/play.js).
LOG_PAGE = 500

log = logging.getLogger(__name__)


class Reading:
    """Each seat's view of a game, always through the ruleset's redaction."""

    def __init__(self, logs: GameLogs, access: Access):
        self.logs = logs
        self.access = access

    def view_payload(self, folded: Folded, seat: str) -> dict:
        """The `view` a seat or role receives: its view of the state, the outcome, its advice, inert events."""
        return self._view(folded.rs, folded.state, folded.head, seat, self.inert_for(folded, seat))

    @staticmethod
    def inert_for(folded: Folded, seat: str) -> dict:
        """The log's events that no longer have any effect, {seq: why}, as `seat` may see them.

        The engine's reasons quote the event; for an event whose data is hidden from this seat (a secret
        choice) only the status is given.
        """
        if not folded.inert:
            return {}
        out = {}
        for seq, why in folded.inert.items():
            rec = folded.records.record(seq)
            hidden = rec is not None and redacted(folded, rec, seat) != rec
            out[str(seq)] = {"status": why["status"]} if hidden else why
        return out

    @staticmethod
    def _view(rs: Ruleset, state: dict, head: int, seat: str, inert: dict | None = None) -> dict:
        # An exception of the engine is a bug: it is a 500 (an error id in the reply and the log), never the
        # full state nor a view without the seat's advice.
        return {"seq": head, "seat": seat, "inert": inert or {}, "state": rs.view(state, seat),
                "outcome": rs.outcome(state),
                "advice": rs.suggest(state, seat).to_dict() if seat in PLAYER_SEATS else None}

    def summary(self, caller: Caller) -> dict:
        """GET /api/games/<id>: the game and its state as the caller's seat sees it."""
        folded = self.logs.folded(caller.game_id)
        game = folded.game
        return {"id": game["id"], "ruleset": game["ruleset"], "title": folded.rs.title,
                "created_at": game["created_at"], "shared_device": game["shared_device"],
                "join_code": game["join_code"], "seats": self.logs.seat_names(game),
                "you": {"seat": caller.seat, "role": "player" if caller.is_player else caller.seat,
                        "device": caller.device},
                "head": folded.head, "view": self.view_payload(folded, caller.seat)}

    def events_since(self, caller: Caller, since: int) -> dict:
        """GET /api/games/<id>/events?since=N (secret choices hidden from the other seats): at most LOG_PAGE events,
        and `next`, the `since` that reads the page after (None when this one reaches the head)."""
        folded = self.logs.folded(caller.game_id)
        records = folded.records.since(since)
        page = records[:LOG_PAGE]
        return {"since": since, "head": folded.head,
                "next": page[-1]["seq"] if len(records) > LOG_PAGE else None,
                "events": [public_record(redacted(folded, r, caller.seat)) for r in page]}

    def suggestions(self, caller: Caller, seat: str | None) -> dict:
        """GET /api/games/<id>/suggestions: the caller's (or, for the referee/shared device, any seat's) advice."""
        folded = self.logs.folded(caller.game_id)
        seats = folded.rs.seat_ids(folded.state)
        target = seat or caller.seat
        if target != caller.seat and not self.access.may_act_for(caller, folded.game, target):
            raise ApiError(403, "not_your_seat", "You can only see suggestions for your own seat.")
        if target not in seats:
            raise ApiError(400, "invalid", "No such seat in this game.",
                           fields={"seat": f"Choose one of: {', '.join(seats)}."})
        return {"seq": folded.head, "advice": folded.rs.suggest(folded.state, target).to_dict()}

    def state_at(self, caller: Caller, seq: int | None) -> dict:
        """GET /api/games/<id>/state?seq=N: the whole state after event N (referee only)."""
        if not caller.is_referee:
            raise ApiError(403, "referee_only", "Only the referee can rewind the game.")
        folded = self.logs.folded(caller.game_id)
        upto = folded.head if seq is None else seq
        if upto < 0 or upto > folded.head:
            raise ApiError(400, "invalid", "No such point in the log.",
                           fields={"seq": f"Must be between 0 and {folded.head}."})
        # A rewind folds the log up to `upto` as if nothing after it had happened (its undos included), so no point
        # of the current fold serves: the replay runs off the event loop.
        state = self.logs.offload(self.logs.fold_all, folded.rs, folded.game, folded.records[:upto]).state
        return {"seq": upto, "head": folded.head, "state": state}
