"""Socket.IO fuzzer against the real server: hostile frames (NaN, surrogates, deep nesting, extra arguments,
junk) get an answer where one is asked for, never a 5xx ack and never a traceback.

Bounded (max_examples) and derandomized, so CI sends the same frames every time.
"""
from __future__ import annotations

import json

import pytest
import websocket
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.hostile import body_text, json_text
from tests.support.live import ServerProcess
from tests.support.sockets import RawSocket

pytestmark = [pytest.mark.live, pytest.mark.slow]

FUZZ = settings(max_examples=150, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])
ANSWERED = ("submit", "sync", "suggestions")


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz-live")
    server = ServerProcess(f"sqlite:///{root / 'fuzz.sqlite3'}", root, RATE_LIMIT_PER_SECOND="0")
    game = server.create_game()
    state = {"server": server, "game": game, "raw": None, "ids": iter(range(1, 10**9))}
    yield state
    if state["raw"] is not None:
        state["raw"].close()
    server.stop()


def _socket(world) -> RawSocket:
    if world["raw"] is None:
        raw = RawSocket(world["server"].url)
        assert raw.connect({"token": world["game"]["tokens"]["p1"]}).startswith("40/live,")
        world["raw"] = raw
    return world["raw"]


def _call(raw: RawSocket, payload: str, ack_id: int) -> str:
    """Send an event with an ack id; return its ack (acks of earlier unawaited frames are skipped)."""
    raw.ws.send(f"42/live,{ack_id}{payload}")
    while True:
        frame = raw.recv_socketio()
        if frame.startswith(f"43/live,{ack_id}["):
            return frame


@FUZZ
@given(event=st.sampled_from([*ANSWERED, *ANSWERED, "malformed", "connect", "disconnect", "nope"]),
       args=st.lists(body_text, max_size=3))
def test_hostile_events_get_a_plain_answer(world, event, args):
    raw = _socket(world)
    ack_id = next(world["ids"])
    payload = "[" + ",".join([json.dumps(event), *args]) + "]"
    try:
        if event in ANSWERED:
            frame = _call(raw, payload, ack_id)
            reply = json.loads(frame[len(f"43/live,{ack_id}"):])[0]
            assert isinstance(reply, dict) and reply["status"] < 500, reply
        else:
            raw.ws.send(f"42/live,{ack_id}{payload}")
    except (OSError, websocket.WebSocketException):
        world["raw"] = None  # the server may drop a socket that sent garbage; the next example reconnects
    assert "Traceback" not in world["server"].log()


@FUZZ
@given(auth=json_text)
def test_hostile_connect_parameters_are_answered(world, auth):
    raw = RawSocket(world["server"].url)
    try:
        answer = raw.connect(auth)
        assert answer.startswith(("40/live,", "44/live,")), answer
    except (OSError, websocket.WebSocketException):
        pass  # dropped, not crashed: the log check below decides
    finally:
        raw.close()
    assert "Traceback" not in world["server"].log()


def test_the_server_still_serves_after_the_fuzzing(world):
    world["raw"] = None
    raw = _socket(world)
    frame = _call(raw, json.dumps(["sync", {"last_seq": 0}]), next(world["ids"]))
    assert '"status":200' in frame
    assert "Traceback" not in world["server"].log()
