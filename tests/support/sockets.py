"""Socket.IO in tests: the frames a Flask-SocketIO test client received, and a bare WebSocket that speaks
Engine.IO/Socket.IO by hand (to send frames no client library would)."""
from __future__ import annotations

import json
import time

import websocket

from app.live import viewpatch


def frames(client, name=None, until=None, timeout=15.0):
    """Collect received frames (the broadcaster runs in a background thread, so poll a little). With `until`, as soon
    as the frames hold what it asks; `timeout` only bounds a failure (a busy machine delays the broadcaster's
    thread by seconds)."""
    deadline = time.monotonic() + timeout
    while True:
        client.frames.extend(client.get_received("/live"))
        got = [f for f in client.frames if name is None or f["name"] == name]
        if until is None or until(got) or time.monotonic() > deadline:
            return [f["args"][0] for f in got]
        time.sleep(0.01)


def whole_views(client, seq: int) -> list[dict]:
    """The whole views a phone held, up to the one of `seq`: its sync's view, then each `view` frame applied to the
    view held (a frame comes as changes when an earlier view reached the phone's room after it connected)."""
    held = frames(client, "sync", until=len)[0]["view"]
    held_views = []
    for frame in frames(client, "view", until=lambda got: any(f["args"][0]["seq"] == seq for f in got)):
        held = viewpatch.full_view(held, frame) or held
        held_views.append(held)
    return held_views


class RawSocket:
    """A bare WebSocket speaking Engine.IO/Socket.IO by hand, to send frames no client library would."""

    def __init__(self, base_url: str):
        self.ws = websocket.create_connection(base_url.replace("http", "ws") + "/socket.io/?EIO=4&transport=websocket",
                                              timeout=10)
        assert self.ws.recv().startswith("0{")  # Engine.IO open

    def connect(self, auth) -> str:
        """CONNECT to /live with `auth`; returns the server's answer frame."""
        self.ws.send("40/live," + (auth if isinstance(auth, str) else json.dumps(auth)))
        while True:  # the `sync` frame may come before the CONNECT answer
            frame = self.recv_socketio()
            if frame.startswith(("40/live,", "44/live,")):
                return frame

    def recv_socketio(self) -> str:
        """The next Socket.IO frame (answers Engine.IO pings on the way)."""
        while True:
            frame = self.ws.recv()
            if frame == "2":
                self.ws.send("3")
                continue
            return frame

    def call(self, raw_packet_after_id: str, ack_id: int) -> str:
        """Send `42/live,<id><payload>` and return the matching ack frame."""
        self.ws.send(f"42/live,{ack_id}{raw_packet_after_id}")
        while True:
            frame = self.recv_socketio()
            if frame.startswith(f"43/live,{ack_id}"):
                return frame
            assert not frame.startswith("43/live,"), frame

    def close(self):
        self.ws.close()
