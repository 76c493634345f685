"""Hostile load against the real server process (`python -m app`) on a 512-player tournament five rounds in, while
another client asks /healthz: each request gets its documented answer and /healthz keeps answering beside the idle
baseline measured in the same run (tests/support/healthz.py). benchmarks/hostile.py measures the same at the
issue's sizes and prints the figures."""
from __future__ import annotations

import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
import requests

from tests.support import big_tournament
from tests.support.healthz import HealthzProbe, assert_answered_beside, idle_baseline
from tests.support.live import ServerProcess
from tests.support.live import note as live_note

pytestmark = [pytest.mark.live, pytest.mark.slow]


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    """The server, the seeded tournament (512 players, round 6 to pair) and the idle /healthz baseline."""
    root = tmp_path_factory.mktemp("stalls")
    url = f"sqlite:///{root / 'stalls.sqlite3'}"
    server = ServerProcess(url, root)
    try:
        event = big_tournament.seed(url, str(root), players=512, rounds=6, played=5)
        requests.get(f"{server.url}/api/tournaments/{event.id}", timeout=120)  # folded once, before any timing
        yield server, event, idle_baseline(server.url)
    finally:
        server.stop()


def _bearer(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def _hammer(send, seconds: float) -> list[requests.Response]:
    """`send()` over and over for `seconds` (one client in a loop, as the issue's)."""
    replies, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        replies.append(send())
    return replies


def test_pairing_asked_without_the_role_is_refused_before_any_work(big):
    server, event, baseline = big
    pair = f"{server.url}/api/tournaments/{event.id}/rounds/6/pair"
    player = next(iter(event.players.values()))
    with requests.Session() as http, HealthzProbe(server.url) as probe:
        replies = _hammer(lambda: http.post(pair, headers=_bearer(None), timeout=30), 2.0)
        replies += _hammer(lambda: http.post(pair, headers=_bearer(player), timeout=30), 2.0)
    assert_answered_beside(probe, baseline)
    # Each refused before any work: for the role, or (a fast client, over the write rate limit) for the rate.
    answers = {(r.status_code, r.json()["error"]["code"]) for r in replies}
    assert (403, "not_allowed") in answers and answers <= {(403, "not_allowed"), (429, "rate_limited")}, answers
    log = requests.get(f"{server.url}/api/tournaments/{event.id}/log", headers=_bearer(event.organiser), timeout=60)
    assert log.json()["entries"][-1]["type"] == "result", "nothing was stored"


def test_the_organisers_pairing_and_256_table_modes_leave_the_other_tables_served(big):
    server, event, baseline = big
    base = f"{server.url}/api/tournaments/{event.id}/rounds/6"
    with requests.Session() as http, HealthzProbe(server.url) as probe:
        paired = http.post(f"{base}/pair", headers=_bearer(event.organiser), timeout=120)
        assert paired.status_code == 201, paired.text
        modes = [http.post(f"{base}/tables/{t}/mode", headers=_bearer(event.organiser), json={"mode": "untracked"},
                           timeout=60) for t in range(1, 257)]
    assert_answered_beside(probe, baseline)
    assert [r.status_code for r in modes] == [201] * 256
    view = requests.get(f"{server.url}/api/tournaments/{event.id}", headers=_bearer(event.organiser), timeout=60).json()
    draft = next(r for r in view["rounds"] if r["round"] == 6)
    assert {t["mode"] for t in draft["tables"]} == {"untracked"} and not draft["published"]


def test_a_player_calling_a_judge_in_a_loop_stores_one_call(big):
    server, event, baseline = big
    pid, token = next(iter(event.players.items()))
    table = next(t for t in event.state["rounds"][5]["tables"] if pid in t["players"])["table"]
    judge = f"{server.url}/api/tournaments/{event.id}/rounds/5/tables/{table}/judge"
    with requests.Session() as http, HealthzProbe(server.url) as probe:
        replies = _hammer(lambda: http.post(judge, headers=_bearer(token), json={"note": "x" * 300}, timeout=30), 4.0)
    assert_answered_beside(probe, baseline)
    assert [r.status_code for r in replies] == [201] + [200] * (len(replies) - 1)
    assert len({r.json()["seq"] for r in replies}) == 1
    view = requests.get(f"{server.url}/api/tournaments/{event.id}", headers=_bearer(event.organiser), timeout=60).json()
    called = next(t for t in view["rounds"][4]["tables"] if t["table"] == table)
    assert len(called["calls"]) == 1


def test_two_dozen_pages_reading_the_tournament_after_each_entry_leave_the_other_tables_served(big):
    """Each entry makes every open page read the tournament again: 24 followers (the public and a player) reading a
    512-player event after each of six entries; the view each kind sees is built once per head."""
    server, event, baseline = big
    view = f"{server.url}/api/tournaments/{event.id}"
    player = next(iter(event.players.values()))
    drops = [pid for pid in event.state["order"][-6:]]
    sizes: list[int] = []

    def follow(i: int) -> int:
        resp = requests.get(view, headers=_bearer(player if i % 4 == 0 else None), timeout=60)
        assert resp.status_code == 200
        return len(resp.content)

    with ThreadPoolExecutor(24) as pool, HealthzProbe(server.url) as probe:
        for pid in drops:
            r = requests.post(f"{view}/players/{pid}/drop", headers=_bearer(event.organiser), json={"reason": "left"},
                              timeout=60)
            assert r.status_code == 201, r.text
            sizes += pool.map(follow, range(24))
    assert_answered_beside(probe, baseline)
    assert min(sizes) > 300_000  # the whole event each time: 512 players, five rounds
    public = requests.get(view, timeout=60).json()
    assert [p["status"] for p in public["players"] if p["id"] in drops] == ["dropped"] * 6


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    """A server with the default rate limits and a game of 15,000 notes (a 4 MB log), imported."""
    root = tmp_path_factory.mktemp("long-log")
    server = ServerProcess(f"sqlite:///{root / 'log.sqlite3'}", root, RATE_LIMIT_PER_SECOND=10, RATE_LIMIT_BURST=40,
                           IMPORTS_PER_HOUR=40)
    try:
        game = server.create_game()
        exported = server.get(f"/api/games/{game['id']}/export", game["tokens"]["referee"])
        exported["events"] = [{"seq": i + 1, "id": f"n{i}", "type": "note", "by": "referee",
                               "data": {"text": f"{i:05d} " + "x" * 250}} for i in range(15_000)]
        made = requests.post(server.url + "/api/games/import", json=exported, timeout=120)
        assert made.status_code == 201, made.text
        made = made.json()
        spectator = requests.post(f"{server.url}/api/games/{made['id']}/join", timeout=10,
                                  json={"code": made["join_code"], "seat": "spectator"}).json()["token"]
        yield server, made, spectator, idle_baseline(server.url)
    finally:
        server.stop()


def test_a_spectator_rereading_a_long_log_gets_pages_then_waits(long_game):
    server, game, spectator, baseline = long_game
    url = f"{server.url}/api/games/{game['id']}/events?since=0"
    limited = threading.Event()

    def reader(_):  # until the limit answers (a state, not a time), at most a minute
        replies, deadline = [], time.monotonic() + 60
        with requests.Session() as http:
            while not limited.is_set() and time.monotonic() < deadline:
                replies.append(http.get(url, headers=_bearer(spectator), timeout=60))
                if replies[-1].status_code == 429:
                    limited.set()
        return replies
    with ThreadPoolExecutor(4) as pool, HealthzProbe(server.url) as probe:
        replies = [r for batch in pool.map(reader, range(4)) for r in batch]
    assert_answered_beside(probe, baseline)
    pages = [r for r in replies if r.status_code == 200]
    assert pages and all(len(r.json()["events"]) == 500 and r.json()["next"] == 500 for r in pages)
    refused = [r for r in replies if r.status_code != 200]
    assert refused and {(r.status_code, r.json()["error"]["code"]) for r in refused} == {(429, "rate_limited")}
    assert all(float(r.headers["Retry-After"]) > 0 for r in refused)


def test_a_long_games_export_is_made_off_the_event_loop(long_game):
    server, game, _spectator, baseline = long_game
    with requests.Session() as http, HealthzProbe(server.url) as probe:
        exports = [http.get(f"{server.url}/api/games/{game['id']}/export", headers=_bearer(game["referee_token"]),
                            timeout=120) for _ in range(3)]
    assert_answered_beside(probe, baseline)
    assert [r.status_code for r in exports] == [200] * 3
    assert len(exports[0].json()["events"]) == 15_000 and len(exports[0].content) > 4_000_000


def test_imports_of_a_thousand_undos_are_refused_at_once_and_another_games_note_is_stored(long_game):
    """20 anonymous imports at once, each 1,500 undos long: refused from their length before any replay."""
    server, _game, _spectator, baseline = long_game
    other = server.create_game()
    exported = server.get(f"/api/games/{other['id']}/export", other["tokens"]["referee"])
    exported["events"] = [{"seq": i + 1, "id": f"a{i}", "type": "add", "by": "p1", "data": {"points": 1}}
                          for i in range(1_500)]
    exported["events"] += [{"seq": 1_501 + i, "id": f"u{i}", "type": "revert", "by": "referee",
                            "data": {"seq": 1_500 - i, "reason": "again"}} for i in range(1_500)]
    body = json.dumps(exported)

    def send(_):
        return requests.post(server.url + "/api/games/import", data=body, timeout=120,
                             headers={"Content-Type": "application/json"})
    with ThreadPoolExecutor(20) as pool, HealthzProbe(server.url) as probe:
        replies = pool.map(send, range(20))
        note = requests.post(f"{server.url}/api/games/{other['id']}/events", json=live_note("referee"), timeout=30,
                             headers=_bearer(other["tokens"]["referee"]))
        replies = list(replies)
    assert_answered_beside(probe, baseline)
    assert note.status_code == 201, note.text
    assert {(r.status_code, r.json()["error"]["code"]) for r in replies} == {(422, "import_too_long")}


def test_undo_previews_far_back_replay_one_at_a_time_and_another_games_note_is_stored(long_game):
    """20 previews at once of an undo near the start of a 15,000-entry game: each answered (a preview, or 429
    while that game's replay runs), and another game's note is stored meanwhile."""
    server, game, _spectator, baseline = long_game
    other = server.create_game()
    undo = {"type": "revert", "by": "referee", "data": {"seq": 2}}

    def ask(_):
        return requests.post(f"{server.url}/api/games/{game['id']}/preview", json=undo, timeout=120,
                             headers=_bearer(game["referee_token"]))
    with ThreadPoolExecutor(20) as pool, HealthzProbe(server.url) as probe:
        replies = pool.map(ask, range(20))
        note = requests.post(f"{server.url}/api/games/{other['id']}/events", json=live_note("referee"), timeout=30,
                             headers=_bearer(other["tokens"]["referee"]))
        replies = list(replies)
    assert_answered_beside(probe, baseline)
    assert note.status_code == 201, note.text
    answered = {(r.status_code, r.json().get("error", {}).get("code")) for r in replies}
    assert answered <= {(200, None), (429, "replay_busy"), (429, "rate_limited")}, answered
    assert (200, None) in answered
