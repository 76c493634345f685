#!/usr/bin/env python3
"""What a cheap phone on a slow link feels, per ruleset, in Chromium with the DevTools protocol's throttling (the slow
mobile link of mobile audits: 1.6 Mbit/s down, 750 kbit/s up, 150 ms round trip; the CPU 4x slower):

- first load: the table page opened cold (no cache, no service worker) until the seat's buttons are painted
  (target 2.5 s), and the bytes it transferred (target 64 KB: headers and compressed bodies, and the live
  socket's frames, until idle);
- each entry: a whole scripted game (played from the engine's suggestions, seeded) entered over REST while the
  measured phone watches it; the main thread's busy time from sending an entry until the phone has painted it
  (DevTools' TaskDuration, 4x CPU; target 16 ms at p95), and the longest task (target 50 ms);
- reload during a game: a phone with the service worker installed sleeps (offline) while the other seat enters,
  then reloads: until its buttons are painted again (target 1 s) with the "While you were away" card naming the
  entries it missed.

Run: .venv/bin/python benchmarks/phone.py [--rulesets underworlds/deathgorge ...] [--entries 300] [--json]
(exits 1 when a target is missed). It starts `python -m app` on a temp SQLite file and Debian's Chromium
(TW_CHROMIUM to change it).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
import tempfile
import uuid
from dataclasses import replace
from pathlib import Path

import requests
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from app_shell import CHROMIUM, CHROMIUM_ARGS, SocketTally, transferred
from processes import free_port, start_app, stop

from app.content import expand_setup
from app.engine import registry
from tests.support.play import (
    RARE_GROUPS,
    battlelore_setup,
    choose,
    fill,
    options,
    rng_pick,
    underworlds_setup,
)

# Chromium's "Slow 4G"-like link of mobile audits, in bytes per second and ms.
SLOW_LINK = {"offline": False, "latency": 150, "downloadThroughput": 1_600_000 / 8,
             "uploadThroughput": 750_000 / 8}
CPU_SLOWDOWN = 4
TARGETS = {"first_usable_s": 2.5, "first_bytes": 64 * 1024, "entry_p95_ms": 16.0, "longest_task_ms": 50.0,
           "reload_usable_s": 1.0}
USABLE = ".actions button"   # the seat's buttons: what the table waits for the player to tap
MISSED = 3                   # entries the other seat makes while the measured phone sleeps

# The games, as a phone's wizard creates them (the server expands them from the content as below).
GAMES = {
    "underworlds/deathgorge": underworlds_setup(2),
    "underworlds/dreadfane": {**underworlds_setup(2), "ruleset": "underworlds/dreadfane",
                              "options": {"format": "standard"}},
    "underworlds/shadespire": {**underworlds_setup(2), "ruleset": "underworlds/shadespire",
                               "options": {"format": "standard"}},
    "conquest/core": {"ruleset": "conquest/core", "options": {},
                      "seats": [{"name": "Ana", "warlord": "nazdreg", "deck_size": 50},
                                {"name": "Ben", "warlord": "captain-cato-sicarius", "deck_size": 50}]},
    "battlelore/second-edition": battlelore_setup(),   # the invented units of the engine's tests
}

# Marks when the seat's buttons are first painted (the frame after they appear) and every long task.
PROBE = """
window.__tw = { usable: null, longtasks: [] };
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__tw.longtasks.push(e.duration); })
  .observe({ type: "longtask", buffered: true });
