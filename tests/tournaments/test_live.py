"""/tournament namespace: staff and the public hear every change of the tournament; staff also hear each tracked game move;
connects are counted per phone's address."""
from __future__ import annotations

import time

import pytest

from app.ratelimit import RateLimiter
from app.server import socketio
from tests.api.tournament_helpers import auth, post_tournament, quiet_game, tournament_with_players


def received(client, name, timeout=3.0):
    deadline = time.monotonic() + timeout
    got = []
    while time.monotonic() < deadline:
        got += [f for f in client.get_received("/tournament") if f["name"] == name]
        if got:
            return [f["args"][0] for f in got]
        time.sleep(0.02)
    return []


@pytest.fixture
def running(client):
    return tournament_with_players(client, format="rivals")


def test_changes_reach_the_public_and_game_moves_reach_the_staff(app, client, running):
    tid, org, tokens = running
    staff = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "token": org})
    public = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid})
    assert staff.is_connected("/tournament") and public.is_connected("/tournament")
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    assert received(public, "changed")[-1]["type"] == "pair"
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    assert received(staff, "changed")[-1]["type"] == "publish"
    seat = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(next(iter(tokens.values())))).get_json()
    post_tournament(client, seat["token"], "roll_off", seat["seat"], seat["game"], purpose="boards", first="p1")
    moves = received(staff, "table")
    assert moves and moves[-1]["round"] == 1 and moves[-1]["table"] == 1 and moves[-1]["progress"]["head"] == 1
    assert received(public, "table", timeout=0.3) == [], "game progress is for the staff's dashboard"
    assert received(public, "game_over", timeout=0.3) == [], "the game is still being played"
    staff.disconnect(namespace="/tournament")
    public.disconnect(namespace="/tournament")


def test_a_bad_link_cannot_listen(app, running):
    tid, _, _ = running
    assert not socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "token": "forged"}).is_connected("/tournament")
    assert not socketio.test_client(app, namespace="/tournament", auth={"tournament": "nope"}).is_connected("/tournament")
    assert not socketio.test_client(app, namespace="/tournament", auth={}).is_connected("/tournament")


def test_the_end_of_a_tracked_game_tells_the_whole_tournament(app, client, running):
    tid, org, tokens = running
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    seats = [client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(t)).get_json() for t in tokens.values()]
    by_seat = {s["seat"]: s["token"] for s in seats}
    public = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid})
    quiet_game(client, seats[0]["game"], by_seat)
    assert received(public, "game_over") == [{"round": 1, "table": 1}]
    public.disconnect(namespace="/tournament")


def test_a_feature_tables_overlay_hears_only_its_tables_game_move(app, client, running):
    tid, org, tokens = running
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    table1 = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "table": 1})
    table2 = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "table": 2})
    assert table1.is_connected("/tournament") and table2.is_connected("/tournament")
    seat = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(next(iter(tokens.values())))).get_json()
    post_tournament(client, seat["token"], "roll_off", seat["seat"], seat["game"], purpose="boards", first="p1")
    moved = received(table1, "table_moved")
    assert moved == [{"round": 1, "table": 1, "head": 1}], "the frame names the table, never the game's content"
    assert received(table2, "table_moved", timeout=0.3) == []
    assert received(table1, "table", timeout=0.3) == [], "the dashboard's progress is for the staff"
    table1.disconnect(namespace="/tournament")
    table2.disconnect(namespace="/tournament")


@pytest.mark.parametrize("table", [0, 501, "1", 1.5, True, [1], None])
def test_an_overlay_names_a_table_by_its_number(app, running, table):
    tid, _, _ = running
    auth_ = {"tournament": tid, "table": table}
    connected = socketio.test_client(app, namespace="/tournament", auth=auth_).is_connected("/tournament")
    assert connected is (table is None)  # no table: an ordinary public page


