"""The setup wizard with warbands from the content, completing numbers the content lacks."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .flows import attack_sheet, content_seat, join, press, roll_all

pytestmark = pytest.mark.e2e


def test_content_warbands_and_missing_numbers(phones):
    """Both players pick warbands from the content; a profile the content lacks is typed in from the card."""
    host = phones.new("host")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("[data-ruleset='underworlds/deathgorge']").click()
    host.get_by_role("radio", name="Nemesis").click()
    host.locator("#wizard-next").click()
    host.locator("#name-0").fill("Ana")
    host.locator("#warband-0").select_option("cyrenis-razors")
    # The Deathgorge rules go with the first-edition cards, whose numbers no source gives: asked for.
    gap = host.locator(".fighter-edit", has=host.locator("input[value='Cyreni of the Abyss']"))
    expect(gap).to_be_visible()
    expect(host.locator("[data-seat-gaps='0']")).to_contain_text("No source gives these numbers")
    host.locator("#name-1").fill("Ben")
    host.locator("#warband-1").select_option("steelhearts-champions")
    expect(host.locator("#printing-1")).to_have_count(0)      # one printing, every number known
    expect(host.locator(".fighter-edit")).to_have_count(4)  # only Cyreni's Razors ask
    host.locator("#wizard-next").click()           # refused: Cyreni's numbers are not entered yet
    expect(host.locator("#toast")).to_contain_text("Cyreni")
    phones.shot(host, "01-missing-numbers")
    # Ana holds the second-edition cards: picking them leaves nothing to type.
    host.locator("#printing-0").select_option("second-edition")
    expect(host.locator(".fighter-edit")).to_have_count(0)
    phones.shot(host, "01b-printing-picked")
    host.locator("#wizard-next").click()
    expect(host.get_by_role("heading", name="Before the first round")).to_be_visible()
    host.locator("[data-choice='board-p2']").click()
    host.locator("[data-choice='doover-p1-power']").click()
    phones.shot(host, "02-before-round-1")
    host.locator("#wizard-next").click()
    expect(host.locator("#join-code")).to_have_text(re.compile(r"^[0-9A-Z]{4,}$"))
    host.get_by_role("link", name="Go to the table").click()
    expect(host.locator("[data-seat='p1'] article.fighter")).to_have_count(4)
    expect(host.locator("[data-seat='p2'] article.fighter")).to_have_count(3)
    expect(host.locator("#banner")).to_contain_text("Roll-off: who takes the first turn")
    host.locator("[data-tab='log']").click()
    expect(host.locator("ol.log li[data-type='do_over']")).to_have_count(2)
    phones.shot(host, "03-log")
    host.locator("[data-tab='table']").click()
    host.locator("section.actions").get_by_role("button", name="Roll-off: who takes the first turn?", exact=False).click()
    host.locator("dialog [data-field='first']", has_text="Ana").click()
    host.locator("dialog").get_by_role("button", name="Enter").click()
    expect(host.locator("#banner")).to_contain_text("Activation step")
    phones.shot(host, "04-activation-4-fighters")
    phones.shot(host, "05-activation-4-fighters-full", full_page=True)

    # A fighter from the content attacks with its printed weapon; the outcome is previewed.
    host.locator("[data-group='Activate Cyreni of the Abyss']").click()
    phones.shot(host, "06-fighter-actions")
    host.locator("dialog").get_by_role("button", name=re.compile(r"^Attack: ")).first.click()   # one per weapon
    sheet = attack_sheet(host)
    if sheet.locator("[data-field='target']").count():   # a few enemy fighters: picked with the action already
        sheet.locator("[data-field='target']").first.click()
    roll_all(sheet, "attack", "crit")               # every die: critical
    roll_all(sheet, "defence", "crit")
    expect(sheet.locator("[data-preview]")).to_have_attribute("data-preview", re.compile("critical|hit|draw"))
    phones.shot(host, "07-attack-content-fighter")
    sheet.get_by_role("button", name="Commit attack").click()
    host.locator("[data-tab='log']").click()
    expect(host.locator("ol.log li[data-type='attack']")).to_contain_text("Cyreni of the Abyss")


def test_next_stays_disabled_while_the_decks_are_checked_so_a_second_tap_moves_one_step(phones):
    """Next waits for the server's deck check; a redraw meanwhile keeps it disabled, so a second tap while the answer is
    on its way does nothing and the wizard lands on step 3 of 3, not beyond its last step."""
    host = phones.new("host", service_workers="block")   # the route below holds the deck check back
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("[data-ruleset='underworlds/deathgorge']").click()
    host.get_by_role("radio", name="Rivals").click()
    host.locator("#wizard-next").click()
    content_seat(host, 0, "Ana", "cyrenis-razors", printing="second-edition", deck="cyrenis-razors-rivals")
    content_seat(host, 1, "Ben", "garreks-reavers")
    held = []
    host.route("**/deck-check", lambda route: held.append(route))
    nxt = host.locator("#wizard-next")
    nxt.click()
    expect(nxt).to_be_disabled()
    host.locator("#warband-1").select_option("steelhearts-champions")   # redraws the form while the check waits
    host.evaluate("document.getElementById('wizard-next').click()")
    expect(nxt).to_be_disabled()
    for route in held:
        route.continue_()
    host.unroute("**/deck-check")
    expect(host.get_by_role("heading", name="Before the first round")).to_be_visible()
    expect(host.get_by_role("group", name="Step 3 of 3")).to_be_attached()
    expect(nxt).to_have_text("Create game")
    expect(nxt).to_be_enabled()


def test_a_redraw_between_press_and_lift_does_not_lose_the_tap_on_next(phones):
    """Ben's warband arrives from the server while Ana's finger is on Next: its redraw waits for the lift (press.js),
    the tap counts (here: refused, naming the numbers Cyreni's Razors still need), and then the form is drawn again."""
    host = phones.new("host", service_workers="block")   # the route below holds Ben's fighters back
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("[data-ruleset='underworlds/deathgorge']").click()
    host.get_by_role("radio", name="Nemesis").click()
    host.locator("#wizard-next").click()
    content_seat(host, 0, "Ana", "cyrenis-razors")
    expect(host.locator("[data-seat-gaps='0']")).to_contain_text("No source gives these numbers")
    held = []
    host.route("**/warbands/steelhearts-champions/fighters*", lambda route: held.append(route))
    content_seat(host, 1, "Ben", "steelhearts-champions")
    for _ in range(300):                 # until the request is held (each wait lets Playwright deliver the route)
        if held:
            break
        host.wait_for_timeout(50)
    assert held, "the page never asked for Ben's fighters"
    press(host, "#wizard-next")
    host.evaluate("document.getElementById('name-1').dataset.before = 'yes'")
    held[0].continue_()
    host.unroute("**/warbands/steelhearts-champions/fighters*")
    expect(host.locator("html[data-redraw-waits]")).to_be_attached()   # Ben's fighters are here, their redraw waits
    host.mouse.up()
    expect(host.locator("#toast")).to_contain_text("Cyreni")
    expect(host.locator("#name-1:not([data-before])")).to_be_attached()   # the form was drawn again


def test_set_up_entries_are_filed_under_the_phone_that_entered_them(phones):
    """Ana's wizard says Ben chose the board, placed first and finished first: those entries are Ana's (she
    entered them), so Ana's phone offers their Undo and Ben's does not."""
    host = phones.new("host")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("#wizard-next").click()
    for i, (name, fighter_name) in enumerate((("Ana", "Vex"), ("Ben", "Rok"))):
        host.locator(f"#name-{i}").fill(name)
        host.locator(f"#warband-{i}").select_option("custom")
        host.locator(f"#fighter-{i}-0").fill(fighter_name)
    host.locator("#wizard-next").click()
    expect(host.get_by_role("heading", name="Before the first round")).to_be_visible()
    for choice in ("board-p2", "doover-p2-power", "deploy-p2", "placed-p2"):
        host.locator(f"[data-choice='{choice}']").click()
    host.locator("#wizard-next").click()
    code = host.locator("#join-code")
    expect(code).to_have_text(re.compile(r"^[0-9A-Z]{4,}$"))
    join_code = code.inner_text()
    host.get_by_role("link", name="Go to the table").click()
    expect(host.locator("#banner")).to_contain_text("Roll-off: who takes the first turn")

    ben = phones.new("ben")
    join(ben, join_code, "p2")
    expect(host.locator("[data-action='undo-last']")).to_have_text("↶ Undo: All fighters placed; Ben finished first")
    expect(ben.locator("#banner")).to_contain_text("Roll-off: who takes the first turn")
    expect(ben.locator("[data-action='undo-last']")).to_have_count(0)
    phones.shot(ben, "08-no-undo-of-anas-entry")
    host.locator("[data-tab='log']").click()
    expect(host.locator("ol.log li[data-type='do_over']")).to_have_count(2)

    host.locator("[data-tab='table']").click()
    host.locator("[data-action='undo-last']").click()     # the server agrees: Ana may take her entry back
    expect(host.locator("#banner")).to_contain_text("Placing fighters")
    expect(ben.locator("#banner")).to_contain_text("Placing fighters")