const seen = () => {
  if (window.__tw.usable !== null || !document.querySelector(%r)) return;
  window.__tw.usable = -1;
  requestAnimationFrame(() => { window.__tw.usable = performance.now(); });
};
new MutationObserver(seen).observe(document, { childList: true, subtree: true });
""" % USABLE
PAINTED = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))"
# Resolves once the table shows entry n (its data-seq) and the frame after it is painted; fails after 30 s.
SHOWN = """(n) => new Promise((resolve, reject) => {
  const table = document.getElementById("table");
  const done = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
  if (Number(table.dataset.seq) >= n) return done();
  const watch = new MutationObserver(() => { if (Number(table.dataset.seq) >= n) { watch.disconnect(); done(); } });
  watch.observe(table, { attributes: true, attributeFilter: ["data-seq"] });
  setTimeout(() => reject(new Error(`entry ${n} not shown`)), 30000);
})"""


def scripted_game(ruleset: str, seed: int, max_entries: int) -> list[dict]:
    """A whole game played from the engine's suggestions (seeded), as envelopes in order."""
    rs = registry.get(ruleset)
    rng = random.Random(seed)
    pick = rng_pick(rng)
    state = rs.new_game(expand_setup(ruleset, json.loads(json.dumps(GAMES[ruleset]))))
    out: list[dict] = []
    while len(out) < max_entries and rs.outcome(state) is None:
        sugg = choose(rng, options(rs, state), RARE_GROUPS)
        if sugg is None:
            break
        ev = replace(fill(sugg, pick), seq=len(out) + 1, id=str(uuid.uuid4()))
        state, _ = rs.apply(state, ev)
        out.append({"id": ev.id, "type": ev.type, "by": ev.by, "data": ev.data})
    return out


class Table:
    """A game on the server: its id, each seat's token and the record a phone keeps of it."""

    def __init__(self, base: str, ruleset: str):
        self.base = base
        game = requests.post(f"{base}/api/games", json=GAMES[ruleset], timeout=60).json()
        self.id = game["id"]
        self.tokens = {s["seat"]: s["token"] for s in game["seats"]} | {"referee": game["referee_token"]}
        self.game = game

    def phone(self, seat: str) -> dict:
        """The storage state of a phone that joined this game at `seat`."""
        s = next(x for x in self.game["seats"] if x["seat"] == seat)
        record = {"id": self.id, "token": s["token"], "seat": seat, "seatLabel": s["name"],
                  "ruleset": self.game["ruleset"], "title": "benchmark", "join_code": self.game["join_code"],
                  "touched": 1}
        return {"cookies": [], "origins": [{"origin": self.base, "localStorage": [
            {"name": "tw.games", "value": json.dumps({self.id: record})}]}]}

    def submit(self, env: dict) -> int | None:
        """Enter an envelope for its seat; its seq, or None when the server refused it."""
        r = requests.post(f"{self.base}/api/games/{self.id}/events", json=env, timeout=30,
                          headers={"Authorization": f"Bearer {self.tokens.get(env['by'], self.tokens['referee'])}"})
        return r.json().get("seq") if r.status_code in (200, 201) else None

    def acting_seat(self) -> str:
        """A player seat the rules wait for now (its buttons are the usable screen)."""
        for seat in (s["seat"] for s in self.game["seats"]):
            r = requests.get(f"{self.base}/api/games/{self.id}/suggestions", timeout=30,
                             headers={"Authorization": f"Bearer {self.tokens[seat]}"}).json()
            if (r.get("advice") or {}).get("suggestions"):
                return seat
        return self.game["seats"][0]["seat"]


def throttled(page, network: bool = True):
    """A DevTools session on the page with the CPU (and the network) slowed as on a cheap phone."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
    if network:
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", SLOW_LINK)
    return cdp


def task_seconds(cdp) -> float:
    """The main thread's busy time so far (DevTools' TaskDuration, in the throttled CPU's time)."""
    return next(m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "TaskDuration")


