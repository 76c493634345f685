"""Tournament roles against the real server process (`python -m app`): each refusal the role table promises, tried over
HTTP by each hostile role (a player of another table, the scorekeeper, a judge, the device of another table), with
nothing stored. The scenarios are the tournament API tests' own, driven over the network instead of the test client."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.api import test_tournaments as scenarios
from tests.api.tournament_helpers import auth, quiet_game


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
    scenarios.test_only_a_tables_players_and_its_device_dispute_or_call_a_judge_to_it(http)
    assert "Traceback" not in server.log()


def test_a_second_confirmation_is_answered_and_stored_once(http):
    scenarios.test_a_second_confirmation_of_the_same_result_is_answered_and_stored_once(http)


def test_a_scorekeeper_or_judge_cannot_accept_a_refused_deck(http):
    scenarios.test_only_the_organiser_accepts_a_refused_deck(http)


def test_a_disputed_result_is_not_settled_without_a_reason(http):
    scenarios.test_a_disputed_result_is_settled_with_a_reason(http)


def test_a_result_against_the_books_rule_of_victory_is_refused_with_the_rule(http, server):
    scenarios.test_a_result_must_agree_with_itself_and_the_books_rule_of_victory(http)
    assert "Traceback" not in server.log()


def test_two_taps_at_once_store_one_confirmation(http, server):
    """The same player's confirmation sent twice at the same moment (a double tap, a retry): one entry, two answers."""
    tid, org, tokens, _staff, tables = scenarios.round_one_on_two_tables(http)
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
