"""The scripted game each game's own browser test plays, here because tests/e2e/test_nothing_covers.py plays it again
with every tap checked (reach.py): a whole Underworlds game with a spectator (test_game.py), a Conquest round
(test_conquest.py) and a BattleLore attack (test_battlelore_table.py)."""
from __future__ import annotations

import re
import uuid

import requests
from playwright.sync_api import expect

from .axe import violations
from .flows import (
    Counted,
    assert_touch_targets,
    attack_sheet,
    counts,
    create_game,
    enter,
    go_to_table,
    join,
    join_code,
    log_texts,
    pick,
    seated,
    tap,
)

# Underworlds: two players and a spectator play a short complete game.

# How long a test waits for an event to show on the other phones. The target (within a second) is measured by
# benchmarks/taps.py, not asserted here: a shared machine under load would make it flaky.
SYNC_MS = 10_000


def wounds_left(page, fighter):
    return page.locator(f"[data-fighter='{fighter}'] .wounds .count b")


def pass_turn(active, other):
    """A turn where the active player forfeits the activation and both pass the power step."""
    tap(active, "Pass (forfeit the activation)")
    expect(active.locator("#banner")).to_contain_text("Power step")
    tap(active, "Pass")
    expect(other.locator("#banner")).to_contain_text("your go", timeout=SYNC_MS * 3)
    tap(other, "Pass")


def end_phase(first, second, round_no):
    """Each player walks through the end phase in order; the first scores an objective."""
    expect(first.locator("#banner")).to_contain_text("End phase: you")
    expect(first.locator("#banner")).to_contain_text("Step 1 of 6")
    if round_no == 1:
        first.locator("section.actions").get_by_role("button", name="Score an objective").click()
        first.locator("dialog").get_by_role("button", name="one more").click()  # glory 0 -> 1
        first.locator("dialog").get_by_role("button", name="Enter").click()
    first.locator("section.actions").get_by_role("button", name=re.compile(r"^Done")).click()
    expect(second.locator("#banner")).to_contain_text("End phase: you", timeout=SYNC_MS * 3)
    second.locator("section.actions").get_by_role("button", name=re.compile(r"^Done")).click()


