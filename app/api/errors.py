"""JSON error replies for everything under /api: ApiError, HTTP errors (404, 405, 413...), the unexpected."""
from __future__ import annotations

import logging

from flask import Flask, jsonify, request
from werkzeug.exceptions import HTTPException

from app.failures import server_error
from app.ratelimit import retry_after_header
from app.schemas.sanity import WireProblem
from app.service import ApiError
from app.service.errors import invalid_payload
from app.service.ledger import store_unavailable
from app.store import StoreError

log = logging.getLogger(__name__)

HTTP_CODES = {400: "bad_request", 401: "no_token", 403: "forbidden", 404: "not_found",
              405: "method_not_allowed", 413: "too_large", 415: "unsupported_media_type", 429: "rate_limited"}
HTTP_MESSAGES = {404: "There is nothing at this address.", 405: "That method is not allowed here.",
                 413: "The request is too large."}


def error_response(err: ApiError):
    """Flask response for an ApiError."""
    resp = jsonify(err.body())
    resp.status_code = err.status
    if err.status == 429 and "retry_after" in err.extra:
        resp.headers["Retry-After"] = retry_after_header(err.extra["retry_after"])
    return resp


def register(app: Flask) -> None:
    """Install the JSON error handlers (only /api paths get JSON for plain HTTP errors)."""

    @app.errorhandler(ApiError)
    def _api_error(err: ApiError):
        return error_response(err)

    @app.errorhandler(WireProblem)
    def _wire_problem(problem: WireProblem):
        return error_response(invalid_payload(problem))

    @app.errorhandler(StoreError)
    def _store_error(err: StoreError):
        # Any path that reaches the database directly (custom content, events...) answers like the games do.
        log.warning("store unavailable on %s %s: %s", request.method, request.path, err)
        return error_response(store_unavailable())

    @app.errorhandler(HTTPException)
    def _http_error(err: HTTPException):
        if not request.path.startswith("/api"):
            return err
        code = err.code or 500
        message = HTTP_MESSAGES.get(code) or (err.description or err.name)
        return error_response(ApiError(code, HTTP_CODES.get(code, "http_error"), message))

    @app.errorhandler(Exception)
    def _unexpected(err: Exception):
        # A bug (in the engine or here), not a refusal: 500 with an error id the log line carries too.
        return error_response(server_error(log, err, f"{request.method} {request.path}"))
