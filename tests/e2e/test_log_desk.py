"""The referee's desk: a player flags an entry, the referee corrects it in place and re-applies what it voided,
counting the taps; the log's search, filters and fighter timeline; what an entry changed; a ruling on an entry;
the referee link's QR drawn on the phone; the wide layout. Each control as the referee and as a player."""
from __future__ import annotations

import re

import pytest
import requests
from playwright.sync_api import expect

from .axe import violations
from .desk import disputed_round, entry, referee_phone
from .flows import assert_touch_targets, join, seated

pytestmark = pytest.mark.e2e

WIDE = {"width": 1280, "height": 800}
REFEREE_ONLY = ("correct", "revert", "more", "changes", "ruling", "reapply-all", "show-flagged", "correct-flagged")


def test_a_flagged_wrong_target_is_corrected_and_everything_after_it_re_applied_in_five_taps(phones, server):
    """Cat flags Ana's attack on Rok. The referee opens the Log, taps Correct on the flagged entry, picks Ula, sees
    the three later entries that the correction voids and that each fits again, taps Correct, then Re-apply all:
    five taps, none for the players. Every phone shows the corrected attack and the entries back in effect."""
    game = disputed_round(server)
    ana, ben, cat, dan = seated(phones, game, "p1", "p2", "p3", "p4")

    # Cat flags the attack from her Log (the player's side of the dispute); she has no referee controls.
    cat.locator("[data-tab='log']").click()
    attack = entry(cat, "attack", "Rok")
    for action in REFEREE_ONLY:
        expect(cat.locator(f"[data-action='{action}']")).to_have_count(0)
    attack.locator("[data-action='flag']").click()
    cat.locator("#note-text").fill("Vex attacked Rok, but Ana named Ula")
    cat.locator("[data-action='confirm-note']").click()
    expect(attack.locator(".entry-notes .flag")).to_contain_text("Flagged by Cat: Vex attacked Rok, but Ana named Ula")

    ref = referee_phone(phones, game)
    taps: list[str] = []

    def tap(locator, what: str):
        locator.click()
        taps.append(what)

    tap(ref.locator("[data-tab='log']"), "Log")
    expect(ref.locator("#flags")).to_contain_text("Cat: “Vex attacked Rok, but Ana named Ula”")
    flagged = ref.locator("ol.log > li.flagged[data-type='attack']")
    expect(flagged).to_contain_text("Flagged by Cat")
    phones.shot(ref, "01-referee-sees-the-flag")
    tap(ref.locator("#flags [data-action='correct-flagged']"), "Correct… (on the flag, at the top of the log)")
    sheet = ref.locator("dialog[data-dialog], dialog.sheet").last
    expect(sheet.locator("[data-field='target'][data-value='p2.rok']")).to_have_attribute("aria-checked", "true")
    tap(sheet.get_by_role("radio", name="Ula", exact=True), "Ula")
    preview = sheet.locator("#correction-preview")
    expect(preview).to_contain_text("Corrected: Attack: Vex → Ula")
    expect(preview.locator("[data-voids='3']")).to_contain_text("3 later entries will no longer have any effect")
    expect(preview.locator("li[data-void]", has_text="fits again")).to_have_count(3)
    phones.shot(ref, "02-correction-preview")
    assert violations(ref, "correction sheet") == []
    tap(sheet.locator("[data-action='confirm-correction']"), "Correct")
    expect(ref.locator("dialog.sheet")).to_have_count(0)
    panel = ref.locator("#voided")
    expect(panel).to_contain_text("3 entries have no effect")
    phones.shot(ref, "03-voided-offered-back")
    tap(panel.locator("[data-action='reapply-all']"), "Re-apply all that still fit")
    expect(ref.locator("#voided")).to_have_count(0)
    expect(ref.locator("ol.log > li .again")).to_have_count(3)
    phones.shot(ref, "04-everything-back")
    assert len(taps) == 5, taps

    # Every phone: the wrong attack struck through with the correction's reason, the corrected one in effect,
    # the three later entries entered again (nothing left without effect), and no player tapped anything.
    for page in (ana, ben, cat, dan):
        page.locator("[data-tab='log']").click()
        expect(page.locator("ol.log > li.reverted[data-type='attack']")).to_contain_text("Rok")
        expect(page.locator("ol.log > li[data-type='revert']")).to_contain_text("Corrected by the referee: target Rok → Ula")
        expect(page.locator("ol.log > li[data-type='attack']:not(.reverted):not(.inert)")).to_contain_text("Vex → Ula")
        expect(page.locator("ol.log > li.inert .again")).to_have_count(3)
        expect(page.locator("ol.log > li[data-type='activate']:not(.inert)")).to_have_count(4)
    expect(ben.locator("#toast")).to_be_hidden()   # the notice of voided entries went when they came back
    phones.shot(ben, "05-player-log-after-correction")
    expect(ben.locator("[data-action='enter-void']")).to_have_count(0)


