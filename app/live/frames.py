"""Malformed Socket.IO frames: an error ack where the frame asked for one, one log line, no traceback.

python-socketio raises on a frame it cannot decode (bad JSON, JSON nested too deeply, an event that is
not a list starting with its name); the exception would be logged with a stack trace and the client
would hear nothing. `GuardedPacket` turns an undecodable or shapeless event that carries an ack id
into the event `malformed` (answered by the /live namespace with a 400 ack) and an undecodable CONNECT
into an `Unreadable` auth (refused by the namespace with a connect error, logged as one line);
`guard_messages` logs whatever else cannot be decoded as one line.
"""
from __future__ import annotations

import logging

from socketio import packet

log = logging.getLogger(__name__)

MALFORMED = "malformed"
RESERVED = frozenset({"connect", "disconnect", "connect_error", "unexpected"})


class Unreadable(str):
    """The auth of a CONNECT whose JSON could not be decoded: the reason the namespace refuses it with."""


class GuardedPacket(packet.Packet):
    """A Socket.IO packet whose undecodable or oversized event payload becomes ["malformed", reason]."""

    max_bytes: int | None = None  # set per app by `packet_class`
    # Everything this server sends is JSON (records, views, acks), never binary attachments, so an outgoing
    # packet need not be walked to look for some: python-socketio's recursive walk of each view is a large
    # share of a busy server's CPU (benchmarks/README.md, "Figures behind the code"). Incoming binary frames
    # still decode by their own packet type.
    uses_binary_events = False

    def decode(self, encoded_packet):
        """Decode as usual; a broken event payload becomes the `malformed` event instead of an exception."""
        if self.max_bytes is not None and isinstance(encoded_packet, str) and len(encoded_packet) > self.max_bytes:
            head = encoded_packet[:120]
            cut = min([i for i in (head.find(c) for c in '[{"') if i >= 0], default=len(head))
            super().decode(head[:cut])  # the type, namespace and ack id only; the payload is not read
            reason = f"The message is larger than {self.max_bytes} bytes."
            if self.packet_type == packet.EVENT:
                self.data = [MALFORMED, reason]
                return 0
            if self.packet_type == packet.CONNECT:
                return self._unreadable_connect(reason)
            raise ValueError("oversized packet")
        try:
            count = super().decode(encoded_packet)
        except (ValueError, RecursionError) as exc:
            kind = getattr(self, "packet_type", None)
            if kind not in (packet.EVENT, packet.CONNECT):
                raise
            reason = "The frame's JSON is nested too deeply." if isinstance(exc, RecursionError) \
                else "The frame is not valid JSON."
            if kind == packet.CONNECT:
                return self._unreadable_connect(reason)
            self.data = [MALFORMED, reason]
            return 0
        if self.packet_type == packet.EVENT and not (
                isinstance(self.data, list) and self.data and isinstance(self.data[0], str)):
            self.data = [MALFORMED, "An event must be a list that starts with the event's name."]
        elif self.packet_type == packet.EVENT and self.data[0] in RESERVED:
            # Socket.IO's own lifecycle names: a client sending them as events would run the connect
            # or disconnect handler out of turn.
            self.data = [MALFORMED, f"'{self.data[0]}' is not an event a client may send."]
        return count

    def _unreadable_connect(self, reason: str) -> int:
        """A CONNECT whose auth cannot be read: refused by the namespace with this reason (GuardedNamespace), as a
        readable bad connect is, and logged as one line."""
        log.warning("refused a Socket.IO connect to %s: %s", self.namespace, reason)
        self.data = Unreadable(reason)
        return 0


def packet_class(max_bytes: int) -> type:
    """GuardedPacket refusing event payloads over `max_bytes` with an error ack."""
    return type("LivePacket", (GuardedPacket,), {"max_bytes": max_bytes})


def guard_messages(server) -> None:
    """Log a frame that python-socketio cannot handle as one line (no stack trace) and drop it."""
    handle = server._handle_eio_message

    def guarded(eio_sid, data):
        try:
            return handle(eio_sid, data)
        # What python-socketio raises decoding a client's garbage; handlers' own failures never get here
        # (LiveNamespace.trigger_event answers them with a 500 ack).
        except (ValueError, TypeError, KeyError, IndexError, AttributeError) as exc:
            log.warning("dropped a malformed Socket.IO frame from %s: %s: %s", eio_sid, type(exc).__name__,
                        str(exc)[:200])
    server.eio.on("message", guarded)
