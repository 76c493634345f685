"""Two server processes, one Redis (Socket.IO message queue), one PostgreSQL (shared store), on loopback; the
phones of the first test reach them through nginx running deploy/nginx.conf."""
from __future__ import annotations

import json
import pickle
import threading
import time

import pytest

from tests.support.live import Phone, add, note, server_logs_on_failure

pytestmark = [pytest.mark.live, pytest.mark.multiprocess, pytest.mark.slow]


@pytest.fixture(scope="module")
def pair(balanced_pair):
    """Two `python -m app` processes sharing one PostgreSQL database and one Redis (reached directly here;
    nginx in front of them for the first test)."""
    return balanced_pair.servers


# How a phone reaches the server (python-socketio's client does as socket.io-client in a browser does), and
# the requests nginx must then send to the phone's process: (method, status)
TRANSPORTS = {
    "websocket": (("websocket",), {("GET", 101)}),
    "polling": (("polling",), {("GET", 200), ("POST", 200)}),
    "polling-then-websocket": (("polling", "websocket"), {("GET", 200), ("GET", 101)}),
}


@pytest.mark.parametrize(("transports", "kinds"), TRANSPORTS.values(), ids=TRANSPORTS.keys())
def test_phones_on_different_processes_behind_nginx_see_each_others_events(balanced_pair, transports, kinds):
    """The documented way to scale out: deploy/nginx.conf in front of two processes; each phone stays on its
    own process for every request (long-polling needs it) and sees the other's events."""
    (a, b), nginx, site = balanced_pair.servers, balanced_pair.nginx, balanced_pair.site
    route = nginx.route_to_each([a.port, b.port])

    def phone(token, server):
        # Origin as a browser sends it: the process accepts it only if nginx passed the scheme and host on
        return Phone(nginx.url, token, transports=transports, http=nginx.session(route[server.port]),
                     headers={"Origin": nginx.url})

    game = site.create_game()
    p1 = phone(game["tokens"]["p1"], a)
    p2 = phone(game["tokens"]["p2"], b)
    spectator = phone(site.join(game, "spectator"), b)
    try:
        with server_logs_on_failure(a, b):   # a missing ack: what each process printed
            for i in range(6):
                seat, each = ("p1", p1) if i % 2 == 0 else ("p2", p2)
                ack = each.submit(add(seat))
                assert ack["status"] == 201 and ack["seq"] == i + 1, ack
            spectator.wait_for(lambda f: len([n for n, _ in f if n == "applied"]) == 6)
            p1.wait_for(lambda f: len([n for n, _ in f if n == "applied"]) == 3)
            p2.wait_for(lambda f: len([n for n, _ in f if n == "applied"]) == 3)
            assert spectator.applied_seqs() == [1, 2, 3, 4, 5, 6]
            assert p1.applied_seqs() == [2, 4, 6] and p2.applied_seqs() == [1, 3, 5]
            spectator.wait_for(lambda f: [d["seq"] for n, d in f if n == "view"][-1:] == [6])
            assert spectator.named("view")[-1]["state"]["seats"]["p2"]["score"] == 3
            # both processes serve the same state
            sa = a.get(f"/api/games/{game['id']}/state", game["referee_token"])["state"]
            sb = b.get(f"/api/games/{game['id']}/state", game["referee_token"])["state"]
            assert sa == sb and sa["seats"]["p1"]["score"] == 3
    finally:
        for each in (p1, p2, spectator):
            each.disconnect()
    # every Socket.IO request of each phone went to its process: a polling phone's many requests, and the
    # upgrade to a WebSocket (101) that must reach the process holding the polling session
    for server in (a, b):
        rows = nginx.routed(route[server.port], until=lambda rows: kinds <= {(r["method"], r["status"]) for r in rows})
        socket_io = [r for r in rows if r["uri"].startswith("/socket.io/")]
        assert kinds <= {(r["method"], r["status"]) for r in socket_io}, socket_io
        assert {r["upstream"] for r in socket_io} == {f"127.0.0.1:{server.port}"}, socket_io


