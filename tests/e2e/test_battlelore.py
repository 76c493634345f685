"""BattleLore on two phones: unit cards, mustering, deployment, a command card ordering units, an
attack with a retreat and an advance, an attack with a supported unit and a counter, and upkeep.

Phone-size screenshots of each screen go to artifacts/screens/ (see conftest.py).
"""
from __future__ import annotations

import re
import uuid

import pytest
import requests
from playwright.sync_api import Page, expect

from .flows import enter, join, join_code, tap

pytestmark = pytest.mark.e2e


def create_battlelore(page: Page, phones) -> str:
    """Host phone: the setup wizard for BattleLore with two named players; returns the join code."""
    page.goto("/")
    page.get_by_role("link", name="New game").click()
    page.locator("[data-ruleset='battlelore/second-edition']").click()
    page.locator("#wizard-next").click()
    page.locator("#name-0").fill("Ana")
    page.locator("#name-1").fill("Ben")
    page.locator("#wizard-next").click()
    page.locator("#wizard-next").click()
    return join_code(page)


def sheet_pick(page: Page, field: str, label: str):
    """In the open sheet, tap the choice `label` of a template field."""
    page.locator(f"dialog.sheet [data-field='{field}']").filter(has_text=re.compile(f"^{re.escape(label)}$")).first.click()


def choose_scenario(page: Page, code: str):
    """Two taps: the button, then the card (a tap on it enters it)."""
    tap(page, "Choose scenario card")
    page.locator(f"dialog.sheet [data-field='scenario'][data-value='{code}']").click()
    expect(page.locator("dialog.sheet")).to_have_count(0)


def add_unit(page: Page, name: str, ranged: bool = False):
    """Enter a unit reference card through the form (defaults: 4 figures, move 1, 3 dice, 5 points)."""
    page.locator("[data-action='add-unit']").click()
    page.locator("#unit-name").fill(name)
    if ranged:
        page.locator("dialog.sheet [data-field='attack']").filter(has_text="Ranged 3").click()
    page.locator("[data-action='save-unit']").click()
    expect(page.locator(f"[data-slug='{name.lower()}']")).to_be_visible()


def muster(page: Page, counts: dict[str, int]):
    form = page.locator("#muster-form")
    for name, n in counts.items():
        plus = form.get_by_role("button", name=f"{name} cards: one more")
        for _ in range(n):
            plus.click()
    expect(form.locator("#muster-totals")).not_to_have_class(re.compile("bad"))
    form.locator("[data-action='muster']").click()
    expect(page.locator("#muster-form")).to_have_count(0)


def place_all(page: Page, names: list[str], section: str):
    """Deployment as at the table: pick the section, tap each unit placed there (clear, no banner); the last one
    placed ends the placing."""
    panel = page.locator("#deploy-panel")
    panel.locator(f"[data-field='section'][data-value='{section}']").click()
    for name in names:
        panel.get_by_role("button", name=re.compile(f"^{re.escape(name)}: place in the ")).click()
    expect(panel).to_have_count(0)


def set_dice(page: Page, faces: list[str]):
    """One tap per die: the key of the face it shows."""
    sheet = page.locator("dialog.sheet")
    for face in faces:
        sheet.locator(f"[data-kind='combat'][data-face='{face}']").click()
    expect(sheet.locator("[data-count='combat']")).to_have_text(f"{len(faces)} dice")


def attack(page: Page, attacker: str, target: str):
    """The attacking unit (when more than one may attack), then its target: the dice sheet opens."""
    folded = page.locator("section.actions [data-group='Attack with " + attacker + "']")
    if folded.count():
        folded.click()
        page.locator("dialog.sheet").get_by_role("button", name=f"{attacker} attacks {target}", exact=True).click()
    else:
        tap(page, f"{attacker} attacks {target}")
    expect(page.locator("dialog[aria-label='Attack entry']")).to_be_visible()


