#!/usr/bin/env python3
"""What a phone loads: our own JavaScript and CSS per page before compression (app shell budget 180 KB), and the bytes a
fresh phone really transfers for the start and table pages, measured in Chromium (target: table page under 64 KB).

Run: .venv/bin/python benchmarks/app_shell.py             (prints both; exits 1 when over budget or target)
     .venv/bin/python benchmarks/app_shell.py --no-browser (the file sizes only)
Vendored npm files (socket.io-client) are reported apart in the file sizes: they are not ours. The Chromium
measurement starts `python -m app` on a temp SQLite file and Debian's Chromium (TW_CHROMIUM to change it), opens
each page in a fresh browser profile and counts every HTTP response's transferred bytes (headers + compressed
body) and the live socket's frames until the page is idle, then, apart, the service worker's precache of the
whole app for offline use.
"""
from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import sys
import tempfile
import zlib
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from processes import free_port, start_app, stop

ROOT = Path(__file__).resolve().parent.parent
# 150 KB until the cards in play (met objectives, held cards, card effects) and the paced tournament strip added
# 1.2 KB to the table page's shell (2026-12-01); 155 KB until the organiser's bookkeeping (registration edits,
# players' links shown again, judge calls closed, time extensions, penalties, paid marks, deck checks, alerts and
# leagues) took the tournament page's shell to 174.4 KB of sources (2026-12-02). Phones get these modules minified
# and bundled by the build: what they transfer is held by FIRST_LOAD_TARGET.
BUDGET = 180 * 1024
# Transferred for the table page of a fresh install, as served: the modules bundled and minified by the build
# (app/assets.py), everything compressed. 100 KB until the build; the same phone on a slow mobile link is measured
# by benchmarks/phone.py.
FIRST_LOAD_TARGET = 64 * 1024
CHROMIUM = os.environ.get("TW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def shell_files() -> list[Path]:
    """Our JS and CSS under static/, plus the service worker template."""
    files = sorted([*(ROOT / "static").rglob("*.js"), *(ROOT / "static").rglob("*.css")])
    return files + [ROOT / "templates" / "sw.js"]


# The app shell of a page is its module with everything that module imports (static or dynamic, followed
# through) except the games' renderers, our CSS and the service worker: the 180 KB budget (before gzip) holds
# for the largest shell. A page that loads a game's renderer by name (`import(`../games/${fam}/index.js`)`: the
# table and the setup wizard's hooks) also loads one game's renderer with everything it imports; that whole
# first load is held by the transferred-bytes target measured in Chromium (under 64 KB for the table page).
FAMILIES = ("underworlds", "conquest", "battlelore")
# The stylesheets a page links are read from its template (base.html: every page; a head block: that page only).
TEMPLATE_CSS = re.compile(r"""asset_url\(['"](css/[a-z0-9_-]+\.css)['"]\)""")


def page_css() -> dict[str, set[str]]:
    """{page (template name): the stylesheets its template links}; base.html's are every page's."""
    return {t.stem: {f"static/{rel}" for rel in TEMPLATE_CSS.findall(t.read_text(encoding="utf-8"))}
            for t in (ROOT / "templates").glob("*.html")}


JS = ROOT / "static" / "js"
# The referee's desk (static/js/referee/: correcting an entry, an undo's preview, what an entry changed) loads only
# on the referee's phone, usually a laptop or a tablet: like a game's renderer it is reported apart from the
# players' shell, and the referee's table page (the table's shell with the desk) is reported on its own line.
REFEREE = JS / "referee" / "desk.js"
REFEREE_CSS = "static/css/referee.css"   # linked by the desk itself
# The tournament staff's desk (organiser, judge, scorekeeper: the round, players, judge calls, links) loads only on a
# staff link: reported apart from the tournament page's shell in the same way, its page with it on its own line.
STAFF = JS / "tournaments" / "staff.js"
# A tournament round's table shows the round clock above it (static/js/tournaments/strip.js, with the tournament's
# socket): loaded only at such a table, reported apart from the table page's shell in the same way.
ROUND_STRIP = JS / "tournaments" / "strip.js"
LINKED_CSS = re.compile(r"""["'`][./]*css/([a-z0-9_-]+\.css)["'`]""")
IMPORTS = re.compile(r"""(?:\bfrom\s*|\bimport\s*\(\s*|^import\s+)(["'`])([^"'`]+)\1""", re.M)


def imports_of(path: Path) -> tuple[list[Path], bool]:
    """The modules a module imports by path, and whether it imports a game's renderer by name."""
    out, by_name = [], False
    for _quote, spec in IMPORTS.findall(path.read_text(encoding="utf-8")):
        if "${" in spec:
            # a renderer by name: `../games/${fam}/index.js`, or `./${family}/index.js` from games/ itself
            base = (path.parent / spec.split("${", 1)[0]).resolve()
            by_name = by_name or base == (JS / "games").resolve()
        elif spec.startswith("."):
            out.append((path.parent / spec).resolve())
    return out, by_name


def closure(entry: Path, without: Path | None = None) -> tuple[set[Path], bool]:
    """A module and every module it may load (not through `without`), and whether any of them loads a game's
    renderer by name."""
    seen: set[Path] = set()
    todo, by_name = [entry.resolve()], False
    while todo:
        path = todo.pop()
        if path in seen or not path.is_file() or (without is not None and path == without.resolve()):
            continue
        seen.add(path)
        deps, named = imports_of(path)
        by_name = by_name or named
        todo.extend(deps)
    return seen, by_name


def linked_css(files: set[Path]) -> set[Path]:
    """The stylesheets these modules link themselves (a game's renderer brings its own: `css/<name>.css`)."""
    names = {m for f in files for m in LINKED_CSS.findall(f.read_text(encoding="utf-8"))}
    return {(ROOT / "static" / "css" / name).resolve() for name in names}


def renderers() -> dict[str, set[Path]]:
    """{game family: its renderer with everything it imports and the stylesheets it links}."""
    games = {}
    for fam in FAMILIES:
        files, _ = closure(JS / "games" / fam / "index.js")
        games[fam] = files | linked_css(files)
    return games


def wizards() -> dict[str, set[Path]]:
    """{game family: its setup wizard's hooks (`wizard.js`, loaded by name like a renderer) with what they import}."""
    return {fam: closure(JS / "games" / fam / "wizard.js")[0] for fam in FAMILIES}


def referee_desk() -> set[Path]:
    """The referee's desk with the modules only it loads (those the players' table loads too are in its shell)."""
    files, _ = closure(REFEREE)
    return {f for f in files if JS / "referee" in f.parents} | {(ROOT / REFEREE_CSS).resolve()}


def staff_desk() -> set[Path]:
    """The staff's desk with the modules only it loads (those a player's tournament page loads too are its shell's)."""
    desk, _ = closure(STAFF)
    page, _ = closure(JS / "pages" / "tournament.js", without=STAFF)
    return desk - page


def round_strip() -> set[Path]:
    """The round clock of a tournament's table with the modules only it loads (apart from the table page's shell)."""
    strip, _ = closure(ROUND_STRIP)
    page, _ = closure(JS / "pages" / "play.js", without=ROUND_STRIP)
    return strip - page


def shells() -> dict[str, tuple[set[Path], bool]]:
    """{page module: (the game-neutral files a phone loads for it, whether it also loads a game's renderer)}."""
    linked = page_css()
    shared = {(ROOT / rel).resolve() for rel in linked.pop("base", set())}
    games = set().union(*renderers().values(), *wizards().values()) - {p.resolve() for p in (JS).glob("*.js")}
    games |= referee_desk() | staff_desk() | round_strip()
    out = {}
    for page in sorted((JS / "pages").glob("*.js")):
        files, by_name = closure(page)
        own_css = {(ROOT / rel).resolve() for rel in linked.get(page.stem, set())}
        out[page.stem] = ((files - games) | shared | own_css | {(ROOT / "templates" / "sw.js").resolve()}, by_name)
    return out


def pages() -> dict[str, set[Path]]:
    """{page module: the files a phone loads for it}: its shell and, where it loads a game's part by name (the table's
    renderer, the wizard's hooks), the largest of those."""
    size = lambda fs: sum(f.stat().st_size for f in fs)   # noqa: E731
    biggest = max(renderers().values(), key=size)
    wizard = max(wizards().values(), key=size)
    named = {page: imported_by_name(page) for page in shells()}
    return {page: files | (biggest if by_name and "index.js" in named[page] else set())
            | (wizard if "wizard.js" in named[page] else set()) for page, (files, by_name) in shells().items()}


def imported_by_name(page: str) -> set[str]:
    """Which games' modules a page loads by name, through everything it imports: {"index.js", "wizard.js"}."""
    files, _ = closure(JS / "pages" / f"{page}.js")
    return {spec.rsplit("/", 1)[-1] for f in files for _q, spec in IMPORTS.findall(f.read_text(encoding="utf-8"))
            if "${" in spec}


def measure() -> dict:
    """{"files": [(path, raw, gzipped)], "pages": {page: raw}, "raw"/"gzip": the largest page, "all": every
    file, "vendor"}."""
    rows = []
    for path in shell_files():
        data = path.read_bytes()
        rows.append((path.relative_to(ROOT).as_posix(), len(data), len(gzip.compress(data, 9))))
    size = {(ROOT / r[0]).resolve(): r for r in rows}
    def total(files):
        return (sum(size[f][1] for f in files if f in size), sum(size[f][2] for f in files if f in size))
    per_page = {page: total(fs) for page, fs in pages().items()}
    per_shell = {page: total(fs) for page, (fs, _) in shells().items()}
    vendor = ROOT / "node_modules" / "socket.io-client" / "dist" / "socket.io.esm.min.js"
    return {"files": rows, "pages": {p: v[0] for p, v in per_page.items()},
            "shells": {p: v[0] for p, v in per_shell.items()},
            "renderers": {fam: total(fs)[0] for fam, fs in renderers().items()},
            "referee_desk": total(referee_desk())[0],
            "referee_page": total(shells()["play"][0] | referee_desk())[0],
            "round_strip": total(round_strip())[0],
            "round_table_page": total(shells()["play"][0] | round_strip())[0],
            "staff_desk": total(staff_desk())[0],
            "staff_page": total(shells()["tournament"][0] | staff_desk())[0],
            "raw": max(per_shell.values())[0], "gzip": max(per_shell.values())[1],
            "page_raw": max(per_page.values())[0], "page_gzip": max(per_page.values())[1],
            "all": sum(r[1] for r in rows), "vendor": vendor.stat().st_size if vendor.exists() else None}


def transferred(request) -> int:
    """Bytes a response took on the wire: its headers and its (compressed) body."""
    sizes = request.sizes()
    return max(0, sizes["responseHeadersSize"]) + max(0, sizes["responseBodySize"])


class SocketTally:
    """The live socket's bytes on the wire, read over the DevTools protocol: its handshake's response headers and
    each frame (header and payload). DevTools gives a frame's payload as the page reads it; where the handshake
    agreed on permessage-deflate (RFC 7692, with context takeover, as eventlet and Chromium negotiate it) the
    payload's wire size is worked out by deflating the frames in order as each end does."""

    def __init__(self, cdp) -> None:
        self.bytes = 0
        self.frames = 0
        self.deflate = False
        self._ends = {"received": zlib.compressobj(wbits=-15), "sent": zlib.compressobj(wbits=-15)}
        cdp.send("Network.enable")
        cdp.on("Network.webSocketHandshakeResponseReceived", self._handshake)
        cdp.on("Network.webSocketFrameReceived", lambda e: self._frame("received", e["response"]))
        cdp.on("Network.webSocketFrameSent", lambda e: self._frame("sent", e["response"]))

    def _handshake(self, event: dict) -> None:
        headers = event["response"].get("headers", {})
        self.deflate = "permessage-deflate" in str(headers.get("Sec-WebSocket-Extensions", "")).lower()
        self.bytes += len("HTTP/1.1 101 Switching Protocols\r\n\r\n") + sum(len(k) + len(v) + 4 for k, v in headers.items())

    def _frame(self, end: str, frame: dict) -> None:
        data = frame.get("payloadData", "").encode()
        if self.deflate:
            packer = self._ends[end]
            data = (packer.compress(data) + packer.flush(zlib.Z_SYNC_FLUSH))[:-4]  # RFC 7692 7.2.1: tail dropped
        header = 2 if len(data) < 126 else 4 if len(data) < 65536 else 10
        self.frames += 1
        self.bytes += header + (4 if end == "sent" else 0) + len(data)   # a phone's frames are masked (4 bytes)


def load_page(browser, url: str, storage_state: dict | None = None, ready: str | None = None,
              service_worker: bool = False, online: bool = False) -> dict:
    """Open url in a fresh phone profile until idle: {"bytes", "requests", "urls": [(url, bytes)]}.

    Without the service worker this is what the page itself needs; with it, also the worker's precache of the
    whole app, which downloads alongside the page (so the two cannot be told apart, only added up).
    """
    context = browser.new_context(viewport={"width": 360, "height": 640}, storage_state=storage_state,
                                  service_workers="allow" if service_worker else "block")
    seen: list = []
    context.on("requestfinished", lambda req: seen.append(req))
    page = context.new_page()
    socket = SocketTally(context.new_cdp_session(page))
    page.goto(url, wait_until="load")
    if ready:
        page.wait_for_selector(ready, timeout=30_000)
    if online:
        # The server sends the seat's sync before it acknowledges the connect: once the page says online,
        # every frame of the first load has arrived.
        page.wait_for_selector("#conn[data-state='online']", timeout=30_000)
    if service_worker:
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_load_state("networkidle")
    rows = []
    for req in seen:
        resp = req.response()
        if resp is not None and not resp.from_service_worker:  # answered by the worker: nothing crossed the network
            rows.append((req.url, transferred(req)))
    context.close()
    if socket.frames:
        rows.append((f"(live socket: handshake and {socket.frames} frames)", socket.bytes))
    return {"bytes": sum(r[1] for r in rows), "requests": len(rows), "urls": rows}


def table_game(base: str) -> tuple[str, dict]:
    """A two-player Underworlds game (the largest renderer); (game id, p1's record as the join page stores it)."""
    body = {"ruleset": "underworlds/deathgorge",
            "seats": [{"name": "Ana", "warband": "cyrenis-razors"}, {"name": "Ben", "warband": "garreks-reavers"}]}
    game = requests.post(f"{base}/api/games", json=body, timeout=30).json()
    seat = game["seats"][0]
    record = {"id": game["id"], "token": seat["token"], "seat": seat["seat"], "seatLabel": seat["name"],
              "ruleset": game["ruleset"], "title": "Ana vs Ben", "join_code": game["join_code"], "touched": 1}
    return game["id"], record


def first_load(base: str, chromium: str = CHROMIUM) -> dict:
    """Transferred bytes of the start page and of the table page (an Underworlds game) on a fresh phone."""
    game_id, record = table_game(base)
    phone = {"cookies": [], "origins": [{"origin": base, "localStorage": [
        {"name": "tw.games", "value": json.dumps({game_id: record})}]}]}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            out = {}
            for name, url, state, ready in (("start", f"{base}/", None, None),
                                            ("table", f"{base}/play?game={game_id}", phone, "#table .fighter")):
                online = name == "table"
                out[name] = {"page": load_page(browser, url, state, ready, online=online),
                             "install": load_page(browser, url, state, ready, service_worker=True, online=online)}
            return out
        finally:
            browser.close()


def measure_in_chromium() -> dict:
    """Start the real server on a temp SQLite file, measure first_load against it, stop it."""
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_app(port, tmp)
        try:
            return first_load(f"http://127.0.0.1:{port}")
        finally:
            stop(proc)


def report_first_load(loads: dict, verbose: bool = False) -> bool:
    """Print the Chromium figures; True when the table page is under its target."""
    print("-" * 40 + "\nfirst load on a fresh phone (Chromium; transferred = response headers + compressed bodies)")
    for name, load in loads.items():
        page, install = load["page"], load["install"]
        print(f"{page['bytes']:>8,} B  {page['requests']:>3} requests  {name} page (what the page itself loads)")
        print(f"{install['bytes']:>8,} B  {install['requests']:>3} requests  {name} page with the service worker "
              "installing the whole app for offline use")
        if verbose:
            for url, nbytes in sorted(page["urls"], key=lambda r: -r[1]):
                print(f"          {nbytes:>8,} B  {url}")
    ok = loads["table"]["page"]["bytes"] < FIRST_LOAD_TARGET
    print(f"table page target: under {FIRST_LOAD_TARGET:,} B transferred -> {'OK' if ok else 'OVER TARGET'}")
    return ok


def main() -> int:
    """Print the report; non-zero exit when the shell is over budget or the table page over its target."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--no-browser", action="store_true", help="file sizes only, no Chromium")
    parser.add_argument("--verbose", action="store_true", help="list every response of the Chromium loads")
    args = parser.parse_args()
    m = measure()
    for name, raw, gz in m["files"]:
        print(f"{raw:>8,} B  {gz:>7,} B gz  {name}")
    print("-" * 40)
    for page, raw in sorted(m["shells"].items()):
        print(f"{raw:>8,} B              shell of page {page} "
              f"({m['pages'][page]:,} B with the largest game's renderer where it loads one)")
    for fam, raw in sorted(m["renderers"].items()):
        print(f"{raw:>8,} B              {fam} renderer with its imports and CSS (loaded when a game of it opens)")
    print(f"{m['referee_desk']:>8,} B              the referee's desk (loaded only on the referee's phone); the "
          f"referee's table page with it: {m['referee_page']:,} B")
    print(f"{m['round_strip']:>8,} B              a tournament table's round clock (loaded only at such a table); the "
          f"table page with it: {m['round_table_page']:,} B")
    print(f"{m['staff_desk']:>8,} B              the tournament staff's desk (loaded only on a staff link); the "
          f"staff's tournament page with it: {m['staff_page']:,} B")
    print(f"{m['raw']:>8,} B  {m['gzip']:>7,} B gz  the largest app shell, budget {BUDGET:,} B before gzip\n"
          f"{m['page_raw']:>8,} B  {m['page_gzip']:>7,} B gz  the largest page with its game (held by the transferred "
          f"target below)\n{m['all']:>8,} B              every game's files together")
    if m["vendor"] is not None:
        print(f"{m['vendor']:>8,} B              socket.io-client (npm, not in the budget)")
    ok = m["raw"] < BUDGET
    print("OK: under budget" if ok else "OVER BUDGET")
    if not args.no_browser:
        ok = report_first_load(measure_in_chromium(), args.verbose) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
