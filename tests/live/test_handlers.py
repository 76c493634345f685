"""/live handlers (app/live/handlers.py) with Flask-SocketIO's test client (in process, threading mode)."""
from __future__ import annotations

import json
import time

from app.server import create_app, socketio
from app.service.access import Access
from tests.api.helpers import auth, event, new_game, submit
from tests.support.sockets import frames, whole_views


def ack(client, event_name, data):
    return client.emit(event_name, data, namespace="/live", callback=True)


def test_connect_needs_a_valid_token(client, sio):
    game = new_game(client)
    assert not sio().is_connected("/live")
    assert not sio("nope").is_connected("/live")
    assert not sio(game["tokens"]["p1"], last_seq=-1).is_connected("/live")
    assert sio(game["tokens"]["p1"]).is_connected("/live")


def test_connect_sends_sync_with_the_seats_view(client, sio):
    game = new_game(client)
    submit(client, game, "p1", event("p1", "secret", value=555_111))
    p1, p2 = sio(game["tokens"]["p1"]), sio(game["tokens"]["p2"])
    s1 = frames(p1, "sync", until=len)[0]
    s2 = frames(p2, "sync", until=len)[0]
    assert s1["head"] == 1 and [e["seq"] for e in s1["events"]] == [1]
    assert s1["view"]["state"]["seats"]["p1"]["secret"] == 555_111
    assert s2["view"]["state"]["seats"]["p1"]["secret"] == "hidden"
    assert "555111" not in json.dumps(s2["view"])


def test_submit_is_acked_and_broadcast_to_the_others_only(client, sio):
    game = new_game(client)
    p1, p2 = sio(game["tokens"]["p1"]), sio(game["tokens"]["p2"])
    frames(p1), frames(p2)
    reply = ack(p1, "submit", event("p1", points=2))
    assert reply == {"status": 201, "seq": 1, "id": reply["id"], "consequences": []}, "the ack is the REST body"
    applied = frames(p2, "applied", until=len)
    assert applied[0]["seq"] == 1 and applied[0]["event"]["by"] == "p1" and applied[0]["event"]["data"] == {"points": 2}
    view = frames(p2, "view", until=len)[0]
    assert view["seat"] == "p2" and view["advice"]["suggestions"], "p2's turn now: its view carries its choices"
    own = frames(p1, "view", until=len)
    assert [(v["seq"], v["seat"]) for v in own] == [(1, "p1")] and own[0]["state"]["seats"]["p1"]["score"] == 2
    time.sleep(0.2)
    assert frames(p1, "applied") == [], "the submitter gets its event's result in the ack, not as `applied`"


def test_ack_errors_mirror_the_rest_replies(client, sio):
    game = new_game(client)
    p1 = sio(game["tokens"]["p1"])
    env = event("p1")
    assert ack(p1, "submit", env)["status"] == 201
    dup = ack(p1, "submit", env)
    assert dup["status"] == 200 and dup["duplicate"] is True and dup["seq"] == 1
    stale = ack(p1, "submit", {**event("p1", "note", text="x"), "expected_seq": 0})
    assert stale["status"] == 409 and stale["head"] == 1
    illegal = ack(p1, "submit", event("p1"))
    assert illegal["status"] == 422 and illegal["error"]["rule"] == "Tally test rules, taking turns"
    bad = ack(p1, "submit", {"type": "add"})
    assert bad["status"] == 400 and {"id", "by"} <= set(bad["error"]["fields"])
    assert ack(p1, "submit", ["not", "an", "object"])["status"] == 400
    assert ack(p1, "submit", None)["status"] == 400
    assert ack(p1, "submit", event("p2"))["error"]["code"] == "not_your_seat"


def test_spectator_socket_is_read_only(client, sio):
    game = new_game(client)
    token = client.post(f"/api/games/{game['id']}/join",
                        json={"code": game["join_code"], "seat": "spectator"}).get_json()["token"]
    spectator = sio(token)
    reply = ack(spectator, "submit", event("p1"))
    assert reply["status"] == 403 and reply["error"]["code"] == "read_only"
    p1 = sio(game["tokens"]["p1"])
    ack(p1, "submit", event("p1"))
    assert frames(spectator, "view", until=len)[0]["seat"] == "spectator"


