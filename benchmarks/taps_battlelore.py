#!/usr/bin/env python3
"""Taps at the table for BattleLore: two games on a new server, set-up and three turns played through the phone app.

Two phone-size Chromium contexts (taps.py's phones: 360x640, touch) play Ana (Daqan Lords, p1) and Ben (Uthuk
Y'llan, p2) against the real server (`python -m app`, temp SQLite, no unit card saved). Game 1: scenario cards, then
each player types the reference card of each core set unit they muster (the content knows the units by name only; no
public source gives their numbers, so the numbers below are the script's own), musters with the form, places every
unit, and three turns with command cards, orders, moves, melee and ranged attacks with their dice, a retreat, a
counter, VPs and lore. Game 2, on new phones of the same server: scenario cards, the units filled from the cards
game 1 saved, mustering and placing. The script never taps "Done ordering", "Done moving", "Done attacking" or
"Stay" (the engine infers them), nor takes plain hits (they apply themselves).

Reported, against the targets (the product's goals):
- taps per step kind on each phone;
- the taps to type each unit card, at most 6;
- set-up with the unit cards saved (game 2: scenario cards, filling the units, mustering, placing; both phones) at
  most 40, and what each part spends;
- an attack with its dice, mean at most 4 and max at most 6 taps on the attacker's phone, and the taps on the
  defender's phone it causes (0 for plain hits);
- explicit decisions (a done step, no counter, stay, taking hits with no choice) at most 5% of the log;
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
import game_rest
from processes import free_port, start_app, stop
from taps import (
    CHROMIUM,
    CHROMIUM_ARGS,
    STEP_TIMEOUT_MS,
    Phone,
    command_line,
    kinds_table,
    open_phone,
    per_kind,
    seen_after,
    targets_line,
)

NAMES = {"p1": "Ana", "p2": "Ben"}
TARGETS = {"card_taps": 6, "setup_taps": 40, "attack_mean": 4, "attack_max": 6, "attack_other": 0,
           "explicit_share": 0.05, "seen_s": 1.0}
SETUP_KINDS = ("scenario", "fill_units", "muster", "deploy")   # game 2: the unit cards are saved
ATTACK_KINDS = ("attack",)
EXPLICIT = {"end_step", "decline"}   # entries that only say nothing happened
# The values the unit card form has chosen already (static/js/games/battlelore/index.js USUAL).
USUAL = {"health": 4, "movement": 1, "combat": 3, "attack": "melee", "range": None, "muster": 5}


def card(name: str, health: int, movement: int, combat: int, muster: int, attack: str = "melee", **kw) -> dict:
    """A unit reference card as a player types it (the script's numbers)."""
    return {"name": name, "health": health, "movement": movement, "combat": combat, "attack": attack,
            "range": kw.pop("range", None), "muster": muster, **kw}


CARDS = {c["name"]: c for c in [
    card("Citadel Guard", 4, 1, 3, 5), card("Yeoman Archers", 3, 1, 2, 6, "ranged", range=4),
    card("Riverwatch Riders", 3, 3, 3, 8), card("Rune Golems", 4, 1, 4, 10),
    card("Blood Harvesters", 4, 1, 3, 5), card("Viper Legion", 3, 2, 3, 6), card("Flesh Ripper Brutes", 3, 1, 4, 8),
    card("Chaos Lord", 5, 2, 4, 10, legend=True)]}
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


def A(kind, **args):
    return Step("p1", kind, args)


def B(kind, **args):
    return Step("p2", kind, args)


SCRIPT: list[Step] = [
    A("scenario", card="A1"), B("scenario", card="B2"),
    A("type_units"), B("type_units"), A("muster"), B("muster"), A("deploy"), B("deploy"),
    # Ana's turn: two units in the centre; the golems move; two melee attacks, a retreat, a counter
    A("command", section="Center", units="2 units"),
    A("order", unit="Citadel Guard 3"), A("order", unit="Rune Golems"),
    A("move", unit="Rune Golems"),
    A("attack", attacker="Citadel Guard 3", target="Blood Harvesters 3", faces=["strike", "strike", "morale"]),
    B("defend", label="Take 2 damage, retreat 1"),   # a retreat: where it goes is Ben's to say
    A("attack", attacker="Rune Golems", target="Blood Harvesters 2", faces=["strike", "cleave", "lore", "heroic"]),
    B("counter", unit="Blood Harvesters 2", faces=["strike", "lore", "lore"]),
    A("score"), A("lore", label="Take 2 lore"),
    # Ben's turn: the Chaos Lord, ordered anywhere, moves and attacks; Ana does not counter
    B("command_any"), B("order", unit="Chaos Lord"), B("move", unit="Chaos Lord"),
    B("attack", attacker="Chaos Lord", target="Citadel Guard 1", faces=["strike", "strike", "cleave", "heroic"]),
    A("no_counter"),
    B("score"), B("lore", label="1 lore + 1 lore card"),
    # Ana's turn: a ranged attack at 3 hexes
    A("command_any"), A("order", unit="Yeoman Archers 1"),
    A("attack", attacker="Yeoman Archers 1", target="Viper Legion 1", faces=["pierce", "lore"], distance="3"),
    A("score"), A("lore", label="Take 2 lore"),
]
# Game 2 on the same server: the unit cards typed in game 1 are offered filled.
SETUP2: list[Step] = [A("scenario", card="A2"), B("scenario", card="B1"),
                      A("fill_units"), B("fill_units"), A("muster"), B("muster"), A("deploy"), B("deploy")]


@dataclass
class Result:
    taps: dict = field(default_factory=lambda: defaultdict(lambda: {"p1": [], "p2": []}))
    seen: list = field(default_factory=list)       # seconds from the entering tap to the other phone showing it
    log_types: list = field(default_factory=list)
    inferred: int = 0                              # entries that closed steps by themselves
    waiting_for_self: list = field(default_factory=list)
    card_taps: dict = field(default_factory=dict)  # unit name -> taps to type its card (game 1)
    setup2: dict = field(default_factory=lambda: defaultdict(lambda: {"p1": [], "p2": []}))   # game 2, by kind


class Table:
    """The server, one game and its two phones."""

    def __init__(self, browser, url: str):
        self.url = url
        body = {"ruleset": "battlelore/second-edition", "options": {},
                "seats": [{"name": "Ana", "faction": "daqan"}, {"name": "Ben", "faction": "uthuk"}]}
        reply = requests.post(f"{url}/api/games", json=body, timeout=10)
        reply.raise_for_status()
        self.game = reply.json()
        self.phones = {seat: open_phone(browser, url, self.game["join_code"], seat) for seat in ("p1", "p2")}

    def head(self) -> int:
        return game_rest.head(self.url, self.game)

    def log(self) -> list[dict]:
        return game_rest.log(self.url, self.game)

    def other(self, phone: Phone) -> Phone:
        return self.phones["p2" if phone.seat == "p1" else "p1"]

    def enter(self, phone: Phone, locator, result: Result) -> None:
        """The tap that sends an entry, timed until the other phone's "what just happened" card names it."""
        before, start = self.head(), time.perf_counter()
        phone.tap(locator)
        result.seen.append(seen_after(self.other(phone).page, before, start))

    # -- the scripted steps -----------------------------------------------------------------------
    def play(self, step: Step, result: Result, taps=None) -> None:
        phone = self.phones[step.seat]
        page = phone.page
        a = step.args
        counts_before = {s: p.taps for s, p in self.phones.items()}
        actions = page.locator("section.actions")
        sheet = page.locator("dialog.sheet")
        action = lambda label: actions.get_by_role("button", name=label, exact=True).first  # noqa: E731
        if step.kind == "scenario":
            phone.tap(action("Choose scenario card"))
            self.enter(phone, sheet.locator(f"[data-field='scenario'][data-value='{a['card']}']"), result)
        elif step.kind == "type_units":
            page.locator(f"#units-{step.seat}[data-saved-loaded]").wait_for(state="attached")
            for name in ARMIES[step.seat]:
                self.type_card(phone, name, result)
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
                for uid in units:   # the last one placed ends the placing: no "Deployment done"
                    self.enter(phone, panel.locator(f"[data-place='{step.seat}.{uid}']"), result)
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
            # a retreat's hex opens as the unit's section, clear, no banner: Enter
            phone.tap(sheet.locator("[data-action='confirm']"))
            result.seen.append(seen_after(self.other(phone).page, before, start))
        elif step.kind == "no_counter":
            self.enter(phone, action("No counter"), result)
        elif step.kind == "score":
            self.enter(phone, action("Score VPs and draw"), result)
        elif step.kind == "lore":
            self.enter(phone, action(a["label"]), result)
        for seat, p in self.phones.items():
            (taps if taps is not None else result.taps)[step.kind][seat].append(p.taps - counts_before[seat])
            text = p.page.locator("section.actions").first.inner_text()
            if f"Waiting for {NAMES[seat]}" in text:
                result.waiting_for_self.append((step.kind, seat))

    def type_card(self, phone: Phone, name: str, result: Result) -> None:
        """Type one unit reference card: its row's button, a tap per value that differs from the usual one, Save."""
        page, rec = phone.page, CARDS[name]
        before = phone.taps
        phone.tap(page.get_by_role("button", name=f"Type the numbers of {name}", exact=True))
        form = page.locator("dialog.sheet")
        if rec.get("legend"):   # a legend and its health are one choice
            phone.tap(form.get_by_role("radio", name=f"Health (figures): legend, health {rec['health']}", exact=True))
        elif rec["health"] != USUAL["health"]:
            phone.tap(form.get_by_role("radio", name=f"Health (figures): {rec['health']}", exact=True))
        rows = {"movement": "Movement", "combat": "Combat value (dice)", "muster": "Muster points"}
        for key, label in rows.items():
            if rec[key] != USUAL[key]:
                phone.tap(form.get_by_role("radio", name=f"{label}: {rec[key]}", exact=True))
        if rec["attack"] != USUAL["attack"]:
            phone.tap(form.get_by_role("radio", name=f"Attack: Ranged {rec['range']}", exact=True))
        phone.tap(form.locator("[data-action='save-unit']"))
        page.locator(f"#units-{phone.seat} [data-slug]", has_text=name).locator("[data-typed-by]").wait_for()
        result.card_taps[name] = phone.taps - before

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


def _stuck(table: Table, i: int, step: Step, exc: Exception) -> RuntimeError:
    """Where the script got stuck and what the phones show."""
    shown = {s: ph.page.locator("#banner").inner_text().replace("\n", " · ") + " || actions: "
             + ph.page.locator("section.actions").first.inner_text().replace("\n", " · ")[:400]
             for s, ph in table.phones.items()}
    return RuntimeError(f"step {i} {step} could not be played: {exc}\nphones: {shown}")


def run(headed: bool = False) -> dict:
    tmp = tempfile.mkdtemp(prefix="tw-taps-bl-")
    port = free_port()
    proc = start_app(port, tmp, RATE_LIMIT_PER_SECOND="0")   # a new server: no unit card saved
    result = Result()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=not headed)
            url = f"http://127.0.0.1:{port}"
            saved = requests.get(f"{url}/api/content/custom/battlelore_unit", timeout=10).json()["total"]
            assert saved == 0, "the benchmark starts from a server with no saved unit card"
            table = Table(browser, url)
            for i, step in enumerate(SCRIPT):
                try:
                    table.play(step, result)
                except Exception as exc:  # say where the script got stuck and what the phones show
                    raise _stuck(table, i, step, exc) from exc
            log = table.log()
            result.log_types = [e["type"] for e in log]
            result.inferred = sum(1 for e in log if any(c["type"] == "passes_inferred" for c in e.get("consequences") or []))
            second = Table(browser, url)   # game 2: new phones, the cards game 1 saved
            for i, step in enumerate(SETUP2):
                try:
                    second.play(step, result, taps=result.setup2)
                except Exception as exc:
                    raise _stuck(second, i, step, exc) from exc
            browser.close()
    finally:
        stop(proc)
    return summarise(result)


