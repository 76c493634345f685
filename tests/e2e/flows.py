"""Steps a player takes through the UI, shared by the browser tests (all by visible, labelled controls)."""
from __future__ import annotations

import re
import uuid

import requests
from playwright.sync_api import Error, Locator, Page, expect

PHONE = {"width": 360, "height": 640}  # the viewport of every phone in the browser tests


def create_game(page: Page, phones, names=("Ana", "Ben"), fighters=(("Vex",), ("Rok",)), shots=True,
                ruleset: str | None = None, shared: bool = False) -> str:
    """Host phone: the setup wizard with fighters typed in; returns the join code it shows."""
    page.goto("/")
    if shots:
        phones.shot(page, "01-start")
    page.get_by_role("link", name="New game").click()
    expect(page.locator("#wizard[data-ready='true']")).to_be_attached()  # rulesets and warbands loaded
    if ruleset:
        page.locator(f"[data-ruleset='{ruleset}']").click()
    expect(page.locator(f"[data-ruleset='{ruleset or 'underworlds/deathgorge'}']")).to_have_attribute("aria-checked", "true")
    if shots:
        phones.shot(page, "02-wizard-game")
    page.locator("#wizard-next").click()
    for i, (name, fs) in enumerate(zip(names, fighters)):
        page.locator(f"#name-{i}").fill(name)
        page.locator(f"#warband-{i}").select_option("custom")
        for j, fname in enumerate(fs):
            if j > 0:
                page.locator("fieldset.seat-edit").nth(i).get_by_role("button", name="+ Add a fighter").click()
            page.locator(f"#fighter-{i}-{j}").fill(fname)
    if shared:
        page.locator("#shared-device").check()
    if shots:
        phones.shot(page, "03-wizard-players")
        assert_touch_targets(page)
    page.locator("#wizard-next").click()
    expect(page.get_by_role("heading", name="Before the first round")).to_be_visible()
    if shots:
        phones.shot(page, "04-wizard-table")
    page.locator("#wizard-next").click()
    text = join_code(page)
    if shots:
        phones.shot(page, "05-join-code")
    return text


def join_code(page: Page) -> str:
    """The join code the wizard shows once the game is created (waits until it is there)."""
    code = page.locator("#join-code")
    expect(code).to_have_text(re.compile(r"^[0-9A-Z]{4,}$"))
    expect(code).to_be_in_viewport()          # the host reads it out without scrolling for it
    return code.inner_text()


def go_to_table(page: Page):
    """Host: from the join-code screen to the table."""
    page.get_by_role("link", name="Go to the table").click()
    expect(page.locator("#banner")).to_be_visible()


def join(page: Page, code: str, seat: str):
    """Another phone joins with the typed code as a seat (p1..) or role (spectator)."""
    page.goto("/join")
    page.locator("#join-code").fill(code.lower())
    page.get_by_role("button", name="Find the game").click()
    page.locator(f"[data-seat='{seat}']").click()
    expect(page.locator("#banner")).to_be_visible()


def tap(page: Page, label: str, exact: bool = True):
    """Tap a suggestion button by its label (it must be offered)."""
    page.locator("section.actions").get_by_role("button", name=label, exact=exact).first.click()


def enter(page: Page):
    """Confirm the open sheet and wait for it to close."""
    page.locator("dialog.sheet [data-action='confirm']").click()
    expect(page.locator("dialog.sheet")).to_have_count(0)


def pick(page: Page, label: str):
    """Tap a choice button inside the open sheet."""
    page.locator("dialog.sheet").get_by_role("radio", name=label, exact=True).click()


def log_texts(page: Page) -> list[str]:
    """The log entries' text, newest first."""
    page.locator("[data-tab='log']").click()
    expect(page.locator("ol.log")).to_be_attached()   # the log view loads the first time it is shown
    if page.locator("ol.log.quiet").count():            # a player's log folds the passes and rules: show them
        page.locator("#log-quiet-toggle").click()
        expect(page.locator("ol.log.quiet")).to_have_count(0)
    texts = page.locator("ol.log > li").all_inner_texts()
    page.locator("[data-tab='table']").click()
    return texts


def fighter(slug: str, name: str, leader: bool = False, wounds: int = 3) -> dict:
    """A plain fighter record (the fighter shape of app/schemas/content.py)."""
    return {"slug": slug, "name": name, "leader": leader, "move": 3, "defence": {"dice": 1, "symbol": "block"},
            "wounds": wounds, "profiles": [{"name": "Blade", "range": 1, "dice": 2, "symbol": "smash", "damage": 1,
                                       "keywords": [], "spell": False}]}