def test_reconnect_with_last_seq_gets_only_the_missing(client, sio):
    game = new_game(client)
    for seat in ("p1", "p2", "p1", "p2"):
        submit(client, game, seat, event(seat))
    p2 = sio(game["tokens"]["p2"], last_seq=2)
    sync = frames(p2, "sync", until=len)[0]
    assert [e["seq"] for e in sync["events"]] == [3, 4] and sync["since"] == 2 and sync["reset"] is False
    again = ack(p2, "sync", {"last_seq": 3})
    assert again["status"] == 200 and [e["seq"] for e in again["events"]] == [4]
    assert ack(p2, "sync", {"last_seq": "x"})["status"] == 400
    ahead = sio(game["tokens"]["p2"], last_seq=99)  # client knows more than the server: start over
    sync = frames(ahead, "sync", until=len)[0]
    assert sync["reset"] is True and [e["seq"] for e in sync["events"]] == [1, 2, 3, 4]


def test_a_phone_holding_the_heads_view_is_not_sent_it_again(client, sio):
    """view_seq names the view the phone holds: the head's is left out of the sync, any older one is sent, and a
    reset (the phone knows more than the server) always brings the view."""
    game = new_game(client)
    for seat in ("p1", "p2"):
        submit(client, game, seat, event(seat))
    held = frames(sio(game["tokens"]["p2"], last_seq=2, view_seq=2), "sync", until=len)[0]
    assert held["view"] is None and held["head"] == 2 and held["events"] == []
    older = frames(sio(game["tokens"]["p2"], last_seq=2, view_seq=1), "sync", until=len)[0]
    assert older["view"]["seq"] == 2 and older["view"]["seat"] == "p2"
    nothing = frames(sio(game["tokens"]["p2"], last_seq=2, view_seq=None), "sync", until=len)[0]
    assert nothing["view"]["seq"] == 2
    ahead = frames(sio(game["tokens"]["p2"], last_seq=9, view_seq=2), "sync", until=len)[0]
    assert ahead["reset"] is True and ahead["view"]["seq"] == 2
    # a sync asked for by a phone that noticed a gap names no view: it is sent
    assert ack(sio(game["tokens"]["p2"]), "sync", {"last_seq": 2})["view"]["seq"] == 2
    for bad in ("2", -1, 2.5, True):
        assert not sio(game["tokens"]["p2"], last_seq=2, view_seq=bad).is_connected("/live"), bad


def test_suggestions_over_the_socket(client, sio):
    game = new_game(client)
    p1 = sio(game["tokens"]["p1"])
    reply = ack(p1, "suggestions", {})
    assert reply["status"] == 200 and len(reply["advice"]["suggestions"]) == 3
    assert ack(p1, "suggestions", {"seat": "p2"})["status"] == 403


def test_rest_submit_reaches_sockets_of_the_same_seat(client, sio):
    game = new_game(client)
    p1 = sio(game["tokens"]["p1"])
    frames(p1)
    submit(client, game, "p1", event("p1"))
    assert [a["seq"] for a in frames(p1, "applied", until=len)] == [1]


def test_socket_flood_is_rate_limited(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'x.db'}",
                      "RATE_LIMIT_PER_SECOND": 1.0, "RATE_LIMIT_BURST": 3, "INSTANCE_PATH": str(tmp_path)})
    game = new_game(app.test_client())
    p1 = socketio.test_client(app, namespace="/live", auth={"token": game["tokens"]["p1"]})
    # the connect took one of the 3 tokens of the burst
    statuses = [ack(p1, "submit", event("p1", "note", text="spam"))["status"] for _ in range(8)]
    assert statuses[:2] == [201, 201] and statuses[-1] == 429
    assert ack(p1, "sync", {"last_seq": 0})["status"] == 429
    p1.disconnect(namespace="/live")
    assert app.test_client().get(f"/api/games/{game['id']}", headers=auth(game["referee_token"])).get_json()["head"] == 2


def test_disconnect_forgets_the_socket(app, client, sio):
    game = new_game(client)
    p1 = sio(game["tokens"]["p1"])
    live = app.extensions["tablewarden"]["live"]
    assert len(live.sessions) == 1
    assert list(live.addresses) == list(live.sessions)  # each socket's address, kept for its rate limit
    p1.disconnect(namespace="/live")
    assert live.sessions == {} and live.addresses == {}


