"""Server logs: the usual text lines, or one JSON object per line when LOG_FORMAT=json (for log collectors)."""
from __future__ import annotations

import json
import logging
from datetime import datetime, timezone

TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One line of JSON per record: time, level, logger, message, and the traceback when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        out = {"time": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds")
               .replace("+00:00", "Z"), "level": record.levelname, "logger": record.name,
               "message": record.getMessage()}
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def configure(level: str, fmt: str) -> None:
    """Set up the root logger once: LOG_LEVEL and LOG_FORMAT (`text` or `json`)."""
    root = logging.getLogger()
    if fmt == "json":
        handler = logging.StreamHandler()
        handler.setFormatter(JsonFormatter())
        root.handlers = [handler]
        root.setLevel(getattr(logging, level, logging.INFO))
    else:
        logging.basicConfig(level=getattr(logging, level, logging.INFO), format=TEXT_FORMAT)
