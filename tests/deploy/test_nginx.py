"""deploy/nginx.conf, run by Debian's nginx in front of two app processes (tests/conftest.py: balanced_pair):
stickiness, forwarded headers the app can trust, body sizes, and what stays private."""
from __future__ import annotations

import http.client
import json
import re
import ssl
import time

import pytest
import socketio

from tests.conftest import BALANCED_CODE_MISSES
from tests.support.live import Phone, note
from tests.support.nginx import SITE, site_config

pytestmark = pytest.mark.slow

ROUTE_KEY = re.compile(r"tw_route=([0-9a-f]{32}); Path=/; Max-Age=\d+; Secure; HttpOnly; SameSite=Lax")


def request_from(nginx, address: str, method: str, path: str, body: bytes | None = None, headers=None):
    """One HTTPS request to nginx from the loopback address `address` (a phone of its own): (status, headers, body)."""
    conn = http.client.HTTPSConnection("127.0.0.1", nginx.port, timeout=10, source_address=(address, 0),
                                       context=ssl.create_default_context(cafile=nginx.ca))
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, dict(resp.getheaders()), resp.read()
    finally:
        conn.close()


# -- the file itself ----------------------------------------------------------------------------------------

def test_the_tests_change_only_ports_upstreams_and_certificate_paths():
    shipped = SITE.read_text().splitlines()
    run = site_config(SITE.read_text(), [7001, 7002, 7003], 7443, 7080, "/tmp/c.pem", "/tmp/k.pem").splitlines()
    changed = [line for line in run if line not in shipped]
    assert changed == ["    server 127.0.0.1:7001 max_fails=1 fail_timeout=10s;",
                       "    server 127.0.0.1:7002 max_fails=1 fail_timeout=10s;",
                       "    server 127.0.0.1:7003 max_fails=1 fail_timeout=10s;",
                       "    listen 127.0.0.1:7080;",
                       "    listen 127.0.0.1:7443 ssl;  # a PWA installs and its service worker runs only over HTTPS",
                       "    ssl_certificate /tmp/c.pem;",
                       "    ssl_certificate_key /tmp/k.pem;"]
    gone = [line for line in shipped if line not in run]
    assert all(re.match(r"\s*(server 127\.0\.0\.1:|listen |ssl_certificate)", line) for line in gone), gone


def test_a_site_file_without_the_expected_lines_is_not_run_silently():
    text = SITE.read_text().replace("listen 80;", "listen 8080;")
    with pytest.raises(ValueError, match="listen 80"):
        site_config(text, [7001], 7443, 7080, "/c", "/k")


# -- stickiness ---------------------------------------------------------------------------------------------

def test_a_new_phone_gets_a_route_key_and_every_request_stays_on_one_process(balanced_pair):
    nginx, site = balanced_pair.nginx, balanced_pair.site
    game = site.create_game()
    http = nginx.session()  # no key yet, as a phone opening the app for the first time
    phone = Phone(nginx.url, game["tokens"]["p1"], transports=("polling",), http=http)
    try:
        for _ in range(3):
            assert phone.submit(note("p1"))["status"] == 201
    finally:
        phone.disconnect()
    route = http.cookies.get("tw_route")
    assert route and re.fullmatch(r"[0-9a-f]{32}", route)
    rows = nginx.routed(route, until=lambda rows: len(rows) >= 5)
    assert len(rows) >= 5 and len({r["upstream"] for r in rows}) == 1, rows
    assert {r["upstream"] for r in rows} <= {f"127.0.0.1:{s.port}" for s in balanced_pair.servers}
    again = http.get(nginx.url + "/healthz", timeout=10)
    assert again.ok and "Set-Cookie" not in again.headers  # a phone that has its key keeps it


@pytest.mark.parametrize("cookie", ["not-a-key", "0" * 31, "0" * 33, "A" * 32, "g" * 32])
def test_a_route_key_that_is_not_one_is_replaced(balanced_pair, cookie):
    nginx = balanced_pair.nginx
    status, headers, _ = request_from(nginx, "127.0.0.1", "GET", "/healthz", headers={"Cookie": f"tw_route={cookie}"})
    assert status == 200
    fresh = ROUTE_KEY.fullmatch(headers.get("Set-Cookie", ""))
    assert fresh and fresh.group(1) != cookie
    assert nginx.routed(fresh.group(1))  # the request went by the new key


# -- what the processes are told ----------------------------------------------------------------------------

def test_rate_limits_count_each_phone_address_not_nginxs_nor_a_forged_one(balanced_pair):
    """Join codes that open nothing are limited per client address (app/api/games.py), across both processes:
    behind nginx that address is the phone's, and one the phone writes into X-Forwarded-For changes nothing."""
    nginx = balanced_pair.nginx
    routes = nginx.route_to_each([s.port for s in balanced_pair.servers])
    keys = list(routes.values())

    def miss(address, i, forged=None):
        headers = {"Cookie": f"tw_route={keys[i % len(keys)]}"}  # alternate processes
        if forged:
            headers["X-Forwarded-For"] = forged
        status, _, body = request_from(nginx, address, "GET", "/api/join/NOSUCHXX", headers=headers)
        return status, json.loads(body)["error"]["code"]

    for i in range(BALANCED_CODE_MISSES):
        assert miss("127.0.7.1", i) == (404, "no_such_code")
    assert miss("127.0.7.1", 0) == (429, "rate_limited")
    assert miss("127.0.7.1", 1, forged="203.0.113.9") == (429, "rate_limited")
    assert miss("127.0.8.1", 0) == (404, "no_such_code")  # another phone is not held up