def underworlds_whole_game(phones):
    """Setup, join by code, activations, an attack with entered dice, a reaction prompt, surge scoring,
    end phases and game over, with every event on the other phones within a second."""
    ana = phones.new("ana")
    code = create_game(ana, phones)
    go_to_table(ana)
    ben = phones.new("ben")
    join(ben, code, "p2")
    spec = phones.new("spectator")
    spec.goto(f"/join/{code}")             # the link in the host's QR code
    spec.locator("[data-seat='spectator']").click()
    for p in (ana, ben, spec):
        expect(p.locator("#conn")).to_have_attribute("data-state", "online")
    phones.shot(ana, "06-table-roll-off")
    assert_touch_targets(ana)
    phones.shot(spec, "07-spectator")

    # Round 1 roll-off: Ana takes the first turn.
    tap(ana, "Roll-off: who takes the first turn? (Ana adds one critical)")
    dialog = ana.locator("dialog")
    dialog.locator("[data-field='first']", has_text="Ana").click()
    phones.shot(ana, "08-roll-off-sheet")
    dialog.get_by_role("button", name="Enter").click()
    expect(ben.locator("#banner")).to_contain_text("Ana's turn", timeout=SYNC_MS)

    # Ana reveals a surge objective; it is scored in the next surge step.
    ana.locator("section.actions").get_by_role("button", name="Reveal a surge objective").click()
    ana.locator("dialog").get_by_role("button", name="one more").click()
    ana.locator("dialog").get_by_role("button", name="Enter").click()
    expect(ana.locator("[data-seat='p1'] .badge.inspired")).to_contain_text("Revealed")

    # Activation: Vex attacks Rok; each roll by its counts; the outcome is previewed before commit.
    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Attack")
    counts(sheet, "attack", 2, 1)                                  # a critical and one more success
    # The defence roll had no save (a dodge fails for a block fighter): its key stays at 0.
    expect(sheet.locator("[data-preview]")).to_have_attribute("data-preview", "critical_hit")
    phones.shot(ana, "09-attack-preview")
    assert_touch_targets(ana)
    sheet.get_by_role("button", name="Commit attack").click()
    expect(wounds_left(ben, "p2.rok")).to_have_text("2", timeout=SYNC_MS)
    expect(wounds_left(spec, "p2.rok")).to_have_text("2", timeout=SYNC_MS)
    # The surge step before the activation scored Ana's revealed objective.
    expect(ana.locator("[data-seat='p1'] .stat.glory b")).to_have_text("1")

    # Reaction step: Ben is prompted and passes with one tap.
    expect(ben.locator("#reaction-step")).to_be_visible(timeout=SYNC_MS)
    phones.shot(ben, "10-reaction-prompt")
    # What just happened (Ana's drive back, a long entry) wraps inside the phone's width.
    for item in ben.locator("#happened .happened-item").all():
        box = item.bounding_box()
        assert box is None or box["x"] >= 0 and box["x"] + box["width"] <= 360.5, box
    assert_touch_targets(ben)
    ben.locator("#reaction-step").get_by_role("button", name="No reaction").click()
    expect(ana.locator("#banner")).to_contain_text("Power step: your go", timeout=SYNC_MS)
    tap(ana, "Pass")
    expect(ben.locator("#banner")).to_contain_text("your go", timeout=SYNC_MS)
    tap(ben, "Pass")

    # Ben moves; Ana goes on Guard: more activations, each seen on the other phone within a second.
    expect(ben.locator("#banner")).to_contain_text("your turn", timeout=SYNC_MS)
    tap(ben, "Move")
    expect(ana.locator("[data-fighter='p2.rok'] .badge.token")).to_contain_text("Move", timeout=SYNC_MS)
    tap(ben, "Pass")
    expect(ana.locator("#banner")).to_contain_text("your go", timeout=SYNC_MS * 3)
    tap(ana, "Pass")
    expect(ana.locator("#banner")).to_contain_text("your turn", timeout=SYNC_MS * 3)
    tap(ana, "Guard")
    expect(ben.locator("[data-fighter='p1.vex'] .badge.token")).to_contain_text("Guard", timeout=SYNC_MS)
    tap(ana, "Pass")
    expect(ben.locator("#banner")).to_contain_text("your go", timeout=SYNC_MS * 3)
    tap(ben, "Pass")

    # The rest of the game: every other turn forfeited (short), end phases walked through.
    pass_turn(ben, ana)
    for _ in range(2):
        pass_turn(ana, ben)
        pass_turn(ben, ana)
    expect(ana.locator("#banner")).to_contain_text("End phase: you")
    ana.evaluate("window.scrollTo(0, 0)")
    phones.shot(ana, "11-end-phase")
    end_phase(ana, ben, 1)
    for round_no in (2, 3):
        tap(ana, "Roll-off: who takes the first turn?", exact=False)
        ana.locator("dialog [data-field='first']", has_text="Ana").click()
        ana.locator("dialog").get_by_role("button", name="Enter").click()
        for _ in range(4):
            pass_turn(ana, ben)
            pass_turn(ben, ana)
        end_phase(ana, ben, round_no)

    for p in (ana, ben, spec):
        expect(p.locator("#game-over")).to_be_visible(timeout=SYNC_MS * 3)
        expect(p.locator("#game-over .who")).to_have_text("Ana")
    expect(spec.locator("#game-over svg.chart")).to_be_visible()
    phones.shot(ana, "12-game-over", full_page=True)
    phones.shot(spec, "13-game-over-spectator")
    spec.set_viewport_size({"width": 820, "height": 1180})   # the same app on a tablet
    phones.shot(spec, "13b-game-over-tablet")
    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log")).to_contain_text("Vex")
    phones.shot(ana, "14-log")
    assert_touch_targets(ana)


# Conquest: set-up, secret dials, a battle with a shield and the headquarters phase.

