"""A fresh phone's first load in Chromium (benchmarks/app_shell.py): compressed, versioned, under the target."""
from __future__ import annotations

import json

import pytest

from app import delivery, web
from tests.support.benchmarks import load_benchmark

pytestmark = pytest.mark.e2e


def app_shell():
    return load_benchmark("app_shell")


def test_the_table_page_of_a_fresh_phone_transfers_under_the_target(browser, server):
    shell = app_shell()
    game_id, record = shell.table_game(server.url)
    phone = {"cookies": [], "origins": [{"origin": server.url, "localStorage": [
        {"name": "tw.games", "value": json.dumps({game_id: record})}]}]}
    load = shell.load_page(browser, f"{server.url}/play?game={game_id}", phone, ready="#table .fighter", online=True)
    urls = [url for url, _ in load["urls"]]
    assert any("/js/games/underworlds/index.js" in u for u in urls)
    # socket.io-client comes from npm: bundled into the built modules, or at its own URL beside the sources
    assert any("/vendor/socket.io" in u for u in urls) is (web.built() is None)
    assert all("/static/v/" in u for u in urls if "/static/" in u)  # every file at its versioned URL
    assert 10_000 < load["bytes"] < shell.FIRST_LOAD_TARGET


def test_every_static_file_arrives_compressed_and_cached_for_a_year(phones):
    page = phones.new("phone")
    seen = []
    page.on("response", lambda resp: seen.append(resp))
    page.goto("/new")
    page.wait_for_load_state("networkidle")
    files = [r for r in seen if "/static/v/" in r.url and not r.url.endswith((".png", ".svg"))]
    assert files
    for resp in files:
        headers = resp.all_headers()
        # a body under the compression threshold (a bundle's tiny shared chunk) gains nothing from it
        small = len(resp.body()) < delivery.COMPRESS_MIN_SIZE
        assert small or headers.get("content-encoding") in ("zstd", "br", "gzip"), resp.url
        assert "immutable" in headers["cache-control"], resp.url


def test_the_tab_icon_comes_with_the_page_and_draws(phones):
    """No request for the tab's icon: it is the page's own data: URL, and Chromium draws it."""
    page = phones.new("phone")
    asked = []
    page.on("request", lambda req: asked.append(req.url) if "icon" in req.url else None)
    page.goto("/")
    size = page.evaluate("""() => new Promise((done) => { const img = new Image();
      img.onload = () => done([img.naturalWidth, img.naturalHeight]); img.onerror = () => done(null);
      img.src = document.querySelector('link[rel=icon]').href; })""")
    assert size and size[0] > 0 and size[1] > 0
    assert not [u for u in asked if u.endswith(".svg")], asked