def api_game(server, names=("Ana", "Ben"), roll_off=True, ruleset="underworlds/deathgorge", wounds=(3, 3),
             seats: list | None = None, options: dict | None = None) -> dict:
    """Create a game over REST with one typed-in fighter per seat (or the given `seats`; more ruleset `options` beside
    the Rivals format) and play the set-up decisions.

    The phones then join it through the UI; this only saves the wizard's taps in tests about other things.
    """


    seats = seats or [{"name": n, "warband": "custom", "fighters": [fighter(slug, fname, True, w)]}
                      for n, (slug, fname), w in zip(names, (("vex", "Vex"), ("rok", "Rok")), wounds)]
    reply = requests.post(f"{server.url}/api/games", json={"ruleset": ruleset,
                                                            "options": {"format": "rivals", **(options or {})},
                                                            "seats": seats})
    assert reply.status_code == 201, reply.text
    game = reply.json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    steps = [("p1", "roll_off", {"purpose": "boards", "first": "p1"}),
             *((seat, "do_over", {"choice": "none"}) for seat in tokens),
             ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}), ("p1", "deployed", {"finished_first": "p1"})]
    if roll_off:
        steps.append(("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}))
    for by, etype, data in steps:
        r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                          json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
        assert r.status_code == 201, r.text
    game["tokens"] = tokens
    return game


def new_conquest(url) -> tuple[dict, tuple]:
    """A Conquest game made over REST (Ana: Nazdreg, Ben: Captain Cato Sicarius) and its first entry: (game, (type, data))."""
    game = requests.post(f"{url}/api/games", timeout=10, json={"ruleset": "conquest/core", "options": {}, "seats": [
        {"name": "Ana", "warlord": "nazdreg"}, {"name": "Ben", "warlord": "captain-cato-sicarius"}]}).json()
    return game, ("initiative", {"seat": "p1"})


def new_battlelore(url) -> tuple[dict, tuple]:
    """A BattleLore game made over REST (one unit a side) and its first entry: (game, (type, data))."""
    unit = {"slug": "knights", "name": "Knights", "health": 3, "movement": 2, "combat": 3, "attack": "melee", "muster": 5}
    game = requests.post(f"{url}/api/games", timeout=10, json={
        "ruleset": "battlelore/second-edition", "options": {"prebuilt": True},
        "seats": [{"name": "Ana", "faction": "daqan", "units": [unit]},
                  {"name": "Ben", "faction": "uthuk", "units": [{**unit, "slug": "raiders", "name": "Raiders"}]}]}).json()
    return game, ("choose_scenario", {"scenario": "A1"})


def events(server, game) -> list[dict]:
    """The game's stored log, read over REST."""
    r = requests.get(f"{server.url}/api/games/{game['id']}/events?since=0",
                     headers={"Authorization": f"Bearer {game['tokens']['p1']}"})
    return r.json()["events"]


TARGETS_JS = """
() => {
  const bad = []; let seen = 0;
  const visible = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  for (const el of document.querySelectorAll('button, a.btn, select, input, textarea, summary')) {
    if (!visible(el)) continue;
    seen += 1;
    const isBox = el.matches('input[type=checkbox], input[type=radio]');
    const target = isBox ? el.closest('label') || el : el;
    const r = target.getBoundingClientRect();
    const name = (el.getAttribute('aria-label') || el.textContent || (el.labels && el.labels[0] && el.labels[0].textContent) || el.placeholder || el.value || '').trim();
    if (r.height < 44 || r.width < 44) bad.push(`${el.tagName} "${name}" is ${Math.round(r.width)}x${Math.round(r.height)}`);
    if (!name) bad.push(`${el.tagName} without a label`);
  }
  return {bad, seen};
}
"""


def assert_touch_targets(page):
    """Every visible control is at least 44x44 px and has a name a screen reader can say."""
    found = page.evaluate(TARGETS_JS)
    assert found["seen"] >= 3, "no controls on screen to check"
    assert found["bad"] == [], found["bad"]


class Counted:
    """Taps on one phone, counted (the taps benchmarks' targets, checked in a browser test)."""

    def __init__(self, page):
        self.page, self.taps = page, 0

    def tap(self, locator):
        locator.click()
        self.taps += 1


def by_faces(sheet):
    """Attack entry: switch the rolls from their counts to a key per face (tapped per die), if not already."""
    toggle = sheet.locator("[data-action='by-faces']")
    if toggle.count():
        toggle.click()
    expect(sheet.locator("[data-action='by-counts']")).to_be_visible()


def counts(sheet, kind: str, successes: int, crits: int = 0):
    """Attack entry: the roll's key for `successes` successes, `crits` of them critical (kind attack | defence | magic)."""
    key = sheet.locator(f"[data-count-key='{kind}-{successes}-{crits}']")
    key.click()
    expect(key).to_have_attribute("aria-checked", "true")


def roll(sheet, kind: str, *faces: str):
    """Attack entry: tap the face key of each die rolled (kind attack | defence | magic), in order."""
    by_faces(sheet)
    for face in faces:
        sheet.locator(f"[data-kind='{kind}'][data-face='{face}']").click()


def roll_all(sheet, kind: str, face: str):
    """Attack entry: every die of the roll (as many as the card says) shows `face`."""
    by_faces(sheet)
    count = sheet.locator(f"[data-count='{kind}']")
    for _ in range(12):
        text = count.inner_text()
        if " of " not in text:
            return
        sheet.locator(f"[data-kind='{kind}'][data-face='{face}']").click()
        expect(count).not_to_have_text(text)
    raise AssertionError(f"{kind} dice never complete")


def attack_sheet(page: Page, weapon: str | None = None):
    """The attack entry sheet after an Attack or Charge activation: it opens by itself when the fighter has
    one weapon; otherwise the weapon is tapped. Returns the sheet."""
    sheet = page.locator("dialog[aria-label='Attack entry']")
    page.locator("dialog[aria-label='Attack entry'], section.actions [data-suggestion='attack']").first.wait_for()
    # One weapon: the phone opens the sheet by itself, with the redraw that shows the attack step; only a choice
    # of weapons is tapped.
    # (Several buttons of one weapon, one per target, are still one weapon: the sheet opens by itself for them.)
    weapons = set(page.locator("section.actions [data-suggestion='attack']").all_inner_texts())
    if not sheet.count() and len(weapons) > 1:
        if weapon:
            tap(page, weapon)
        else:
            page.locator("section.actions [data-suggestion='attack']").first.click()
    expect(sheet).to_be_visible()
    return sheet


def open_wizard(page: Page, ruleset: str | None = None, fmt: str | None = None):
    """Host phone: the setup wizard's first step with a ruleset and format chosen, then on to the players."""
    page.goto("/new")
    expect(page.locator("#wizard[data-ready='true']")).to_be_attached()
    if ruleset:
        page.locator(f"[data-ruleset='{ruleset}']").click()
    if fmt:
        page.get_by_role("radio", name=fmt).click()
    page.locator("#wizard-next").click()


def content_seat(page: Page, i: int, name: str, warband: str, printing: str | None = None, deck: str | None = None):
    """Wizard players step: one seat's name, content warband and (optionally) printing and deck."""
    page.locator(f"#name-{i}").fill(name)
    page.locator(f"#warband-{i}").select_option(warband)
    if printing:
        page.locator(f"#printing-{i}").select_option(printing)
    if deck:
        page.locator(f"#deck-{i}").select_option(deck)


def finish_wizard(page: Page) -> str:
    """From the players step to the join code (default set-up decisions); returns the code."""
    page.locator("#wizard-next").click()
    expect(page.get_by_role("heading", name="Before the first round")).to_be_visible()
    page.locator("#wizard-next").click()
    return join_code(page)


def seated(phones, game: dict, *seats: str) -> list[Page]:
    """One phone per seat ("p1", "p2"...), each joined to the game by its code (labelled ana, ben, ...)."""
    labels = {"p1": "ana", "p2": "ben", "p3": "cat", "p4": "dan"}
    out = []
    for seat in seats or ("p1", "p2"):
        page = phones.new(labels[seat])
        join(page, game["join_code"], seat)
        out.append(page)
    return out


def referee_phone(phones, game: dict) -> Page:
    """The referee's phone, opened by the private referee link."""
    ref = phones.new("referee")
    ref.goto(f"/join/{game['join_code']}#referee={game['referee_token']}")
    expect(ref.locator("#banner")).to_be_visible()
    return ref


def revert_in_log(page: Page, entry, reason: str) -> None:
    """Referee: take back a log entry with a reason (the sheet first shows what the undo will void)."""
    entry.get_by_role("button", name="Revert…").click()
    page.locator("dialog #reason").fill(reason)
    page.locator("dialog [data-action='confirm-reason']").click()
    expect(page.locator("dialog.sheet")).to_have_count(0)


def scroll_to(locator: Locator, tries: int = 5) -> None:
    """Scroll an element into view for a screenshot. The table re-renders on every live frame, so the element
    found may be replaced while Playwright waits for it to be stable: then the new one is scrolled to."""
    for attempt in range(tries):
        try:
            locator.scroll_into_view_if_needed()
            return
        except Error as exc:
            if "not attached" not in str(exc) or attempt == tries - 1:
                raise


def watch_responses(page, bad):
    """Collect every response of 400 or more a page gets (a clean page has none)."""
    page.on("response", lambda r: bad.append(f"{page.label}: {r.status} {r.url}") if r.status >= 400 else None)


def press(page: Page, selector: str) -> None:
    """A finger down on the middle of the element (and kept there). Hovering waits for the element as a click does,
    found again when a redraw replaced it, and leaves the pointer at its middle."""
    page.locator(selector).hover()
    page.mouse.down()