def test_two_phones_muster_order_attack_retreat_counter_upkeep(phones):
    """Two phones play the set-up and a first turn of BattleLore through the UI."""
    ana = phones.new("ana")
    code = create_battlelore(ana, phones)
    ana.get_by_role("link", name="Go to the table").click()
    ben = phones.new("ben")
    join(ben, code, "p2")
    expect(ana.locator("#banner")).to_contain_text("Choose scenario cards")
    phones.shot(ana, "01-scenario")

    choose_scenario(ana, "A1")
    # the card is secret until both are revealed: Ben's phone says so, never "undefined"
    expect(ben.locator("#happened .headline")).to_contain_text("Ana: Chose a scenario card (secret until both are revealed)")
    choose_scenario(ben, "B2")

    # unit cards, entered once on each phone, then the 18-card army
    add_unit(ana, "Spearmen")
    add_unit(ana, "Archers", ranged=True)
    phones.shot(ana, "02-unit-cards")
    add_unit(ben, "Berserkers")
    expect(ana.locator("#muster-form")).to_be_visible()
    muster(ana, {"Spearmen": 5, "Archers": 2})
    phones.shot(ana, "03-mustered-waiting")
    form = ben.locator("#muster-form")
    form.get_by_role("button", name="Berserkers cards: one more").click()
    expect(form.locator("#muster-totals")).to_contain_text("needs 6 more unit cards")
    phones.shot(ben, "04-muster-form-too-few")
    muster(ben, {"Berserkers": 6})
    expect(ana.locator("[data-seat='p1'] .stat").nth(1)).to_contain_text("5")  # 35 of 50 points: 5 lore

    place_all(ana, [f"Spearmen {i}" for i in range(1, 6)] + ["Archers 1", "Archers 2"], "center")
    place_all(ben, [f"Berserkers {i}" for i in range(1, 8)], "center")
    expect(ana.locator("#banner")).to_contain_text("Play a command card")
    phones.shot(ana, "05-battle-start")

    # Ana: a command card for the centre ordering 2 units
    tap(ana, "Play command card")
    sheet_pick(ana, "section", "Center")
    sheet_pick(ana, "units", "2 units")
    phones.shot(ana, "06-command-card")
    enter(ana)
    for unit in ("Spearmen 1", "Spearmen 2"):
        tap(ana, f"Order {unit}")
    expect(ana.locator("#turn-panel")).to_contain_text("Ordered: Spearmen 1, Spearmen 2")
    phones.shot(ana, "07-ordered")
    # no "done ordering" or "done moving": the first attack closes those steps (inferred, logged)

    # attack 1: a strike and two morale -> the berserkers retreat 2 hexes; the spearmen advance
    attack(ana, "Spearmen 1", "Berserkers 1")
    set_dice(ana, ["strike", "morale", "morale"])
    expect(ana.locator("#attack-preview")).to_contain_text("1 damage · 2 retreats")
    phones.shot(ana, "08-attack-dice")
    ana.locator("dialog.sheet [data-action='commit']").click()
    expect(ben.locator("#combat-panel")).to_contain_text("Ben resolves the hits")
    phones.shot(ben, "09-defender-sees-hits")
    expect(ben.locator("section.actions")).not_to_contain_text("Waiting for Ben")
    tap(ben, "Take 1 damage, retreat 2")
    # the hex retreated to starts as the unit's own section, clear, no banner: Enter unless it differs
    expect(ben.locator("dialog.sheet [data-field='to.section'][aria-checked='true']")).to_have_text("Center")
    enter(ben)
    expect(ana.locator("section.actions")).to_contain_text("Advance into the hex")
    tap(ana, "Advance into the hex")

    # attack 2: the target is supported (no retreat) and counters
    attack(ana, "Spearmen 2", "Berserkers 2")
    set_dice(ana, ["strike", "morale", "lore"])
    ana.locator("dialog.sheet [data-action='commit']").click()
    tap(ben, "Take 1 damage; supported: ignore retreats")
    expect(ben.locator("section.actions")).to_contain_text("Berserkers 2 counters")
    tap(ben, "Berserkers 2 counters")
    set_dice(ben, ["strike", "strike", "heroic"])
    phones.shot(ben, "10-counter-dice")
    ben.locator("dialog.sheet [data-action='commit']").click()
    # the counter's plain hits apply themselves: nothing to tap on Ana's phone
    expect(ana.locator("[data-unit='p1.spearmen-2']")).to_have_attribute("aria-label", "Spearmen 2: 2/4 figures")
    expect(ana.locator("section.actions")).not_to_contain_text("Take 2 damage")
    phones.shot(ana, "11-after-counter")

    # upkeep: VP step and draw, then the lore step; the turn passes to Ben
    tap(ana, "Score VPs and draw")
    tap(ana, "Take 2 lore")
    expect(ben.locator("#banner")).to_contain_text("Play a command card")
    expect(ana.locator("[data-seat='p1'] .stat").nth(1)).to_contain_text("8")  # 5 + 1 lore result + 2
    expect(ana.locator("[data-seat='p1'] .stat").nth(2)).to_contain_text("4")  # 4 - 1 played + 1 drawn
    phones.shot(ana, "12-upkeep-done")
    phones.shot(ben, "13-ben-turn", full_page=True)
    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log")).to_contain_text("retreats 2")
    expect(ana.locator("ol.log")).to_contain_text("Ana: done ordering (went on)")
    phones.shot(ana, "14-log")


