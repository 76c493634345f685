"""Hypothesis strategies for hostile payloads: JSON text with NaN/Infinity, lone surrogates, deep nesting, junk."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import strategies as st

from app.server import create_app

ATOMS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "null", "true", "false", "0", "-1", "1.5",
         "99999999999999999999999999", '"\\ud800"', '"\\udfff x"', '"p1"', '"referee"', '"add"', '"note"', '""']
FIELD_NAMES = ["id", "type", "by", "data", "expected_seq", "override", "seq", "code", "seat", "handover_code",
               "ruleset", "seats", "options", "name", "events", "format", "version", "setup", "points", "reason",
               "last_seq", "token", "approve", "\\ud800", ""]

atoms = st.one_of(st.sampled_from(ATOMS), st.integers().map(str), st.floats(allow_nan=False, allow_infinity=False).map(repr),
                  st.text(max_size=12).map(json.dumps))


def _array(children):
    return st.lists(children, max_size=4).map(lambda items: "[" + ",".join(items) + "]")


def _object(children):
    pairs = st.tuples(st.sampled_from(FIELD_NAMES), children).map(lambda kv: f'"{kv[0]}":{kv[1]}')
    return st.lists(pairs, max_size=5).map(lambda items: "{" + ",".join(items) + "}")


json_text = st.recursive(atoms, lambda children: st.one_of(_array(children), _object(children)), max_leaves=20)
deep = st.integers(min_value=30, max_value=5000).flatmap(
    lambda n: st.sampled_from(["[" * n, "[" * n + "]" * n, '{"a":' * n + "1" + "}" * n]))
junk = st.binary(max_size=64).map(lambda b: b.decode("latin-1"))

# A body: mostly JSON-shaped (so the checks behind the parser are reached), sometimes deep or junk.
body_text = st.one_of(json_text, json_text, json_text, deep, junk)


def fresh_client(prefix: str):
    """A test client of a new app on its own SQLite file with no rate limit, for a fuzzer to hammer."""
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp / 'fuzz.db'}", "TESTING": True,
                      "INSTANCE_PATH": str(tmp), "RATE_LIMIT_PER_SECOND": 0})
    return app.test_client()
