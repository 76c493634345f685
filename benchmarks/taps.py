#!/usr/bin/env python3
"""Taps at the table: a scripted three-round, two-player Underworlds game played through the phone app.

Two phone-size Chromium contexts (360x640, touch) play Ana (p1) and Ben (p2) against the real server
(`python -m app`, temp SQLite): moves, guards, charges and attacks with their dice, a fighter taken out of
action, a reaction, a ploy, objectives scored and the end phases. The script never taps "No reaction" or
"Pass": steps nobody uses are closed by the engine (inferred passes), as at a real table.

Reported, against the targets:
- taps per activation kind on each phone (Move or Guard: at most 2 in total across both phones; an attack
  with its rolls, each entered by its counts as the sheet shows which faces succeed: at most 4 on average and 6
  at most on the attacker's phone, none on the other);
- the share of log entries that are explicit decisions: passes, No reaction, an end phase's Done (at most 5%), in
  this game and, through the engine, in the same shape of game in every edition (explicit_share.py);
- the time from the tap that enters something to the other phone showing it (within 1 s): from just before
  the tap until the other phone's "what just happened" card names that entry, measured with Playwright;
- a reaction from the hand (at most 3 taps on the reacting phone), in a short second game on the same phones'
  browser whose Ben has a Rivals deck known by card names only and has said which cards he holds (`hand_reaction`);
- the cards the engine knows, played from the deck data in a third short game (`cards_at_the_table`): the opening
  hand told on the table's own panel (at most 5 taps: the three objectives), a reaction from the hand with its
  fixed effect (at most 2), a ploy whose fixed effect goes to a chosen fighter (no tap beyond the card and its
  confirm) and a met surge objective scored (1 tap).
- the attacks per edition: round 1's four attacks and charges (the same rolls) played on the phones in a short game
  under each edition's rules (Deathgorge, Dreadfane, Shadespire), the turns between them passed over REST
  (`attacks_per_edition`), against the same targets;
- a catch-up: Ben's phone is offline while Ana's charge takes Tor out of action; back online, the taps Ben
  needs to be up to date again (the "While you were away" card dismissed: at most 1 tap);
- the taps, over every game it plays, whose target was covered (the sticky banner, a card, a sheet's footer) or
  off the screen as the tap was made (tests/support/reach.py, as the browser tests count them): none.

The game's set-up (boards, do-overs, placing fighters) is entered over REST before the phones join: it is
not what the targets are about. Each round's first-turn roll-off is tapped and reported on its own.

Run: .venv/bin/python benchmarks/taps.py [--json] [--headed]      (exit 1 when a target is missed)
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

import requests
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import explicit_share
import game_rest
from processes import free_port, start_app, stop

from tests.support.reach import look

CHROMIUM = os.environ.get("TW_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]
PHONE = {"width": 360, "height": 640}
STEP_TIMEOUT_MS = 15_000
NAMES = {"p1": "Ana", "p2": "Ben"}
TARGETS = {"move_guard_total": 2, "attack_mean": 4, "attack_max": 6, "attack_other": 0, "pass_share": 0.05, "seen_s": 1.0}
TARGETS["catch_up_taps"] = 1   # to be up to date after being offline: the summary dismissed with one tap
# Explicit decisions: the entries that only say "nothing" or "finished" (a pass, No reaction, an end phase's Done).
PASS_TYPES = {("reaction_pass", None), ("power", "pass"), ("player_action", "pass"), ("end_phase_done", None)}


def fighter(slug: str, name: str, leader: bool = False, wounds: int = 3, dice: int = 2, spear: bool = False) -> dict:
    """A typed-in fighter (the shape the setup wizard sends); with `spear`, a second weapon (attacks take the Blade)."""
    blade = {"name": "Blade", "range": 1, "dice": dice, "symbol": "smash", "damage": 1, "keywords": [], "spell": False}
    spear_profile = {"name": "Spear", "range": 2, "dice": 2, "symbol": "fury", "damage": 1, "keywords": [], "spell": False}
    return {"slug": slug, "name": name, "leader": leader, "move": 3, "defence": {"dice": 1, "symbol": "block"},
            "wounds": wounds, "profiles": [blade, spear_profile] if spear else [blade]}


SEATS = [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex", True, spear=True), fighter("kit", "Kit"),
                                                             fighter("ash", "Ash", dice=3)]},
         {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok", True, wounds=5), fighter("mara", "Mara", wounds=5),
                                                             fighter("tor", "Tor", wounds=1)]}]


def weapons_of(slug: str) -> int:
    """How many weapons the scripted fighter has."""
    return next(len(f["profiles"]) for seat in SEATS for f in seat["fighters"] if f["slug"] == slug)


def fighter_id(slug: str) -> str:
    """The scripted fighter's id in the game ("p2.rok")."""
    return next(f"p{i + 1}.{slug}" for i, seat in enumerate(SEATS) for f in seat["fighters"] if f["slug"] == slug)


@dataclass
class Step:
    """One scripted thing a player does: kind (move, guard, attack, charge, ploy, reaction, objective, end, roll_off)."""

    seat: str
    kind: str
    fighter: str | None = None
    target: str | None = None
    attack: tuple[str, ...] = ()
    defence: tuple[str, ...] = ()


def A(kind, fid=None, target=None, attack=(), defence=()):
    return Step("p1", kind, fid, target, tuple(attack), tuple(defence))


def B(kind, fid=None, target=None, attack=(), defence=()):
    return Step("p2", kind, fid, target, tuple(attack), tuple(defence))


