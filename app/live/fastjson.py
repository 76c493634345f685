"""The JSON module Socket.IO encodes and decodes frames with: orjson, with the standard library as fallback.

A 4-player Underworlds view is ~16 KB of JSON and every event sends one per seat and role: orjson encodes
one many times faster than the standard library (benchmarks/README.md, "Figures behind the code").
Whatever orjson refuses (integers past 64 bits, lone surrogates) goes through
the standard library unchanged, so the frames say exactly what they said before.
"""
from __future__ import annotations

import json

import orjson

OPTIONS = orjson.OPT_NON_STR_KEYS  # (viewpatch.py compares texts with the same options)


def dumps(obj, **kwargs) -> str:
    """JSON text of obj (python-socketio passes `separators`; orjson's output is compact already)."""
    try:
        return orjson.dumps(obj, option=OPTIONS).decode()
    except (orjson.JSONEncodeError, TypeError):
        return json.dumps(obj, **kwargs)


def loads(text, **kwargs):
    """The value of a JSON text (frames from clients)."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text, **kwargs)
