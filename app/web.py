"""The phone app's pages: Jinja shells, the PWA manifest, the service worker and vendored npm files.

Everything here is static or nearly so; the game itself lives in the ES modules under static/js,
which talk to the REST API and the /live Socket.IO namespace.
"""
from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    jsonify,
    render_template,
    request,
    send_file,
    send_from_directory,
)

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
NODE_MODULES = ROOT / "node_modules"

# npm files the browser may load, by the name it asks for -> path under node_modules.
# An allow-list, so /vendor/ never serves anything else out of node_modules.
VENDOR = {
    "socket.io.esm.min.js": "socket.io-client/dist/socket.io.esm.min.js",
    # QR codes drawn on the phone, for links that must not reach the server in a URL (the referee's link)
    "qrcode.mjs": "qrcode-generator/dist/qrcode.mjs",
}

THEME = "#14161b"
# Files under /static/v/<shell version>/ never change (a new version is a new URL): a year, immutable.
IMMUTABLE = "public, max-age=31536000, immutable"
APP_NAME = "Tablewarden"

bp = Blueprint("web", __name__, template_folder=str(ROOT / "templates"),
               static_folder=str(STATIC), static_url_path="/static")



@bp.record_once
def _share_static_folder(state) -> None:
    # An app whose own /static route exists (Flask adds one when its package has a static/ folder)
    # would shadow ours: point the app's static folder at ours so either route serves these files.
    state.app.static_folder = str(STATIC)


# Pages precached by the service worker: the whole app shell works from these offline.
SHELL_PAGES = ["/", "/new", "/join", "/play", "/cards", "/offline"]


def _shell_files() -> list[str]:
    """Static files of the app shell (JS, CSS, icons), as URLs."""
    out = []
    for path in sorted(STATIC.rglob("*")):
        if path.is_file() and path.suffix in (".js", ".css", ".png", ".svg"):
            out.append("/static/" + path.relative_to(STATIC).as_posix())
    return out


@lru_cache(maxsize=1)
def _shell_version_cached(stamp: tuple) -> str:
    digest = hashlib.sha256()
    for url, _mtime in stamp:
        digest.update(url.encode())
        local = STATIC / url.removeprefix("/static/")
        if local.exists():
            digest.update(local.read_bytes())
    for tpl in sorted((ROOT / "templates").glob("*.html")):
        digest.update(tpl.read_bytes())
    for rel in sorted(VENDOR.values()):
        if (NODE_MODULES / rel).is_file():
            digest.update((NODE_MODULES / rel).read_bytes())
    return digest.hexdigest()[:12]


def shell_version() -> str:
    """Content hash of the shell: a new version makes the service worker refresh its cache."""
    files = _shell_files()
    stamp = tuple((u, (STATIC / u.removeprefix("/static/")).stat().st_mtime_ns) for u in files)
    templates = tuple(sorted(((t.name, t.stat().st_mtime_ns) for t in (ROOT / "templates").glob("*.html"))))
    vendor = tuple((rel, (NODE_MODULES / rel).stat().st_mtime_ns) for rel in sorted(VENDOR.values())
                   if (NODE_MODULES / rel).is_file())
    return _shell_version_cached(stamp + templates + vendor)


def asset_url(path: str) -> str:
    """The content-versioned URL of a file under static/ (or `vendor/<name>`): cacheable for a year.

    Modules import each other by relative paths, so every module a page loads from here stays under
    the same version; a new version of any shell file is a new URL for all of them (the service
    worker refreshes its cache on the same hash).
    """
    return f"/static/v/{shell_version()}/{path}"


@bp.app_context_processor
def _globals():
    return {"shell_version": shell_version(), "theme_colour": THEME, "app_name": APP_NAME,
            "asset_url": asset_url}


# -- pages ---------------------------------------------------------------------------------------

@bp.get("/")
def start():
    """Start screen: new game, join, resume."""
    return render_template("start.html", page="start")


@bp.get("/new")
def new_game():
    """Setup wizard."""
    return render_template("new.html", page="new")


@bp.get("/join")
@bp.get("/join/<code>")
def join(code: str | None = None):
    """Join a game with its code (typed, or from the link in the host's QR code)."""
    return render_template("join.html", page="join", code=code or request.args.get("code", ""))


@bp.get("/play")
def play():
    """The table: one game, as this phone's seat sees it (game id in the query string)."""
    return render_template("play.html", page="play")


@bp.get("/cards")
def cards():
    """Look a card up by name: its facts (type, glory, cost, deck, set), never its rules text."""
    return render_template("cards.html", page="cards")


@bp.get("/offline")
def offline():
    """Fallback page the service worker shows for a page it never cached."""
    return render_template("offline.html", page="offline")


# -- PWA -----------------------------------------------------------------------------------------

@bp.get("/manifest.webmanifest")
def manifest():
    """Web app manifest: name, icons, start_url, standalone display, theme colour."""
    body = {
        "name": APP_NAME,
        "short_name": APP_NAME,
        "description": "Follow a tabletop game at the table: wounds, glory, activations, rules checks.",
        "id": "/",
        "start_url": "/?source=pwa",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": [
            {"src": asset_url("icons/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": asset_url("icons/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": asset_url("icons/icon-maskable-512.png"), "sizes": "512x512", "type": "image/png",
             "purpose": "maskable"},
        ],
    }
    resp = jsonify(body)
    resp.mimetype = "application/manifest+json"
    return resp


@bp.get("/sw.js")
def service_worker():
    """The service worker, served from the root so its scope is the whole app."""
    files = [asset_url(url.removeprefix("/static/")) for url in _shell_files()]
    vendor = [asset_url(f"vendor/{name}") for name in VENDOR]
    body = render_template("sw.js", version=shell_version(),
                           precache=SHELL_PAGES + files + vendor + ["/manifest.webmanifest"])
    return Response(body, mimetype="text/javascript",
                    headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"})


@bp.get("/static/v/<version>/<path:filename>")
def versioned_static(version: str, filename: str):
    """A static file (or an allow-listed npm file under vendor/) at its content-versioned URL.

    The current version is cached for a year; an older version (a page cached before a deploy) gets
    today's file with no-cache, so a stale URL is never cached as if it were that version.
    """
    if filename.startswith("vendor/"):
        resp = vendor(filename.removeprefix("vendor/"))
    else:
        resp = send_from_directory(STATIC, filename, max_age=0)
    resp.headers["Cache-Control"] = IMMUTABLE if version == shell_version() else "no-cache"
    for name in ("Expires", "Last-Modified", "Content-Disposition"):  # said by the URL and Cache-Control
        resp.headers.pop(name, None)
    # Read the (small) file now: compression then gives a Content-Length and an ETag per encoding.
    resp.direct_passthrough = False
    resp.make_sequence()
    return resp


@bp.get("/static/vendor/<name>")
@bp.get("/vendor/<name>")
def vendor(name: str):
    """A browser dependency installed by npm (allow-listed), served from node_modules."""
    rel = VENDOR.get(name)
    if rel is None:
        abort(404)
    path = NODE_MODULES / rel
    if not path.is_file():
        current_app.logger.error("%s is missing: run `npm ci` (scripts/setup does)", path)
        abort(503)
    return send_file(path, mimetype="text/javascript", max_age=0)