# Three rounds: four activations each per round (alternating, Ana first), a power-step ploy and a reaction
# in round 1, Tor (one wound) taken out of action by Ash's charge, an objective scored in each end phase.
SCRIPT: list[Step] = [
    A("roll_off"),
    A("move", "vex"), B("guard", "rok"),
    A("attack", "kit", "mara", ["smash", "fury"], ["block"]),
    B("charge", "mara", "kit", ["crit", "smash"], ["dodge"]), A("reaction"),
    A("charge", "ash", "tor", ["smash", "smash", "fury"], ["dodge"]), A("ploy"),
    B("attack", "rok", "vex", ["fury", "single"], ["block"]),
    A("guard", "vex"), B("move", "rok"),
    A("objective"),   # Ben has nothing to do in his sequence: the next roll-off says both are done
    # round 2
    A("roll_off"),
    A("attack", "vex", "rok", ["smash", "crit"], ["block"]), B("guard", "mara"),
    A("move", "kit"), B("attack", "rok", "ash", ["smash", "smash"], ["single"]),
    A("guard", "ash"), B("move", "mara"),
    A("attack", "vex", "mara", ["fury", "fury"], ["dodge"]), B("guard", "rok"),
    B("objective"),   # Ben's own step says Ana has finished hers

    # round 3
    A("roll_off"),
    A("guard", "vex"), B("charge", "mara", "kit", ["smash", "fury"], ["block"]),
    A("attack", "ash", "rok", ["crit", "smash", "single"], ["double"]), B("move", "rok"),
    A("move", "kit"), B("guard", "rok"),
    A("attack", "vex", "rok", ["smash", "smash"], ["block"]), B("attack", "rok", "vex", ["smash", "fury"], ["dodge"]),
    A("objective"), B("end"),   # Ana's Done is inferred from Ben's; his, the game's last entry, is tapped
]


# The taps whose target was covered or off-screen, over every game the benchmark plays (target: none).
COVERED: list[dict] = []


@dataclass
class Phone:
    """One player's phone: its page and the taps made on it, per scripted step."""

    seat: str
    page: object
    taps: int = 0

    def tap(self, locator) -> None:
        # A tap whose target is covered or off the screen as it is made (tests/support/reach.py), on the table page, as
        # the screen is once drawn: two frames on (a player's finger is never that quick), the frames arrived by then.
        if locator.page.evaluate("!!document.getElementById('table')"):
            locator.page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))")
            why, text = look(locator)
            if why:
                COVERED.append({"seat": self.seat, "target": text, "why": why})
        locator.click(timeout=STEP_TIMEOUT_MS)
        self.taps += 1

    def fill(self, locator, text: str) -> None:
        """Typing a word counts as one tap (the field is tapped; the keyboard is not counted)."""
        locator.fill(text, timeout=STEP_TIMEOUT_MS)
        self.taps += 1


def open_phone(browser, url: str, join_code: str, seat: str) -> Phone:
    """A phone-size touch context that joins the game with its code as `seat`."""
    ctx = browser.new_context(viewport=PHONE, device_scale_factor=1, has_touch=True, base_url=url)
    ctx.set_default_timeout(STEP_TIMEOUT_MS)
    page = ctx.new_page()
    page.goto("/join")
    page.locator("#join-code").fill(join_code)
    page.get_by_role("button", name="Find the game").click()
    page.locator(f"[data-seat='{seat}']").click()
    page.locator("#banner").wait_for()
    return Phone(seat, page)


def seen_after(page, head: int, start: float) -> float:
    """Seconds from `start` until this phone's "what just happened" card names an entry after seq `head`."""
    page.wait_for_function(
        """(head) => [...document.querySelectorAll('#happened [data-seqs]')]
             .some((el) => el.dataset.seqs.split(' ').some((s) => Number(s) > head))""",
        arg=head, polling="raf", timeout=STEP_TIMEOUT_MS)
    return time.perf_counter() - start


@dataclass
class Result:
    taps: dict = field(default_factory=lambda: defaultdict(lambda: {"p1": [], "p2": []}))
    seen: list = field(default_factory=list)       # seconds from the entering tap to the other phone showing it
    log_types: list = field(default_factory=list)
    catch_up: dict = field(default_factory=dict)  # the offline phone's catch-up (play_catch_up)


