#!/usr/bin/env python3
"""Taps at the table, Warhammer 40,000: Conquest: a two-round game of the core set's starter decks on two phones.

Two phone-size Chromium contexts (360x640, touch) play Ana (p1, Nazdreg) and Ben (p2, Captain Cato Sicarius)
against a new server (an empty store: nothing saved), with the phones, the timing and the harness of
benchmarks/taps.py. Everything is tapped: Ana's phone creates the game in the wizard (the names typed, each
warlord picked, each seat's starter deck in one tap), Ben's phone joins with the code, and the set-up is entered
at the table (initiative, the five planets, the mulligans). Then each round: cards of the starter decks deployed
by name (a word typed, the match, the planet), the command dials, the command bonuses, the battles (each player
attacks with his first ready unit the enemy with the least HP left, and a defender with cards in hand shields a
unit the damage would destroy, with one shield icon), the Battle abilities, and the headquarters phase. The
script taps a decision that says "nothing" ("No shield", "Stay and fight", "Pass", "Do not use the Battle
ability") only when no later entry of the player's can close it: the engine infers the others
(app/engine/conquest/passes.py), as at a real table.

Reported, against the targets (the issue's measures; the product's goals):
- the set-up to the first deployment turn: every tap on both phones, from the wizard's first screen (at most 40;
  a <select> counts as two taps: open it, pick);
- the share of log entries that are explicit decisions ("No shield", "done", passes: at most 5%);
- an attack, taps on the acting phone: mean at most 4, max at most 6 (the defender's shield is its own step);
- deploying a card by name: at most 4 taps on the acting phone;
- a Reaction or Interrupt of a card in play, offered by the engine in its window (the core set's cards as data):
  the script plays each one offered complete (Captain Cato Sicarius's resource, Blood Angels Veterans' prevented
  damage), one tap;
- the time from the tap that enters something to the other phone's "what just happened" card naming it (1 s).

Run: .venv/bin/python benchmarks/taps_conquest.py [--json] [--headed]      (exit 1 when a target is missed)
"""
from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from processes import free_port, start_app, stop
from taps import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NAMES,
    PHONE,
    STEP_TIMEOUT_MS,
    Phone,
    Result,
    Table,
    command_line,
    kinds_table,
    per_kind,
    targets_line,
)

from app.engine.conquest.passes import is_decision_pass

ROUNDS = 2
TARGETS = {"setup_taps": 40, "decision_share": 0.05, "attack_mean": 4, "attack_max": 6, "deploy_acting": 4,
           "seen_s": 1.0}
PLANETS = ["Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"]
WARLORDS = {"p1": "nazdreg", "p2": "captain-cato-sicarius"}
# Cards of each player's starter deck deployed by name, each round: (what is typed, the card's id).
DEPLOYS = {
    1: {"p1": [("shoota", "shoota-mob"), ("rokkit", "rokkitboy")],
        "p2": [("10th", "10th-company-scout"), ("blood angels", "blood-angels-veterans")]},
    2: {"p2": [("maxos", "veteran-brother-maxos"), ("sicarius", "sicariuss-chosen")],
        "p1": [("burna", "burna-boyz"), ("enraged", "enraged-ork")]},
}
# Each round's command dials: "first" (the first planet's battle) or a planet's name.
DIALS = {1: {"p1": "first", "p2": "Osus IV"}, 2: {"p1": "first", "p2": "first"}}
SETUP_TYPES = {"initiative", "reveal_planet", "mulligan"}
MAX_STEPS = 200  # a guard: two rounds take about 40 entries


def new_phone(browser, url: str, seat: str) -> Phone:
    """A phone-size touch context on the server's start page."""
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, base_url=url)
    ctx.set_default_timeout(STEP_TIMEOUT_MS)
    return Phone(seat, ctx.new_page())


def pick_option(phone: Phone, select, value: str) -> None:
    """A <select> on a phone: two taps (open the list, pick the entry)."""
    select.select_option(value, timeout=STEP_TIMEOUT_MS)
    phone.taps += 2


def stored_game(phone: Phone) -> dict:
    """The game this phone keeps in its store (static/js/store.js): {id, token, seat, join_code, referee_token?}."""
    games = phone.page.evaluate("JSON.parse(localStorage.getItem('tw.games') || '{}')")
    gid, rec = next(iter(games.items()))
    return {"id": gid, **rec}