def test_conflicts_and_duplicates_across_processes(pair):
    a, b = pair
    game = a.create_game()
    on_a = Phone(a.url, game["referee_token"])
    on_b = Phone(b.url, game["tokens"]["p1"])
    try:
        for round_ in range(4):
            head = a.get(f"/api/games/{game['id']}", game["referee_token"])["head"]
            acks, barrier = [], threading.Barrier(2)

            def send(phone, env, barrier=barrier, acks=acks):
                barrier.wait()
                acks.append(phone.submit(env))

            threads = [threading.Thread(target=send, args=(on_a, note("referee", expected_seq=head))),
                       threading.Thread(target=send, args=(on_b, note("p1", expected_seq=head)))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(x["status"] for x in acks) == [201, 409], (round_, acks)
        env = note("p1", "same id on both processes")
        first = on_b.submit(env)
        again = Phone(a.url, game["tokens"]["p1"])
        try:
            second = again.submit(env)
        finally:
            again.disconnect()
        assert first["status"] == 201 and second["status"] == 200 and second["seq"] == first["seq"]
        log = b.get(f"/api/games/{game['id']}/events", game["referee_token"])["events"]
        assert [e["seq"] for e in log] == list(range(1, 6))
    finally:
        on_a.disconnect()
        on_b.disconnect()


def test_without_ids_both_processes_interleave_without_gaps(pair):
    """Unconditional submissions from both processes at once: all stored, gapless, each once."""
    a, b = pair
    game = a.create_game()
    phones = [Phone(a.url, game["tokens"]["p1"]), Phone(b.url, game["tokens"]["p2"])]
    seqs, lock = [], threading.Lock()

    def burst(phone, seat):
        for _ in range(15):
            env = note(seat)
            ack = phone.submit(env)
            while ack["status"] == 503:  # "busy": a phone's outbox sends the same event again
                ack = phone.submit(env)
            assert ack["status"] == 201, ack
            with lock:
                seqs.append(ack["seq"])

    try:
        threads = [threading.Thread(target=burst, args=(p, s)) for p, s in zip(phones, ("p1", "p2"))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(seqs) == list(range(1, 31))
    finally:
        for p in phones:
            p.disconnect()


def test_views_are_worked_out_where_the_phones_are_not_sent_through_redis(pair, redis_server):
    """Each process sends its own phones their views (app/live/viewbus.py): Socket.IO's queue carries the
    `applied` frames and no `view`; the other process hears of each event on the announcement channel, and
    its phones' views after the first come as patches on the one before."""
    import redis  # noqa: PLC0415 - the optional [redis] extra, needed only with a Redis server

    a, b = pair
    game = a.create_game()
    watcher = redis.Redis.from_url(redis_server.url).pubsub(ignore_subscribe_messages=True)
    watcher.psubscribe("*")  # Socket.IO's queue channel (Flask-SocketIO names it) and the announcements
    p1 = Phone(a.url, game["tokens"]["p1"])
    p2 = Phone(b.url, game["tokens"]["p2"])
    try:
        for i in range(6):
            seat, phone = ("p1", p1) if i % 2 == 0 else ("p2", p2)
            assert phone.submit(add(seat))["status"] == 201
            # one event at a time (a process that is behind sends only the latest view, whole)
            for each in (p1, p2):
                each.wait_for(lambda f, i=i: [d["seq"] for n, d in f if n == "view"][-1:] == [i + 1])
        assert p2.named("view")[-1]["state"]["seats"]["p1"]["score"] == 3
        assert [f["seq"] for f in p2.view_frames] == [1, 2, 3, 4, 5, 6]
        assert all("patch" in f for f in p2.view_frames[1:]), p2.view_frames
        queued, announced = [], []
        quiet_until = time.monotonic() + 1.0
        while time.monotonic() < quiet_until:
            message = watcher.get_message(timeout=0.2)  # (None too for the subscription's own confirmation)
            if message is None:
                continue
            quiet_until = time.monotonic() + 1.0
            if message["channel"] == b"tablewarden:applied":
                announced.append(message["data"])
            else:
                data = message["data"]  # JSON in this python-socketio, pickle in older ones
                queued.append((json.loads(data) if data[:1] == b"{" else pickle.loads(data)).get("event"))
        assert "view" not in queued and queued.count("applied") >= 6, queued
        assert len(announced) == 6
    finally:
        watcher.close()
        for phone in (p1, p2):
            phone.disconnect()
