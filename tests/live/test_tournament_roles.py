"""Tournament roles against the real server process (`python -m app`): each refusal the role table promises, tried over
HTTP by each hostile role (a player of another table, the scorekeeper, a judge, the device of another table), with
nothing stored. The scenarios are the tournament API tests' own (tests/api/tournament_scenarios.py), driven over the
network instead of the test client."""
from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests
import socketio

from tests.api import tournament_scenarios as scenarios
from tests.api.tournament_helpers import auth, quiet_game, round_one_on_two_tables


class Http:
    """What the scenarios call on Flask's test client (post, get; status_code, get_json), over HTTP."""

    def __init__(self, url: str):
        self.url = url

    def _call(self, method: str, path: str, headers=None, json=None):
        resp = requests.request(method, self.url + path, headers=headers or {}, json=json, timeout=20)
        resp.get_json = resp.json
        return resp

    def post(self, path: str, headers=None, json=None):
        """POST a JSON body (none when `json` is None)."""
        return self._call("POST", path, headers, json)

    def get(self, path: str, headers=None):
        """GET."""
        return self._call("GET", path, headers)


@pytest.fixture
def http(server):
    return Http(server.url)


def test_another_tables_player_device_and_the_staff_cannot_dispute_or_call_a_judge(http, server):
    scenarios.only_a_tables_players_and_its_device_dispute_or_call_a_judge_to_it(http)
    assert "Traceback" not in server.log()


def test_a_second_confirmation_is_answered_and_stored_once(http):
    scenarios.a_second_confirmation_of_the_same_result_is_answered_and_stored_once(http)


def test_a_scorekeeper_or_judge_cannot_accept_a_refused_deck(http):
    scenarios.only_the_organiser_accepts_a_refused_deck(http)


def test_a_disputed_result_is_not_settled_without_a_reason(http):
    scenarios.a_disputed_result_is_settled_with_a_reason(http)


def test_a_result_against_the_books_rule_of_victory_is_refused_with_the_rule(http, server):
    scenarios.a_result_must_agree_with_itself_and_the_books_rule_of_victory(http)
    assert "Traceback" not in server.log()


def test_two_taps_at_once_store_one_confirmation(http, server):
    """The same player's confirmation sent twice at the same moment (a double tap, a retry): one entry, two answers."""
    tid, org, tokens, _staff, tables = round_one_on_two_tables(http)
    (a, b), _ = tables
    seat = {s: http.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
            for s, p in (("p1", a), ("p2", b))}
    quiet_game(http, seat["p1"]["game"], {s: v["token"] for s, v in seat.items()}, glory={"p2": 3})
    confirm = f"/api/tournaments/{tid}/rounds/1/tables/1/confirm"
    with ThreadPoolExecutor(4) as pool:
        replies = list(pool.map(lambda _: http.post(confirm, headers=auth(tokens[b])), range(4)))
    assert sorted(r.status_code for r in replies) == [200, 200, 200, 201]
    assert len({r.get_json()["seq"] for r in replies}) == 1
    log = http.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert [e["actor"] for e in log if e["type"] == "confirm"] == [f"player:{b}"]


def test_a_scorekeeper_resending_a_registrations_id_gets_no_players_link(http, server):
    scenarios.a_registrations_id_resent_under_another_name_mints_no_link(http)
    scenarios.an_entry_id_resent_with_another_body_is_refused_and_stores_nothing(http)
    assert "Traceback" not in server.log()


def test_a_recovery_code_sent_at_once_from_several_phones_is_spent_once(http):
    made = http.post("/api/tournaments", json={"name": "Lost Cup", "date": "2026-12-05"}).get_json()
    with ThreadPoolExecutor(6) as pool:
        replies = list(pool.map(lambda _: http.post("/api/tournaments/recover", json={"code": made["recovery_code"]}),
                                range(6)))
    assert sorted(r.status_code for r in replies) == [201] + [403] * 5, [r.get_json() for r in replies]
    won = next(r.get_json() for r in replies if r.status_code == 201)
    organisers = [http.get(f"/api/tournaments/{made['id']}", headers=auth(t)).status_code
                  for t in (made["organiser_token"], won["organiser_token"])]
    assert organisers == [401, 200]
    entries = http.get(f"/api/tournaments/{made['id']}/log", headers=auth(won["organiser_token"])).get_json()["entries"]
    assert [e["type"] for e in entries] == ["new_link"]


def _listener(server, auth_body):
    """A python-socketio client on /tournament that records the `changed` frames it hears."""
    heard: list[dict] = []
    client = socketio.Client(reconnection=False)
    client.on("changed", heard.append, namespace="/tournament")
    client.connect(server.url, namespaces=["/tournament"], auth=auth_body, transports=["websocket"], wait_timeout=10)
    return client, heard


def test_a_fixed_table_reaches_the_staff_and_never_the_public(http, server):
    made = http.post("/api/tournaments", json={"name": "Quiet Cup", "date": "2026-12-05"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    player = http.post(f"/api/tournaments/{tid}/players", headers=auth(org),
                       json={"name": "Ana", "warband": "cyrenis-razors"}).get_json()
    staff, staff_heard = _listener(server, {"tournament": tid, "token": org})
    public, public_heard = _listener(server, {"tournament": tid})
    mine, mine_heard = _listener(server, {"tournament": tid, "token": player["token"]})
    try:
        assert http.post(f"/api/tournaments/{tid}/players/{player['player']}/table", headers=auth(org),
                         json={"table": 4}).status_code == 201
        assert http.post(f"/api/tournaments/{tid}/players/{player['player']}/check-in", headers=auth(org)).status_code == 201
        deadline = time.monotonic() + 10
        while len(staff_heard) < 2 or not public_heard or not mine_heard:  # the check-in is public: its frames came
            assert time.monotonic() < deadline, (staff_heard, public_heard)
            time.sleep(0.02)
        assert [f["type"] for f in staff_heard] == ["fixed_table", "check_in"]
        assert [f["type"] for f in public_heard] == ["check_in"] and [f["type"] for f in mine_heard] == ["check_in"]
    finally:
        for client in (staff, public, mine):
            client.disconnect()
