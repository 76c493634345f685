"""An attack entered as the table reads it: each roll by its counts, the outcome first, nothing over the keys."""
from __future__ import annotations

import time
import uuid

import pytest
import requests
from playwright.sync_api import expect

from .flows import Counted, api_game, attack_sheet, by_faces, counts, events, fighter, join, seated

pytestmark = pytest.mark.e2e


def _stored_attack(server, game) -> dict:
    """The attack entry's data once it is in the log."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        attacks = [e for e in events(server, game) if e["type"] == "attack"]
        if attacks:
            return attacks[-1]["data"]
        time.sleep(0.1)
    raise AssertionError("no attack in the log")


def test_an_attack_by_its_counts_takes_four_taps_and_none_on_the_other_phone(phones, server):
    """Attack, "a critical and one more" in the attack roll, "one save", Commit: four taps; the log keeps the counts
    and the engine decides the critical hit and its damage."""
    game = api_game(server, wounds=(3, 4))
    ana, ben = seated(phones, game)
    a, b = Counted(ana), Counted(ben)
    a.tap(ana.locator("section.actions").get_by_role("button", name="Attack", exact=True))
    sheet = ana.locator("dialog[aria-label='Attack entry']")
    expect(sheet).to_be_visible()
    expect(sheet.locator("[data-symbols='attack']")).to_have_text("Succeeds on Critical or Smash")
    # Two attack dice: the keys say every count two dice can show; the one picked is marked.
    keys = sheet.locator("[data-counts='attack'] [data-count-key]")
    expect(keys).to_have_count(6)
    expect(sheet.locator("[data-counts='defence'] [data-count-key]")).to_have_count(3)
    expect(sheet.locator("[data-count-key='attack-0-0']")).to_have_attribute("aria-checked", "true")
    a.tap(sheet.get_by_role("radio", name="2 successes, 1 of them critical"))
    a.tap(sheet.get_by_role("radio", name="1 save", exact=True))
    preview = sheet.locator("#attack-preview")
    expect(preview.locator("[data-preview]")).to_have_attribute("data-preview", "critical_hit")
    expect(preview).to_contain_text("1 damage to Rok")
    phones.shot(ana, "01-counts-entered")
    a.tap(sheet.get_by_role("button", name="Commit attack, Rok stays"))
    expect(ben.locator("[data-fighter='p2.rok'] .wounds .count b")).to_have_text("3")
    assert (a.taps, b.taps) == (4, 0)
    stored = _stored_attack(server, game)
    assert stored["attack_roll"] == {"crit": 1, "success": 1} and stored["defence_roll"] == {"success": 1}
    deadline = time.monotonic() + 10   # the drive back not made follows the attack from the outbox
    while events(server, game)[-1]["type"] != "drive_back" and time.monotonic() < deadline:
        time.sleep(0.1)
    assert events(server, game)[-1]["data"] == {"fighter": "p2.rok", "hexes": 0}
    ana.locator("[data-tab='log']").click()   # the log reads the counts as the table said them
    expect(ana.locator("ol.log li[data-type='attack']").last).to_contain_text("(1 critical, 1 success vs 1 success)")


def test_a_lethal_attacks_preview_says_the_fighter_is_out_of_action_first(phones, server):
    """The preview's first lines are the outcome: the result, then who is out of action and the glory gained."""
    game = api_game(server, wounds=(3, 1))
    ana, ben = seated(phones, game)
    ana.locator("section.actions").get_by_role("button", name="Attack", exact=True).click()
    sheet = attack_sheet(ana)
    counts(sheet, "attack", 1)
    preview = sheet.locator("#attack-preview")
    expect(preview.locator("[data-preview]")).to_have_attribute("data-preview", "hit")
    lines = preview.locator(":scope > div").all_inner_texts()
    assert lines[:3] == ["Hit", "Rok is out of action", "Ana gains 1 glory (bounty for Rok)"], lines
    phones.shot(ana, "02-lethal-outcome-first")