def test_a_handler_that_fails_answers_500_without_its_stack_trace(app, client, sio, monkeypatch, caplog):
    game = new_game(client)
    p1 = sio(game["tokens"]["p1"])
    service = app.extensions["tablewarden"]["service"]

    def broken(*args, **kw):
        raise RuntimeError("secret internals")
    monkeypatch.setattr(service.submitting, "submit", broken)
    reply = ack(p1, "submit", event("p1"))
    assert reply["status"] == 500 and reply["error"]["code"] == "internal"
    assert "secret internals" not in json.dumps(reply) and "secret internals" in caplog.text  # in the log only
    monkeypatch.setattr(service.access, "authenticate", broken)
    assert not sio(game["tokens"]["p2"]).is_connected("/live")  # a failing connect is refused, not half-open


def test_secret_event_data_reaches_only_its_seat_and_the_referee(client, sio):
    game = new_game(client)
    p1, p2, ref = sio(game["tokens"]["p1"]), sio(game["tokens"]["p2"]), sio(game["referee_token"])
    spectator = sio(client.post(f"/api/games/{game['id']}/join",
                                json={"code": game["join_code"], "seat": "spectator"}).get_json()["token"])
    ack(p1, "submit", event("p1", "secret", value=918_273))
    for sock in (p2, spectator):
        applied = frames(sock, "applied", until=len)
        assert applied[0]["event"]["data"] == {"value": "hidden"}
        assert "918273" not in json.dumps(frames(sock))
    assert frames(ref, "applied", until=len)[0]["event"]["data"] == {"value": 918_273}
    late = sio(game["tokens"]["p2"], last_seq=0)
    assert frames(late, "sync", until=len)[0]["events"][0]["event"]["data"] == {"value": "hidden"}


def test_views_after_a_mid_log_revert_name_the_events_that_lost_their_effect(client, sio):
    game = new_game(client)
    for seat in ("p1", "p2", "p1"):
        submit(client, game, seat, event(seat, points=2))
    p2 = sio(game["tokens"]["p2"])
    frames(p2, "sync", until=len)
    ref = sio(game["referee_token"])
    reply = ack(ref, "submit", event("referee", "revert", seq=2, reason="dice were cocked"))
    assert reply["status"] == 201
    own = whole_views(ref, 4)
    assert [v for v in own if v["seq"] == 4][0]["inert"]["3"]["status"] == "refused_now"
    views = whole_views(p2, 4)
    assert [v["inert"] for v in views if v["seq"] == 4][0]["3"]["violations"][0]["code"] == "not_your_turn"



def test_an_event_stored_while_a_phone_connects_reaches_it(client, sio, monkeypatch):
    """An event stored while a phone is connecting (here: while its seat is being marked held) reaches that
    phone in its `sync` or as `applied`; it is never missed until the next event."""
    game = new_game(client)
    hold = Access.hold

    def hold_while_another_phone_enters(self, caller):
        if caller.seat == "p2":
            assert submit(client, game, "p1", event("p1")).status_code == 201
        return hold(self, caller)
    monkeypatch.setattr(Access, "hold", hold_while_another_phone_enters)
    p2 = sio(game["tokens"]["p2"], last_seq=0)
    seen = {e["seq"] for e in frames(p2, "sync", until=len)[0]["events"]}
    seen |= {a["seq"] for a in frames(p2, "applied", timeout=0.5)}
    assert seen == {1}


def test_an_engine_bug_answers_a_500_ack_with_an_error_id_the_log_carries(app, client, sio, monkeypatch, caplog):
    game = new_game(client)
    p1 = sio(game["tokens"]["p1"])
    rs = app.extensions["tablewarden"]["service"].logs.folded(game["id"]).rs

    def broken(*args, **kw):
        raise RuntimeError("secret internals of the engine")
    monkeypatch.setattr(rs, "judge", broken)   # what a submit asks the engine
    reply = ack(p1, "submit", event("p1"))
    error_id = reply["error"]["error_id"]
    assert reply["status"] == 500 and reply["error"]["code"] == "internal" and error_id in reply["error"]["message"]
    assert "secret internals" not in json.dumps(reply) and "RuntimeError" not in json.dumps(reply)
    logged = [r for r in caplog.records if error_id in r.getMessage()]
    assert len(logged) == 1 and "secret internals of the engine" in str(logged[0].exc_info[1])
    assert ack(p1, "sync", {"last_seq": 0})["head"] == 0, "nothing was stored"
