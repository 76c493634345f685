"""app/delivery.py with app/web.py: compressed text, year-long caching of versioned files, no-cache elsewhere."""
from __future__ import annotations

import gzip
import re
import shutil

import brotli
import pytest

from app import delivery, web
from tests.api.helpers import auth, event, new_game, submit

BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd"}


def asset_urls(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/v/[^"]+)"', html)


def test_pages_link_their_files_by_content_version_and_are_never_cached_stale(client):
    resp = client.get("/play", headers=BROWSER)
    assert resp.headers["Cache-Control"] == "no-cache"
    assert resp.headers["Content-Encoding"] in ("zstd", "br", "gzip")
    html = client.get("/play").get_data(as_text=True)
    urls = asset_urls(html)
    assert {u.split("/", 4)[3] for u in urls} == {web.shell_version()}
    assert any(u.endswith("/js/pages/play.js") for u in urls) and any(u.endswith("/css/app.css") for u in urls)
    for url in urls:
        file = client.get(url)
        assert file.status_code == 200, url
        assert file.headers["Cache-Control"] == web.IMMUTABLE
        # the URL and Cache-Control say it all: no dates or download name to repeat on every request
        assert not {"Expires", "Last-Modified", "Content-Disposition"} & set(file.headers.keys()), url


@pytest.mark.parametrize("path, mimetype", [("js/pages/play.js", "text/javascript"), ("css/app.css", "text/css"),
                                            ("vendor/socket.io.esm.min.js", "text/javascript")])
def test_text_files_are_gzipped_for_a_browser_that_accepts_only_gzip(client, path, mimetype):
    if path.startswith("vendor/") and not (web.NODE_MODULES / web.VENDOR["socket.io.esm.min.js"]).exists():
        pytest.skip("npm ci has not run")
    url = f"/static/v/{web.shell_version()}/{path}"
    plain = client.get(url, headers={"Accept-Encoding": "identity"})
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert plain.headers.get("Content-Encoding") is None and packed.headers["Content-Encoding"] == "gzip"
    assert packed.mimetype == mimetype and "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2


def test_a_versioned_file_revalidates_to_304(client):
    url = f"/static/v/{web.shell_version()}/js/dom.js"
    first = client.get(url, headers=BROWSER)
    again = client.get(url, headers={**BROWSER, "If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_an_old_version_url_gets_todays_file_without_long_caching(client):
    old = client.get("/static/v/000000000000/js/dom.js")
    assert old.status_code == 200 and old.headers["Cache-Control"] == "no-cache"
    assert old.data == client.get(f"/static/v/{web.shell_version()}/js/dom.js").data


@pytest.mark.parametrize("path", ["../app/web.py", "vendor/package.json", "vendor/..%2Fpackage.json", "nope.js"])
def test_versioned_urls_serve_nothing_outside_static_and_the_npm_allow_list(client, path):
    assert client.get(f"/static/v/{web.shell_version()}/{path}").status_code == 404


def test_api_reads_are_compressed_and_not_cached_but_posts_stay_uncompressed(client):
    game = new_game(client)
    created = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": f"Player {n} " + "a" * 30} for n in range(4)]},
                          headers=BROWSER)
    assert created.status_code == 201 and "Content-Encoding" not in created.headers
    for _ in range(30):
        assert submit(client, game, "p1", event("p1", "note", text="x" * 40)).status_code == 201
    read = client.get(f"/api/games/{game['id']}/export", headers={**BROWSER, **auth(game["referee_token"])})
    assert read.status_code == 200 and read.headers["Cache-Control"] == "no-cache"
    assert read.headers["Content-Encoding"] in ("zstd", "br", "gzip")


def test_changing_one_shell_file_changes_the_version_in_every_url(tmp_path, monkeypatch):
    shutil.copytree(web.STATIC, tmp_path / "static")
    monkeypatch.setattr(web, "STATIC", tmp_path / "static")
    before = web.shell_version()
    (tmp_path / "static" / "js" / "dom.js").write_text("// changed\n", encoding="utf-8")
    assert web.shell_version() != before


def test_a_ruleset_s_catalogue_is_sent_compressed_once_at_brotli_s_best_and_as_usual_otherwise(client):
    plain = client.get("/api/rulesets/underworlds/deathgorge", headers={"Accept-Encoding": "identity"})
    best = client.get("/api/rulesets/underworlds/deathgorge", headers=BROWSER)
    assert best.headers["Content-Encoding"] == "br" and "Accept-Encoding" in best.headers["Vary"]
    assert brotli.decompress(best.data) == plain.data and plain.headers.get("Content-Encoding") is None
    assert len(best.data) <= len(brotli.compress(plain.data, quality=delivery.BROTLI_LEVEL))
    packed = client.get("/api/rulesets/underworlds/deathgorge", headers={"Accept-Encoding": "gzip"})
    assert packed.headers["Content-Encoding"] == "gzip" and gzip.decompress(packed.data) == plain.data
    assert client.get("/api/rulesets/nope/nope", headers=BROWSER).status_code == 404


def test_pages_and_api_reads_prefer_brotli(client):
    page = client.get("/play", headers=BROWSER)
    assert page.headers["Content-Encoding"] == "br"