def summarise(result: Result) -> dict:
    """Taps per step kind on each phone, per unit card, set-up with the cards saved, attacks, explicit entries, time."""
    kinds = per_kind(result.taps, [(step.kind, step.seat) for step in SCRIPT])
    setup_by_kind = {k: sum(result.setup2[k]["p1"]) + sum(result.setup2[k]["p2"]) for k in SETUP_KINDS}
    setup = sum(setup_by_kind.values())
    attack_acting = [t for k in ATTACK_KINDS if k in kinds for t in kinds[k]["p1_taps"] + kinds[k]["p2_taps"]]
    explicit = sum(1 for t in result.log_types if t in EXPLICIT)
    seen = sorted(result.seen)
    cards = result.card_taps
    out = {
        "kinds": kinds,
        "unit_card_taps": dict(cards),
        "unit_card_taps_max": max(cards.values()) if cards else 0,
        "setup_taps_both_phones": setup,
        "setup_taps_by_kind": setup_by_kind,
        "setup_taps": {s: sum(sum(result.setup2[k][s]) for k in SETUP_KINDS) for s in ("p1", "p2")},
        "attack_taps_attacker_max": max(attack_acting), "attack_taps_attacker_mean": round(statistics.mean(attack_acting), 2),
        "attack_taps_other_phone_max": max(kinds[k]["other_max"] for k in ATTACK_KINDS if k in kinds),
        "log_entries": len(result.log_types), "explicit_entries": explicit,
        "explicit_share": round(explicit / len(result.log_types), 3) if result.log_types else 0,
        "entries_closing_steps_by_themselves": result.inferred,
        "seen_on_other_phone_s": {"n": len(seen), "p50": round(statistics.median(seen), 3), "max": round(seen[-1], 3)},
        "waiting_for_own_player": result.waiting_for_self,
    }
    out["targets_met"] = {
        "unit_card_at_most_6_taps": out["unit_card_taps_max"] <= TARGETS["card_taps"],
        "setup_with_saved_cards_at_most_40_taps": setup <= TARGETS["setup_taps"],
        "attack_mean_at_most_4_taps": out["attack_taps_attacker_mean"] <= TARGETS["attack_mean"],
        "attack_at_most_6_taps": out["attack_taps_attacker_max"] <= TARGETS["attack_max"],
        "attack_no_taps_other_phone": out["attack_taps_other_phone_max"] <= TARGETS["attack_other"],
        "explicit_at_most_5pct": out["explicit_share"] <= TARGETS["explicit_share"],
        "seen_within_1s": out["seen_on_other_phone_s"]["max"] <= TARGETS["seen_s"],
        "never_waiting_for_own_player": not result.waiting_for_self,
    }
    return out