class ConquestTable(Table):
    """Ana (Nazdreg) and Ben (Sicarius), their starter decks: the game made in the wizard, joined and set up by
    tapping the phones."""

    def __init__(self, browser, url: str, result: "ConquestResult"):
        self.url = url
        self.deploys = {r: {s: list(cards) for s, cards in by_seat.items()} for r, by_seat in DEPLOYS.items()}
        self.phones = {"p1": new_phone(browser, url, "p1"), "p2": new_phone(browser, url, "p2")}
        self.create(self.phones["p1"])
        self.join(self.phones["p2"])
        self.set_up(result)
        result.setup_taps = sum(p.taps for p in self.phones.values())

    def create(self, ana: Phone) -> None:
        """The wizard on Ana's phone: Conquest, the two names, the two warlords, each starter deck, create."""
        page = ana.page
        page.goto("/new")
        page.locator("#wizard[data-ready='true']").wait_for(state="attached")
        ana.tap(page.locator("[data-ruleset='conquest/core']"))
        ana.tap(page.locator("#wizard-next"))
        for i, (seat, name) in enumerate(NAMES.items()):
            ana.fill(page.locator(f"#name-{i}"), name)
            page.locator(f"#warlord-{i} option[value='{WARLORDS[seat]}']").wait_for(state="attached")
            pick_option(ana, page.locator(f"#warlord-{i}"), WARLORDS[seat])
            ana.tap(page.locator(f"[data-starter-seat='{i}'] input"))
        ana.tap(page.locator("#wizard-next"))
        ana.tap(page.locator("#wizard-next"))
        page.locator("#join-code").wait_for()
        ana.tap(page.get_by_role("link", name="Go to the table"))
        page.locator("#banner").wait_for()
        rec = stored_game(ana)
        self.game = {"id": rec["id"], "join_code": rec["join_code"], "referee_token": rec["referee_token"]}
        self.tokens = {"p1": rec["token"]}

    def join(self, ben: Phone) -> None:
        """Ben's phone: the join code typed, the game found, his seat."""
        page = ben.page
        page.goto("/join")
        ben.fill(page.locator("#join-code"), self.game["join_code"])
        ben.tap(page.get_by_role("button", name="Find the game"))
        ben.tap(page.locator("[data-seat='p2']"))
        page.locator("#banner").wait_for()
        self.tokens["p2"] = stored_game(ben)["token"]

    def set_up(self, result: "ConquestResult") -> None:
        """At the table: Ana takes the initiative and turns the five planets face up; both keep their hands."""
        ana, ben = self.phones["p1"], self.phones["p2"]
        self.button(ana, result, "Ana takes the initiative")
        for planet in PLANETS:
            page = ana.page
            ana.tap(page.locator("section.actions").get_by_role("button", name="Reveal planet", exact=False).first)
            sheet = page.locator("dialog.sheet")
            ana.tap(sheet.get_by_role("radio", name=planet, exact=True))
            self.enter(ana, sheet.locator("[data-action='confirm']"), result)
            sheet.wait_for(state="detached")
        self.button(ana, result, "Keep this hand")
        self.button(ben, result, "Keep this hand")
        ana.page.locator("#banner", has_text="Deployment turn").wait_for()

    def read(self, seat: str) -> dict:
        """What the seat's phone is told: {"state", "advice", "outcome"}."""
        r = requests.get(f"{self.url}/api/games/{self.game['id']}", headers={"Authorization": f"Bearer {self.tokens[seat]}"},
                         timeout=10)
        return r.json()["view"]

    # -- one step: what the table does next, tapped on the phone that does it ---------------------------------------
    def step(self, result: Result) -> bool:
        """Play the next thing; False once the script is over (the last round's headquarters phase, or game over)."""
        views = {s: self.read(s) for s in ("p1", "p2")}
        st = views["p1"]["state"]
        if views["p1"].get("outcome") or st["round"] > ROUNDS:
            return False
        seat, kind, run = self.plan(st, views)
        phone = self.phones[seat]
        before = {s: p.taps for s, p in self.phones.items()}
        run(phone, result)
        for s, p in self.phones.items():
            result.taps[kind][s].append(p.taps - before[s])
        result.kinds.append((kind, seat))
        return True

    def plan(self, st: dict, views: dict):
        """(seat, kind, how) for the next entry of the script."""
        offered = {s: views[s]["advice"]["suggestions"] for s in views}
        for seat in ("p1", "p2"):
            reaction = self.reaction(offered[seat])
            if reaction:
                return seat, "reaction", lambda ph, r, label=reaction: self.button(ph, r, label)
        if st["pending"]:
            pend = st["pending"][0]
            seat = pend.get("turn") or pend.get("seat")
            if pend["kind"] == "damage" and not self.attacks(offered[seat]):
                lethal = self.lethal(st, pend, offered[seat])
                if lethal:
                    return seat, "shield", lambda ph, r: self.sheet(ph, r, lethal)
                return seat, "no_shield", lambda ph, r: self.button(ph, r, "No shield")
            if pend["kind"] == "bloodied_stats":
                return seat, "bloodied", lambda ph, r: self.sheet(ph, r, "Enter the bloodied side's ATK and HP")
            if pend["kind"] == "damage":
                return seat, "attack", lambda ph, r: self.attack(ph, r, offered[seat], st)
        step = st["step"].get("name")
        if step == "deploy":
            seat = st["step"]["turn"]
            plan = self.deploys.get(st["round"], {}).get(seat, [])
            if plan:
                query, card = plan.pop(0)
                return seat, "deploy", lambda ph, r: self.deploy(ph, r, query, card, st)
            # Out of cards to deploy: the dial says so (an early dial while the other player deploys on).
            return seat, "commit", lambda ph, r: self.commit(ph, r, offered[seat], st, seat)
        if step == "commit":
            seat = next(s for s in (st["initiative"], "p2" if st["initiative"] == "p1" else "p1")
                        if s not in st["step"]["committed"])
            return seat, "commit", lambda ph, r: self.commit(ph, r, offered[seat], st, seat)
        if step == "bonuses":
            seat = st["step"]["queue"][0]["seat"]
            label = next(s["label"] for s in offered[seat] if (s.get("event") or {}).get("type") == "take_bonus")
            return seat, "bonus", lambda ph, r: self.button(ph, r, label)
        if step == "mobile":
            return st["step"]["turn"], "mobile", lambda ph, r: self.button(ph, r, "Done with Mobile moves")
        if step == "headquarters":
            seat = st["initiative"]
            hq = next(s for s in offered[seat] if (s.get("template") or s.get("event"))["type"] == "headquarters")
            return seat, "headquarters", lambda ph, r: self.choose(ph, r, hq)
        b = st["battle"]
        if b["stage"] == "won":
            seat = b["winner"]
            use = next((s for s in offered[seat] if s["label"].startswith("Use the Battle ability")), None)
            if use:
                return seat, "ability", lambda ph, r: self.choose(ph, r, use)
            return seat, "ability", lambda ph, r: self.button(ph, r, "Do not use the Battle ability")
        if b["stage"] == "retreat":
            seat = b["initiative"]   # the next round's first attack closes both retreat opportunities
            if self.attacks(offered[seat]):
                return seat, "attack", lambda ph, r: self.attack(ph, r, offered[seat], st)
            return b["retreat_turn"], "stay", lambda ph, r: self.button(ph, r, "Stay and fight")
        seat = b["turn"]
        if self.attacks(offered[seat]):
            return seat, "attack", lambda ph, r: self.attack(ph, r, offered[seat], st)
        return seat, "pass", lambda ph, r: self.button(ph, r, "Pass")

    @staticmethod
    def lethal(st: dict, pend: dict, offered: list) -> str | None:
        """The shield a player uses at a real table: on a unit (not the warlord) the damage would destroy, with a
        shield card in hand (one shield icon). None: no shield is worth a card here."""
        for uid, amount in pend["hits"].items():
            u = st["units"].get(uid)
            label = f"Shield {u['name']}" if u else None
            if u and u["kind"] != "warlord" and amount >= (u["hp"] or 0) - u["damage"] and \
                    any(s["label"] == label for s in offered):
                return label
        return None

    @staticmethod
    def reaction(suggestions: list) -> str | None:
        """A Reaction or Interrupt of a card in play that the phone offers complete (its window open, nothing to
        choose): the player plays it (one tap). Events from hand are kept: the script does not know the hand."""
        for s in suggestions:
            ev = s.get("event") or {}
            if ev.get("type") == "card_ability" and ev["data"].get("source") and \
                    s["label"].endswith(("(Reaction)", "(Interrupt)")):
                return s["label"]
        return None

    @staticmethod
    def attacks(suggestions: list) -> list:
        return [s for s in suggestions if (s.get("template") or s.get("event") or {}).get("type") == "attack"
                and s["label"].startswith("Attack with")]

    # -- taps ----------------------------------------------------------------------------------------------------
    def button(self, phone: Phone, result: Result, label: str) -> None:
        """A complete entry: one tap."""
        self.enter(phone, phone.page.locator("section.actions").get_by_role("button", name=label, exact=True).first, result)

    def choose(self, phone: Phone, result: Result, suggestion: dict) -> None:
        """A suggestion: one tap when it is complete, else its sheet."""
        if "event" in suggestion:
            self.button(phone, result, suggestion["label"])
        else:
            self.sheet(phone, result, suggestion["label"])

    def sheet(self, phone: Phone, result: Result, label: str) -> None:
        """A template: its button, the first choice of each field not chosen yet, Enter."""
        page = phone.page
        phone.tap(page.locator("section.actions").get_by_role("button", name=label, exact=True).first)
        sheet = page.locator("dialog.sheet")
        sheet.wait_for()
        for group in sheet.locator("[role='radiogroup']").all():
            if group.locator("[aria-checked='true']").count() == 0:
                phone.tap(group.locator("[role='radio']").first)
        self.enter(phone, sheet.locator("[data-action='confirm']"), result)

    def deploy(self, phone: Phone, result: Result, query: str, card: str, st: dict) -> None:
        """By name: the deploy button, the card (a starter deck's are listed; else the name typed first), the
        planet (its tap enters the card)."""
        page = phone.page
        phone.tap(page.locator("section.actions").get_by_role("button", name="Deploy an army unit", exact=True))
        sheet = page.locator("dialog.sheet")
        sheet.locator("[data-field='card-search']").wait_for()
        if not sheet.locator(f"[data-card='{card}']").count():
            phone.fill(sheet.locator("[data-field='card-search']"), query)
        phone.tap(sheet.locator(f"[data-card='{card}']"))
        first = next(p["name"] for p in st["line"] if p["slot"] == st["first_planet"])
        self.enter(phone, sheet.get_by_role("radio", name=first, exact=True), result)

    def commit(self, phone: Phone, result: Result, offered: list, st: dict, seat: str) -> None:
        want = DIALS[st["round"]][seat]
        slot = st["first_planet"] if want == "first" else next(p["slot"] for p in st["line"] if p["name"] == want)
        label = next(s["label"] for s in offered if (s.get("event") or {}).get("type") == "commit"
                     and s["event"]["data"]["planet"] == slot)
        self.button(phone, result, label)

    def attack(self, phone: Phone, result: Result, offered: list, st: dict) -> None:
        """The first attacker offered, at the enemy with the least HP left (a unit before a warlord)."""
        s = self.attacks(offered)[0]
        units = st["units"]

        def weakest(uid):
            u = units[uid]
            return (u["kind"] == "warlord", (u["hp"] or 0) - u["damage"])
        target = min(s["choices"]["defender"], key=weakest)
        page = phone.page
        phone.tap(page.locator("section.actions").get_by_role("button", name=s["label"], exact=True).first)
        sheet = page.locator("dialog.sheet")
        sheet.wait_for()
        radios = sheet.locator("[data-field='defender']")
        if radios.count() > 1:
            phone.tap(radios.filter(has_text=units[target]["name"]).first)
        self.enter(phone, sheet.locator("[data-action='confirm']"), result)