def test_the_footer_never_lies_over_a_key(phones, server):
    """A 360x640 phone, three targets and a three-dice weapon: every key can be scrolled to and tapped where it is
    shown, and none is under the preview or Commit, which stay below the form's scrolling part."""
    seats = [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex", True)]},
             {"name": "Ben", "warband": "custom", "fighters": [fighter(s, n, i == 0) for i, (s, n) in
                                                               enumerate((("rok", "Rok"), ("tor", "Tor"), ("ula", "Ula")))]}]
    seats[0]["fighters"][0]["profiles"][0]["dice"] = 3
    game = api_game(server, seats=seats)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    ana.locator("section.actions").get_by_role("button", name="Attack → Tor", exact=True).click()
    sheet = ana.locator("dialog[aria-label='Attack entry']")
    expect(sheet).to_be_visible()
    expect(sheet.locator("[data-field='target']")).to_have_count(0)   # picked with the action
    expect(sheet.locator("[data-counts='defence']")).to_be_visible()
    sheet.locator("[data-more='attack'] > summary").click()   # the form at its longest
    keys = sheet.locator("[data-count-key]")
    assert keys.count() == 10 + 3
    for i in range(keys.count()):
        key = keys.nth(i)
        key.scroll_into_view_if_needed()
        covered = key.evaluate("""(el) => {
            const r = el.getBoundingClientRect(), foot = document.querySelector('dialog[open] .sheet-footer').getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return {under: r.bottom > foot.top && r.top < foot.bottom, hit: hit === el || el.contains(hit)};
        }""")
        assert covered == {"under": False, "hit": True}, (key.get_attribute("data-count-key"), covered)
    key = sheet.locator("[data-count-key='attack-3-1']")
    key.scroll_into_view_if_needed()
    phones.shot(ana, "03-keys-above-the-footer")


def test_the_faces_are_one_tap_away(phones, server):
    """A player may enter each die's face instead (a card reads a face): the face keys come, the counts go; the
    stored roll names its faces."""
    game = api_game(server, wounds=(3, 4))
    (ana,) = seated(phones, game, "p1")
    ana.locator("section.actions").get_by_role("button", name="Attack", exact=True).click()
    sheet = attack_sheet(ana)
    by_faces(sheet)
    expect(sheet.locator("[data-counts]")).to_have_count(0)
    sheet.locator("[data-kind='attack'][data-face='double']").click()
    sheet.locator("[data-kind='attack'][data-face='smash']").click()
    sheet.locator("[data-kind='defence'][data-face='block']").click()
    expect(sheet.locator("#attack-preview [data-preview]")).to_have_attribute("data-preview", "draw")
    sheet.get_by_role("button", name="Commit attack, Rok stays").click()
    assert _stored_attack(server, game)["attack_roll"] == {"double": 1, "smash": 1}


def test_a_referee_entering_an_attack_starts_with_the_faces(phones, server):
    """The referee checks a roll die by die: on the referee's phone the attack sheet opens with the face keys."""
    game = api_game(server, wounds=(3, 4))
    # Ana's Attack activation is in already (over REST): the referee's phone opens the Attack action it waits for.
    token = next(x["token"] for x in game["seats"] if x["seat"] == "p1")
    r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {token}"},
                      json={"id": str(uuid.uuid4()), "type": "activate", "by": "p1", "data": {"action": "attack", "fighter": "p1.vex"}})
    assert r.status_code == 201, r.text
    ref = phones.new("referee")
    ref.goto(f"/join/{game['join_code']}#referee={game['referee_token']}")
    ref.locator("section.actions [data-suggestion='attack']").first.click()
    sheet = ref.locator("dialog[aria-label='Attack entry']")
    expect(sheet.locator("[data-action='by-counts']")).to_be_visible()
    expect(sheet.locator("[data-kind='attack'][data-face='smash']")).to_be_visible()


