#!/usr/bin/env python3
"""Takes the README's screenshot: a phone's table (360x640) in a fresh Underworlds game, from the running app.

Run after changing how the table looks: .venv/bin/python scripts/readme_screenshot.py [out.png]  (needs Debian's
chromium). It serves `python -m app` on a temporary SQLite file, creates a Deathgorge Rivals game of two shipped
warbands over REST, enters the set-up's roll-offs as the players would, and photographs the first player's table
at its first activation step. Only our own UI is on the picture: the app shows no game artwork.
"""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import requests
from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "img" / "phone-table.png"
CHROMIUM = os.environ.get("TW_CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 360, "height": 640}
SEATS = [{"name": "Ana", "warband": "steelhearts-champions"}, {"name": "Ben", "warband": "garreks-reavers"}]
# The set-up's decisions, each entered by the seat the engine waits for: boards, hands kept, deployment, first turn.
SETUP = [("p1", "roll_off", {"purpose": "boards", "first": "p1"}),
         ("p1", "do_over", {"choice": "none"}), ("p2", "do_over", {"choice": "none"}),
         ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}), ("p1", "deployed", {"finished_first": "p1"}),
         ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"})]


def free_port() -> int:
    """A TCP port nobody listens on now (loopback)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(tmp: str) -> tuple[subprocess.Popen, str]:
    """`python -m app` on a free loopback port and a temporary SQLite file; returns once it answers."""
    port = free_port()
    env = {**os.environ, "HOST": "127.0.0.1", "PORT": str(port), "DATABASE_URL": f"sqlite:///{tmp}/shot.sqlite3",
           "PYTHONPATH": str(ROOT), "LOG_LEVEL": "WARNING", "RULESET_PLUGINS": ""}
    proc = subprocess.Popen([sys.executable, "-m", "app"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(tmp, "server.log"), "ab"))
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode} (see {tmp}/server.log)")
        try:
            requests.get(f"{url}/healthz", timeout=1)
            return proc, url
        except requests.RequestException:
            time.sleep(0.2)
    proc.terminate()
    raise TimeoutError(f"the server did not answer at {url}")


def set_up_game(url: str) -> dict:
    """A new game with its set-up played over REST, as the phones would enter it; returns the creation reply."""
    reply = requests.post(f"{url}/api/games", json={"ruleset": "underworlds/deathgorge",
                                                    "options": {"format": "rivals"}, "seats": SEATS}, timeout=30)
    reply.raise_for_status()
    game = reply.json()
    tokens = {seat["seat"]: seat["token"] for seat in game["seats"]}
    for by, etype, data in SETUP:
        r = requests.post(f"{url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                          json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}, timeout=30)
        if r.status_code != 201:
            raise RuntimeError(f"{etype} by {by} refused: {r.text}")
    return game


def photograph(url: str, join_code: str, out: Path) -> str:
    """The first player's phone joins by the code and photographs its table; returns the banner's text."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, base_url=url).new_page()
            page.goto("/join")
            page.locator("#join-code").fill(join_code.lower())
            page.get_by_role("button", name="Find the game").click()
            page.locator("[data-seat='p1']").click()
            banner = page.locator("#banner")
            expect(banner).to_contain_text("Activation step", timeout=30_000)
            page.wait_for_load_state("networkidle")
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out))
            return banner.inner_text()
        finally:
            browser.close()


def main(out: Path = OUT) -> str:
    """Serve, set up a game, photograph the table into `out`, stop the server; returns the banner's text."""
    with tempfile.TemporaryDirectory() as tmp:
        proc, url = serve(tmp)
        try:
            return photograph(url, set_up_game(url)["join_code"], out)
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else OUT
    banner = main(target)
    print(f"wrote {target}; the banner read: {' '.join(banner.split())}")
