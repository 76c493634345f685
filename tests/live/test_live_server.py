"""Live suite: the real server (`python -m app`, eventlet) driven by python-socketio clients."""
from __future__ import annotations

import json
import threading

import pytest
import requests
import socketio

from tests.support.live import Phone, add, note

pytestmark = pytest.mark.live


def test_two_players_and_a_spectator_see_every_event_in_order(server):
    game = server.create_game()
    p1 = Phone(server.url, game["tokens"]["p1"])
    p2 = Phone(server.url, game["tokens"]["p2"])
    spectator = Phone(server.url, server.join(game, "spectator"))
    mine = {"p1": [], "p2": []}
    try:
        for i in range(10):
            seat, phone = ("p1", p1) if i % 2 == 0 else ("p2", p2)
            ack = phone.submit(add(seat, 1))
            assert ack["status"] == 201 and "view" not in ack, ack
            mine[seat].append(ack["seq"])
        spectator.wait_for(lambda f: len([n for n, _ in f if n == "applied"]) == 10)
        p1.wait_for(lambda f: len([n for n, _ in f if n == "applied"]) == 5)
        p2.wait_for(lambda f: len([n for n, _ in f if n == "applied"]) == 5)
        assert spectator.applied_seqs() == list(range(1, 11))
        # each player gets the other's events as `applied`, its own only as acks
        assert p1.applied_seqs() == mine["p2"] == [2, 4, 6, 8, 10]
        assert p2.applied_seqs() == mine["p1"] == [1, 3, 5, 7, 9]
        assert [d["event"]["by"] for d in spectator.named("applied")] == ["p1", "p2"] * 5
        # each player's own view of every event arrives as a `view` frame after its ack
        for phone in (p1, p2):
            phone.wait_for(lambda f: [d["seq"] for n, d in f if n == "view"][-1:] == [10])
        assert [v["seq"] for v in p1.named("view")] == list(range(1, 11))
        assert {v["seat"] for v in p1.named("view")} == {"p1"} and {v["seat"] for v in p2.named("view")} == {"p2"}
        spectator.wait_for(lambda f: [d["seq"] for n, d in f if n == "view"][-1:] == [10])
        views = spectator.named("view")
        assert [v["seq"] for v in views] == list(range(1, 11)) and views[-1]["seat"] == "spectator"
        assert views[-1]["state"]["seats"]["p1"]["score"] == 5
        # After the first, each view came as the changes since the one before (app/live/viewpatch.py).
        assert "patch" not in spectator.view_frames[0] and all("patch" in f for f in spectator.view_frames[1:])
        # Each event's `applied` comes before its view, and each kind comes in seq order. (The next event's `applied`
        # may pass a view still being worked out: the views follow from a task of their own.)
        order = [(n, d["seq"]) for n, d in spectator.frames if n != "sync"]
        assert all(order.index(("applied", s)) < order.index(("view", s)) for s in range(1, 11)), order
        assert sorted(order) == sorted(x for s in range(1, 11) for x in (("applied", s), ("view", s))), order
    finally:
        for phone in (p1, p2, spectator):
            phone.disconnect()


def test_reconnect_gets_exactly_the_missed_events(server):
    game = server.create_game()
    p1 = Phone(server.url, game["tokens"]["p1"])
    p2 = Phone(server.url, game["tokens"]["p2"])
    try:
        for _ in range(3):
            assert p1.submit(note("p1"))["status"] == 201
        p2.wait_for(lambda f: len([n for n, _ in f if n == "applied"]) == 3)
        last = p2.applied_seqs()[-1]
        p2.disconnect()
        for _ in range(4):
            assert p1.submit(note("p1", "while you were away"))["status"] == 201
        back = Phone(server.url, game["tokens"]["p2"], last_seq=last)
        back.wait_for(lambda f: any(n == "sync" for n, _ in f))
        sync = back.named("sync")[0]
        assert [e["seq"] for e in sync["events"]] == [4, 5, 6, 7]
        assert sync["head"] == 7 and sync["view"]["seq"] == 7
        assert sync["events"][0]["event"]["data"] == {"text": "while you were away"}
        # a `sync` request for a gap answers the same way
        assert [e["seq"] for e in back.call("sync", {"last_seq": 5})["events"]] == [6, 7]
        back.disconnect()
    finally:
        p1.disconnect()
        p2.disconnect()


def test_the_same_event_id_three_times_is_applied_once(server):
    game = server.create_game()
    p1 = Phone(server.url, game["tokens"]["p1"])
    p2 = Phone(server.url, game["tokens"]["p2"])
    try:
        env = add("p1", 2)
        acks = [p1.submit(env) for _ in range(3)]
        assert [a["status"] for a in acks] == [201, 200, 200]
        assert {a["seq"] for a in acks} == {1} and acks[1]["duplicate"] is True
        assert p1.submit(note("p1"))["seq"] == 2
        p2.wait_for(lambda f: 2 in [d["seq"] for n, d in f if n == "applied"])
        assert p2.applied_seqs() == [1, 2]
        state = server.get(f"/api/games/{game['id']}/state", game["referee_token"])["state"]
        assert state["seats"]["p1"]["score"] == 2
    finally:
        p1.disconnect()
        p2.disconnect()


