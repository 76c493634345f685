"""Security headers on every response, writes only from our own pages and as JSON, join links from a trusted base."""
from __future__ import annotations

import json

import pytest

from app.server import create_app

BODY = json.dumps({"ruleset": "test/tally", "seats": [{"name": "A"}, {"name": "B"}]})


@pytest.mark.parametrize("path", ["/", "/new", "/join", "/play", "/sw.js"])
def test_every_document_carries_the_security_headers(client, path):
    resp = client.get(path)
    csp = resp.headers["Content-Security-Policy"]
    assert "script-src 'self';" in csp and "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "frame-ancestors 'none'" in csp
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert resp.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("path", ["/api/rulesets", "/api/nothing-here", "/api/games/nope/events?since=x"])
def test_a_json_answer_may_load_nothing_and_be_framed_by_nothing(client, path):
    """Opened as a document (a link followed, a URL typed), a JSON answer runs and loads nothing."""
    resp = client.get(path)
    assert resp.mimetype == "application/json"
    assert resp.headers["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'"
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert resp.headers["Referrer-Policy"] == "no-referrer"


@pytest.mark.parametrize("path", ["/static/js/api.js", "/static/css/app.css"])
def test_a_static_script_or_style_sheet_carries_only_the_headers_that_apply_to_it(client, path):
    """CSP, framing and opener policies are read from documents only: a script a page loads gets nosniff and
    the Referer policy, and no header that would only add bytes to each of a table page's requests."""
    resp = client.get(path)
    assert resp.status_code == 200
    assert resp.headers["X-Content-Type-Options"] == "nosniff" and resp.headers["Referrer-Policy"] == "no-referrer"
    assert not {"Content-Security-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy"} & set(resp.headers.keys())


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"])
def test_simple_cross_site_posts_are_refused(client, ctype):
    resp = client.post("/api/games", data=BODY, content_type=ctype)
    assert resp.status_code == 415 and resp.get_json()["error"]["code"] == "unsupported_media_type"


def test_a_write_from_another_sites_page_is_refused(client):
    resp = client.post("/api/games", data=BODY, content_type="application/json",
                       headers={"Origin": "https://evil.example"})
    assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "cross_site"
    resp = client.post("/api/games", data=BODY, content_type="application/json", headers={"Origin": "null"})
    assert resp.status_code == 403
    resp = client.post("/api/games", data=BODY, content_type="application/json", headers={"Sec-Fetch-Site": "cross-site"})
    assert resp.status_code == 403


def test_writes_from_our_own_pages_and_from_tools_pass(client):
    own = client.post("/api/games", data=BODY, content_type="application/json",
                      headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert own.status_code == 201
    assert client.post("/api/games", data=BODY, content_type="application/json").status_code == 201  # curl: no Origin


def test_join_links_ignore_a_forged_host(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'h.db'}",
                      "INSTANCE_PATH": str(tmp_path), "ALLOWED_HOSTS": "tables.local,192.168.1.20"})
    c = app.test_client()
    forged = c.post("/api/games", data=BODY, content_type="application/json", headers={"Host": "evil.example"})
    assert forged.get_json()["join_url"].startswith("http://tables.local/join/")
    fine = c.post("/api/games", data=BODY, content_type="application/json", headers={"Host": "192.168.1.20:5000"})
    assert fine.get_json()["join_url"].startswith("http://192.168.1.20:5000/join/")


def test_a_host_header_that_is_not_a_plain_host_never_makes_a_link(client):
    game = client.post("/api/games", data=BODY, content_type="application/json",
                       headers={"Host": "evil.example/phish?x="}).get_json()
    assert game["join_url"] == f"/join/{game['join_code']}"