def test_an_undo_shows_what_it_voids_and_each_voided_entry_comes_back_in_one_tap(phones, server):
    """Revert… shows the entries it will void before the reason is asked; after it, every phone is told which entries
    are void, the player whose entry it is may enter it again, and the referee gets Enter again on each one."""
    game = disputed_round(server)
    ben = phones.new("ben", bypass_csp=True)
    join(ben, game["join_code"], "p2")
    ref = referee_phone(phones, game)
    ref.locator("[data-tab='log']").click()
    entry(ref, "attack", "Rok").locator("[data-action='revert']").click()
    dialog = ref.locator("dialog [data-dialog='revert']")
    expect(dialog.locator("[data-voids='3']")).to_contain_text("#11 Ben: Guard: Rok")
    expect(dialog).to_contain_text("would be refused if entered again now")
    expect(dialog.locator("[data-hint='correct']")).to_contain_text("use Correct… instead")
    phones.shot(ref, "01-revert-preview")
    ref.locator("dialog #reason").fill("Vex attacked the wrong fighter")
    ref.locator("dialog [data-action='confirm-reason']").click()
    expect(ben.locator("#toast")).to_contain_text(re.compile(r"No longer in effect since the referee took back an entry: .*Ben's #11 \(Guard: Rok\)"))
    # A phone opening the game only now is not told of it as news (its log shows the voided entries).
    dan = phones.new("dan")
    join(dan, game["join_code"], "p4")
    expect(dan.locator("[data-fighter='p4.zed']")).to_be_visible()
    dan.wait_for_timeout(1500)
    expect(dan.locator("#toast")).not_to_contain_text("No longer in effect")
    ben.locator("[data-tab='log']").click()
    guard = entry(ben, "activate", "Guard: Rok")
    expect(guard).to_have_class(re.compile("inert"))
    expect(guard.locator("[data-action='enter-void']")).to_be_visible()       # his own entry
    expect(entry(ben, "activate", "Guard: Ula").locator("[data-action='enter-void']")).to_have_count(0)  # Cat's
    for action in REFEREE_ONLY:
        expect(ben.locator(f"[data-action='{action}']")).to_have_count(0)
    expect(ref.locator("ol.log > li.inert [data-action='enter-void']")).to_have_count(3)
    phones.shot(ben, "02-player-voided-entry")
    # Ben enters his Guard again at once: a new entry the rules check, refused while Ana's attack is still to come.
    head = requests.get(f"{server.url}/api/games/{game['id']}/events?since=0", headers={"Authorization": f"Bearer {game['tokens']['p2']}"}).json()["head"]
    guard.locator("[data-action='enter-void']").click()
    expect(ben.locator("#toast")).to_contain_text("0 entered again; not #11 (It is Ana's turn")
    assert requests.get(f"{server.url}/api/games/{game['id']}/events?since=0", headers={"Authorization": f"Bearer {game['tokens']['p2']}"}).json()["head"] == head
    assert violations(ben, "player's log with a voided entry") == []
    assert_touch_targets(ben)