def first_load(browser, table: Table, seat: str) -> dict:
    """The table page opened cold on the slow link: seconds until the seat's buttons are painted, bytes, requests."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, storage_state=table.phone(seat),
                                  bypass_csp=True, service_workers="block")
    seen: list = []
    context.on("requestfinished", lambda req: seen.append(req))
    context.add_init_script(PROBE)
    page = context.new_page()
    throttled(page)
    socket = SocketTally(context.new_cdp_session(page))   # the live socket's bytes count too
    page.goto(f"{table.base}/play?game={table.id}", wait_until="commit")
    page.wait_for_function("window.__tw && window.__tw.usable > 0", timeout=60_000)
    usable = page.evaluate("window.__tw.usable") / 1000
    page.wait_for_selector("#conn[data-state='online']", timeout=60_000)
    page.wait_for_load_state("networkidle")
    sizes = [transferred(r) for r in seen if r.response() is not None]
    context.close()
    return {"usable_s": usable, "bytes": sum(sizes) + socket.bytes, "requests": len(sizes)}


def each_entry(browser, table: Table, seat: str, entries: list[dict]) -> dict:
    """The scripted game entered over REST while the phone at `seat` watches: main-thread ms per entry, long tasks."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, storage_state=table.phone(seat),
                                  bypass_csp=True, service_workers="block")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{table.base}/play?game={table.id}")
    page.wait_for_selector("#table[data-seq]", state="attached", timeout=60_000)
    cdp = throttled(page, network=False)  # the venue's wifi is not what this measures
    page.evaluate(PAINTED)
    page.evaluate("window.__tw.longtasks = []")
    busy, refused = [], 0
    for env in entries:
        before = task_seconds(cdp)
        seq = table.submit(env)
        if seq is None:
            refused += 1
            continue
        page.evaluate(SHOWN, seq)
        busy.append((task_seconds(cdp) - before) * 1000)
    longtasks = page.evaluate("window.__tw.longtasks")
    context.close()
    return {"entries": len(busy), "refused": refused, "p50_ms": percentile(busy, 50), "p95_ms": percentile(busy, 95),
            "max_ms": max(busy, default=0.0), "longest_task_ms": max(longtasks, default=0.0),
            "long_tasks": len(longtasks)}


def reload_after_sleep(browser, table: Table, seat: str, missed: list[dict]) -> dict:
    """A phone with the service worker sleeps while the other seat enters `missed`, then reloads on the slow link."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, storage_state=table.phone(seat),
                                  bypass_csp=True, service_workers="allow")
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(f"{table.base}/play?game={table.id}")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()                            # now controlled by the worker, its precache complete
    # The table drawn (the seat may have nothing to tap while the others play) under the worker.
    page.wait_for_function("document.querySelector('#table[data-seq]') && navigator.serviceWorker.controller",
                           timeout=60_000)
    context.set_offline(True)               # asleep: the socket is gone
    page.wait_for_selector("#conn[data-state='offline']", timeout=30_000)
    seqs = [s for s in (table.submit(env) for env in missed) if s is not None]
    context.set_offline(False)
    throttled(page)
    page.reload(wait_until="commit")
    page.wait_for_function("window.__tw && window.__tw.usable > 0", timeout=60_000)
    usable = page.evaluate("window.__tw.usable") / 1000
    card = page.locator("#caught-up")
    try:
        card.wait_for(timeout=60_000)
        told = card.get_attribute("data-missed") or ""
        card_at = page.evaluate("performance.now()") / 1000
    except PlaywrightTimeout:
        told, card_at = "", None
    context.close()
    return {"usable_s": usable, "card_s": card_at, "missed": seqs, "told": told.split(),
            "card_right": told.split() == [str(s) for s in seqs]}


def percentile(values: list[float], p: float) -> float:
    """The p-th percentile (nearest rank) of the values; 0 for none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(p / 100 * len(ordered)) - 1))]


def split_game(entries: list[dict], seat: str) -> tuple[list[dict], list[dict]]:
    """The game up to a point where the other seats enter MISSED entries in a row (those are what the sleeping
    phone misses) and the seat enters the next one (its buttons are what it wakes up to), and those entries;
    (whole game, []) when there is none."""
    for i in range(len(entries) - MISSED):
        if all(e["by"] != seat for e in entries[i:i + MISSED]) and entries[i + MISSED]["by"] == seat:
            return entries[:i], entries[i:i + MISSED]
    return entries, []


