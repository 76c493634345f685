"""`python -m app` itself: it refuses a port another server already listens on."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.support.live import ROOT, ServerProcess

pytestmark = pytest.mark.live


def test_a_second_server_on_a_taken_port_exits_with_a_message(tmp_path):
    first = ServerProcess(f"sqlite:///{tmp_path / 'a.sqlite3'}", tmp_path)
    try:
        env = {**first.env, "DATABASE_URL": f"sqlite:///{tmp_path / 'b.sqlite3'}"}
        second = subprocess.run([sys.executable, "-m", "app"], cwd=ROOT, env=env, capture_output=True,
                                text=True, timeout=60)
        assert second.returncode != 0
        assert f"cannot listen on 127.0.0.1:{first.port}" in second.stderr
        assert "Traceback" not in second.stderr
        assert first.proc.poll() is None
    finally:
        first.stop()
    assert os.path.exists(tmp_path / "a.sqlite3")


@pytest.mark.parametrize("async_mode", ["eventlet", "gevent"])
def test_a_start_says_one_line_of_its_own_about_eventlet_and_no_deprecation_warning(tmp_path, async_mode):
    """Eventlet's import-time warning (a dozen lines) is not printed; a server on eventlet says one line of its own
    instead, and one on gevent says nothing of eventlet."""
    server = ServerProcess(f"sqlite:///{tmp_path / 'a.sqlite3'}", tmp_path, async_mode=async_mode,
                           PYTHONWARNINGS="default")
    try:
        log = server.log()
    finally:
        server.stop()
    assert "Eventlet is deprecated" not in log and "EventletDeprecationWarning" not in log
    # app.__main__.EVENTLET_NOTE (importing that module here would patch this test process for eventlet)
    assert log.count("eventlet is kept in bug-fix mode upstream; ASYNC_MODE=gevent") == (async_mode == "eventlet")
    assert f"({async_mode}, SQLite" in log


def test_an_operator_command_prints_no_eventlet_warning():
    env = {**os.environ, "ASYNC_MODE": "eventlet", "PYTHONWARNINGS": "default"}
    done = subprocess.run([sys.executable, "-m", "app", "--help"], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "check-content" in done.stdout
    assert "Eventlet is deprecated" not in done.stderr and "EventletDeprecationWarning" not in done.stderr