def test_the_referee_reads_the_log_by_player_fighter_and_kind_sees_what_an_entry_changed_and_rules_on_it(phones, server):
    """Filters and the fighter timeline narrow the log; What changed puts the state before and after an entry into
    words; a ruling note shows under its entry on every phone and changes nothing; a player's state?seq is refused."""
    game = disputed_round(server)
    (ben,) = seated(phones, game, "p2")
    ref = referee_phone(phones, game)
    ref.locator("[data-tab='log']").click()
    ref.locator(".log-filter summary").click()
    ref.locator("#log-fighter").select_option("p3.ula")
    shown = ref.locator("ol.log > li[data-seq]:visible")
    expect(shown).to_have_count(1)
    expect(shown.first).to_contain_text("Guard: Ula")
    ref.locator("#log-fighter").select_option("")
    ref.locator("#log-by").select_option("p1")
    expect(ref.locator("ol.log > li[data-seq]:visible[data-by='p2']")).to_have_count(0)
    ref.locator("#log-by").select_option("")
    ref.locator("#log-type").select_option("attack")
    expect(ref.locator("ol.log > li[data-seq]:visible")).to_have_count(1)
    ref.locator("#log-type").select_option("")
    ref.locator("#log-search").fill("zed")
    expect(ref.locator("ol.log > li[data-seq]:visible")).to_have_count(1)
    ref.locator("#log-search").fill("")
    ref.locator("#log-quiet").check()
    expect(ref.locator("ol.log .cons li[data-cons='passes_inferred']").first).to_be_hidden()
    expect(ref.locator("ol.log .rule").first).to_be_hidden()
    ref.locator("#log-quiet").uncheck()
    phones.shot(ref, "01-filters")
    assert violations(ref, "referee's log with filters") == []
    assert_touch_targets(ref)

    guard = entry(ref, "activate", "Guard: Rok")
    guard.locator("[data-action='more']").click()
    ref.locator("dialog [data-dialog='entry-tools'] [data-action='changes']").click()
    changes = ref.locator("dialog [data-dialog='changes']")
    table = changes.locator("dl.changes").first          # the fighters and players first; the game's steps folded
    expect(table).to_contain_text("Rok")
    expect(table).to_contain_text("guard tokens: 0 → 1")
    expect(changes.locator("details.game-steps")).not_to_have_attribute("open", "")
    phones.shot(ref, "02-what-changed")
    changes.get_by_role("button", name="Close").click()

    before = requests.get(f"{server.url}/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['referee_token']}"}).json()["view"]["state"]
    entry(ref, "attack", "Rok").locator("[data-action='more']").click()
    ref.locator("dialog [data-dialog='entry-tools'] [data-action='ruling']").click()
    ref.locator("#note-text").fill("Range is measured from Vex's hex: the attack stands")
    ref.locator("[data-action='confirm-note']").click()
    ruling = "Ruling by the referee: Range is measured from Vex's hex: the attack stands"
    expect(entry(ref, "attack", "Rok").locator(".entry-notes .ruling")).to_have_text(ruling)
    ben.locator("[data-tab='log']").click()
    expect(entry(ben, "attack", "Rok").locator(".entry-notes .ruling")).to_have_text(ruling)
    after = requests.get(f"{server.url}/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['referee_token']}"}).json()["view"]["state"]
    assert after == before
    ref.locator("#log-flagged").check()
    expect(ref.locator("ol.log > li[data-seq]:visible")).to_have_count(1)
    phones.shot(ben, "03-ruling-on-a-player-phone")

    # A die corrected in place: one more single on Ana's attack roll, checked by the server before it is entered.
    ref.locator("#log-flagged").uncheck()
    entry(ref, "attack", "Rok").locator("[data-action='correct']").click()
    sheet = ref.locator("dialog.sheet")
    sheet.locator("details.dice summary").click()
    sheet.get_by_role("button", name="One more: attack roll single").click()
    expect(sheet.locator("#correction-preview")).to_contain_text("Corrected: Attack: Vex → Rok with Blade (2 single vs 1 block)")
    sheet.locator("[data-action='confirm-correction']:not([disabled])").click()
    expect(ref.locator("ol.log > li[data-type='revert']")).to_contain_text("Corrected by the referee: attack roll single 1 → 2")
    expect(ref.locator("ol.log > li[data-type='attack']:not(.reverted)")).to_contain_text("2 single vs 1 block")
    # A player has no What changed and the server refuses the state at a point of the log to a player's token.
    expect(ben.locator("[data-action='changes']")).to_have_count(0)
    r = requests.get(f"{server.url}/api/games/{game['id']}/state?seq=10", headers={"Authorization": f"Bearer {game['tokens']['p2']}"})
    assert r.status_code == 403


