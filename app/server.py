"""The server: create_app builds the Flask app (config, event store, game and tournament services, REST, /live) and
binds the Socket.IO extension `socketio` to it.

Only `python -m app` (app/__main__.py) and the tests import this module, after eventlet or gevent has patched the
standard library: Flask, Socket.IO and Redis are imported here, not in the `app` package.
"""
from __future__ import annotations

import importlib
import logging
from typing import Any, Callable, Mapping

from flask import Flask
from flask_socketio import SocketIO
from werkzeug.middleware.proxy_fix import ProxyFix

from app import delivery, logs
from app import metrics as app_metrics
from app.api import errors as api_errors
from app.api import security as api_security
from app.api.content import bp as content_bp
from app.api.games import bp as games_bp
from app.api.leagues import bp as leagues_bp
from app.api.openapi import bp as openapi_bp
from app.api.preview import bp as preview_bp
from app.api.strict_json import StrictJSONProvider
from app.api.tournament_bookkeeping import bp as bookkeeping_bp
from app.api.tournaments import bp as tournaments_bp
from app.config import Config
from app.live import fastjson
from app.live.body_limit import SocketIOBodyLimit
from app.live.broadcast import Broadcaster
from app.live.frames import guard_messages, packet_class
from app.live.handlers import LiveNamespace
from app.live.runtime import compute_offloader, offloader
from app.ratelimit import Limits
from app.service import ApiError, GameLogs, GameService
from app.store import open_store
from app.tournaments.live import TournamentNamespace, TournamentPusher
from app.tournaments.service import TournamentService
from app.tournaments.web import bp as tournaments_web_bp
from app.web import bp as web_bp

socketio = SocketIO()
LIVE_BUFFER_FACTOR = 4


def _load_plugins(names: str) -> None:
    # A plugin module registers rulesets with app.engine.registry.register when imported
    # (the live tests use one to serve a small test game).
    for name in [n.strip() for n in names.split(",") if n.strip()]:
        importlib.import_module(name)


def _blueprints():
    """Every blueprint of the app: the REST API (games, content, tournaments, OpenAPI, previews) and the web pages."""
    return (games_bp, content_bp, tournaments_bp, openapi_bp, preview_bp, web_bp, tournaments_web_bp, bookkeeping_bp, leagues_bp)


# Long computations (replays, imports, pairings, exports) run in at most this many real threads at once, and at
# most this many more wait for one: the store's transactions keep the rest of the pool (app/live/runtime.py).
COMPUTE_THREADS = 2  # CPU-bound Python: more threads than cores only take the interpreter from the loop
COMPUTE_WAITING = 64  # a waiting caller holds only its greenlet; beyond these, 503 busy at once


def _busy() -> ApiError:
    return ApiError(503, "busy", "The server is replaying long games for other tables; try again in a moment.",
                    extra={"retry_after": 2})


def _services(server, store, offload, cfg: Config, metrics: app_metrics.Metrics):
    """The game and tournament services, each built with the hooks that tell the phones what changed: a stored game
    event reaches its table over /live and a tracked table's dashboards over /tournament."""
    logs = GameLogs(store, offload=offload, on_store_error=metrics.store_errors.inc)
    broadcaster = Broadcaster(server, logs, cfg.REDIS_URL)
    pusher = TournamentPusher(server, logs)
    service = GameService(logs, on_applied=_both(broadcaster.publish, pusher.game_applied),
                          on_handover=broadcaster.handover, import_max_events=cfg.IMPORT_MAX_EVENTS,
                          import_max_seconds=cfg.IMPORT_MAX_SECONDS)
    tournaments = TournamentService(store, service, on_change=pusher.changed)
    return service, broadcaster, tournaments


def _both(first, second):
    """Call two hooks in order; the second's failure is logged, never the first's business."""
    def call(*args):
        first(*args)
        try:
            second(*args)
        except Exception:  # a stored game event must not fail on a dashboard push
            logging.getLogger(__name__).exception("tournament dashboard push failed")
    return call