def report(out: dict) -> str:
    """The numbers as a table for people."""
    lines = ["BattleLore game 1 (new server): taps per scripted step (the acting phone: mean / max; the other phone: max)",
             *kinds_table(out["kinds"], 12)]
    by_kind = ", ".join(f"{k} {n}" for k, n in out["setup_taps_by_kind"].items())
    lines += [
        "",
        "Typing each unit card (its button, a tap per value unlike the usual one, Save): "
        + ", ".join(f"{n} {t}" for n, t in out["unit_card_taps"].items()) + f"   max {out['unit_card_taps_max']}, target <= 6",
        f"Game 2 set-up with the cards saved, both phones: {out['setup_taps_both_phones']} "
        f"(Ana {out['setup_taps']['p1']}, Ben {out['setup_taps']['p2']}; {by_kind})   target <= 40",
        f"Attack with its dice, attacker's phone: mean {out['attack_taps_attacker_mean']}, max {out['attack_taps_attacker_max']}"
        "   target <= 4 / 6",
        f"Attack, taps on the defender's phone (max): {out['attack_taps_other_phone_max']}   target 0",
        f"Explicit decisions: {out['explicit_entries']} of {out['log_entries']} log entries "
        f"({out['explicit_share']:.1%}); {out['entries_closing_steps_by_themselves']} entries closed steps by themselves   target <= 5%",
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
