"""Socket.IO namespace /live: connect with {token, last_seq, view_seq?}, `sync`, `submit` (acked), `suggestions`.

Server -> client: `sync` {since, head, events: [applied...], view} right after connecting (and as the
ack of a `sync` request); `applied` {seq, event, consequences} for every event stored after that
(the submitter gets its result in the ack instead); `view` {seq, seat, state, outcome, advice}
after each event, for the socket's own seat only (the submitter's too, right after its ack).
"""
from __future__ import annotations

import logging

from marshmallow import ValidationError
from socketio.exceptions import ConnectionRefusedError

from app.metrics import Metrics
from app.ratelimit import Limits
from app.schemas import sanity
from app.schemas.wire import SyncSchema, field_messages
from app.service import ApiError, Caller, GameService
from app.service.errors import invalid_payload
from app.service.records import applied_payload, redacted
from app.service.tokens import hash_token

from .broadcast import NAMESPACE, game_room, seat_room
from .guarded import GuardedNamespace

log = logging.getLogger(__name__)
SYNC = SyncSchema()  # one for every connect and sync (a schema keeps no state between loads)


def _error_ack(err: ApiError) -> dict:
    return {"status": err.status, **err.body()}


def _one_argument(event: str, extra: tuple) -> None:
    """Each /live event takes one argument; more get a 400 ack rather than a TypeError and silence."""
    if extra:
        raise ApiError(400, "invalid", f"`{event}` takes one argument; {1 + len(extra)} were sent.")


def _clean(value) -> None:
    """Refuse NaN/Infinity, lone surrogates and deep nesting anywhere in a frame's argument (400)."""
    try:
        sanity.check(value)
    except sanity.WireProblem as problem:
        raise invalid_payload(problem) from problem


