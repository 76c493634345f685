"""The phone app's pages: Jinja shells, the PWA manifest, the service worker and vendored npm files.

Everything here is static or nearly so; the game itself lives in the ES modules under static/js,
which talk to the REST API and the /live Socket.IO namespace.
"""
from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote

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
from markupsafe import Markup

from app import assets

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


def build_static() -> assets.Build | None:
    """Build static/js and static/css unless a fresh build exists (run by scripts/setup and at the server's start)."""
    return assets.build(STATIC, VENDOR)


def built() -> assets.Build | None:
    """The fresh build (app/assets.py) served in place of the source modules and stylesheets, or None."""
    return assets.current(STATIC, VENDOR)


def _shell_files() -> list[str]:
    """Static files of the app shell (JS, CSS, icons), as URLs: with a build, its files in place of the sources."""
    build = built()
    out = []
    for path in sorted(STATIC.rglob("*")):
        rel = path.relative_to(STATIC).as_posix()
        if build is not None and rel.split("/", 1)[0] in assets.BUILT:
            continue
        if path.is_file() and path.suffix in (".js", ".css", ".png", ".svg"):
            out.append("/static/" + rel)
    if build is not None:
        out += [f"/static/{rel}" for rel in build.files]
    return sorted(out)


def _local(url: str, build: assets.Build | None) -> Path:
    """The file served at a static URL (`/static/<path>`): the built one where the build has it."""
    rel = url.removeprefix("/static/")
    return (build.path(rel) if build is not None else None) or STATIC / rel


@lru_cache(maxsize=1)
def _shell_version_cached(stamp: tuple) -> str:
    digest = hashlib.sha256()
    build = built()
    for url, _mtime in stamp:
        digest.update(url.encode())
        local = _local(url, build)
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
    build = built()
    stamp = tuple((u, _local(u, build).stat().st_mtime_ns) for u in files)
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
            "asset_url": asset_url, "preloads": preloads, "brand_mark": brand_mark, "icon_url": icon_url}


@lru_cache(maxsize=1)
def _brand_mark(mtime: int) -> Markup:
    svg = (STATIC / "icons" / "icon.svg").read_text(encoding="utf-8")
    # Drawn in the page rather than fetched: one request less on a fresh phone's first load. Decorative there (the
    # link beside it is named), so hidden from screen readers.
    svg = re.sub(r'\s(role|aria-label)="[^"]*"', "", svg, count=2)
    return Markup(svg.replace("<svg ", '<svg width="28" height="28" aria-hidden="true" focusable="false" ', 1))


def brand_mark() -> Markup:
    """The app's icon as inline SVG, for the top bar."""
    return _brand_mark((STATIC / "icons" / "icon.svg").stat().st_mtime_ns)


@lru_cache(maxsize=1)
def _icon_url(mtime: int) -> str:
    svg = (STATIC / "icons" / "icon.svg").read_text(encoding="utf-8")
    # The tab's icon in the page too: a fresh phone's first load fetched it on its own (about 1 KB with its headers),
    # where the page's compression, having the same drawing in the top bar, carries it for a few bytes.
    return "data:image/svg+xml," + quote(re.sub(r">\s+<", "><", svg.strip()), safe=" =:/\"'")


def icon_url() -> str:
    """The app's icon as a data: URL, for the page's tab icon."""
    return _icon_url((STATIC / "icons" / "icon.svg").stat().st_mtime_ns)


def preloads(module: str) -> list[str]:
    """URLs of the built chunks a page module imports at once (`js/pages/play.js`): linked as modulepreload, the
    phone fetches them beside the page's module instead of one round trip after it. None without a build."""
    build = built()
    if build is None:
        return []
    return [asset_url(rel) for rel in build.preloads.get(module, ())]


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
    # The built modules hold the npm files they import; the sources import them from vendor/.
    vendor = [] if built() is not None else [asset_url(f"vendor/{name}") for name in VENDOR]
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
        resp = _static_file(filename)
    resp.headers["Cache-Control"] = IMMUTABLE if version == shell_version() else "no-cache"
    # Said by the URL and Cache-Control; nor are byte ranges of a (compressed) module asked for: every header here
    # is sent with each of a page's dozen files, over the phone's slowest link.
    for name in ("Expires", "Last-Modified", "Content-Disposition", "Accept-Ranges"):
        resp.headers.pop(name, None)
    # Read the (small) file now: compression then gives a Content-Length and an ETag per encoding.
    resp.direct_passthrough = False
    resp.make_sequence()
    return resp


def _static_file(filename: str) -> Response:
    """A file under static/ (or its built copy), precompressed by the build when the browser takes brotli."""
    build = built()
    local = build.path(filename) if build is not None else None
    if local is None:
        earlier = assets.earlier_chunk(filename) if not (STATIC / filename).is_file() else None
        if earlier is not None:
            return send_file(earlier, mimetype="text/javascript", max_age=0)
        return send_from_directory(STATIC, filename, max_age=0)   # safe_join: nothing outside static/
    packed = local.with_name(local.name + ".br")
    if "br" not in request.accept_encodings or not packed.is_file():
        return send_file(local, max_age=0)
    mimetype = "text/css" if local.suffix == ".css" else "text/javascript"
    resp = send_file(packed, mimetype=mimetype, max_age=0)
    resp.headers["Content-Encoding"] = "br"   # delivery leaves a response that has its encoding as it is
    resp.vary.add("Accept-Encoding")
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