def _rest_campaign_game(server) -> dict:
    """A first campaign scenario over REST, played to an elimination win for Ana."""
    def unit(slug, health):
        return {"slug": slug, "name": slug.title(), "health": health, "movement": 2, "combat": 3,
                "attack": "melee", "muster": 5}
    body = {"ruleset": "battlelore/second-edition", "options": {"campaign": {"game": 1, "history": []}, "prebuilt": True},
            "seats": [{"name": "Ana", "faction": "daqan", "units": [unit("knights", 3)]},
                      {"name": "Ben", "faction": "uthuk", "units": [unit("raiders", 1)]}]}
    reply = requests.post(f"{server.url}/api/games", json=body)
    assert reply.status_code == 201, reply.text
    game = reply.json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    pos = {"section": "center", "terrain": "clear"}
    steps = [("p1", "choose_scenario", {"scenario": "A1"}), ("p2", "choose_scenario", {"scenario": "A1"}),
             ("p1", "first_player", {"seat": "p1"}), ("p1", "muster", {"army": {"knights": 1}}),
             ("p2", "muster", {"army": {"raiders": 1}}), ("p1", "place", {"unit": "p1.knights-1", "to": pos}),
             ("p2", "place", {"unit": "p2.raiders-1", "to": pos}),
             ("p1", "play_command", {"section": "any", "units": 1}), ("p1", "order", {"unit": "p1.knights-1"}),
             ("p1", "attack", {"attacker": "p1.knights-1", "target": "p2.raiders-1", "kind": "melee", "distance": 1,
                               "roll": ["strike", "lore", "lore"]})]   # the hit applies itself
    for by, etype, data in steps:
        r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                          json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
        assert r.status_code == 201, (etype, r.text)
    return game


def test_campaign_goes_on_to_the_next_scenario(phones):
    """Campaign variant: after a scenario, the next one is a linked game with the results so far."""
    game = _rest_campaign_game(phones.server)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    expect(ana.locator("#game-over")).to_contain_text("all enemy units eliminated")
    expect(ana.locator("#score-line")).to_contain_text("Ana 0 VP · Ben 0 VP")
    expect(ana.locator("#campaign")).to_contain_text("Scenario A: Ana won")
    phones.shot(ana, "01-campaign-after-a")
    ana.locator("[data-action='next-scenario']").click()
    expect(ana.locator("#banner")).to_contain_text("Choose scenario cards")
    tap(ana, "Choose scenario card")
    expect(ana.locator("dialog.sheet [data-field='scenario']")).to_have_count(9)  # the winner: any B card
    expect(ana.locator("dialog.sheet [data-field='scenario']").first).to_have_text("B1")
    phones.shot(ana, "03-scenario-b-choice")
    # Ben's phone: the same button opens his own seat of that scenario (made once, from the stored game before).
    ben = phones.new("ben")
    join(ben, game["join_code"], "p2")
    ben.locator("[data-action='next-scenario']").click()
    ben.wait_for_url(lambda url: game["id"] not in url)
    expect(ben.locator("#banner")).to_contain_text("Choose scenario cards")
    gid = ben.evaluate("new URLSearchParams(location.search).get('game')")
    assert gid == ana.evaluate("new URLSearchParams(location.search).get('game')")
    assert ben.evaluate("JSON.parse(localStorage.getItem('tw.games'))")[gid]["seat"] == "p2"
