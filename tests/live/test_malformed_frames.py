"""Malformed and hostile frames against the real server: an answer (error ack or plain error), never a traceback."""
from __future__ import annotations

import json
import socket

import pytest
import requests
import websocket

from tests.support.live import Phone, add
from tests.support.sockets import RawSocket

pytestmark = [pytest.mark.live, pytest.mark.slow]


def _ack(frame: str, ack_id: int) -> dict:
    return json.loads(frame[len(f"43/live,{ack_id}"):])[0]


def test_malformed_frames_get_error_acks_and_the_game_goes_on(server):
    game = server.create_game()
    raw = RawSocket(server.url)
    try:
        assert raw.connect({"token": game["tokens"]["p1"]}).startswith("40/live,")
        nan = '["submit", {"id": "n1", "type": "add", "by": "p1", "data": {"points": 1, "unit_card": {"hp": NaN}}}]'
        reply = _ack(raw.call(nan, 1), 1)
        assert reply["status"] == 400 and reply["error"]["fields"] == {
            "data.unit_card.hp": "Numbers must be finite (no NaN or Infinity)."}
        surrogate = '["submit", {"id": "\\ud800x", "type": "add", "by": "p1", "data": {"points": 1}}]'
        reply = _ack(raw.call(surrogate, 2), 2)
        assert reply["status"] == 400 and "id" in reply["error"]["fields"]
        reply = _ack(raw.call("[" * 5000, 3), 3)
        assert reply["status"] == 400 and reply["error"]["code"] == "malformed"
        reply = _ack(raw.call('{"not": "a list"}', 4), 4)
        assert reply["status"] == 400 and reply["error"]["code"] == "malformed"
        reply = _ack(raw.call('["submit", {"id": "x1", "type": "add", "by": "p1", "data": {}}, "extra", 3]', 5), 5)
        assert reply["status"] == 400 and "one argument" in reply["error"]["message"]
        reply = _ack(raw.call('["sync", {"last_seq": 0}, 1]', 6), 6)
        assert reply["status"] == 400
        reply = _ack(raw.call('["submit", ' + json.dumps(add("p1")) + "]", 7), 7)
        assert reply["status"] == 201, reply
    finally:
        raw.close()
    assert "Traceback" not in server.log()


@pytest.mark.parametrize("auth", [{"token": "\ud800"}, {"token": 12}, {"token": "x", "last_seq": "NaN"}, [1, 2]])
def test_a_malformed_connect_is_refused_with_an_answer(server, auth):
    raw = RawSocket(server.url)
    try:
        answer = raw.connect(json.dumps(auth))
        assert answer.startswith("44/live,"), answer  # CONNECT_ERROR with a message
        assert "message" in json.loads(answer[len("44/live,"):])
    finally:
        raw.close()
    assert "Traceback" not in server.log()


@pytest.mark.parametrize("namespace", ["/live", "/tournament"])
@pytest.mark.parametrize("depth,reason", [(1_000, "nested"), (3_000, "nested"), (50_000, "larger than")])
def test_a_connect_nested_too_deep_is_refused_with_one_log_line(server, namespace, depth, reason):
    """Nested past what a payload may be, past what the parser takes (a RecursionError once), or past the largest
    message: a connect error that says so, and at most one line in the server's log."""
    lines_before = len(server.log_path.read_text(errors="replace").splitlines())
    raw = RawSocket(server.url)
    try:
        raw.ws.send(f"40{namespace}," + '{"a":' * depth + "1" + "}" * depth)
        answer = raw.recv_socketio()
        assert answer.startswith(f"44{namespace},"), answer[:200]
        assert reason in json.loads(answer[len(f"44{namespace},"):])["message"].lower()
    finally:
        raw.close()
    lines = server.log_path.read_text(errors="replace").splitlines()[lines_before:]
    assert not any("Traceback" in line or "RecursionError" in line for line in lines), lines[:5]
    assert len(lines) <= 1, lines[:5]


def test_garbage_on_a_websocket_gets_a_plain_answer_never_a_traceback(server):
    for path in ("/socket.io/?EIO=4&transport=websocket", "/socket.io/", "/", "/api/games"):
        ws = websocket.create_connection(server.url.replace("http", "ws") + path, timeout=10,
                                         suppress_origin=True) if path.startswith("/socket.io/?") else None
        if ws is not None:
            ws.recv()
            for frame in ("hello", "4", "42", "4x", "40/live,{", "42/live,[1]", "\x00\xff"):
                try:
                    ws.send(frame)
                except (OSError, websocket.WebSocketException):
                    break  # the server may drop a socket that sends garbage: fine, as long as it says nothing else
            ws.close()
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=3)
        sock.sendall(f"GET {path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                     "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
                     .encode() + b"\x81\x85\x00\x00\x00\x00hello")
        reply = b""
        try:
            while chunk := sock.recv(65536):
                reply += chunk
                if len(reply) > 100_000:
                    break
        except socket.timeout:
            pass
        sock.close()
        assert b"Traceback" not in reply and b'File "' not in reply, (path, reply[:500])
    phone = Phone(server.url, server.create_game()["tokens"]["p1"])
    phone.disconnect()
    assert "Traceback" not in server.log()


def test_an_oversized_message_gets_an_error_ack_and_an_oversized_poll_a_413(server):
    game = server.create_game()
    raw = RawSocket(server.url)
    try:
        raw.connect({"token": game["tokens"]["p1"]})
        big = add("p1")
        big["data"]["note"] = "x" * 300_000  # over MAX_BODY_BYTES (256 KiB), under what the transport reads
        reply = _ack(raw.call('["submit", ' + json.dumps(big) + "]", 9), 9)
        assert reply["status"] == 400 and "larger than" in reply["error"]["message"]
        assert _ack(raw.call('["submit", ' + json.dumps(add("p1")) + "]", 10), 10)["status"] == 201
    finally:
        raw.close()
    handshake = requests.get(server.url + "/socket.io/?EIO=4&transport=polling", timeout=10).text
    sid = handshake.split('"sid":"')[1].split('"')[0]
    resp = requests.post(f"{server.url}/socket.io/?EIO=4&transport=polling&sid={sid}", data="4" + "x" * 2_000_000,
                         timeout=10)
    assert resp.status_code == 413


def test_lifecycle_names_sent_as_events_are_refused_not_run(server):
    game = server.create_game()
    raw = RawSocket(server.url)
    try:
        raw.connect({"token": game["tokens"]["p1"]})
        for i, name in enumerate(("connect", "disconnect"), start=20):
            reply = _ack(raw.call(json.dumps([name, {"token": game["tokens"]["p2"]}]), i), i)
            assert reply["status"] == 400 and reply["error"]["code"] == "malformed"
        assert _ack(raw.call(json.dumps(["sync", {"last_seq": 0}]), 30), 30)["status"] == 200
    finally:
        raw.close()
    assert "Traceback" not in server.log()
