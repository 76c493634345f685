"""Taking a seat: join codes, joining a seat or role, and handing a held seat to another phone."""
from __future__ import annotations

from typing import Any

from app.engine.core import PLAYER_SEATS, ROLES
from app.schemas.wire import JoinSchema

from .access import Access, Caller
from .bodies import load_body
from .errors import ApiError
from .gamelogs import GameLogs
from .handover import Handovers
from .tokens import normalise_join_code


class Seats:
    """Joining a game's seats and roles, and handovers between phones (handover.py)."""

    def __init__(self, logs: GameLogs, access: Access, handovers: Handovers):
        self.logs = logs
        self.access = access
        self.handovers = handovers

    def game_by_code(self, code: str) -> dict:
        """Public facts of the game a join code opens (404 if none)."""
        code = normalise_join_code(code or "")
        game = self.logs.storage(self.logs.store.game_by_code, code) if 0 < len(code) <= 32 else None
        if game is None:
            raise ApiError(404, "no_such_code", "No game has that join code.")
        return game

    def join(self, game_id: str, raw: Any, caller: Caller | None) -> tuple[int, dict]:
        """POST /api/games/<id>/join: (201, a new token) for a seat or a role, or (202, a handover request).

        Roles (spectator, scorekeeper) are open to the join code; the referee role needs a referee
        token. A free player seat goes to the first phone; a held one only with consent (handover.py):
        the holder's handover code, the referee's token, or else a request the holder answers. A reserved
        seat (seats_reserved) takes no request: only its holder's handover code or the referee.
        """
        game = self.logs.game(game_id)
        body = load_body(JoinSchema(), raw)
        if normalise_join_code(body["code"]) != game["join_code"]:
            raise ApiError(403, "wrong_code", "That join code does not open this game.")
        seat = body["seat"]
        names = {n["seat"]: n["name"] for n in self.logs.seat_names(game)}
        if seat in PLAYER_SEATS and seat not in names:
            raise ApiError(400, "invalid", "This game has no such seat.",
                           fields={"seat": f"Choose one of: {', '.join([*names, *ROLES])}."})
        by_referee = bool(caller and caller.is_referee and caller.game_id == game_id)
        if seat == "referee" and not by_referee:
            raise ApiError(403, "referee_only", "Only the referee can add another referee device "
                                                "(send the referee token as Authorization).")
        joined = {"game": game_id, "seat": seat, "name": names.get(seat)}
        reserved = self.seats_reserved(game)
        if seat in PLAYER_SEATS and not by_referee and reserved and body.get("handover_code") is None:
            raise ApiError(403, "seat_reserved", reserved)
        if seat in PLAYER_SEATS and not by_referee and (reserved or not self.logs.storage(self.logs.store.hold_seat, game_id, seat)):
            code = body.get("handover_code")
            if code is None:
                return 202, {**joined, "handover": self.logs.storage(self.handovers.request, game_id, seat)}
            if not self.logs.storage(self.handovers.redeem_code, game_id, seat, code):
                raise ApiError(403, "wrong_handover_code", "That handover code is wrong or has expired; ask for a new one.",
                               fields={"handover_code": "Wrong or expired."})
        elif seat in PLAYER_SEATS and by_referee:
            self.logs.storage(self.logs.store.hold_seat, game_id, seat)
            self.handovers.told(game_id, seat, {"seat": seat, "status": "handed_over"})
        return 201, {**joined, "token": self.access.mint(game_id, seat)}

    @staticmethod
    def seats_reserved(game: dict) -> str | None:
        """Why the join code opens no player seat of this game (None when it does).

        An event table's seats belong to its registered players (their own event links, the table device, a
        judge); a match's later game's seats belong to whoever held them in the game before (each gets only
        their own seat from that game's next-game call). The code still opens the spectator and scorekeeper
        roles, and a seat's own phone can still hand it over with a handover code."""
        meta = game.get("meta") or {}
        if meta.get("event"):
            return ("This seat belongs to the event's registered player: open it from your own event link "
                    "(the join code only lets you watch).")
        if meta.get("follows"):
            return ("This seat belongs to the player who held it in the match's game before: they open it with "
                    "that game's next-game button (the join code only lets you watch).")
        return None

    def handovers_pending(self, caller: Caller) -> list[dict]:
        """Open handover requests for the caller's seat (every seat for the referee)."""
        if not (caller.is_player or caller.is_referee):
            raise ApiError(403, "not_your_seat", "Only a player or the referee is asked about handovers.")
        seats = [n["seat"] for n in self.logs.seat_names(self.logs.game(caller.game_id))] if caller.is_referee else [caller.seat]
        return self.logs.storage(self.handovers.pending, caller.game_id, seats)

    def answer_handover(self, caller: Caller, hid: str, approve: bool) -> dict:
        """The seat's phone or the referee lets a requesting phone in, or refuses."""
        return self.logs.storage(self.handovers.answer, caller.game_id, caller.seat, hid, approve)

    def collect_handover(self, game_id: str, hid: str, secret: str | None) -> dict:
        """The requesting phone's look at its request (with its token once approved)."""
        self.logs.game(game_id)
        return self.logs.storage(self.handovers.collect, game_id, hid, secret)

    def withdraw_handover(self, game_id: str, hid: str, secret: str | None) -> dict:
        """The requesting phone withdraws its request (the holder's question is taken back)."""
        self.logs.game(game_id)
        return self.logs.storage(self.handovers.withdraw, game_id, hid, secret)

    def handover_code(self, caller: Caller) -> dict:
        """A one-time code that hands the caller's player seat to the phone that types it."""
        if not caller.is_player:
            raise ApiError(403, "not_a_player", "Only a player's phone can hand its seat over.")
        return self.logs.storage(self.handovers.new_code, caller.game_id, caller.seat)