def test_two_conflicting_submissions_apply_exactly_one(server):
    game = server.create_game()
    referee = Phone(server.url, game["referee_token"])
    p1 = Phone(server.url, game["tokens"]["p1"])
    try:
        for round_ in range(5):
            head = server.get(f"/api/games/{game['id']}", game["referee_token"])["head"]
            acks, barrier = {}, threading.Barrier(2)

            def send(name, phone, env, barrier=barrier, acks=acks):
                barrier.wait()
                acks[name] = phone.submit(env)

            threads = [threading.Thread(target=send, args=("ref", referee, note("referee", expected_seq=head))),
                       threading.Thread(target=send, args=("p1", p1, note("p1", expected_seq=head)))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            statuses = sorted(a["status"] for a in acks.values())
            assert statuses == [201, 409], (round_, acks)
            loser = next(a for a in acks.values() if a["status"] == 409)
            assert loser["head"] == head + 1 and loser["error"]["code"] == "stale"
        assert server.get(f"/api/games/{game['id']}", game["referee_token"])["head"] == 5
    finally:
        referee.disconnect()
        p1.disconnect()


def test_a_forbidden_submission_changes_nothing(server):
    game = server.create_game()
    p1 = Phone(server.url, game["tokens"]["p1"])
    p2 = Phone(server.url, game["tokens"]["p2"])
    spectator = Phone(server.url, server.join(game, "spectator"))
    try:
        assert spectator.submit(note("p1"))["error"]["code"] == "read_only"
        assert p2.submit(add("p1"))["error"]["code"] == "not_your_seat"
        ack = p2.submit(add("p2"))  # legal seat, but not p2's turn
        assert ack["status"] == 422 and ack["error"]["rule"] == "Tally test rules, taking turns"
        assert p1.submit({"id": "x", "type": "add"})["status"] == 400
        assert p1.submit("not an object")["status"] == 400
        assert server.get(f"/api/games/{game['id']}", game["referee_token"])["head"] == 0
        assert p1.submit(add("p1"))["seq"] == 1, "the next legal event is seq 1: nothing was written before"
        spectator.wait_for(lambda f: any(n == "applied" for n, _ in f))
        assert spectator.applied_seqs() == [1]
    finally:
        for phone in (p1, p2, spectator):
            phone.disconnect()


def test_another_players_secret_never_reaches_a_socket(server):
    game = server.create_game()
    p1 = Phone(server.url, game["tokens"]["p1"])
    p2 = Phone(server.url, game["tokens"]["p2"])
    spectator = Phone(server.url, server.join(game, "spectator"))
    try:
        assert p1.submit({"id": "s1", "type": "secret", "by": "p1", "data": {"value": 731_905}})["status"] == 201
        p1.wait_for(lambda f: [d["seq"] for n, d in f if n == "view"][-1:] == [1])
        assert p1.named("view")[-1]["state"]["seats"]["p1"]["secret"] == 731_905
        assert p1.submit(note("p1"))["status"] == 201
        for phone in (p2, spectator):
            phone.wait_for(lambda f: [d["seq"] for n, d in f if n == "view"][-1:] == [2])
            views = phone.named("view")
            assert views[-1]["state"]["seats"]["p1"]["secret"] == "hidden"
            assert "731905" not in json.dumps([d.get("state") for d in views])
    finally:
        for phone in (p1, p2, spectator):
            phone.disconnect()


def test_bad_tokens_cannot_connect(server):
    game = server.create_game()
    cases = [({"token": "nope"}, "bad_token"), ({}, "no_token"), ({"token": 5}, "no_token"),
             ({"token": game["tokens"]["p1"], "last_seq": "x"}, "invalid")]
    for auth, code in cases:
        client = socketio.Client(reconnection=False)
        refused = []
        client.on("connect_error", refused.append, namespace="/live")
        with pytest.raises(socketio.exceptions.ConnectionError):
            client.connect(server.url, namespaces=["/live"], auth=auth, transports=["websocket"], wait_timeout=5)
        client.disconnect()
        assert refused and refused[0]["data"]["error"]["code"] == code, refused


def test_rest_submissions_reach_every_socket_including_the_same_seat(server):
    game = server.create_game()
    p1 = Phone(server.url, game["tokens"]["p1"])
    try:
        resp = requests.post(f"{server.url}/api/games/{game['id']}/events", json=add("p1"),
                             headers={"Authorization": f"Bearer {game['tokens']['p1']}"}, timeout=10)
        assert resp.status_code == 201
        p1.wait_for(lambda f: any(n == "view" for n, _ in f))
        assert p1.applied_seqs() == [1] and p1.named("view")[-1]["seat"] == "p1"
    finally:
        p1.disconnect()


def test_long_polling_transport_works_too(server):
    game = server.create_game()
    p1 = Phone(server.url, game["tokens"]["p1"], transports=("polling",))
    try:
        assert p1.submit(add("p1"))["status"] == 201
    finally:
        p1.disconnect()
