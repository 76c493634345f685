"""Oversized Socket.IO long-polling POSTs get 413 at once.

Engine.IO refuses such a body without reading it, and the WSGI server then waits for a body nobody
reads: the client never hears back. This middleware answers 413 and closes the connection first.
"""
from __future__ import annotations

import json


class SocketIOBodyLimit:
    """WSGI middleware: POSTs under `path` with a Content-Length above `max_bytes` get 413 and a close."""

    def __init__(self, app, max_bytes: int, path: str = "/socket.io/"):
        self.app = app
        self.max_bytes = max_bytes
        self.path = path

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "POST" and environ.get("PATH_INFO", "").startswith(self.path):
            try:
                length = int(environ.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = self.max_bytes + 1
            if length > self.max_bytes:
                body = json.dumps({"error": {"code": "too_large", "message": "The message is too large."}}).encode()
                start_response("413 Request Entity Too Large", [
                    ("Content-Type", "application/json"), ("Content-Length", str(len(body))),
                    ("Connection", "close")])
                return [body]
        return self.app(environ, start_response)
