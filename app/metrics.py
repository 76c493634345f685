"""/metrics for an operator, in the Prometheus text format: submits and refusals, ack latency, sockets,
active games, store errors (one registry per app, so tests can build several apps in one process)."""
from __future__ import annotations

import hmac
import time
from typing import Callable

from flask import Flask, Response, abort
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import CONTENT_TYPE_LATEST

from app.api.requests import bearer_token
from app.service.errors import ApiError

# Acks are expected in milliseconds; the upper buckets catch a stalled disk or an overloaded process.
ACK_BUCKETS = (0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)


class Metrics:
    """The counters, gauges and histogram of one app."""

    def __init__(self):
        self.registry = CollectorRegistry()
        r = self.registry
        self.submitted = Counter("tw_events_submitted", "Events submitted, by transport (rest, live) and outcome "
                                 "(stored, duplicate, refused)", ["transport", "outcome"], registry=r)
        self.refused = Counter("tw_events_refused", "Submits refused, by HTTP status and error code "
                               "(422 with the rule's code, 409 stale, 400 invalid, 403, 429...)",
                               ["status", "code"], registry=r)
        self.ack = Histogram("tw_submit_ack_seconds", "From a submit's arrival to its answer (stored on disk "
                             "first), by transport", ["transport"], buckets=ACK_BUCKETS, registry=r)
        self.store_errors = Counter("tw_store_errors", "Store operations that failed (database unreachable, "
                                    "locked too long, disk full)", registry=r)
        self.sockets = Gauge("tw_open_sockets", "Phones connected to /live on this process", registry=r)
        self.games_active = Gauge("tw_games_active", "Games with at least one phone connected to this process",
                                  registry=r)

    def observe_submit(self, transport: str, submit: Callable[[], tuple[int, dict]]) -> tuple[int, dict]:
        """Run one submit, counting its outcome and timing it until its answer is ready."""
        start = time.perf_counter()
        try:
            status, body = submit()
        except ApiError as err:
            self.submitted.labels(transport, "refused").inc()
            self.refused.labels(str(err.status), err.code).inc()
            raise
        finally:
            self.ack.labels(transport).observe(time.perf_counter() - start)
        self.submitted.labels(transport, "duplicate" if body.get("duplicate") else "stored").inc()
        return status, body

    def watch_sockets(self, sessions: dict) -> None:
        """Read open sockets and active games from the /live namespace's sessions at each scrape."""
        self.sockets.set_function(lambda: len(sessions))
        self.games_active.set_function(lambda: len({caller.game_id for caller, _ in list(sessions.values())}))

    def exposition(self) -> bytes:
        """Everything in the Prometheus text format."""
        return generate_latest(self.registry)


def init_app(app: Flask, metrics: Metrics, token: str = "") -> None:
    """Serve GET /metrics (with `Authorization: Bearer <METRICS_TOKEN>` when that is set; the scheme in any case)."""

    @app.get("/metrics")
    def metrics_page():
        if token:
            # A bare token (no scheme) is refused: only the Bearer scheme carries it (RFC 6750, RFC 9110 11.1).
            given = bearer_token() or ""
            if not hmac.compare_digest(given.encode(), token.encode()):
                abort(401)
        return Response(metrics.exposition(), mimetype=CONTENT_TYPE_LATEST.split(";")[0],
                        headers={"Cache-Control": "no-store"})