def test_commit_waits_for_the_outcome_of_the_last_change(phones, server):
    """A key tapped while the engine's answer is on its way: Commit and the drive back wait for that answer (a quick
    tap must not commit an outcome the player has not seen, nor miss the drive back it allows)."""
    game = api_game(server, wounds=(3, 4))
    ana = phones.new("ana", service_workers="block")   # the route below holds the previews back
    join(ana, game["join_code"], "p1")
    ana.locator("section.actions").get_by_role("button", name="Attack", exact=True).click()
    sheet = attack_sheet(ana)
    commit = sheet.locator("[data-action='commit']")
    expect(commit).to_be_enabled()   # 0 against 0: a miss, shown
    held = []
    ana.route("**/preview", lambda route: held.append(route))
    counts(sheet, "attack", 1)
    counts(sheet, "defence", 1)
    expect(commit).to_be_disabled()
    expect(sheet.locator("[data-action='commit-drive-back']")).to_be_hidden()
    ana.unroute("**/preview")
    for route in held:
        route.continue_()
    expect(sheet.get_by_role("button", name="Drive Rok back 1 hex and commit")).to_be_enabled()
    expect(commit).to_have_text("Commit attack, Rok stays")
    expect(sheet.locator("#attack-preview [data-preview]")).to_have_attribute("data-preview", "draw")


def test_a_fighters_attack_on_one_of_three_targets_is_four_taps(phones, server):
    """Two fighters against three: Kit's Attack is on the table's own screen (no fighter picker), the target is
    tapped at what its defence roll shows, then Commit: four taps with both rolls, none on the other phone; a
    target's row of keys picks it, and the stored attack is on that target."""
    seats = [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex", True), fighter("kit", "Kit")]},
             {"name": "Ben", "warband": "custom", "fighters": [fighter(s, n, i == 0, 4) for i, (s, n) in
                                                               enumerate((("rok", "Rok"), ("tor", "Tor"), ("ula", "Ula")))]}]
    game = api_game(server, seats=seats)
    ana, ben = seated(phones, game)
    a, b = Counted(ana), Counted(ben)
    shortcut = ana.locator("section.actions [data-group='Attack with']")
    expect(shortcut).to_have_count(0)   # the fighters' picker's own group name is not one: the buttons are
    group = ana.locator("section.actions .group", has=ana.locator("h2", has_text="Attack with"))
    expect(group.get_by_role("button")).to_have_text(["Vex", "Kit"])
    expect(group.locator(".btn.primary")).to_have_count(0)   # a shortcut, never the step's own choice
    phones.shot(ana, "04a-attack-with")
    a.tap(group.get_by_role("button", name="Kit", exact=True))
    sheet = attack_sheet(ana)
    rows = sheet.locator("[data-target-row]")
    expect(rows).to_have_count(3)
    expect(sheet.locator("[data-field='target']")).to_have_count(0)   # no separate target picker
    expect(sheet.get_by_role("button", name="Commit attack")).to_be_disabled()
    a.tap(sheet.locator("[data-counts='attack']").get_by_role("radio", name="2 successes", exact=True))
    a.tap(sheet.locator("[data-target-row='p2.tor']").get_by_role("radio", name="1 save", exact=True))
    expect(sheet.locator("[data-target-row='p2.tor']")).to_have_class("target-roll on")
    preview = sheet.locator("#attack-preview")
    expect(preview).to_contain_text("1 damage to Tor")
    phones.shot(ana, "04-target-by-its-roll")
    a.tap(sheet.get_by_role("button", name="Commit attack, Tor stays"))
    expect(ben.locator("[data-fighter='p2.tor'] .wounds .count b")).to_have_text("3")
    assert (a.taps, b.taps) == (4, 0)
    stored = _stored_attack(server, game)
    assert stored["attacker"] == "p1.kit" and stored["target"] == "p2.tor"
    assert stored["attack_roll"] == {"success": 2} and stored["defence_roll"] == {"success": 1}