def test_join_links_name_the_address_the_phone_used_whatever_it_forges(balanced_pair):
    nginx = balanced_pair.nginx
    body = json.dumps({"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}]}).encode()
    forged = {"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "http", "X-Forwarded-Port": "81",
              "X-Forwarded-Prefix": "/evil", "Content-Type": "application/json"}
    status, _, raw = request_from(nginx, "127.0.0.1", "POST", "/api/games", body=body, headers=forged)
    assert status == 201, raw
    game = json.loads(raw)
    assert game["join_url"] == f"{nginx.url}/join/{game['join_code']}"


@pytest.mark.parametrize("transports", [("websocket",), ("polling",)])
def test_a_page_of_another_site_cannot_open_a_socket_through_nginx(balanced_pair, transports):
    nginx, site = balanced_pair.nginx, balanced_pair.site
    game = site.create_game()
    with pytest.raises(socketio.exceptions.ConnectionError):
        Phone(nginx.url, game["tokens"]["p1"], transports=transports, http=nginx.session(),
              headers={"Origin": "https://evil.example"})
    phone = Phone(nginx.url, game["tokens"]["p1"], transports=transports, http=nginx.session(),
                  headers={"Origin": nginx.url})
    phone.disconnect()


# -- bodies, private pages, plain HTTP ----------------------------------------------------------------------

def test_an_oversized_body_gets_the_apps_own_error_and_a_huge_one_stops_at_nginx(balanced_pair):
    nginx = balanced_pair.nginx
    json_type = {"Content-Type": "application/json"}
    over_app = json.dumps({"ruleset": "test/tally", "pad": "x" * 300_000}).encode()  # over MAX_BODY_BYTES
    status, headers, raw = request_from(nginx, "127.0.0.1", "POST", "/api/games", body=over_app, headers=json_type)
    assert status == 413 and json.loads(raw)["error"]["code"] == "too_large"
    huge = json.dumps({"pad": "x" * 1_200_000}).encode()  # over nginx's 1m
    status, headers, _ = request_from(nginx, "127.0.0.1", "POST", "/api/games", body=huge, headers=json_type)
    assert status == 413 and headers.get("Content-Type", "").startswith("text/html")
    # a whole game's log may be far larger: nginx passes it to the app, which judges it
    status, headers, raw = request_from(nginx, "127.0.0.1", "POST", "/api/games/import", body=huge, headers=json_type)
    assert 400 <= status < 500 and status != 413 and json.loads(raw)["error"]["code"], (status, raw[:300])


def test_metrics_are_not_served_through_nginx(balanced_pair):
    nginx, (a, _) = balanced_pair.nginx, balanced_pair.servers
    assert request_from(nginx, "127.0.0.1", "GET", "/metrics")[0] == 404
    assert a.http.get(a.url + "/metrics", timeout=10).status_code == 200  # each process, on its own port


def test_plain_http_is_sent_to_https(balanced_pair):
    nginx = balanced_pair.nginx
    conn = http.client.HTTPConnection("127.0.0.1", nginx.http_port, timeout=10)
    try:
        conn.request("GET", "/join/ABCD2345")
        resp = conn.getresponse()
        assert resp.status == 301 and resp.getheader("Location") == "https://127.0.0.1/join/ABCD2345"
    finally:
        conn.close()


# -- a process that stops (last: it leaves that process out of nginx's choice for fail_timeout) --------------

def test_phones_of_a_process_that_stops_reach_another_and_come_back_when_it_is_up(balanced_pair):
    nginx, (a, b), site = balanced_pair.nginx, balanced_pair.servers, balanced_pair.site
    route = nginx.route_to_each([a.port, b.port])[b.port]
    game = site.create_game()
    b.stop()
    try:
        assert nginx.session(route).get(nginx.url + "/healthz", timeout=10).ok
        phone = Phone(nginx.url, game["tokens"]["p1"], transports=("polling",), http=nginx.session(route))
        try:
            assert phone.submit(note("p1"))["status"] == 201
        finally:
            phone.disconnect()
        served = {r["upstream"].split(", ")[-1] for r in nginx.routed(route) if r["uri"].startswith("/socket.io/")}
        assert served == {f"127.0.0.1:{a.port}"}, served
    finally:
        b.start()
    # once fail_timeout (10 s) has passed, the key leads to its own process again
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        before = len(nginx.routed(route))
        assert nginx.session(route).get(nginx.url + "/healthz", timeout=10).ok
        latest = nginx.routed(route, until=lambda rows, n=before: len(rows) > n)[-1]
        if latest["upstream"] == f"127.0.0.1:{b.port}":
            return
        time.sleep(0.5)
    raise AssertionError(f"the route key did not lead to 127.0.0.1:{b.port} again")