class ConquestResult(Result):
    """The taps per step kind, the entries' timing, and the order the kinds were played in."""

    def __init__(self):
        super().__init__()
        self.kinds: list[tuple[str, str]] = []
        self.setup_taps = 0   # both phones, from the wizard's first screen to the first deployment turn


def run(headed: bool = False) -> dict:
    tmp = tempfile.mkdtemp(prefix="tw-taps-conquest-")
    port = free_port()
    proc = start_app(port, tmp, RATE_LIMIT_PER_SECOND="0")
    result = ConquestResult()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=not headed)
            table = ConquestTable(browser, f"http://127.0.0.1:{port}", result)
            for i in range(MAX_STEPS):
                try:
                    if not table.step(result):
                        break
                except Exception as exc:  # say where the script got stuck and what the phones show
                    shown = {s: ph.page.locator("#banner").inner_text().replace("\n", " · ") + " || actions: "
                             + ph.page.locator("section.actions").first.inner_text().replace("\n", " · ")[:400]
                             for s, ph in table.phones.items()}
                    raise RuntimeError(f"step {i} could not be played: {exc}\nphones: {shown}") from exc
            result.log_types = [(e["type"], e.get("data") or {}) for e in table.log() if e["type"] not in ("note", "revert")]
            browser.close()
    finally:
        stop(proc)
    return summarise(result)