def create_conquest(host, phones) -> str:
    """Host phone: the wizard with Conquest, Ana (Nazdreg) and Ben (Captain Cato Sicarius)."""
    host.goto("/new")
    host.locator("[data-ruleset='conquest/core']").click()
    phones.shot(host, "01-wizard-game")
    host.locator("#wizard-next").click()
    expect(host.locator("#warlord-0 option[value='nazdreg']")).to_have_count(1)   # warlords from the content
    host.locator("#name-0").fill("Ana")
    host.locator("#name-1").fill("Ben")
    host.locator("#wizard-next").click()
    expect(host.locator("#toast")).to_contain_text("choose a warlord")
    host.locator("#warlord-0").select_option("nazdreg")
    host.locator("#warlord-1").select_option("captain-cato-sicarius")
    phones.shot(host, "02-wizard-warlords")
    host.locator("#wizard-next").click()
    host.locator("#wizard-next").click()
    text = join_code(host)
    host.get_by_role("link", name="Go to the table").click()
    expect(host.locator("#banner")).to_be_visible()
    return text


def deploy(page, name, cost, attack, hp, planet, keywords=(), shot=None):
    """Deploy an army unit through the card form."""
    tap(page, "Deploy an army unit")
    sheet = page.locator("dialog.sheet")
    sheet.locator("[data-field='card.name']").fill(name)
    for key, value, start in (("cost", cost, 0), ("attack", attack, 0), ("hp", hp, 2)):
        plus = sheet.locator(f"[data-stepper='{key}'] button").nth(1)
        minus = sheet.locator(f"[data-stepper='{key}'] button").nth(0)
        for _ in range(value - start):
            plus.click()
        for _ in range(start - value):
            minus.click()
    for kw in keywords:
        sheet.locator(f"[data-keyword='{kw}']").click()
    pick(page, planet)
    if shot:
        shot()
    enter(page)


