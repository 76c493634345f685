#!/usr/bin/env python3
"""Taps to set up a four-player Underworlds game (current rules, Rivals) when each phone sets up its own seat.

Four phone-size Chromium contexts (360x640, touch) against a new server (`python -m app`, temp SQLite). Ana's
phone makes the game in the wizard: four players, "each player sets up their own seat", her name, Cyreni's Razors
and its Rivals deck, Create. Ben, Cy and Di each open the join link (the QR code scanned: one tap) and set up their
own seat: a name typed, a warband and a deck picked, "Sit down". Every phone goes to the table by itself once the
last seat is set; the count stops when all four show the table.

The Deathgorge box's own warbands (Cyreni's Razors, The Thricefold Discord) are played from that box's fighter cards,
whose numbers no public source gives: they were typed once on this server before (saved over REST here, as the
first game that played them would have saved them) and are filled in for this game. How many fields that typing
was is reported on its own.

Counted as in benchmarks/taps_conquest.py: a tap is one tap, a word typed is one tap, a <select> is two (open,
pick). Reported, against the targets: taps per phone (at most 12 on any) and in all (at most 30).

Run: .venv/bin/python benchmarks/taps_setup.py [--json] [--headed]      (exit 1 when a target is missed)
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from processes import free_port, start_app, stop
from taps import CHROMIUM, CHROMIUM_ARGS, Phone, command_line, targets_line
from taps_conquest import new_phone, pick_option

RULESET = "underworlds/deathgorge"
TARGETS = {"per_phone": 12, "total": 30}
# Each seat: (name, warband, deck). Ana's phone is the host's.
SEATS = {"p1": ("Ana", "cyrenis-razors", "cyrenis-razors-rivals"),
         "p2": ("Ben", "thricefold-discord", "thricefold-discord-rivals"),
         "p3": ("Cy", "garreks-reavers", "breakneck-slaughter"),
         "p4": ("Di", "steelhearts-champions", "force-of-frost")}
TYPED_BEFORE = ("cyrenis-razors", "thricefold-discord")
# The fields the fighter form asks of a fighter whose card numbers no source gives (one attack profile each).
FIELDS_PER_FIGHTER = ("move", "wounds", "defence dice", "defence symbol", "profile name", "range", "dice", "symbol",
                      "damage")


def type_once(url: str) -> int:
    """Save the Deathgorge printing's numbers of the box's own warbands, as the first game here did; the fields typed."""
    fields = 0
    for slug in TYPED_BEFORE:
        got = requests.get(f"{url}/api/content/underworlds/warbands/{slug}/fighters", params={"ruleset": RULESET}, timeout=15)
        body = got.json()
        blade = {"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 1, "keywords": [], "spell": False}
        fighters = [{**f, "move": 3, "wounds": 4, "defence": {"dice": 1, "symbol": "block"}, "profiles": [blade]}
                    for f in body["fighters"]]
        fields += len(fighters) * len(FIELDS_PER_FIGHTER)
        saved = requests.post(f"{url}/api/content/custom/warband", timeout=15, json={
            "name": f"{slug} ({body['printing']['id']})", "based_on": slug, "printing": body["printing"]["id"],
            "typed_by": "Ana", "fighters": fighters})
        saved.raise_for_status()
    return fields


def own_seat(phone: Phone, name: str, warband: str, deck: str) -> None:
    """One seat's own fields on its phone: the name typed, the warband and the deck picked."""
    page = phone.page
    phone.fill(page.locator("#name-0"), name)
    page.locator(f"#warband-0 option[value='{warband}']").wait_for(state="attached")
    pick_option(phone, page.locator("#warband-0"), warband)
    page.locator(f"#deck-0 option[value='{deck}']").wait_for(state="attached")
    pick_option(phone, page.locator("#deck-0"), deck)


def host(ana: Phone) -> str:
    """Ana's phone: the wizard with four players and open seats, her own seat, Create; returns the join link."""
    page = ana.page
    page.goto("/new")
    page.locator("#wizard[data-ready='true']").wait_for(state="attached")
    ana.tap(page.get_by_role("radio", name="4 players"))
    ana.tap(page.locator("#wizard-next"))
    ana.tap(page.locator("#own-seats"))
    own_seat(ana, *SEATS["p1"])
    page.locator("[data-typed-by]").wait_for()   # the typed numbers are filled in
    ana.tap(page.locator("#wizard-next"))
    page.locator("#join-code").wait_for()
    return "/join/" + page.locator("#join-code").inner_text().strip()


def guest(phone: Phone, link: str) -> None:
    """A joining phone: the QR code scanned (the join link opened), its own seat, Sit down."""
    page = phone.page
    page.goto(link)
    phone.taps += 1
    own_seat(phone, *SEATS[phone.seat])
    if SEATS[phone.seat][1] in TYPED_BEFORE:
        page.locator("[data-typed-by]").wait_for()
    phone.tap(page.locator("#sit-down"))
    page.locator("#seat-status, #banner").first.wait_for()


def run(headed: bool = False) -> dict:
    tmp = tempfile.mkdtemp(prefix="tw-taps-setup-")
    port = free_port()
    proc = start_app(port, tmp, RATE_LIMIT_PER_SECOND="0")
    url = f"http://127.0.0.1:{port}"
    try:
        typed = type_once(url)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=not headed)
            phones = {seat: new_phone(browser, url, seat) for seat in SEATS}
            link = host(phones["p1"])
            for seat in ("p2", "p3", "p4"):
                guest(phones[seat], link)
            for phone in phones.values():
                phone.page.locator("#banner").wait_for(timeout=30_000)
            taps = {seat: ph.taps for seat, ph in phones.items()}
            browser.close()
    finally:
        stop(proc)
    return summarise(taps, typed)


def summarise(taps: dict, typed: int) -> dict:
    """Taps per phone and in all, against the targets."""
    out = {"ruleset": RULESET, "players": len(taps), "taps_per_phone": taps, "taps_total": sum(taps.values()),
           "taps_most_on_one_phone": max(taps.values()), "typed_once_fields": typed}
    out["targets_met"] = {
        "at_most_12_taps_on_any_phone": out["taps_most_on_one_phone"] <= TARGETS["per_phone"],
        "at_most_30_taps_in_all": 0 < out["taps_total"] <= TARGETS["total"],
    }
    return out


def report(out: dict) -> str:
    """The numbers as a table for people."""
    names = {seat: name for seat, (name, _, _) in SEATS.items()}
    lines = [f"Set-up of a {out['players']}-player game ({out['ruleset']}, Rivals), each phone its own seat: taps per phone"]
    lines += [f"  {seat} {names[seat]:<4} {n:>3}" + ("  (host: the game and its own seat)" if seat == "p1" else "")
              for seat, n in out["taps_per_phone"].items()]
    lines += [f"In all: {out['taps_total']} taps   target <= {TARGETS['total']}; most on one phone "
              f"{out['taps_most_on_one_phone']}   target <= {TARGETS['per_phone']}",
              f"Typed once on this server before (the Deathgorge box's own warbands): {out['typed_once_fields']} fields",
              "", targets_line(out)]
    return "\n".join(lines)


def main() -> int:
    return command_line(__doc__, run, report)


if __name__ == "__main__":
    sys.exit(main())