def test_connects_past_the_limit_from_one_address_are_refused_and_another_address_still_connects(app, running,
                                                                                                monkeypatch):
    tid, _, _ = running
    namespace = socketio.server.namespace_handlers["/tournament"]
    monkeypatch.setattr(namespace, "limiter", RateLimiter(0.001, 2))   # two connects, then a long wait
    here = [socketio.test_client(app, namespace="/tournament", auth={"tournament": tid}) for _ in range(3)]
    assert [c.is_connected("/tournament") for c in here] == [True, True, False]
    elsewhere = app.test_client()
    elsewhere.environ_base["REMOTE_ADDR"] = "10.0.0.2"   # another phone: the address its connect came from
    other = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid}, flask_test_client=elsewhere)
    assert other.is_connected("/tournament")
    for c in (*here[:2], other):
        c.disconnect(namespace="/tournament")


def test_a_failure_in_a_connect_is_a_server_error_with_an_id_in_the_log_and_the_socket_refused(app, running, monkeypatch,
                                                                                            caplog):
    tid, org, _ = running
    tournaments = app.extensions["tablewarden"]["tournaments"]

    def broken(*args):
        raise RuntimeError("a bug while reading the link")
    monkeypatch.setattr(tournaments.members, "member", broken)
    with caplog.at_level("ERROR"):
        refused = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "token": org})
    assert not refused.is_connected("/tournament")
    logged = [r.getMessage() for r in caplog.records if "unexpected error" in r.getMessage()]
    assert logged and "/tournament connect" in logged[0] and "a bug while reading the link" in logged[0]


@pytest.mark.parametrize("auth_value", [{"token": "\udfff"}, {"tournament": "\ud800"}, {"table": float("nan")}])
def test_a_connect_with_a_lone_surrogate_or_nan_is_refused_as_invalid_not_a_server_error(app, running, caplog,
                                                                                          auth_value):
    tid, _, _ = running
    with caplog.at_level("ERROR"):
        refused = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, **auth_value})
    assert not refused.is_connected("/tournament")
    assert not [r for r in caplog.records if "unexpected error" in r.getMessage()], "a bad frame is not a bug"


def test_entries_only_the_staff_see_reach_only_the_staff(app, client):
    """A fixed table (an accessibility need), a draft's swap and table mode, a ruling, a replaced link, a paid mark: the staff hear
    them; the public and the players hear nothing (not even that they happened)."""
    four = tuple((n, w) for n, w in zip(("Ana", "Ben", "Cat", "Dan"), ("cyrenis-razors", "garreks-reavers") * 2))
    tid, org, tokens = tournament_with_players(client, four, format="rivals")
    staff = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "token": org})
    public = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid})
    player = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "token": tokens["p1"]})
    draft = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).get_json()["data"]["tables"]
    a, b = draft[0]["players"][0], draft[1]["players"][0]
    for path, body in ((f"players/{a}/table", {"table": 3}), ("rounds/1/swap", {"a": a, "b": b}),
                       ("rounds/1/tables/1/mode", {"mode": "device"}), ("rulings", {"question": "q?", "answer": "a."}),
                       ("links/new", {"role": "player", "player": b}), (f"players/{a}/paid", {"paid": True})):
        r = client.post(f"/api/tournaments/{tid}/{path}", headers=auth(org), json=body)
        assert r.status_code in (200, 201), (path, r.get_json())
    heard = [f["type"] for f in received(staff, "changed")]
    deadline = time.monotonic() + 3
    while len(heard) < 7 and time.monotonic() < deadline:
        heard += [f["type"] for f in received(staff, "changed", timeout=0.2)]
    assert heard == ["pair", "fixed_table", "swap", "table_mode", "ruling", "new_link", "paid"], heard
    for listener in (public, player):
        assert [f["type"] for f in received(listener, "changed", timeout=0.5)] == ["pair"], "the pairing only"
    for c in (staff, public, player):
        c.disconnect(namespace="/tournament")