class Table:
    """The server, the game and the two phones. A game's benchmark subclasses it with its own `body` (the game
    created over REST) and `setup_events` (entered over REST before the phones join)."""

    body = {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals"}, "seats": SEATS}
    setup_events = [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                    ("p2", "do_over", {"choice": "none"}), ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
                    ("p1", "deployed", {"finished_first": "p1"})]

    def __init__(self, browser, url: str):
        self.url = url
        game = requests.post(f"{url}/api/games", json=self.body, timeout=10).json()
        self.game = game
        self.tokens = {s["seat"]: s["token"] for s in game["seats"]}
        for by, etype, data in self.setup_events:
            self.rest(by, etype, data)
        self.phones = {seat: open_phone(browser, url, game["join_code"], seat) for seat in ("p1", "p2")}

    def rest(self, by: str, etype: str, data: dict) -> None:
        r = requests.post(f"{self.url}/api/games/{self.game['id']}/events", timeout=10,
                          headers={"Authorization": f"Bearer {self.tokens[by]}"},
                          json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
        r.raise_for_status()

    def head(self) -> int:
        return game_rest.head(self.url, self.game)

    def log(self) -> list[dict]:
        return game_rest.log(self.url, self.game)

    def pass_to(self, seat: str) -> None:
        """Over REST, every power step and activation passed until it is `seat`'s activation."""
        for _ in range(20):
            st = requests.get(f"{self.url}/api/games/{self.game['id']}", timeout=10,
                              headers={"Authorization": f"Bearer {self.game['referee_token']}"}).json()["view"]["state"]
            if st["step"] == "activation" and st["turn"]["seat"] == seat:
                return
            if st["step"] == "power":
                go = st["power"]["order"][st["power"]["next"]]
                self.rest(go, "power", {"play": "pass"})
            else:
                self.rest(st["turn"]["seat"], "player_action", {"action": "pass"})
        raise RuntimeError(f"never {seat}'s activation")

    def other(self, seat: str) -> Phone:
        return self.phones["p2" if seat == "p1" else "p1"]

    # -- entering, with the time until the other phone shows it -------------------------------------
    def enter(self, phone: Phone, locator, result: Result) -> None:
        """The tap that sends an entry: timed until the other phone's "what just happened" names it."""
        before, start = self.head(), time.perf_counter()
        phone.tap(locator)
        self.seen_by_other(phone, before, start, result)

    def seen_by_other(self, phone: Phone, before: int, start: float, result: Result) -> None:
        """Wait until the other phone's "what just happened" card names an entry after `before`."""
        result.seen.append(seen_after(self.other(phone.seat).page, before, start))

    # -- the scripted steps -----------------------------------------------------------------------
    def play(self, step: Step, result: Result) -> None:
        phone = self.phones[step.seat]
        page = phone.page
        counts_before = {s: p.taps for s, p in self.phones.items()}
        actions = page.locator("section.actions")
        if step.kind in ("move", "guard", "attack", "charge"):
            name = step.fighter.capitalize()
            group = actions.locator(f"[data-group='Activate {name}']")
            actions.locator(f"[data-group='Activate {name}'], h2:text-is('Activate {name}')").first.wait_for()
            # A fighter with two weapons has one Attack (and Charge) button per weapon: the Blade's is tapped; against
            # a few enemy fighters, one per target too ("Attack: Blade → Mara").
            action = {"move": "Move", "guard": "Guard", "attack": "Attack", "charge": "Charge"}[step.kind]
            target = f"( → {step.target.capitalize()})?" if step.target else ""
            action = re.compile(rf"^{action}(: Blade)?{target}$")
            lifted = actions.locator(".group", has=page.locator("h2", has_text="Attack with"))
            if step.kind == "attack" and lifted.count():
                # The Attack actions on the table's own screen: the fighter (and weapon) is the one tap.
                label = f"{name}: Blade" if weapons_of(step.fighter) > 1 else name
                phone.tap(lifted.get_by_role("button", name=label, exact=True))
            elif group.count() == 0:   # one fighter left: its actions are shown at once
                self.tap_action(phone, action, result, send=step.kind in ("move", "guard"))
            else:
                phone.tap(group)
                button = page.locator("dialog").get_by_role("button", name=action)
                if step.kind in ("move", "guard"):
                    self.enter(phone, button, result)
                else:
                    phone.tap(button)
            if step.kind in ("attack", "charge"):
                self.dice(phone, step, result)
        elif step.kind == "reaction":
            self.tap_action(phone, "Another reaction (name it)", result, send=False)
            sheet = page.locator("dialog")
            phone.fill(sheet.locator("input[data-field='name']"), "Parting Blow")
            steps = sheet.locator("[data-field='step']")
            if steps.count() > 1:
                phone.tap(steps.first)
            self.enter(phone, sheet.get_by_role("button", name="Enter"), result)
        elif step.kind == "ploy":
            self.tap_action(phone, "Play a ploy", result, send=True, template_ok=True)
        elif step.kind == "objective":
            self.tap_action(phone, "Score an objective", result, send=False, template_ok=True, exact=False)
        elif step.kind == "end":
            self.tap_action(phone, "Done", result, send=True, exact=False)
        elif step.kind == "roll_off":
            self.roll_off(phone, result)
        for seat, p in self.phones.items():
            result.taps[step.kind][seat].append(p.taps - counts_before[seat])

    def tap_action(self, phone: Phone, label: str, result: Result, send: bool, template_ok: bool = False,
                   exact: bool = True) -> None:
        """Tap a suggestion button; a sheet it opens is filled with its first choices and entered."""
        page = phone.page
        button = page.locator("section.actions").get_by_role("button", name=label, exact=exact).first
        button.wait_for(timeout=STEP_TIMEOUT_MS)
        if not send and not template_ok:
            phone.tap(button)
            return
        before_dialogs = page.locator("dialog").count()
        if send:
            # A complete event is sent by this tap, unless a sheet opens (then its Enter sends it).
            before, start = self.head(), time.perf_counter()
            phone.tap(button)
            page.wait_for_timeout(150)
            if page.locator("dialog").count() > before_dialogs:
                self.fill_sheet(phone, result)
            else:
                self.seen_by_other(phone, before, start, result)
            return
        phone.tap(button)
        self.fill_sheet(phone, result)

    def fill_sheet(self, phone: Phone, result: Result) -> None:
        sheet = phone.page.locator("dialog")
        for group in sheet.locator("[role='radiogroup']").all():
            if group.locator("[aria-checked='true']").count() == 0:
                phone.tap(group.locator("button").first)
        glory = sheet.get_by_role("button", name="one more")
        if glory.count():
            phone.tap(glory.first)
        self.enter(phone, sheet.get_by_role("button", name="Enter"), result)

    def dice(self, phone: Phone, step: Step, result: Result) -> None:
        page = phone.page
        sheet = page.locator("dialog[aria-label='Attack entry']")
        # One weapon: the sheet opens by itself (the weapon's button, behind it, can be drawn first); otherwise the
        # weapon is a tap unless the action's button named it.
        if weapons_of(step.fighter) > 1:
            page.locator("dialog[aria-label='Attack entry'], section.actions [data-suggestion='attack']").first.wait_for()
            if not sheet.count():
                phone.tap(page.locator("section.actions").get_by_role("button", name=f"{step.fighter.capitalize()}: Blade").first)
        sheet.wait_for()
        target = sheet.locator("[data-field='target']", has_text=step.target.capitalize())
        if target.count():
            phone.tap(target)
        # Each roll by its counts, read as a player reads it: the dice showing a face the sheet says succeeds, and how
        # many of them are critical; one key per roll, none when nothing succeeded (the key at 0 is preset). With a
        # row per target, the target is tapped at its defence roll's key (its 0 too).
        row = sheet.locator(f"[data-target-row='{fighter_id(step.target)}']")
        for kind, faces in (("attack", step.attack), ("defence", step.defence)):
            if kind == "defence" and row.count():
                # The player knows what saves for their own fighter (the row's line says it once picked): the
                # engine's answer for this target, as the sheet would show it.
                saving = {FACE_NAMES.get(f, f) for f in self.saving_faces(step)}
                total, crits = sum(1 for f in faces if f in saving), sum(1 for f in faces if f == "crit")
                phone.tap(row.locator(f"[data-count-key='defence-{total}-{crits}']"))
                continue
            total, crits = counted(sheet, kind, faces)
            if total:
                phone.tap(sheet.locator(f"[data-count-key='{kind}-{total}-{crits}']"))
        commit = sheet.get_by_role("button", name="Commit attack")
        page.wait_for_function("(el) => !el.disabled", arg=commit.element_handle(), timeout=STEP_TIMEOUT_MS)
        self.enter(phone, commit, result)

    def saving_faces(self, step: Step) -> list[str]:
        """The defence faces that save against the scripted attack, by the engine's preview of it."""
        body = {"type": "attack", "by": step.seat, "data": {
            "attacker": fighter_id(step.fighter), "target": fighter_id(step.target), "profile": {"name": "Blade"},
            "attack_roll": {"success": 0}, "defence_roll": {"success": 0}}}
        r = requests.post(f"{self.url}/api/games/{self.game['id']}/preview", json=body, timeout=10,
                          headers={"Authorization": f"Bearer {self.game['referee_token']}"})
        resolved = next(x for x in r.json()["consequences"] if x["type"] == "attack_resolved")
        return resolved["data"]["faces"]["defence"]

    def roll_off(self, phone: Phone, result: Result) -> None:
        page = phone.page
        button = page.locator("section.actions [data-suggestion='roll_off']").first
        phone.tap(button)
        self.fill_sheet(phone, result)


FACE_NAMES = {"critical": "crit", "smash": "smash", "fury": "fury", "single": "single", "double": "double",
              "block": "block", "dodge": "dodge", "channel": "channel", "focus": "focus"}


def succeeding_faces(line: str) -> set[str]:
    """The faces a sheet's "Succeeds on Critical or Smash" / "Saves on Critical, Block or Dodge (on Guard)" names."""
    names = re.sub(r"^(Succeeds|Saves) on ", "", line).split(" (")[0].replace(" or ", ", ").split(", ")
    return {FACE_NAMES[n.split()[0].lower()] for n in names if n.split() and n.split()[0].lower() in FACE_NAMES}


def counted(sheet, kind: str, faces) -> tuple[int, int]:
    """(successes, of them critical) of a scripted roll, by the faces the sheet says succeed once the engine said so."""
    line = sheet.locator(f"[data-symbols='{kind}']")
    line.page.wait_for_function("(el) => !el.textContent.endsWith('…')", arg=line.element_handle(), timeout=STEP_TIMEOUT_MS)
    hits = succeeding_faces(line.inner_text())
    return sum(1 for f in faces if f in hits), sum(1 for f in faces if f == "crit")


HAND_REACTION_TARGET = 3
HELD = ["Sidestep", "Twist the Knife"]


class HandTable(Table):
    """A short second game for a reaction from the hand: Ben's seat has a Rivals deck our content knows by card
    names only (Blazing Assault), and he has said which cards he holds."""

    body = {**Table.body, "seats": [SEATS[0], {**SEATS[1], "deck": "blazing-assault"}]}
    setup_events = [*Table.setup_events, ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}),
                    ("p2", "hand", {"power": HELD})]