def create_app(config: Mapping[str, Any] | Config | None = None):
    """Build the Flask app: config (environment + overrides), event store, game service, REST and /live."""

    cfg = config if isinstance(config, Config) else Config.from_env().updated(config)
    cfg.require_optional_parts()
    # instance/ sits next to the app package (Flask's default), wherever the server is started from.
    app = Flask(__name__, instance_relative_config=True, instance_path=cfg.INSTANCE_PATH or None)
    logs.configure(cfg.LOG_LEVEL, cfg.LOG_FORMAT)
    app.json = StrictJSONProvider(app)
    app.config.update(SECRET_KEY=cfg.secret_key(), MAX_CONTENT_LENGTH=cfg.MAX_BODY_BYTES,
                      TESTING=cfg.TESTING, JSON_SORT_KEYS=False, TW=cfg)
    _load_plugins(cfg.RULESET_PLUGINS)

    socketio.init_app(app, async_mode=cfg.ASYNC_MODE, message_queue=cfg.REDIS_URL or None,
                      max_http_buffer_size=LIVE_BUFFER_FACTOR * cfg.MAX_BODY_BYTES, cors_allowed_origins=cfg.cors(),
                      serializer=packet_class(cfg.MAX_BODY_BYTES), json=fastjson)
    guard_messages(socketio.server)
    # Messages over MAX_BODY_BYTES get an error ack (frames.GuardedPacket); the transport takes a few
    # times that so it can read them, and cuts off (WebSocket) or answers 413 (polling) beyond.
    wsgi: Callable[..., Any] = SocketIOBodyLimit(app.wsgi_app, LIVE_BUFFER_FACTOR * cfg.MAX_BODY_BYTES)
    if cfg.TRUST_PROXY:
        # Behind N proxies, take the client address, scheme and host from their X-Forwarded-* headers
        # (rate limits per address, join links); outermost, so Socket.IO requests see them too.
        n = cfg.TRUST_PROXY
        wsgi = ProxyFix(wsgi, x_for=n, x_proto=n, x_host=n, x_port=n, x_prefix=n)
    # Middleware wraps Flask's WSGI app by assigning app.wsgi_app, as Flask documents; mypy takes it for a method.
    app.wsgi_app = wsgi  # type: ignore[method-assign]
    make_queue = socketio.server.eio.create_queue
    offload = offloader(cfg.ASYNC_MODE)
    store = open_store(cfg.DATABASE_URL, app.instance_path, offload=offload, make_queue=make_queue,
                       pool_size=cfg.DB_POOL_SIZE,
                       spawn=lambda fn: socketio.server.start_background_task(offload, fn))
    limits = Limits(cfg)
    limiter = limits.per_key
    metrics = app_metrics.Metrics()
    compute = compute_offloader(cfg.ASYNC_MODE, offload, COMPUTE_THREADS, COMPUTE_WAITING, _busy)
    service, broadcaster, tournaments = _services(socketio.server, store, compute, cfg, metrics)
    live = LiveNamespace(service, limits, metrics)
    metrics.watch_sockets(live.sessions)
    # Both namespaces are python-socketio ones, registered on the server itself: no Flask request context per
    # frame (app/live/handlers.py says why).
    socketio.server.register_namespace(live)
    socketio.server.register_namespace(TournamentNamespace(tournaments.members, limiter))

    app.extensions["tablewarden"] = {"store": store, "service": service, "limiter": limiter, "limits": limits,
                                     "broadcaster": broadcaster, "live": live, "config": cfg, "tournaments": tournaments,
                                     "metrics": metrics}
    api_errors.register(app)
    delivery.init_app(app)
    api_security.register(app)
    app_metrics.init_app(app, metrics, cfg.METRICS_TOKEN)
    for blueprint in _blueprints():
        app.register_blueprint(blueprint)

    @app.get("/healthz")
    def healthz():
        return {"ok": True}

    return app
