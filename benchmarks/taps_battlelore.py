#!/usr/bin/env python3
"""Taps at the table for BattleLore: a scripted set-up and three turns played through the phone app.

Two phone-size Chromium contexts (taps.py's phones: 360x640, touch) play Ana (Daqan Lords, p1) and Ben (Uthuk
Y'llan, p2) against the real server (`python -m app`, temp SQLite). The units are known: their reference cards were
typed once before and are saved on the server (custom content battlelore_unit, posted here over REST; no public
source gives their numbers, so the numbers below are the script's own). On the phones: scenario cards, filling
the units from the saved cards, mustering with the form, placing every unit, then three turns with command
cards, orders, moves, melee and ranged attacks with their dice, retreats, counters, VPs and lore. The script never
taps "Done ordering", "Done moving", "Done attacking" or "Stay": the engine infers them.

Reported, against the targets:
- taps per step kind on each phone;
- set-up taps (filling the units, mustering, placing: both phones) at most 40;
- an attack with its dice at most 8 taps on the attacker's phone, none on the other;
- explicit "nothing happened" entries (a done step, no counter, stay) at most 10% of the log;
- the time from the tap that enters something to the other phone's "what just happened" card naming it: 1 s;
- no phone ever says it is waiting for its own player.

Run: .venv/bin/python benchmarks/taps_battlelore.py [--json] [--headed]      (exit 1 when a target is missed)
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from processes import free_port, start_app, stop  # noqa: E402
from taps import (  # noqa: E402
    CHROMIUM,
    CHROMIUM_ARGS,
    STEP_TIMEOUT_MS,
    Phone,
    command_line,
    open_phone,
    seen_after,
    targets_line,
)

NAMES = {"p1": "Ana", "p2": "Ben"}
TARGETS = {"setup_taps": 40, "attack_attacker": 8, "attack_other": 0, "explicit_share": 0.10, "seen_s": 1.0}
SETUP_KINDS = ("fill_units", "muster", "deploy")
ATTACK_KINDS = ("attack",)
EXPLICIT = {"end_step", "decline"}   # entries that only say nothing happened


def card(name: str, health: int, movement: int, combat: int, muster: int, attack: str = "melee", **kw) -> dict:
    """A unit reference card as a player types it (the script's numbers)."""
    slug = name.lower().replace(" ", "-")
    return {"slug": slug, "name": name, "health": health, "movement": movement, "combat": combat, "attack": attack,
            "range": kw.pop("range", None), "muster": muster, **kw}


CARDS = [card("Citadel Guard", 4, 1, 3, 5), card("Yeoman Archers", 3, 1, 2, 6, "ranged", range=4),
         card("Riverwatch Riders", 3, 3, 3, 8), card("Rune Golems", 4, 1, 4, 10),
         card("Blood Harvesters", 4, 1, 3, 5), card("Viper Legion", 3, 2, 3, 6), card("Flesh Ripper Brutes", 3, 1, 4, 8),
         card("Obscenes", 4, 1, 3, 7), card("Chaos Lord", 5, 2, 4, 10, damage_tokens=True, legend=True)]
ARMIES = {"p1": {"Citadel Guard": 3, "Yeoman Archers": 2, "Riverwatch Riders": 1, "Rune Golems": 1},
          "p2": {"Blood Harvesters": 3, "Viper Legion": 2, "Flesh Ripper Brutes": 1, "Chaos Lord": 1}}
# Where each unit is put: (section, unit ids), in the order the player places them.
PLACEMENT = {"p1": [("left", ["citadel-guard-1", "citadel-guard-2"]),
                    ("center", ["citadel-guard-3", "rune-golems-1", "yeoman-archers-1"]),
                    ("right", ["yeoman-archers-2", "riverwatch-riders-1"])],
             "p2": [("left", ["blood-harvesters-1", "viper-legion-1"]),
                    ("center", ["blood-harvesters-2", "blood-harvesters-3", "chaos-lord-1"]),
                    ("right", ["viper-legion-2", "flesh-ripper-brutes-1"])]}


@dataclass
class Step:
    """One scripted thing a player does; `args` says which units, faces or choices."""

    seat: str
    kind: str
    args: dict = field(default_factory=dict)


def A(kind, **args):  # noqa: N802 - reads like the script
    return Step("p1", kind, args)


def B(kind, **args):  # noqa: N802
    return Step("p2", kind, args)


SCRIPT: list[Step] = [
    A("scenario", card="A1"), B("scenario", card="B2"),
    A("fill_units"), B("fill_units"), A("muster"), B("muster"), A("deploy"), B("deploy"),
    # Ana's turn: two units in the centre; the golems move; two melee attacks, a retreat, a counter
    A("command", section="Center", units="2 units"),
    A("order", unit="Citadel Guard 3"), A("order", unit="Rune Golems"),
    A("move", unit="Rune Golems"),
    A("attack", attacker="Citadel Guard 3", target="Blood Harvesters 3", faces=["strike", "strike", "morale"]),
    B("defend", label="Take 2 damage, retreat 1"),
    A("attack", attacker="Rune Golems", target="Blood Harvesters 2", faces=["strike", "cleave", "lore", "heroic"]),
    B("defend", label="Take 2 damage"),
    B("counter", unit="Blood Harvesters 2", faces=["strike", "lore", "lore"]),
    A("defend", label="Take 1 damage"),
    A("score"), A("lore", label="Take 2 lore"),
    # Ben's turn: the Chaos Lord, ordered anywhere, moves and attacks; Ana does not counter
    B("command_any"), B("order", unit="Chaos Lord"), B("move", unit="Chaos Lord"),
    B("attack", attacker="Chaos Lord", target="Citadel Guard 1", faces=["strike", "strike", "cleave", "heroic"]),
    A("defend", label="Take 3 damage"), A("no_counter"),
    B("score"), B("lore", label="1 lore + 1 lore card"),
    # Ana's turn: a ranged attack at 3 hexes
    A("command_any"), A("order", unit="Yeoman Archers 1"),
    A("attack", attacker="Yeoman Archers 1", target="Viper Legion 1", faces=["pierce", "lore"], distance="3"),
    B("defend", label="Take 1 damage"),
    A("score"), A("lore", label="Take 2 lore"),
]


@dataclass
class Result:
    taps: dict = field(default_factory=lambda: defaultdict(lambda: {"p1": [], "p2": []}))
    seen: list = field(default_factory=list)       # seconds from the entering tap to the other phone showing it
    log_types: list = field(default_factory=list)
    inferred: int = 0                              # entries that closed steps by themselves
    waiting_for_self: list = field(default_factory=list)


class Table:
    """The server, the game and the two phones."""

    def __init__(self, browser, url: str):
        self.url = url
        for rec in CARDS:   # typed once at an earlier muster, saved on the server
            requests.post(f"{url}/api/content/custom/battlelore_unit", json=rec, timeout=10).raise_for_status()
        body = {"ruleset": "battlelore/second-edition", "options": {},
                "seats": [{"name": "Ana", "faction": "daqan"}, {"name": "Ben", "faction": "uthuk"}]}
        reply = requests.post(f"{url}/api/games", json=body, timeout=10)
        reply.raise_for_status()
        self.game = reply.json()
        self.phones = {seat: open_phone(browser, url, self.game["join_code"], seat) for seat in ("p1", "p2")}

    def head(self) -> int:
        r = requests.get(f"{self.url}/api/games/{self.game['id']}", timeout=10,
                         headers={"Authorization": f"Bearer {self.game['referee_token']}"})
        return r.json()["head"]

    def log(self) -> list[dict]:
        r = requests.get(f"{self.url}/api/games/{self.game['id']}/events?since=0", timeout=10,
                         headers={"Authorization": f"Bearer {self.game['referee_token']}"})
        return r.json()["events"]

    def other(self, phone: Phone) -> Phone:
        return self.phones["p2" if phone.seat == "p1" else "p1"]

    def enter(self, phone: Phone, locator, result: Result) -> None:
        """The tap that sends an entry, timed until the other phone's "what just happened" card names it."""
        before, start = self.head(), time.perf_counter()
        phone.tap(locator)
        result.seen.append(seen_after(self.other(phone).page, before, start))

    # -- the scripted steps -----------------------------------------------------------------------
    def play(self, step: Step, result: Result) -> None:
        phone = self.phones[step.seat]
        page = phone.page
        a = step.args
        counts_before = {s: p.taps for s, p in self.phones.items()}
        actions = page.locator("section.actions")
        sheet = page.locator("dialog.sheet")
        action = lambda label: actions.get_by_role("button", name=label, exact=True).first  # noqa: E731
        if step.kind == "scenario":
            phone.tap(action("Choose scenario card"))
            phone.tap(sheet.locator("[data-field='scenario']", has_text=a["card"]).first)
            self.enter(phone, sheet.locator("[data-action='confirm']"), result)
        elif step.kind == "fill_units":
            page.locator(f"#units-{step.seat}[data-saved-loaded]").wait_for(state="attached")
            phone.tap(page.locator("[data-action='fill-all-saved']"))
            for name in ARMIES[step.seat]:   # filled: the muster form offers it
                page.locator("#muster-form").get_by_role("button", name=f"{name} cards: one more").wait_for()
        elif step.kind == "muster":
            form = page.locator("#muster-form")
            for name, n in ARMIES[step.seat].items():
                for _ in range(n):
                    phone.tap(form.get_by_role("button", name=f"{name} cards: one more"))
            self.enter(phone, form.locator("[data-action='muster']"), result)
        elif step.kind == "deploy":
            panel = page.locator("#deploy-panel")
            panel.wait_for()
            current = "left"   # the panel starts at the left section
            for section, units in PLACEMENT[step.seat]:
                if section != current:
                    phone.tap(panel.locator(f"[data-field='section'][data-value='{section}']"))
                    current = section
                for uid in units:
                    self.enter(phone, panel.locator(f"[data-place='{step.seat}.{uid}']"), result)
            self.enter(phone, action("Deployment done"), result)
        elif step.kind == "command":
            phone.tap(action("Play command card"))
            phone.tap(sheet.locator("[data-field='section']", has_text=a["section"]).first)
            phone.tap(sheet.locator("[data-field='units']", has_text=a["units"]).first)
            self.enter(phone, sheet.locator("[data-action='confirm']"), result)
        elif step.kind == "command_any":
            self.enter(phone, action("Play a card to order 1 unit anywhere"), result)
        elif step.kind == "order":
            self.enter(phone, action(f"Order {a['unit']}"), result)
        elif step.kind == "move":
            phone.tap(action(f"Move {a['unit']}"))
            self.enter(phone, sheet.locator("[data-action='confirm']"), result)
        elif step.kind in ("attack", "counter"):
            self.dice(phone, step, result)
        elif step.kind == "defend":
            button = action(a["label"])
            button.wait_for()
            before, start = self.head(), time.perf_counter()
            phone.tap(button)
            page.wait_for_timeout(150)
            if sheet.count():   # a retreat's hex: the unit's section, clear, no banner already chosen
                phone.tap(sheet.locator("[data-action='confirm']"))
            result.seen.append(seen_after(self.other(phone).page, before, start))
        elif step.kind == "no_counter":
            self.enter(phone, action("No counter"), result)
        elif step.kind == "score":
            self.enter(phone, action("Score VPs and draw"), result)
        elif step.kind == "lore":
            self.enter(phone, action(a["label"]), result)
        for seat, p in self.phones.items():
            result.taps[step.kind][seat].append(p.taps - counts_before[seat])
            text = p.page.locator("section.actions").first.inner_text()
            if f"Waiting for {NAMES[seat]}" in text:
                result.waiting_for_self.append((step.kind, seat))

    def dice(self, phone: Phone, step: Step, result: Result) -> None:
        """The attacking unit (folded when several may attack), its target, the distance, a key per die, Commit."""
        page = phone.page
        a = step.args
        actions = page.locator("section.actions")
        if step.kind == "counter":
            phone.tap(actions.get_by_role("button", name=f"{a['unit']} counters", exact=True))
        else:
            label = f"{a['attacker']} attacks {a['target']}"
            folded = actions.locator(f"[data-group='Attack with {a['attacker']}']")
            actions.locator(f"[data-group='Attack with {a['attacker']}'], [data-suggestion='attack']").first.wait_for()
            if folded.count():
                phone.tap(folded)
                phone.tap(page.locator("dialog.sheet").get_by_role("button", name=label, exact=True))
            else:
                phone.tap(actions.get_by_role("button", name=label, exact=True))
        entry = page.locator("dialog[aria-label='Attack entry'], dialog[aria-label='Counter entry']")
        entry.wait_for()
        if a.get("distance"):
            phone.tap(entry.locator("[data-field='distance']", has_text=a["distance"]).first)
        for face in a["faces"]:
            phone.tap(entry.locator(f"[data-kind='combat'][data-face='{face}']"))
        commit = entry.locator("[data-action='commit']")
        page.wait_for_function("(el) => !el.disabled", arg=commit.element_handle(), timeout=STEP_TIMEOUT_MS)
        self.enter(phone, commit, result)


def run(headed: bool = False) -> dict:
    tmp = tempfile.mkdtemp(prefix="tw-taps-bl-")
    port = free_port()
    proc = start_app(port, tmp, RATE_LIMIT_PER_SECOND="0")
    result = Result()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=not headed)
            table = Table(browser, f"http://127.0.0.1:{port}")
            for i, step in enumerate(SCRIPT):
                try:
                    table.play(step, result)
                except Exception as exc:  # noqa: BLE001 - say where the script got stuck and what the phones show
                    shown = {s: ph.page.locator("#banner").inner_text().replace("\n", " · ") + " || actions: "
                             + ph.page.locator("section.actions").first.inner_text().replace("\n", " · ")[:400]
                             for s, ph in table.phones.items()}
                    raise RuntimeError(f"step {i} {step} could not be played: {exc}\nphones: {shown}") from exc
            log = table.log()
            result.log_types = [e["type"] for e in log]
            result.inferred = sum(1 for e in log if any(c["type"] == "passes_inferred" for c in e.get("consequences") or []))
            browser.close()
    finally:
        stop(proc)
    return summarise(result)


