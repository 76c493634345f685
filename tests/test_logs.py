"""app/logs.py: LOG_FORMAT=json writes one JSON object per line, tracebacks included."""
from __future__ import annotations

import json
import logging
import sys

import pytest

from app.config import Config
from app.logs import JsonFormatter


def test_a_record_is_one_line_of_json():
    record = logging.LogRecord("app.games", logging.WARNING, __file__, 1, "store unavailable: %s", ("locked",), None)
    line = JsonFormatter().format(record)
    assert "\n" not in line
    out = json.loads(line)
    assert out["level"] == "WARNING" and out["logger"] == "app.games" and out["message"] == "store unavailable: locked"
    assert out["time"].endswith("Z")


def test_a_traceback_stays_inside_the_line():
    try:
        raise ValueError("boom")
    except ValueError:
        record = logging.LogRecord("x", logging.ERROR, __file__, 1, "failed", (), sys.exc_info())
    line = JsonFormatter().format(record)
    assert "\n" not in line and "ValueError: boom" in json.loads(line)["exception"]


def test_log_format_is_read_and_checked():
    assert Config.from_env({"LOG_FORMAT": "JSON"}).LOG_FORMAT == "json"
    assert Config.from_env({}).LOG_FORMAT == "text"
    with pytest.raises(ValueError, match="LOG_FORMAT"):
        Config.from_env({"LOG_FORMAT": "xml"})