class LiveNamespace(GuardedNamespace):
    """The /live namespace; one instance per process, bound to the game service.

    A python-socketio namespace, registered on the server itself: no handler here reads Flask's request, and
    Flask-SocketIO's request context for every frame is a tenth of a submit's server time (benchmarks/README.md,
    "Figures behind the code"). Each handler takes the socket's sid; the phone's address is kept from its connect.
    """

    def __init__(self, service: GameService, limits: Limits, metrics: Metrics | None = None):
        super().__init__(NAMESPACE)
        self.service = service
        self.limits = limits
        self.metrics = metrics or Metrics()
        self.sessions: dict[str, tuple[Caller, str]] = {}
        self.addresses: dict[str, str | None] = {}

    # -- helpers ---------------------------------------------------------------------------------
    def sync_payload(self, caller: Caller, asked: dict) -> dict:
        """Everything after asked["last_seq"] plus the seat's current view (what a reconnecting client needs); no
        view when the client holds the head's already (asked["view_seq"]: a phone that read the game just now)."""
        folded = self.service.logs.folded(caller.game_id)
        last_seq = asked["last_seq"]
        reset = last_seq > folded.head  # the client knows events this server does not: start over
        since = 0 if reset else last_seq
        events = [applied_payload(redacted(folded, r, caller.seat)) for r in folded.records.since(since)]
        held = not reset and asked.get("view_seq") == folded.head
        return {"since": since, "head": folded.head, "reset": reset, "events": events,
                "view": None if held else self.service.reading.view_payload(folded, caller.seat)}

    @staticmethod
    def _asked(data) -> dict:
        return SYNC.load(data if isinstance(data, dict) else {})

    # -- events ----------------------------------------------------------------------------------
    def on_connect(self, sid, environ, auth=None):
        """Authenticate by seat token, join the game's and the seat's rooms, send what was missed."""
        auth = auth if isinstance(auth, dict) else {}
        token = auth.get("token") if isinstance(auth.get("token"), str) else None
        address = environ.get("REMOTE_ADDR")  # the phone's, behind TRUST_PROXY (ProxyFix rewrote it)
        try:
            _clean(auth)
            asked = self._asked(auth)
            caller = self.service.access.authenticate(None, token)
            self._limit(hash_token(token), address)  # a phone stuck in a reconnect loop is slowed down too
            self.service.access.hold(caller)
        except ValidationError as err:
            # The client's connect_error gets err.message and err.data = {"error": {code, message, fields}}.
            raise ConnectionRefusedError("Bad connection parameters.", {"error": {
                "code": "invalid", "message": "Bad connection parameters.", "fields": field_messages(err)}}) from err
        except ApiError as err:
            raise ConnectionRefusedError(err.message, err.body()) from err
        # Join the rooms before reading what was missed: an event stored between that read and the join
        # would otherwise reach this phone neither in `sync` nor as `applied` (seen as a phone that stayed
        # on the old step until the next event). An `applied` that now arrives before `sync` repeats a seq
        # the sync also carries; clients keep each seq once.
        rooms = (game_room(caller.game_id), seat_room(caller.game_id, caller.seat))
        for room in rooms:
            self.enter_room(sid, room)
        try:
            payload = self.sync_payload(caller, asked)
        except ApiError as err:
            for room in rooms:
                self.leave_room(sid, room)
            raise ConnectionRefusedError(err.message, err.body()) from err
        self.sessions[sid] = (caller, hash_token(token))
        self.addresses[sid] = address
        self.emit("sync", payload, to=sid)  # to this socket only

    def on_disconnect(self, sid, reason=None):
        """Forget the socket (rooms are left by Socket.IO itself)."""
        self.sessions.pop(sid, None)
        self.addresses.pop(sid, None)

    def _caller(self, sid: str) -> tuple[Caller, str]:
        found = self.sessions.get(sid)
        if found is None:
            raise ApiError(401, "no_token", "Connect with a seat token first.")
        return found

    def _limit(self, key: str, address: str | None) -> None:
        wait = self.limits.write(key, address)
        if wait:
            raise ApiError(429, "rate_limited", "Too many messages at once; slow down.",
                           extra={"retry_after": round(wait, 3)})

    def on_submit(self, sid, envelope=None, *extra):
        """Submit an event; the ack carries {status, seq, id, consequences} or {status, error, head?}."""
        def attempt():
            _one_argument("submit", extra)
            caller, key = self._caller(sid)
            self._limit(key, self.addresses.get(sid))
            return self.service.submitting.submit(caller, envelope, skip_sid=sid)
        try:
            status, body = self.metrics.observe_submit("live", attempt)
        except ApiError as err:
            return _error_ack(err)
        # The ack is the REST body: small, so it leaves at once. The submitter's new view follows as a
        # `view` frame, first of the table's views (a 4-player table's view is ~16 KB of JSON; carried
        # in the ack it held the ack back for the time that frame takes).
        return {"status": status, **body}

    def on_sync(self, sid, data=None, *extra):
        """Ack with everything after data.last_seq (for a client that noticed a gap)."""
        try:
            _one_argument("sync", extra)
            caller, key = self._caller(sid)
            self._limit(key, self.addresses.get(sid))
            _clean(data)
            return {"status": 200, **self.sync_payload(caller, self._asked(data))}
        except ValidationError as err:
            return {"status": 400, "error": {"code": "invalid", "message": "Bad sync request.",
                                             "fields": field_messages(err)}}
        except ApiError as err:
            return _error_ack(err)

    def on_suggestions(self, sid, data=None, *extra):
        """Ack with the legal next events for the caller (or data.seat for the referee/shared device)."""
        try:
            _one_argument("suggestions", extra)
            caller, key = self._caller(sid)
            self._limit(key, self.addresses.get(sid))
            _clean(data)
            seat = data.get("seat") if isinstance(data, dict) and isinstance(data.get("seat"), str) else None
            return {"status": 200, **self.service.reading.suggestions(caller, seat)}
        except ApiError as err:
            return _error_ack(err)

    def on_malformed(self, sid, reason=None, *extra):
        """A frame that could not be decoded (see frames.GuardedPacket): a 400 ack and one log line."""
        log.warning("malformed Socket.IO event from %s: %s", sid, reason)
        return _error_ack(ApiError(400, "malformed", reason if isinstance(reason, str) else "Malformed frame."))