def summarise(result) -> dict:
    """Taps per step kind (acting phone, other phone), explicit decisions, and the time to the other phone."""
    kinds = per_kind(result.taps, result.kinds)
    decisions = sum(1 for t, d in result.log_types if is_decision_pass(t, d))
    played = [(t, d) for t, d in result.log_types if t not in SETUP_TYPES]
    seen = sorted(result.seen)
    out = {
        "played": [f"{seat} {kind}" for kind, seat in result.kinds],
        "kinds": kinds,
        "deploy_taps_acting_max": kinds.get("deploy", {}).get("acting_max", 0),
        "attack_taps_acting_max": kinds.get("attack", {}).get("acting_max", 0),
        "log_entries": len(result.log_types), "explicit_decisions": decisions,
        "explicit_decision_share": round(decisions / len(result.log_types), 3) if result.log_types else 0,
        # The same share among the entries after the set-up (which the benchmark enters over REST): for the reader.
        "explicit_decision_share_after_setup": round(decisions / len(played), 3) if played else 0,
        "seen_on_other_phone_s": {"n": len(seen), "p50": round(statistics.median(seen), 3) if seen else None,
                                  "max": round(seen[-1], 3) if seen else None},
    }
    attack = kinds.get("attack", {})
    out["card_abilities_played"] = sum(1 for t, _ in result.log_types if t == "card_ability")
    out["setup_taps_both_phones"] = result.setup_taps
    out["attack_taps_acting_mean"] = attack.get("acting_mean", 0)
    out["targets_met"] = {
        "setup_at_most_40_taps": 0 < out["setup_taps_both_phones"] <= TARGETS["setup_taps"],
        "explicit_decisions_at_most_5pct": out["explicit_decision_share"] <= TARGETS["decision_share"],
        "attack_mean_at_most_4_taps": 0 < out["attack_taps_acting_mean"] <= TARGETS["attack_mean"],
        "attack_max_at_most_6_taps": 0 < out["attack_taps_acting_max"] <= TARGETS["attack_max"],
        "deploy_by_name_at_most_4_taps": 0 < out["deploy_taps_acting_max"] <= TARGETS["deploy_acting"],
        "seen_within_1s": bool(seen) and seen[-1] <= TARGETS["seen_s"],
    }
    return out