def hand_reaction(browser, url: str) -> int:
    """Ana moves on her phone; Ben plays Sidestep, which he holds, from his phone's reaction box.
    Returns the taps on Ben's phone from the reaction box to the reaction in the chain."""
    table = HandTable(browser, url)
    scratch = Result()
    table.play(A("move", "vex"), scratch)
    ben = table.phones["p2"]
    before = ben.taps
    box = ben.page.locator("#reaction-step")
    ben.tap(box.locator("[data-suggestion='reaction']", has_text=HELD[0]))
    sheet = ben.page.locator("dialog")
    chained = f"#reaction-step:has-text('Ben: {HELD[0]}')"
    ben.page.locator(f"dialog, {chained}").first.wait_for(timeout=STEP_TIMEOUT_MS)
    # Our content gives this card's name, not its reaction step: a sheet asks which open step it is played in.
    if sheet.count():
        steps = sheet.locator("[data-field='step']")
        if steps.count() > 1:
            ben.tap(sheet.get_by_role("radio", name="After an activation step"))
        table.enter(ben, sheet.get_by_role("button", name="Enter"), scratch)
    for phone in table.phones.values():
        phone.page.locator(chained).wait_for(timeout=STEP_TIMEOUT_MS)
    for phone in table.phones.values():
        phone.page.context.close()
    return ben.taps - before


