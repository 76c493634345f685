"""GuardedNamespace: a handler's unexpected failure is a 500 with an error id, a refused connect stays refused."""
from __future__ import annotations

import pytest
from socketio.exceptions import ConnectionRefusedError

from app.live.guarded import GuardedNamespace


class Broken(GuardedNamespace):
    def on_connect(self, sid, environ, auth=None):
        if auth == "refuse":
            raise ConnectionRefusedError("No.", {"error": {"code": "bad_token"}})
        raise KeyError("a bug")

    def on_ask(self, sid, data=None):
        raise ValueError("another bug")

    def on_fine(self, sid, data=None):
        return {"status": 200}


def test_a_failing_handler_answers_500_with_an_error_id_that_the_log_carries(caplog):
    with caplog.at_level("ERROR"):
        ack = Broken("/x").trigger_event("ask", "sid1", {})
    assert ack["status"] == 500 and ack["error"]["code"] == "internal"
    error_id = ack["error"]["error_id"]
    assert error_id in ack["error"]["message"] and "another bug" not in ack["error"]["message"]
    assert any(error_id in r.getMessage() and "/x ask" in r.getMessage() for r in caplog.records)


def test_a_failing_connect_is_refused_with_the_server_error():
    with pytest.raises(ConnectionRefusedError) as refused:
        Broken("/x").trigger_event("connect", "sid1", {}, None)
    assert refused.value.error_args["data"]["error"]["code"] == "internal"


def test_a_refusal_stays_a_refusal_and_a_good_handler_answers():
    with pytest.raises(ConnectionRefusedError) as refused:
        Broken("/x").trigger_event("connect", "sid1", {}, "refuse")
    assert refused.value.error_args["data"]["error"]["code"] == "bad_token"
    assert Broken("/x").trigger_event("fine", "sid1", {}) == {"status": 200}