def conquest_round(phones):
    """Setup, secret dials, a battle with a shield and the headquarters phase, on two 360x640 phones."""
    ana = phones.new("ana")
    code = create_conquest(ana, phones)
    ben = phones.new("ben")
    join(ben, code, "p2")
    expect(ana.locator("[data-seat='p1'] .stat").first).to_contain_text("7")
    phones.shot(ana, "03-table-setup")

    # Setup at the table: initiative, the first 5 planets, mulligans.
    tap(ana, "Ana takes the initiative")
    for planet in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"):
        expect(ana.locator("#banner")).to_contain_text("face up")
        tap(ana, "Reveal planet", exact=False)
        pick(ana, planet)
        enter(ana)
    expect(ana.locator("li.cq-planet.first")).to_contain_text("Tarrus")
    tap(ana, "Keep this hand")
    tap(ben, "Mulligan (keep the second hand)")
    expect(ben.locator("#banner")).to_contain_text("Deployment turn")
    phones.shot(ben, "04-planets-revealed")

    # Deploy phase: Ana's Ork Boyz and Ben's Scout Squad at Tarrus, the first planet.
    deploy(ana, "Ork Boyz", 2, 2, 3, "Tarrus", keywords=("brutal",), shot=lambda: phones.shot(ana, "04b-card-form"))
    expect(ana.locator("[data-unit='p1.ork-boyz'] .cq-kw")).to_contain_text("brutal")
    expect(ben.locator("li.cq-planet[data-slot='1'] [data-unit='p1.ork-boyz']")).to_be_visible()
    deploy(ben, "Scout Squad", 1, 1, 2, "Tarrus")
    expect(ana.locator("[data-seat='p1'] .stat").first).to_contain_text("5")
    tap(ana, "Pass (no more deployment turns this phase)")
    tap(ben, "Pass (no more deployment turns this phase)")
    expect(ana.locator("#dials")).to_be_visible()

    # Command phase: Ana's secret dial.
    tap(ana, "Dial 1: Tarrus")
    expect(ben.locator("[data-dial='p1']")).to_contain_text("committed (secret")
    expect(ben.locator("[data-dial='p1']")).not_to_contain_text("Tarrus")
    expect(ana.locator("[data-dial='p1']")).to_contain_text("your dial: Tarrus")
    expect(ana.locator("[data-dial='p2']")).to_contain_text("choosing")
    ben_log = log_texts(ben)
    assert "Command dial set (secret)" in ben_log[0] and "Tarrus" not in ben_log[0].split("\n")[1]
    phones.shot(ana, "05-ana-committed")
    phones.shot(ben, "06-ben-sees-only-committed")
    tap(ben, "Dial 2: Osus IV")
    expect(ana.locator("#banner")).to_contain_text("Command bonus")
    assert any("Dials revealed" in t for t in log_texts(ben)[:1])
    phones.shot(ana, "07-dials-revealed")
    tap(ana, "Tarrus: Take 1 resource and 1 card")
    expect(ben.locator("#happened")).to_contain_text("Ana takes 1 resource and 1 card")
    tap(ben, "Osus IV: Take 2 resources")

    # Combat: the battle at Tarrus; Ben shields his Scout Squad.
    expect(ana.locator("li.cq-planet.battle")).to_contain_text("Tarrus")
    expect(ana.locator("#banner")).to_contain_text("Battle at Tarrus")
    tap(ana, "Attack with Ork Boyz")
    pick(ana, "Scout Squad")
    enter(ana)
    expect(ben.locator("#reaction-step")).to_contain_text("Shield Scout Squad")
    expect(ben.locator("#reaction-step h2")).to_have_text("Shields")   # an opportunity, not a reaction step
    expect(ana.locator("#reaction-step")).to_contain_text("Waiting for Ben")
    phones.shot(ben, "08-shield-window")
    tap(ben, "Shield Scout Squad")
    expect(ben.locator("dialog.sheet output")).to_have_text("1")   # a card with 1 shield icon
    phones.shot(ben, "08b-shield-card")
    enter(ben)
    expect(ana.locator("[data-unit='p2.scout-squad'] .cq-dmg")).to_have_text("1 dmg")
    phones.shot(ana, "09-after-shield")
    tap(ben, "Attack with Scout Squad")
    pick(ben, "Ork Boyz")
    enter(ben)
    tap(ana, "No shield")
    tap(ana, "Attack with Nazdreg")
    pick(ana, "Scout Squad")
    enter(ana)
    tap(ben, "No shield")
    # Tarrus helps only the player with fewer units: Ana's ability would change nothing, so there is no choice
    # and Tarrus goes to her victory display; Ben's lone warlord wins Osus IV, where he decides.
    expect(ana.locator("[data-seat='p1'] .cq-victory")).to_contain_text("Tarrus")
    expect(ana.locator("#banner")).to_contain_text("Ben won the battle at Osus IV")
    tap(ben, "Do not use the Battle ability")
    phones.shot(ana, "10-headquarters-phase")

    # Headquarters: reveal the next planet, draw 2, gain 4, ready all, pass the initiative.
    expect(ana.locator("#banner")).to_contain_text("Headquarters")
    tap(ana, "Headquarters: reveal the next planet")
    pick(ana, "Plannum")
    enter(ana)
    expect(ben.locator("#banner")).to_contain_text("Round 2")
    expect(ben.locator("li.cq-planet.first")).to_contain_text("Osus IV")
    expect(ben.locator("[data-seat='p2'] .cq-init")).to_be_visible()
    phones.shot(ben, "11-round-2-ben")
    ben.locator("[data-tab='log']").click()
    expect(ben.locator("ol.log")).to_contain_text("Dials revealed")
    phones.shot(ben, "11b-log-ben")
    ben.locator("[data-tab='table']").click()
    phones.shot(ana, "12-round-2-ana", full_page=True)


# BattleLore: a game over REST with known units, then an attack entered on Ana's phone.

def unit(slug, health=4, combat=3, muster=5, **kw):
    """A melee unit of a custom army, named from its slug."""
    return {"slug": slug, "name": slug.replace("-", " ").title(), "health": health, "movement": 2, "combat": combat,
            "attack": "melee", "muster": muster, **kw}


def rest(server, game, by, etype, data):
    """One entry of a seat over REST; it must be accepted."""
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                      json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data})
    assert r.status_code == 201, (etype, r.text)


def mustered(server) -> dict:
    """A game over REST with known units, scenarios chosen and both armies mustered: the deployment is next."""
    body = {"ruleset": "battlelore/second-edition", "options": {"prebuilt": True},
            "seats": [{"name": "Ana", "faction": "daqan", "units": [unit("guards"), unit("knights", 3, 4, 8)]},
                      {"name": "Ben", "faction": "uthuk", "units": [unit("raiders", 2), unit("brutes", 3, 4, 8)]}]}
    reply = requests.post(f"{server.url}/api/games", json=body)
    assert reply.status_code == 201, reply.text
    game = reply.json()
    for by, etype, data in [("p1", "choose_scenario", {"scenario": "A1"}), ("p2", "choose_scenario", {"scenario": "B1"}),
                            ("p1", "muster", {"army": {"guards": 2, "knights": 1}}),
                            ("p2", "muster", {"army": {"raiders": 1, "brutes": 1}})]:
        rest(server, game, by, etype, data)
    return game