def with_hand_reaction(out: dict, taps: int) -> dict:
    """The summary with the reaction from the hand and its target."""
    out["reaction_from_hand_taps"] = taps
    out["targets_met"]["reaction_from_hand_at_most_3_taps"] = taps <= HAND_REACTION_TARGET
    return out


# The cards the engine knows, played from the deck data (content/underworlds/cards): Ana's Cyreni's Razors with their
# Rivals deck, Ben's Steelheart's Champions with Breakneck Slaughter. What the script chooses is each card's own
# situation: Quick Juke answers an attack on Ben's fighter (its target goes on Guard), Eerie Distortion puts a
# chosen friendly fighter on Guard, and Beat to the Punch is met by the only successful Attack action of the phase.
CARD_TARGETS = {"opening_hand": 5, "reaction": 2, "effect_beyond_confirm": 0, "objective": 1}
ANA_CARDS = {"name": "Ana", "warband": "cyrenis-razors", "printing": "second-edition", "deck": "cyrenis-razors-rivals"}
BEN_CARDS = {"name": "Ben", "warband": "steelhearts-champions", "deck": "breakneck-slaughter"}
SEVERIN = "p2.severin-steelheart"


class CardsTable(Table):
    """Both seats with a Rivals deck whose cards carry what they do; each has told its power cards (optional: the
    deck's others are offered anyway), not yet its objectives."""

    body = {**Table.body, "seats": [ANA_CARDS, BEN_CARDS]}
    setup_events = [*Table.setup_events, ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}),
                    ("p1", "hand", {"power": ["Eerie Distortion", "Resurfacing Memory"]}),
                    ("p2", "hand", {"power": ["Quick Juke", "Reckless Charge"]})]

    def opening_hand(self, phone: Phone, first: str | None = None) -> int:
        """Tell the opening objectives on the panel the table shows by itself: `first`, then the next ones listed."""
        before = phone.taps
        panel = phone.page.locator("[data-opening-hand]")
        panel.wait_for(timeout=STEP_TIMEOUT_MS)
        names = panel.locator("[data-opening-card]").evaluate_all("els => els.map((e) => e.dataset.openingCard)")
        wanted = ([first] if first else []) + [n for n in names if n != first]
        for name in wanted[:3]:
            phone.tap(panel.locator(f"[data-opening-card='{name}']"))
        panel.wait_for(state="detached", timeout=STEP_TIMEOUT_MS)
        return phone.taps - before


def cards_at_the_table(browser, url: str) -> dict:
    """The opening hands, a reaction from the hand, a ploy's fixed effect and a met surge objective, each tapped on
    its player's phone; the rest (the attacks that open them, the passes between) goes over REST. Returns the taps."""
    table = CardsTable(browser, url)
    ana, ben = table.phones["p1"], table.phones["p2"]
    out = {"opening_hand": {"p1": table.opening_hand(ana), "p2": table.opening_hand(ben, "Beat to the Punch")}}
    # Ana's attack on Severin fails (Beat to the Punch needs Ben's to be the phase's only successful one).
    table.rest("p1", "activate", {"action": "attack", "fighter": "p1.cyreni"})
    table.rest("p1", "attack", {"attacker": "p1.cyreni", "target": SEVERIN, "profile": {"name": "Range 1 Smash"},
                                "attack_roll": {"single": 1}, "defence_roll": {"block": 1}})
    before = ben.taps
    ben.tap(ben.page.locator("#reaction-step [data-suggestion='reaction']", has_text="Quick Juke"))
    table.enter(ben, ben.page.locator("dialog [data-action='confirm-card']"), Result())
    ana.page.locator(f"[data-fighter='{SEVERIN}'] .badge.token", has_text="Guard").wait_for(timeout=STEP_TIMEOUT_MS)
    out["reaction"] = ben.taps - before
    # Ana's power step: the ploy, then its fighter (the button that says what it does is the confirm).
    before = ana.taps
    ana.tap(ana.page.locator("section.actions [data-suggestion='power']", has_text="Play Eerie Distortion"))
    table.enter(ana, ana.page.locator("dialog [data-card-choice='p1.cephanyr']"), Result())
    ben.page.locator("[data-fighter='p1.cephanyr'] .badge.token", has_text="Guard").wait_for(timeout=STEP_TIMEOUT_MS)
    out["effect"] = ana.taps - before
    out["effect_beyond_confirm"] = out["effect"] - 2     # the card's button and its one confirm
    table.pass_to("p2")
    table.rest("p2", "activate", {"action": "attack", "fighter": SEVERIN})
    table.rest("p2", "attack", {"attacker": SEVERIN, "target": "p1.renglaith", "profile": {"name": "Broadsword"},
                                "attack_roll": {"smash": 2}, "defence_roll": {}})
    table.rest("p2", "drive_back", {"fighter": "p1.renglaith", "hexes": 0})
    before = ben.taps
    table.enter(ben, ben.page.locator("section.actions [data-suggestion='objective'].primary",
                                      has_text="Beat to the Punch"), Result())
    ana.page.locator("[data-seat='p2']", has_text="Revealed: Beat to the Punch").wait_for(timeout=STEP_TIMEOUT_MS)
    out["objective"] = ben.taps - before
    for phone in table.phones.values():
        phone.page.context.close()
    return out


