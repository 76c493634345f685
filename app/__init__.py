"""Tablewarden: a phone-first companion that follows a physical tabletop game and checks its rules.

The server is built by app.server.create_app; this package imports nothing, so that `python -m app` can let
eventlet or gevent patch the standard library before Flask, Socket.IO or Redis are imported (app/__main__.py).
"""