def report(out: dict) -> str:
    """The numbers as a table for people."""
    lines = ["Taps per step kind (the acting phone: mean / max; the other phone: max)",
             *kinds_table(out["kinds"], 13, by_player=False)]
    seen = out["seen_on_other_phone_s"]
    lines += [
        "",
        f"Set-up to the first deployment turn, both phones (wizard, join, table): {out['setup_taps_both_phones']} taps"
        "   target <= 40",
        f"Explicit decisions: {out['explicit_decisions']} of {out['log_entries']} log entries "
        f"({out['explicit_decision_share']:.1%})   target <= 5%; after the set-up: "
        f"{out['explicit_decision_share_after_setup']:.1%}",
        f"An attack, acting phone: mean {out['attack_taps_acting_mean']}, max {out['attack_taps_acting_max']}"
        "   targets <= 4 / 6",
        f"Deploy a card by name, acting phone (max): {out['deploy_taps_acting_max']}   target <= 4",
        f"Card abilities played from the cards' data (Reactions offered in their windows): "
        f"{out['card_abilities_played']}",
        f"Tap to the other phone showing it: p50 {seen['p50']} s, max {seen['max']} s over {seen['n']} entries   target <= 1 s",
        "",
        targets_line(out),
    ]
    return "\n".join(lines)


def main() -> int:
    return command_line(__doc__, run, report)


if __name__ == "__main__":
    sys.exit(main())