def battlelore_attack(phones, server):
    """Combat: the ordered unit, its target, one tap per die, Commit; the plain hits apply themselves (no tap on the
    defender's phone), and Ben's phone is told first that the raiders are eliminated."""
    game = mustered(server)
    pos = {"section": "center", "terrain": "clear", "banner": 0}
    for by, uids in (("p1", ["p1.guards-1", "p1.guards-2", "p1.knights-1"]), ("p2", ["p2.raiders-1", "p2.brutes-1"])):
        for uid in uids:
            rest(server, game, by, "place", {"unit": uid, "to": pos})   # the last one ends the seat's placing
    rest(server, game, "p1", "play_command", {"section": "center", "units": 2})
    ana = phones.new("ana", bypass_csp=True)   # axe is injected into this page
    join(ana, game["join_code"], "p1")
    (ben,) = seated(phones, game, "p2")
    a = Counted(ana)
    a.tap(ana.locator("section.actions").get_by_role("button", name="Order Guards 1", exact=True))
    a.tap(ana.locator("section.actions").get_by_role("button", name="Order Knights", exact=True))
    expect(ana.locator("section.actions [data-pass='true']")).to_have_text("Done ordering")   # a quiet pass, small
    attack_taps = a.taps
    a.tap(ana.locator("section.actions [data-group='Attack with Knights']"))
    a.tap(ana.locator("dialog.sheet").get_by_role("button", name="Knights attacks Raiders", exact=True))
    sheet = ana.locator("dialog[aria-label='Attack entry']")
    expect(sheet.locator("[data-count='combat']")).to_have_text("0 of 4")
    a.tap(sheet.get_by_role("button", name="Strike: add a Strike die"))
    a.tap(sheet.get_by_role("button", name="Strike ×1: add another Strike die"))
    a.tap(sheet.locator("[data-kind='combat'][data-face='cleave']"))
    # Cleave's axe is drawn, not a glyph the page's fonts lack (an empty box in Chromium): on its key and its die
    expect(sheet.locator("[data-kind='combat'][data-face='cleave'] .sym svg path")).to_have_count(1)
    expect(sheet.locator(".entered [data-face='cleave'] .sym svg path")).to_have_count(1)
    assert sheet.locator("[data-kind='combat'][data-face='cleave'] .sym").inner_text().strip() == ""
    a.tap(sheet.locator("[data-kind='combat'][data-face='lore']"))
    expect(sheet.locator("[data-count='combat']")).to_have_text("4 dice")
    expect(sheet.locator("#attack-preview")).to_contain_text("3 damage")
    phones.shot(ana, "02-a-key-per-die")
    assert violations(ana, "dice sheet") == []
    a.tap(sheet.locator("[data-action='commit']"))
    assert a.taps - attack_taps == 7
    told = ben.locator("#happened .entry").first.locator(".headline")   # the weightiest entry since Ben looked
    expect(told).to_contain_text(
        "Ana: Raiders is eliminated · Knights attacked Raiders (melee) and rolled 2 strike, 1 cleave, 1 lore")
    expect(ben.locator("body")).not_to_contain_text("Waiting for Ben")
    expect(ben.locator("#reaction-step")).to_have_count(0)
    expect(ben.locator("section.actions")).not_to_contain_text("Take 3 damage")
    expect(ana.locator("section.actions")).to_contain_text("Advance into the hex")   # Ana's phone never waited
    phones.shot(ben, "03-told-what-the-rules-did")
    ana.locator("[data-tab='log']").click()
    entry = ana.locator("ol.log li[data-type='attack']")
    expect(entry.locator(".what")).to_contain_text("Raiders is eliminated · Knights attacked Raiders")
    expect(entry.locator(".cons")).to_contain_text("Ana: done ordering (went on)")
    expect(ana.locator("ol.log li[data-type='defend']")).to_have_count(0)
