"""An unexpected failure (app/failures.py): the reply names an error id, the log line carries it and the trace."""
import logging

from app.failures import server_error


def test_the_reply_and_the_log_share_one_error_id_and_only_the_log_has_the_trace(caplog):
    log = logging.getLogger("tests.failures")
    try:
        raise KeyError("p9.secret")
    except KeyError as exc:
        err = server_error(log, exc, "a test")
    body = err.body()
    error_id = body["error"]["error_id"]
    assert err.status == 500 and body["error"]["code"] == "internal" and f"(error {error_id})" in body["error"]["message"]
    assert "p9.secret" not in str(body) and "KeyError" not in str(body)
    (record,) = [r for r in caplog.records if error_id in r.getMessage()]
    assert record.levelno == logging.ERROR and record.exc_info[0] is KeyError


def test_every_failure_gets_its_own_id():
    log = logging.getLogger("tests.failures")
    ids = {server_error(log, RuntimeError("x"), "a test").body()["error"]["error_id"] for _ in range(50)}
    assert len(ids) == 50