def summarise(result: Result) -> dict:
    """Taps per step kind on each phone, set-up taps, attacks, explicit entries and the time to the other phone."""
    seats_of = defaultdict(list)
    for step in SCRIPT:
        seats_of[step.kind].append(step.seat)
    kinds = {}
    for kind, seats in seats_of.items():
        acting = [result.taps[kind][seat][i] for i, seat in enumerate(seats)]
        other = [result.taps[kind]["p2" if seat == "p1" else "p1"][i] for i, seat in enumerate(seats)]
        kinds[kind] = {"n": len(seats), "acting_mean": round(statistics.mean(acting), 2), "acting_max": max(acting),
                       "other_max": max(other),
                       **{f"{s}_taps": [t for t, who in zip(acting, seats) if who == s] for s in ("p1", "p2")}}
    setup = sum(sum(result.taps[k][s]) for k in SETUP_KINDS for s in ("p1", "p2"))
    attack_acting = [t for k in ATTACK_KINDS if k in kinds for t in kinds[k]["p1_taps"] + kinds[k]["p2_taps"]]
    explicit = sum(1 for t in result.log_types if t in EXPLICIT)
    seen = sorted(result.seen)
    out = {
        "kinds": kinds,
        "setup_taps_both_phones": setup,
        "setup_taps": {s: sum(sum(result.taps[k][s]) for k in SETUP_KINDS) for s in ("p1", "p2")},
        "attack_taps_attacker_max": max(attack_acting), "attack_taps_attacker_mean": round(statistics.mean(attack_acting), 2),
        "attack_taps_other_phone_max": max(kinds[k]["other_max"] for k in ATTACK_KINDS if k in kinds),
        "log_entries": len(result.log_types), "explicit_entries": explicit,
        "explicit_share": round(explicit / len(result.log_types), 3) if result.log_types else 0,
        "entries_closing_steps_by_themselves": result.inferred,
        "seen_on_other_phone_s": {"n": len(seen), "p50": round(statistics.median(seen), 3), "max": round(seen[-1], 3)},
        "waiting_for_own_player": result.waiting_for_self,
    }
    out["targets_met"] = {
        "setup_at_most_40_taps": setup <= TARGETS["setup_taps"],
        "attack_at_most_8_taps_attacker": out["attack_taps_attacker_max"] <= TARGETS["attack_attacker"],
        "attack_no_taps_other_phone": out["attack_taps_other_phone_max"] <= TARGETS["attack_other"],
        "explicit_at_most_10pct": out["explicit_share"] <= TARGETS["explicit_share"],
        "seen_within_1s": out["seen_on_other_phone_s"]["max"] <= TARGETS["seen_s"],
        "never_waiting_for_own_player": not result.waiting_for_self,
    }
    return out


