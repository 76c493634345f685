"""Rate limits: per token and per address, counted in Redis when REDIS_URL is set, join-code misses per address."""
from __future__ import annotations

from types import SimpleNamespace

from app.config import Config
from app.ratelimit import Limits, RateLimiter, open_counters
from app.server import create_app, socketio
from app.service.tokens import JOIN_ALPHABET, JOIN_CODE_LENGTH, new_join_code
from tests.api.helpers import auth, new_game


def _app(tmp_path, name="x", **cfg):
    return create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / (name + '.db')}",
                       "INSTANCE_PATH": str(tmp_path), **cfg})


def test_a_burst_then_a_wait():
    limiter = RateLimiter(1.0, 5)
    assert [limiter.hit("k") for _ in range(5)] == [0.0] * 5
    assert 0 < limiter.hit("k") <= 5
    assert limiter.hit("other") == 0.0
    assert RateLimiter(0, 5).hit("k") == 0.0  # 0 switches limiting off


def test_fresh_tokens_do_not_buy_a_fresh_burst_from_the_same_address(tmp_path):
    app = _app(tmp_path, RATE_LIMIT_PER_SECOND=1.0, RATE_LIMIT_BURST=5, RATE_LIMIT_ADDRESS_PER_SECOND=1.0,
               RATE_LIMIT_ADDRESS_BURST=12)
    client = app.test_client()
    game = new_game(client)
    stored, refused = 0, 0
    for _ in range(4):
        joined = client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": "referee"},
                             headers=auth(game["referee_token"]))
        if joined.status_code != 201:
            refused += 1
            continue
        token = joined.get_json()["token"]
        for i in range(5):
            resp = client.post(f"/api/games/{game['id']}/events", headers=auth(token),
                               json={"id": f"{token[:8]}-{i}", "type": "note", "by": "referee", "data": {"text": "x"}})
            stored += resp.status_code == 201
            refused += resp.status_code == 429
    assert stored + 4 - refused <= 12 and refused > 0  # 12 writes from this address, not 4 x 5
    last = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}]})
    assert last.status_code == 429 and int(last.headers["Retry-After"]) >= 1


def test_join_codes_that_open_nothing_are_limited_per_address(tmp_path):
    app = _app(tmp_path, JOIN_CODE_MISSES_PER_HOUR=5)
    client = app.test_client()
    game = new_game(client)
    for i in range(5):
        assert client.get(f"/api/join/ZZZZZZZ{i}").status_code == 404
    guessed = client.get(f"/api/join/{game['join_code']}")
    assert guessed.status_code == 429 and guessed.get_json()["error"]["code"] == "rate_limited"
    other = client.get(f"/api/join/{game['join_code']}", environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert other.status_code == 200  # another phone is not punished for the guesser


def test_wrong_codes_on_join_count_as_misses(tmp_path):
    app = _app(tmp_path, JOIN_CODE_MISSES_PER_HOUR=3)
    client = app.test_client()
    game = new_game(client)
    for _ in range(3):
        assert client.post(f"/api/games/{game['id']}/join", json={"code": "WRONG234", "seat": "spectator"}).status_code == 403
    assert client.post(f"/api/games/{game['id']}/join",
                       json={"code": game["join_code"], "seat": "spectator"}).status_code == 429


def test_join_codes_are_long_enough_that_guessing_is_pointless():
    space = len(JOIN_ALPHABET) ** JOIN_CODE_LENGTH
    guesses_per_year = Config().JOIN_CODE_MISSES_PER_HOUR * 24 * 365
    # With 1,000 games open at once, one address guessing for a year finds one with odds under 1 in 1,000
    # (and a code alone opens only the spectator seats: a held player seat needs its holder's consent).
    assert guesses_per_year * 1_000 / space < 1e-3
    assert len(new_join_code()) == JOIN_CODE_LENGTH


def test_limits_are_shared_through_redis_across_processes(redis_server):
    cfg = SimpleNamespace(REDIS_URL=redis_server.url, RATE_LIMIT_PER_SECOND=1.0, RATE_LIMIT_BURST=3,
                          RATE_LIMIT_ADDRESS_PER_SECOND=0.0, RATE_LIMIT_ADDRESS_BURST=0,
                          JOIN_CODE_MISSES_PER_HOUR=60, IMPORTS_PER_HOUR=20, CUSTOM_SAVES_PER_DAY=100,
                          REGISTRATION_REQUESTS_PER_HOUR=40)
    first, second = Limits(cfg), Limits(cfg)  # two processes' limiters, one Redis
    key = "token-shared-test"
    assert [first.per_key.hit(key) for _ in range(3)] == [0.0] * 3
    assert second.per_key.hit(key) > 0, "the second process sees the first one's count"
    assert open_counters("").__class__.__name__ == "MemoryStorage"


def test_an_unreachable_redis_lets_requests_through():
    limiter = RateLimiter(1.0, 1, open_counters("redis://127.0.0.1:1/0"))
    assert limiter.hit("k") == 0.0 and limiter.hit("k") == 0.0


def test_socket_messages_from_one_address_share_its_limit(tmp_path):
    app = _app(tmp_path, RATE_LIMIT_PER_SECOND=1.0, RATE_LIMIT_BURST=5, RATE_LIMIT_ADDRESS_PER_SECOND=1.0,
               RATE_LIMIT_ADDRESS_BURST=9)
    client = app.test_client()
    game = new_game(client)  # one write from this address
    answered, refused = 0, 0
    for seat in ("p1", "p2", "referee"):
        phone = socketio.test_client(app, namespace="/live", auth={"token": game["tokens"][seat]})
        if not phone.is_connected("/live"):
            refused += 1
            continue
        for _ in range(4):
            reply = phone.emit("sync", {"last_seq": 0}, namespace="/live", callback=True)
            answered += reply["status"] == 200
            refused += reply["status"] == 429
        phone.disconnect(namespace="/live")
    assert refused > 0 and answered <= 9  # three tokens' bursts (15) would have let all 12 syncs through


def test_reads_are_limited_per_token_and_address_at_three_times_the_writes(tmp_path):
    client = _app(tmp_path, RATE_LIMIT_PER_SECOND=1.0, RATE_LIMIT_BURST=4).test_client()
    game = new_game(client)
    paths = [f"/api/games/{game['id']}", f"/api/games/{game['id']}/events?since=0", f"/api/games/{game['id']}/export"]
    codes = [client.get(paths[i % 3], headers=auth(game["tokens"]["p1"])).status_code for i in range(13)]
    assert codes == [200] * 12 + [429]  # a burst of 3 x 4 reads, whichever they are
    refused = client.get(paths[0], headers=auth(game["tokens"]["p1"]))
    assert refused.get_json()["error"]["code"] == "rate_limited" and float(refused.headers["Retry-After"]) > 0
    assert client.get(paths[0], headers=auth(game["tokens"]["p2"])).status_code == 200  # another token reads on
    made = client.post("/api/tournaments", json={"name": "Cup", "date": "2026-12-05"}).get_json()
    public = [client.get(f"/api/tournaments/{made['id']}", environ_base={"REMOTE_ADDR": "10.9.9.9"}).status_code
              for _ in range(13)]
    assert public == [200] * 12 + [429]  # without a token, the address is the key
