"""The web blueprint (app/web.py): pages, manifest, service worker, vendored npm files."""
from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from flask import Flask

from app import web

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture()
def client():
    app = Flask(__name__)
    app.register_blueprint(web.bp)
    return app.test_client()


@pytest.mark.parametrize("path", ["/", "/new", "/join", "/join/K7QX2M", "/play?game=x", "/cards", "/offline"])
def test_pages_render_the_shell(client, path):
    """Every page is the dark shell: manifest link, theme colour, connection indicator, its module."""
    resp = client.get(path)
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    assert 'name="theme-color"' in html and 'id="conn"' in html
    assert 'type="module"' in html


def test_join_link_prefills_the_code(client):
    """The QR code's link /join/<code> opens the join page with the code filled in (escaped)."""
    html = client.get('/join/"><script>x</script>').get_data(as_text=True)
    assert "<script>x</script>" not in html
    assert 'value="K7QX2M"' in client.get("/join/K7QX2M").get_data(as_text=True)


def test_manifest_is_installable(client):
    """Manifest: name, 192 and 512 px icons, start_url, standalone display, theme colour."""
    resp = client.get("/manifest.webmanifest")
    assert resp.mimetype == "application/manifest+json"
    m = json.loads(resp.get_data())
    assert m["name"] and m["short_name"] and m["display"] == "standalone"
    assert m["start_url"].startswith("/") and m["theme_color"].startswith("#")
    sizes = {i["sizes"] for i in m["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in m["icons"]:
        assert client.get(icon["src"]).status_code == 200


def test_icons_have_their_sizes():
    """The PNG icons really are 192 and 512 px square (PNG header width/height)."""
    for name, size in (("icon-192.png", 192), ("icon-512.png", 512), ("icon-maskable-512.png", 512)):
        data = (ROOT / "static" / "icons" / name).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        assert int.from_bytes(data[16:20], "big") == size and int.from_bytes(data[20:24], "big") == size


def test_service_worker_at_root_scope_precaches_the_shell(client):
    """sw.js is served from / (scope = whole app), precaches pages + our files, skips /socket.io/."""
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and "javascript" in resp.mimetype
    body = resp.get_data(as_text=True)
    assert resp.headers["Cache-Control"] == "no-cache"
    version = web.shell_version()
    for url in ("/", "/play", "/offline", f"/static/v/{version}/css/app.css", f"/static/v/{version}/js/pages/play.js",
                f"/static/v/{version}/icons/icon-192.png"):
        assert f'"{url}"' in body
    # the sources import socket.io-client from vendor/; the built modules hold it (tests/test_assets.py)
    assert (f'"/static/v/{version}/vendor/socket.io.esm.min.js"' in body) is (web.built() is None)
    assert 'startsWith("/socket.io/")' in body
    assert f'"{web.shell_version()}"' in body


def test_vendor_serves_only_allow_listed_npm_files(client):
    """/vendor/ serves socket.io-client from node_modules and nothing else."""
    if not (web.NODE_MODULES / web.VENDOR["socket.io.esm.min.js"]).exists():
        pytest.skip("npm ci has not run")
    resp = client.get("/vendor/socket.io.esm.min.js")
    assert resp.status_code == 200 and "javascript" in resp.mimetype
    assert client.get("/vendor/package.json").status_code == 404
    qr = client.get("/vendor/qrcode.mjs")  # the QR of the referee's link is drawn on the phone
    assert qr.status_code == 200 and "javascript" in qr.mimetype and b"export default" in qr.get_data()
    assert client.get("/vendor/..%2Fpackage.json").status_code == 404


def test_no_inner_html_with_data():
    """Player-entered text is only ever set as text: our modules never use innerHTML/insertAdjacentHTML."""
    for path in (ROOT / "static" / "js").rglob("*.js"):
        text = path.read_text()
        assert "innerHTML" not in text and "insertAdjacentHTML" not in text and "outerHTML" not in text, path


def test_the_top_bar_draws_the_icon_in_the_page_instead_of_fetching_it(client):
    """Two requests less on a fresh phone's first load: the top bar's icon is inline SVG, hidden from screen readers
    (the link around it is named), and the tab's icon is the same drawing as a data: URL."""
    html = client.get("/play").get_data(as_text=True)
    bar = html[html.index('<header class="topbar">'):html.index("</header>")]
    assert '<svg width="28" height="28" aria-hidden="true" focusable="false"' in bar and "<img" not in bar
    assert 'aria-label="Tablewarden"' not in bar and "<polygon" in bar
    icon = re.search(r'<link rel="icon" href="([^"]+)"', html).group(1)
    assert icon.startswith("data:image/svg+xml,") and "/static/" not in icon
    drawn = unquote(icon.split(",", 1)[1].replace("&amp;", "&").replace("&#39;", "'").replace("&#34;", '"'))
    assert drawn.startswith("<svg") and "<polygon" in drawn and drawn.rstrip().endswith("</svg>")