def with_cards(out: dict, cards: dict) -> dict:
    """The summary with the cards played from the deck data and their targets."""
    out["cards"] = cards
    met = out["targets_met"]
    met["opening_hand_at_most_5_taps"] = max(cards["opening_hand"].values()) <= CARD_TARGETS["opening_hand"]
    met["card_reaction_at_most_2_taps"] = cards["reaction"] <= CARD_TARGETS["reaction"]
    met["fixed_effect_no_tap_beyond_the_confirm"] = cards["effect_beyond_confirm"] <= CARD_TARGETS["effect_beyond_confirm"]
    met["met_objective_in_1_tap"] = cards["objective"] <= CARD_TARGETS["objective"]
    return out


# Ben's phone is offline while Ana's charge takes Tor (one wound) out of action: the entry he must not miss.
CATCH_UP_AT = next(i for i, s in enumerate(SCRIPT) if s.kind == "charge" and s.target == "tor")


EDITIONS = ("underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire")
# Round 1's attacks and charges of the script, with their rolls: Tor (one wound) is taken out by Ash's charge.
EDITION_ATTACKS = [s for s in SCRIPT[:9] if s.kind in ("attack", "charge")]


class EditionTable(Table):
    """A short game under one edition's rules, its first turn decided over REST like the rest of its set-up."""

    def __init__(self, browser, url: str, ruleset: str):
        self.body = {**Table.body, "ruleset": ruleset}
        # Dreadfane's rounds begin with the hazard phase (Dreadfane rulebook, pg 9): round 1 draws one card.
        hazard = ([("p1", "hazard", {"action": "draw"}), ("p1", "hazard", {"action": "end"})]
                  if ruleset.endswith("dreadfane") else [])
        self.setup_events = [*Table.setup_events, *hazard, ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"})]
        super().__init__(browser, url)

    def landed(self, attacks: int) -> None:
        """Wait until the phone's attack (the `attacks`-th) and its drive back choice are in the log: the passes
        entered over REST next must not close the drive back step before the phone's choice reaches the server."""
        deadline = time.perf_counter() + STEP_TIMEOUT_MS / 1000
        while time.perf_counter() < deadline:
            log = self.log()
            state = requests.get(f"{self.url}/api/games/{self.game['id']}", timeout=10,
                                 headers={"Authorization": f"Bearer {self.game['referee_token']}"}).json()["view"]["state"]
            if sum(1 for e in log if e["type"] == "attack") >= attacks and not state.get("drive_back"):
                return
            time.sleep(0.05)
        raise RuntimeError(f"the phone's attack never landed ({self.body['ruleset']}): the log ends "
                           f"{[(e['type'], e['data']) for e in self.log()[-3:]]}, drive back {state.get('drive_back')}; the phones "
                           f"show {[p.page.locator('dialog[open]').all_inner_texts() for p in self.phones.values()]}")

    def close(self) -> None:
        for phone in self.phones.values():
            phone.page.context.close()


def attacks_per_edition(browser, url: str) -> dict:
    """Per edition: the attack taps (mean, max on the acting phone; max on the other) of EDITION_ATTACKS played on the
    phones, every turn between them passed over REST."""
    out = {}
    for ruleset in EDITIONS:
        table, result = EditionTable(browser, url, ruleset), Result()
        try:
            for step in EDITION_ATTACKS:
                table.pass_to(step.seat)
                attacks = sum(1 for e in table.log() if e["type"] == "attack")
                table.play(step, result)
                table.landed(attacks + 1)
        finally:
            table.close()
        acting, other, index = [], [], defaultdict(int)
        for step in EDITION_ATTACKS:   # the taps of the i-th step of a kind, on its phone and on the other
            i, index[step.kind] = index[step.kind], index[step.kind] + 1
            acting.append(result.taps[step.kind][step.seat][i])
            other.append(result.taps[step.kind]["p2" if step.seat == "p1" else "p1"][i])
        out[ruleset.split("/")[1]] = {"n": len(acting), "mean": round(statistics.mean(acting), 2), "max": max(acting),
                                      "other_max": max(other)}
    return out


def with_editions(out: dict, editions: dict) -> dict:
    """The per-edition attack taps, each against the attack targets."""
    out = {**out, "attacks_per_edition": editions, "targets_met": dict(out["targets_met"])}
    for name, e in editions.items():
        out["targets_met"][f"{name}_attack_targets"] = (e["mean"] <= TARGETS["attack_mean"] and e["max"] <= TARGETS["attack_max"]
                                                        and e["other_max"] <= TARGETS["attack_other"])
    return out


def play_catch_up(table: Table, step: Step, result: Result) -> None:
    """Play `step` while the other phone is offline, bring it back, and count the taps it needs to be up to date:
    its "While you were away" card must name what it missed (the fighter out of action first); one tap dismisses it."""
    away = table.other(step.seat)
    away.page.context.set_offline(True)
    away.page.locator("#conn[data-state='offline']").wait_for()
    table.seen_by_other = lambda *args: None   # nothing reaches an offline phone: no time to the other phone here
    before = table.head()
    try:
        table.play(step, result)
    finally:
        del table.seen_by_other
    # The charge is two entries (the activation, then the attack): both stored before Ben's phone comes back, or the
    # attack, still on its way when he reconnects, reaches him as it lands rather than in the catch-up.
    deadline = time.perf_counter() + STEP_TIMEOUT_MS / 1000
    while table.head() < before + 2 and time.perf_counter() < deadline:
        time.sleep(0.05)
    taps_before, start = away.taps, time.perf_counter()
    away.page.context.set_offline(False)
    card = away.page.locator("#caught-up")
    card.wait_for(timeout=STEP_TIMEOUT_MS)
    shown_s = time.perf_counter() - start
    headline = card.locator(".headline").inner_text()
    lines = card.locator(".grow > div:not(.headline)").all_inner_texts()
    away.tap(card.get_by_role("button", name="Dismiss the summary"))
    card.wait_for(state="detached", timeout=STEP_TIMEOUT_MS)
    result.catch_up = {"headline": headline, "first_line": lines[0] if lines else "",
                       "out_of_action_first": bool(lines) and "out of action" in lines[0],
                       "taps": away.taps - taps_before, "shown_s": round(shown_s, 3)}


def run(headed: bool = False) -> dict:
    tmp = tempfile.mkdtemp(prefix="tw-taps-")
    port = free_port()
    proc = start_app(port, tmp, RATE_LIMIT_PER_SECOND="0")
    result = Result()
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=not headed)
            table = Table(browser, f"http://127.0.0.1:{port}")
            for i, step in enumerate(SCRIPT):
                try:
                    if i == CATCH_UP_AT:
                        play_catch_up(table, step, result)
                    else:
                        table.play(step, result)
                except Exception as exc:  # say where the script got stuck and what the phones show
                    shown = {s: ph.page.locator("#banner").inner_text().replace("\n", " · ") + " || actions: "
                             + ph.page.locator("section.actions").first.inner_text().replace("\n", " · ")[:400]
                             + " || open: " + " · ".join(ph.page.locator("dialog[open]").all_inner_texts()).replace("\n", " · ")[:400]
                             for s, ph in table.phones.items()}
                    last = [(e["seq"], e["by"], e["type"], e.get("data")) for e in table.log()[-4:]]
                    raise RuntimeError(f"step {i} {step} could not be played: {exc}\nbanners: {shown}\nlog ends: {last}") from exc
            result.log_types = [(e["type"], (e.get("data") or {}).get("play") or (e.get("data") or {}).get("action"))
                                for e in table.log()]
            hand_taps = hand_reaction(browser, f"http://127.0.0.1:{port}")
            cards = cards_at_the_table(browser, f"http://127.0.0.1:{port}")
            editions = attacks_per_edition(browser, f"http://127.0.0.1:{port}")
            browser.close()
    finally:
        stop(proc)
    out = with_explicit_by_edition(with_editions(with_cards(with_hand_reaction(summarise(result), hand_taps), cards), editions))
    out["covered_taps"] = list(COVERED)
    out["targets_met"]["no_tap_covered_or_off_screen"] = not COVERED
    return out


