"""Dice by their faces, one tap each (the attack sheet's other way in, a tap away from the counts): a key per face,
the card's dice count preset, symbols shown, the preview as dice go in."""
from __future__ import annotations

import time

import pytest
import requests
from playwright.sync_api import expect

from .flows import Counted, api_game, attack_sheet, by_faces, events, join, seated

pytestmark = pytest.mark.e2e


def test_an_attack_by_its_faces_takes_six_taps_on_the_attackers_phone_and_none_on_the_other(phones, server):
    """Attack, the switch to faces, two attack faces, one defence face, Commit: six taps; Ben's phone is not touched."""
    game = api_game(server, wounds=(3, 4))
    ana, ben = seated(phones, game)
    a = Counted(ana)

    a.tap(ana.locator("section.actions").get_by_role("button", name="Attack", exact=True))
    # Vex has one weapon: the dice sheet opens by itself once the activation is in.
    sheet = ana.locator("dialog[aria-label='Attack entry']")
    expect(sheet).to_be_visible()
    a.tap(sheet.locator("[data-action='by-faces']"))
    # The weapon and the target's Defence are shown with the faces that count; the card's dice are preset.
    expect(sheet.locator("[data-symbols='attack']")).to_have_text("Succeeds on Critical or Smash")
    expect(sheet.locator("[data-symbols='defence']")).to_have_text("Saves on Critical or Block")
    expect(sheet.locator("[data-count='attack']")).to_have_text("0 of 2")
    expect(sheet.locator("[data-count='defence']")).to_have_text("0 of 1")
    expect(sheet).not_to_contain_text("null")
    expect(sheet.locator("[data-kind='attack'][data-face='smash']")).to_have_class("face hits")
    phones.shot(ana, "01-dice-empty")

    a.tap(sheet.locator("[data-kind='attack'][data-face='smash']"))
    expect(sheet.locator("[data-count='attack']")).to_have_text("1 of 2")
    # The preview already says what the dice so far would do, and that more are to come.
    expect(sheet.locator("#attack-preview [data-partial]")).to_contain_text("still to enter: 1 attack die, 1 defence die")
    expect(sheet.get_by_role("button", name="Commit attack")).to_be_disabled()
    a.tap(sheet.locator("[data-kind='attack'][data-face='fury']"))
    a.tap(sheet.locator("[data-kind='defence'][data-face='dodge']"))
    preview = sheet.locator("#attack-preview")
    expect(preview.locator("[data-partial]")).to_have_count(0)
    expect(preview.locator("[data-preview]")).to_have_attribute("data-preview", "hit")
    expect(sheet).not_to_contain_text("null")
    expect(sheet.locator("[data-kind='attack'][data-face='smash']")).to_have_attribute("aria-label", "Smash ×1: add another Smash die")
    # The hit allows a drive back: the choice is made with the Commit tap itself.
    expect(sheet.get_by_role("button", name="Drive Rok back 1 hex and commit")).to_be_visible()
    phones.shot(ana, "02-dice-entered")
    a.tap(sheet.get_by_role("button", name="Commit attack, Rok stays"))

    expect(ben.locator("[data-fighter='p2.rok'] .wounds .count b")).to_have_text("3")
    assert a.taps == 6, a.taps
    catalogue = requests.get(f"{server.url}/api/rulesets/underworlds/deathgorge", timeout=10).json()["catalogue"]
    recorded = next(c for c in catalogue if c["type"] == "drive_back")["fields"]["hexes"]["min"] == 0
    log = _until(lambda: _events(server, game),
                 lambda log: any(e["type"] == "attack" for e in log) and (not recorded or log[-1]["type"] == "drive_back"))
    stored = [e for e in log if e["type"] == "attack"][-1]["data"]
    assert stored["attack_roll"] == {"smash": 1, "fury": 1} and stored["defence_roll"] == {"dodge": 1}
    drive = [e["data"] for e in log if e["type"] == "drive_back"]
    assert drive == ([{"fighter": "p2.rok", "hexes": 0}] if recorded else [])   # "not driven back", where recorded
    if recorded:  # the log says it in words
        ana.locator("[data-tab='log']").click()
        expect(ana.locator("ol.log li[data-type='drive_back']")).to_contain_text("Rok not driven back")


def test_a_tap_on_an_entered_die_or_a_long_press_on_its_face_takes_it_off_and_extra_dice_count(phones, server):
    """Mistakes come off in one gesture; a third die (a card) raises the count and is sent with the weapon."""
    game = api_game(server, wounds=(3, 4))
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ana.locator("section.actions").get_by_role("button", name="Attack", exact=True).click()
    sheet = attack_sheet(ana, "Vex: Blade")
    by_faces(sheet)
    smash = sheet.locator("[data-kind='attack'][data-face='smash']")
    for _ in range(3):
        smash.click()
    expect(sheet.locator("[data-count='attack']")).to_have_text("3 dice (card: 2)")
    sheet.get_by_role("button", name="Remove this Smash die").first.click()
    expect(sheet.locator("[data-count='attack']")).to_have_text("2 dice")
    box = smash.bounding_box()
    ana.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    ana.mouse.down()
    ana.wait_for_timeout(700)
    ana.mouse.up()
    expect(sheet.locator("[data-count='attack']")).to_have_text("1 of 2")
    expect(smash).to_have_attribute("aria-label", "Smash ×1: add another Smash die")
    for _ in range(2):
        sheet.locator("[data-kind='attack'][data-face='crit']").click()
    sheet.locator("[data-kind='defence'][data-face='block']").click()
    phones.shot(ana, "03-three-dice")
    sheet.get_by_role("button", name="Drive Rok back 1 hex and commit").click()
    expect(ana.locator("dialog[aria-label='Attack entry']")).to_have_count(0)
    log = _until(lambda: _events(server, game), lambda log: log[-1]["type"] == "drive_back")
    stored = [e for e in log if e["type"] == "attack"][-1]["data"]
    assert stored["attack_roll"] == {"smash": 1, "crit": 2} and stored["profile"]["dice"] == 3
    assert (log[-1]["type"], log[-1]["data"]) == ("drive_back", {"fighter": "p2.rok", "hexes": 1})
    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log li[data-type='drive_back']")).to_contain_text("Rok driven back 1 hex")
    expect(ana.locator("ol.log li[data-type='attack']").last).to_contain_text("Vex may drive Rok back 1 hex")
    phones.shot(ana, "04-log-drive-back")


def _events(server, game):
    return events(server, game)


def _until(read, done, seconds=10.0):
    """Read again until `done(value)` (the phone sends its entries a moment after the tap)."""
    deadline = time.monotonic() + seconds
    while True:
        value = read()
        if done(value) or time.monotonic() > deadline:
            return value
        time.sleep(0.1)
