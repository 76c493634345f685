"""Two players and a spectator play a short complete game through the UI."""
from __future__ import annotations

import re

from playwright.sync_api import expect

from .flows import assert_touch_targets, attack_sheet, counts, create_game, go_to_table, join, tap

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


def test_two_players_and_a_spectator_play_a_whole_game(phones):
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