def with_explicit_by_edition(out: dict) -> dict:
    """The same three-round shape of game entered in every edition, through the engine (explicit_share.py)."""
    by_edition = explicit_share.run()
    out["by_edition"] = by_edition
    out["targets_met"].update({f"explicit_decisions_at_most_5pct_{rid.split('/')[1]}": met
                               for rid, met in by_edition["targets_met"].items()})
    return out


def summarise(result: Result) -> dict:
    """Taps per step kind on the acting phone and on the other phone, passes, and the time to the other phone."""
    kinds = per_kind(result.taps, [(step.kind, step.seat) for step in SCRIPT])
    attack_acting = [t for k in ("attack", "charge") if k in kinds for t in kinds[k]["p1_taps"] + kinds[k]["p2_taps"]]
    passes = sum(1 for t in result.log_types if (t[0], t[1] if t[0] != "reaction_pass" else None) in PASS_TYPES)
    seen = sorted(result.seen)
    out = {
        "kinds": kinds,
        "move_guard_taps_both_phones_max": max(kinds[k]["both_max"] for k in ("move", "guard")),
        "attack_taps_attacker_max": max(attack_acting), "attack_taps_attacker_mean": round(statistics.mean(attack_acting), 2),
        "attack_taps_other_phone_max": max(kinds[k]["other_max"] for k in ("attack", "charge")),
        "log_entries": len(result.log_types), "explicit_passes": passes,
        "explicit_pass_share": round(passes / len(result.log_types), 3) if result.log_types else 0,
        "seen_on_other_phone_s": {"n": len(seen), "p50": round(statistics.median(seen), 3), "max": round(seen[-1], 3)},
    }
    out["targets_met"] = {
        "move_guard_at_most_2_taps": out["move_guard_taps_both_phones_max"] <= TARGETS["move_guard_total"],
        "attack_at_most_4_taps_mean": out["attack_taps_attacker_mean"] <= TARGETS["attack_mean"],
        "attack_at_most_6_taps_max": out["attack_taps_attacker_max"] <= TARGETS["attack_max"],
        "attack_no_taps_other_phone": out["attack_taps_other_phone_max"] <= TARGETS["attack_other"],
        "explicit_decisions_at_most_5pct": out["explicit_pass_share"] <= TARGETS["pass_share"],
        "seen_within_1s": out["seen_on_other_phone_s"]["max"] <= TARGETS["seen_s"],
    }
    if result.catch_up:
        out["catch_up"] = result.catch_up
        out["targets_met"]["catch_up_at_most_1_tap"] = (result.catch_up["taps"] <= TARGETS["catch_up_taps"]
                                                        and result.catch_up["out_of_action_first"])
    return out


