"""An unexpected failure (a bug, not a refusal): one error id for the 500 reply and the server log line."""
from __future__ import annotations

import logging
import uuid

from app.service.errors import ApiError

MESSAGE = "Something went wrong on the server; nothing was saved."


def new_error_id() -> str:
    """A short random id an operator can search the log for."""
    return uuid.uuid4().hex[:12]


def server_error(log: logging.Logger, exc: BaseException, where: str) -> ApiError:
    """Log `exc` with its stack trace under a new error id; the 500 the client gets carries only that id."""
    error_id = new_error_id()
    log.error("unexpected error %s in %s: %s: %s", error_id, where, type(exc).__name__, exc, exc_info=exc)
    return ApiError(500, "internal", f"{MESSAGE} (error {error_id})", details={"error_id": error_id})