def report(out: dict) -> str:
    """The numbers as a table for people."""
    lines = ["BattleLore: taps per scripted step (the acting phone: mean / max; the other phone: max)",
             f"{'kind':<12} {'n':>3}  {'acting':>10}  {'other':>5}  {'Ana acting':<18} {'Ben acting':<18}"]
    for kind, k in out["kinds"].items():
        lines.append(f"{kind:<12} {k['n']:>3}  {k['acting_mean']:>5} / {k['acting_max']:<2}  {k['other_max']:>5}  "
                     f"{str(k['p1_taps']):<18} {str(k['p2_taps']):<18}")
    lines += [
        "",
        f"Set-up (units filled, mustered, placed), both phones: {out['setup_taps_both_phones']} "
        f"(Ana {out['setup_taps']['p1']}, Ben {out['setup_taps']['p2']})   target <= 40",
        f"Attack with its dice, attacker's phone: mean {out['attack_taps_attacker_mean']}, max {out['attack_taps_attacker_max']}   target <= 8",
        f"Attack, taps on the other phone (max): {out['attack_taps_other_phone_max']}   target 0",
        f"Explicit 'nothing happened' entries: {out['explicit_entries']} of {out['log_entries']} log entries "
        f"({out['explicit_share']:.0%}); {out['entries_closing_steps_by_themselves']} entries closed steps by themselves   target <= 10%",
        f"Tap to the other phone showing it: p50 {out['seen_on_other_phone_s']['p50']} s, max {out['seen_on_other_phone_s']['max']} s "
        f"over {out['seen_on_other_phone_s']['n']} entries   target <= 1 s",
        f"A phone waiting for its own player: {out['waiting_for_own_player'] or 'never'}",
        "",
        targets_line(out),
    ]
    return "\n".join(lines)


def main() -> int:
    return command_line(__doc__, run, report)


if __name__ == "__main__":
    sys.exit(main())
