"""Socket.IO namespaces whose handlers never show a phone a stack trace: an unexpected failure is a 500 with an
error id (the ack, or the refused connect), and the trace is in the server log under the same id."""
from __future__ import annotations

import logging

import socketio
from socketio.exceptions import ConnectionRefusedError

from app.failures import server_error

from .frames import Unreadable

log = logging.getLogger(__name__)


class GuardedNamespace(socketio.Namespace):
    """A python-socketio namespace (registered on the server: no Flask request context per frame) whose handlers'
    unexpected failures are answered as a server error, never as silence or a traceback."""

    def trigger_event(self, event, *args):
        """Dispatch as python-socketio does; a refused connect stays a refusal, any other failure is a 500."""
        if event == "connect" and args and isinstance(args[-1], Unreadable):
            raise ConnectionRefusedError(str(args[-1]), {"error": {"code": "malformed", "message": str(args[-1])}})
        try:
            return super().trigger_event(event, *args)
        except ConnectionRefusedError:
            raise
        except Exception as exc:  # never a stack trace to the phone, never silence
            err = server_error(log, exc, f"{self.namespace} {event}")
            if event == "connect":
                raise ConnectionRefusedError("Something went wrong on the server.", {"error": err.body()["error"]}) from exc
            return {"status": err.status, **err.body()}