def measure_ruleset(browser, base: str, ruleset: str, max_entries: int, seed: int) -> dict:
    """The three measures for one ruleset, each on a new table of it."""
    first_table = Table(base, ruleset)
    load = first_load(browser, first_table, first_table.acting_seat())
    game = scripted_game(ruleset, seed, max_entries)
    watch = Table(base, ruleset)
    entries = each_entry(browser, watch, "p2", game)
    sleep_table = Table(base, ruleset)
    before, missed = split_game(game, "p2")
    for env in before:
        sleep_table.submit(env)
    sleep = reload_after_sleep(browser, sleep_table, "p2", missed)
    return {"first_load": load, "each_entry": entries, "reload": sleep}


def verdicts(r: dict) -> dict[str, bool]:
    """{target name: met} for one ruleset's figures."""
    return {"first_usable_s": r["first_load"]["usable_s"] <= TARGETS["first_usable_s"],
            "first_bytes": r["first_load"]["bytes"] <= TARGETS["first_bytes"],
            "entry_p95_ms": r["each_entry"]["p95_ms"] <= TARGETS["entry_p95_ms"],
            "longest_task_ms": r["each_entry"]["longest_task_ms"] <= TARGETS["longest_task_ms"],
            "reload_usable_s": r["reload"]["usable_s"] <= TARGETS["reload_usable_s"] and r["reload"]["card_right"]}


def card_time(back: dict) -> str:
    """When the catch-up card came after the reload, or that it never did (within a minute)."""
    return f"{back['card_s']:.2f} s" if back.get("card_s") is not None else "none within 60 s"


def report(results: dict[str, dict]) -> bool:
    """Print every figure with its target, met / NOT met; True when all are met."""
    ok = True
    word = {True: "met", False: "NOT met"}
    for ruleset, r in results.items():
        v = verdicts(r)
        ok = ok and all(v.values())
        load, each, back = r["first_load"], r["each_entry"], r["reload"]
        print(f"{ruleset}\n"
              f"  first load (cold, slow link, 4x CPU): buttons painted at {load['usable_s']:.2f} s "
              f"(target {TARGETS['first_usable_s']} s: {word[v['first_usable_s']]}); {load['bytes']:,} B in "
              f"{load['requests']} requests (target {TARGETS['first_bytes']:,} B: {word[v['first_bytes']]})\n"
              f"  each entry ({each['entries']} entries, {each['refused']} refused; 4x CPU): main thread p50 "
              f"{each['p50_ms']:.1f} ms, p95 {each['p95_ms']:.1f} ms (target {TARGETS['entry_p95_ms']:.0f} ms: "
              f"{word[v['entry_p95_ms']]}), max {each['max_ms']:.1f} ms; longest task "
              f"{each['longest_task_ms']:.0f} ms, {each['long_tasks']} over 50 ms (target "
              f"{TARGETS['longest_task_ms']:.0f} ms: {word[v['longest_task_ms']]})\n"
              f"  reload after sleeping through {len(back['missed'])} entries (service worker, slow link, 4x CPU): "
              f"buttons painted at {back['usable_s']:.2f} s, catch-up card "
              f"{'right' if back['card_right'] else 'WRONG'} at {card_time(back)} "
              f"(target {TARGETS['reload_usable_s']} s and right: {word[v['reload_usable_s']]})")
    return ok


def main() -> int:
    """Run the measures per ruleset against a fresh server; non-zero exit when a target is missed."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rulesets", nargs="*", default=list(GAMES), help="ruleset ids (default: all)")
    parser.add_argument("--entries", type=int, default=400, help="at most this many entries of each game (the games' whole length: 40 to 182)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON too")
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        proc = start_app(port, tmp)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    results = {rs: measure_ruleset(browser, f"http://127.0.0.1:{port}", rs, args.entries, args.seed)
                               for rs in args.rulesets}
                finally:
                    browser.close()
        finally:
            stop(proc)
    ok = report(results)
    # The phone's figures are CPU time on this machine slowed 4x: a loaded machine slows them again.
    print(f"load average {load_before:.1f} -> {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if args.json:
        print(json.dumps(results, indent=2))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