def report(out: dict) -> str:
    """The numbers as a table for people."""
    lines = ["Taps per scripted step (the acting phone: mean / max; the other phone: max)", *kinds_table(out["kinds"], 10)]
    lines += [
        "",
        f"Move or Guard, taps on both phones (max): {out['move_guard_taps_both_phones_max']}   target <= 2",
        f"Attack or charge with its rolls, attacker's phone: mean {out['attack_taps_attacker_mean']}, max {out['attack_taps_attacker_max']}"
        f"   target mean <= {TARGETS['attack_mean']}, max <= {TARGETS['attack_max']}",
        f"Attack or charge, taps on the other phone (max): {out['attack_taps_other_phone_max']}   target 0",
        f"Explicit decisions (passes, No reaction, Done): {out['explicit_passes']} of {out['log_entries']} log entries "
        f"({out['explicit_pass_share']:.1%})   target <= 5%",
        *(explicit_share.lines(out["by_edition"]) if "by_edition" in out else []),
        f"Tap to the other phone showing it: p50 {out['seen_on_other_phone_s']['p50']} s, max {out['seen_on_other_phone_s']['max']} s "
        f"over {out['seen_on_other_phone_s']['n']} entries   target <= 1 s",
        f"Reaction from the hand, taps on the reacting phone: {out.get('reaction_from_hand_taps')}   target <= 3",
        *(cards_lines(out["cards"]) if "cards" in out else []),
        *[f"Attacks under the {name} rules (round 1's {e['n']}), attacker's phone: mean {e['mean']}, max {e['max']}; "
          f"other phone max {e['other_max']}   target mean <= {TARGETS['attack_mean']}, max <= {TARGETS['attack_max']}, other 0"
          for name, e in out.get("attacks_per_edition", {}).items()],
        *([f"Catch-up after the other phone was offline: \"{c['headline']} {c['first_line'][:80]}…\" shown "
           f"{c['shown_s']} s after reconnecting; taps to be up to date: {c['taps']}   target <= 1, out of action first"]
          if (c := out.get("catch_up")) else []),
        f"Taps whose target was covered or off-screen, in every game played: {len(out.get('covered_taps', []))}   target 0"
        + "".join(f"\n  {c['seat']}: {c['target']}: {c['why']}" for c in out.get("covered_taps", [])[:10]),
        "",
        targets_line(out),
    ]
    return "\n".join(lines)


def cards_lines(cards: dict) -> list[str]:
    """The cards played from the deck data, in the report."""
    return [
        f"Opening hand (3 objectives), taps: Ana {cards['opening_hand']['p1']}, Ben {cards['opening_hand']['p2']}   target <= 5",
        f"A reaction from the hand with its fixed effect (Quick Juke), taps: {cards['reaction']}   target <= 2",
        f"A ploy with a fixed effect on a chosen fighter (Eerie Distortion): {cards['effect']} taps, "
        f"{cards['effect_beyond_confirm']} beyond the card and its confirm   target 0",
        f"A met surge objective scored (Beat to the Punch), taps: {cards['objective']}   target 1",
    ]


def per_kind(taps: dict, order: list[tuple[str, str]]) -> dict:
    """Taps per step kind from `taps[kind][seat]` (one count per step, in order) and the script's (kind, acting seat):
    n, acting mean and max, the other phone's max, both phones' max, and each player's own list when acting."""
    seats_of: dict[str, list[str]] = defaultdict(list)
    for kind, seat in order:
        seats_of[kind].append(seat)
    kinds = {}
    for kind, seats in seats_of.items():
        acting = [taps[kind][seat][i] for i, seat in enumerate(seats)]
        other = [taps[kind]["p2" if seat == "p1" else "p1"][i] for i, seat in enumerate(seats)]
        kinds[kind] = {"n": len(seats), "acting_mean": round(statistics.mean(acting), 2), "acting_max": max(acting),
                       "other_max": max(other), "both_max": max(a + b for a, b in zip(acting, other)),
                       **{f"{s}_taps": [t for t, who in zip(acting, seats) if who == s] for s in ("p1", "p2")}}
    return kinds


def kinds_table(kinds: dict, width: int, by_player: bool = True) -> list[str]:
    """per_kind()'s figures as a table's lines (with each player's own taps when `by_player`)."""
    head = f"{'kind':<{width}} {'n':>3}  {'acting':>10}  {'other':>5}"
    lines = [head + (f"  {'Ana acting':<18} {'Ben acting':<18}" if by_player else "")]
    for kind, k in kinds.items():
        row = f"{kind:<{width}} {k['n']:>3}  {k['acting_mean']:>5} / {k['acting_max']:<2}  {k['other_max']:>5}"
        lines.append(row + (f"  {str(k['p1_taps']):<18} {str(k['p2_taps']):<18}" if by_player else ""))
    return lines


def targets_line(out: dict) -> str:
    """The report's last line: each target and whether the run met it."""
    return "Targets met: " + ", ".join(f"{k}: {'yes' if v else 'NO'}" for k, v in out["targets_met"].items())


def command_line(doc: str, run, report) -> int:
    """A taps benchmark's command line (--json, --headed): runs it, prints the report, exits 1 when a target is missed."""
    parser = argparse.ArgumentParser(description=doc.split("\n")[0])
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--headed", action="store_true", help="show the browser windows")
    args = parser.parse_args()
    out = run(args.headed)
    print(json.dumps(out, indent=2) if args.json else report(out))
    return 0 if all(out["targets_met"].values()) else 1


def main() -> int:
    return command_line(__doc__, run, report)


if __name__ == "__main__":
    sys.exit(main())
