"""Who is asking: a bearer token's seat of one game, and what that seat may do."""
from __future__ import annotations

from dataclasses import dataclass

from app.engine.core import PLAYER_SEATS

from .errors import ApiError
from .gamelogs import STORE_DOWN, GameLogs
from .tokens import hash_token, new_token

# The stored seat of a shared device's own token: it sees the table as the first seat and enters events for every
# seat. Any other token of a shared-device game (a seat joined with the code, a handover) is a seat token: its own
# seat only.
DEVICE = "device"
DEVICE_SEAT = "p1"
TOKENS_REMEMBERED = 50_000   # tokens this process answered for, kept to serve reads while the store is down


@dataclass(frozen=True)
class Caller:
    """Who is asking: the game their token belongs to and their seat (p1..p4) or role."""

    game_id: str
    seat: str
    device: bool = False  # the shared device's own token (seat is then the first seat)

    @property
    def stored_seat(self) -> str:
        """What a token of the same kind stores as its seat (`device` for a shared device's own token)."""
        return DEVICE if self.device else self.seat

    @property
    def is_player(self) -> bool:
        """A player seat (p1..p4)."""
        return self.seat in PLAYER_SEATS

    @property
    def is_referee(self) -> bool:
        """The referee may submit for anyone, override, revert any event and rewind."""
        return self.seat == "referee"


class Access:
    """Tokens to callers (and new tokens), seats held by a phone, and whom a caller may enter events for."""

    def __init__(self, logs: GameLogs):
        self.logs = logs
        self._held: set[tuple[str, str]] = set()
        self._tokens_seen: dict[str, tuple[str, str]] = {}   # token hash -> (game, seat), oldest first

    def authenticate(self, game_id: str | None, token: str | None) -> Caller:
        """The caller of a bearer token: 401 if missing/unknown, 403 if it belongs to another game."""
        if not token:
            raise ApiError(401, "no_token", "This needs a seat token (Authorization: Bearer <token>).")
        if len(token) > 200:
            raise ApiError(401, "bad_token", "That token is not valid.")
        hashed = hash_token(token)
        try:
            found = self.logs.storage(self.logs.store.seat_for_token, hashed)
        except ApiError as err:
            # The store cannot be read: a token this process has seen is still known (tokens are never taken back),
            # so its phone keeps reading the game from memory; any other token waits for the store (503).
            found = self._tokens_seen.get(hashed)
            if err.code != STORE_DOWN or found is None:
                raise
        if found is None:
            raise ApiError(401, "bad_token", "That token is not valid.")
        token_game, seat = found
        self._tokens_seen[hashed] = found
        if len(self._tokens_seen) > TOKENS_REMEMBERED:
            self._tokens_seen.pop(next(iter(self._tokens_seen)))
        if game_id is not None and token_game != game_id:
            raise ApiError(403, "wrong_game", "That token belongs to another game.")
        if seat == DEVICE:
            return Caller(token_game, DEVICE_SEAT, device=True)
        return Caller(token_game, seat)

    def hold(self, caller: Caller) -> None:
        """A phone opened the table with this player seat's token: the seat is held from now on.

        (Once per process and seat; a cheap set lookup after that.) Scripts that only use the REST
        API with a seat's token do not hold it; a phone that joined the seat holds it from the join.
        """
        if caller.is_player and (caller.game_id, caller.seat) not in self._held:
            try:
                self.logs.storage(self.logs.store.hold_seat, caller.game_id, caller.seat)
            except ApiError as err:
                if err.code != STORE_DOWN:
                    raise
                return  # the store is down: the phone still reads; the seat is marked held at its next open

            if len(self._held) > 50_000:
                self._held.clear()
            self._held.add((caller.game_id, caller.seat))

    @staticmethod
    def may_act_for(caller: Caller, game: dict, by: str) -> bool:
        """Whether the caller may enter an event for seat `by`: its own seat; any seat for the referee, and for
        a shared device's own token (not for a seat token joined later to a shared-device game)."""
        if caller.is_referee:
            return True
        if not caller.is_player:
            return False
        return by == caller.seat or (caller.device and game["shared_device"] and by in PLAYER_SEATS)

    def mint(self, game_id: str, seat: str) -> str:
        """A new bearer token for a seat or role of a game (only its hash is stored)."""
        token, token_hash = new_token()
        self.logs.storage(self.logs.store.add_token, game_id, seat, token_hash)
        return token