def test_the_referee_link_has_a_qr_drawn_on_the_phone_and_a_wide_screen_shows_the_log_beside_the_table(phones, server):
    """The host's Game tab draws the referee link's QR itself (no request carries the token in a URL); at 1280 px the
    referee sees the table and the log side by side, the log filling the height beside it, and corrects a wrong
    target with everything after it back in four taps."""
    game = disputed_round(server)
    host = phones.new("host")
    urls: list[str] = []
    host.on("request", lambda req: urls.append(req.url))
    host.goto(f"/join/{game['join_code']}#referee={game['referee_token']}")
    expect(host.locator("#banner")).to_be_visible()
    host.locator("[data-tab='game']").click()
    host.locator("#referee-box summary").click()
    qr = host.locator("#referee-qr svg.qr")
    expect(qr).to_be_visible()
    assert int(qr.get_attribute("data-modules")) >= 25
    link = host.get_by_label("Referee link").input_value()
    assert "#referee=" in link
    host.context.grant_permissions(["clipboard-read", "clipboard-write"])
    host.locator("[data-action='copy-referee']").click()
    expect(host.locator("#toast")).to_contain_text("Referee link copied")
    assert host.evaluate("() => navigator.clipboard.readText()") == link
    # Scrolled from the page in one go: a live frame arriving now redraws the tab (the box open as it was), and
    # Playwright's own scroll fails on an element replaced under it.
    host.evaluate("() => document.querySelector('#referee-box').scrollIntoView({ block: 'nearest' })")
    phones.shot(host, "01-referee-qr")
    assert not [u for u in urls if game["referee_token"] in u], "the referee token went to a server in a URL"

    wide = referee_phone(phones, game, "referee-wide")
    wide.set_viewport_size(WIDE)
    expect(wide.locator(".desk .desk-log ol.log")).to_be_visible()
    # Both boxes read in one go: the page redraws on every live frame, so two separate reads may straddle one.
    table, log = wide.evaluate("""() => ['.desk-table', '.desk-log'].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width}; })""")
    assert log["x"] >= table["x"] + table["width"] - 1 and abs(log["y"] - table["y"]) < 40
    assert table["width"] + log["width"] > 1100
    expect(wide.locator("[data-tab='log']")).to_have_count(0)
    expect(wide.locator(".desk-log [data-action='correct']").first).to_be_visible()
    expect(wide.locator(".desk-log [data-action='changes']").first).to_be_visible()   # no More… on a wide screen
    expect(wide.locator(".desk-log [data-action='more']")).to_have_count(0)
    phones.shot(wide, "02-wide-desk")
    assert violations(wide, "wide referee desk") == []

    # The same correction at the desk: no Log tab to open, so four taps.
    taps = 0
    for click in (lambda: entry(wide, "attack", "Rok").locator("[data-action='correct']").click(),
                  lambda: wide.locator("dialog.sheet").get_by_role("radio", name="Ula", exact=True).click(),
                  lambda: wide.locator("dialog [data-action='confirm-correction']:not([disabled])").click(),
                  lambda: wide.locator("#voided [data-action='reapply-all']").click()):
        click()
        taps += 1
    expect(wide.locator(".desk-log ol.log > li .again")).to_have_count(3)
    assert taps == 4
    phones.shot(wide, "03-wide-desk-after-correction")
