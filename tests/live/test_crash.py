"""Crash test: kill -9 the server while clients submit; after a restart every acked event is there."""
from __future__ import annotations

import threading
import time

import pytest
import requests

from app.engine.core import replay
from tests.support.live import Phone, ServerProcess, add, note
from tests.support.tally import TALLY

pytestmark = [pytest.mark.live, pytest.mark.slow]


def test_kill_9_loses_no_acknowledged_event(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'crash.sqlite3'}", tmp_path)
    try:
        game = server.create_game(seats=("Ana", "Ben", "Cy"))
        acked: dict[str, int] = {}      # event id -> seq the server acknowledged
        in_flight: dict[str, dict] = {}  # each client's unacknowledged envelope (its outbox)
        lock, stop = threading.Lock(), threading.Event()

        def player(seat: str):
            phone = Phone(server.url, game["tokens"][seat])
            try:
                while not stop.is_set():
                    # an override keeps every add legal whoever's turn it is; notes mix in other events
                    env = add(seat, 1, override={"reason": "crash test"}) if len(acked) % 3 else note(seat)
                    with lock:
                        in_flight[seat] = env
                    ack = phone.submit(env, timeout=5)
                    assert ack["status"] == 201, ack
                    with lock:
                        acked[env["id"]] = ack["seq"]
                        in_flight.pop(seat, None)
            except Exception:  # noqa: BLE001 - the server died under us: that is the test
                pass
            finally:
                phone.disconnect()

        threads = [threading.Thread(target=player, args=(s,)) for s in ("p1", "p2", "p3")]
        for t in threads:
            t.start()
        deadline = time.monotonic() + 20
        while len(acked) < 60 and time.monotonic() < deadline:
            time.sleep(0.02)
        server.kill9()
        stop.set()
        for t in threads:
            t.join(10)
        assert len(acked) >= 60, f"only {len(acked)} events were acknowledged before the kill"

        server.start()
        log = server.get(f"/api/games/{game['id']}/events", game["referee_token"])["events"]
        stored = {e["id"]: e["seq"] for e in log}
        for eid, seq in acked.items():
            assert stored.get(eid) == seq, f"acknowledged event {eid} (seq {seq}) is missing after the crash"
        assert [e["seq"] for e in log] == list(range(1, len(log) + 1)), "the log has a gap"

        # the outboxes resend what was in flight: each is stored at most once
        for seat, env in in_flight.items():
            resp = requests.post(f"{server.url}/api/games/{game['id']}/events", json=env, timeout=10,
                                 headers={"Authorization": f"Bearer {game['tokens'][seat]}"})
            assert resp.status_code in (200, 201), resp.text
        log = server.get(f"/api/games/{game['id']}/events", game["referee_token"])["events"]
        assert len({e["id"] for e in log}) == len(log)

        exported = server.get(f"/api/games/{game['id']}/export", game["referee_token"])
        fresh = replay(TALLY, exported["setup"], exported["events"])
        served = server.get(f"/api/games/{game['id']}/state", game["referee_token"])["state"]
        assert served == fresh
        assert sum(s["score"] for s in served["seats"].values()) == sum(1 for e in log if e["type"] == "add")
    finally:
        server.stop()
