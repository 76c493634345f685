"""BattleLore at the table as cheaply as it can be: units placed by section with a tap each, an attack picked by
attacker then target with a key per die, the other phone told in sentences with what the rules did first, and a
wizard that keeps what was typed when a choice redraws it. Phone-size screenshots go to artifacts/screens/."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from app.engine import registry

from .axe import violations
from .flows import Counted, join, join_code, seated
from .scripted_games import battlelore_attack, mustered

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def test_units_are_placed_by_section_with_a_tap_each(phones, server):
    """Mustering and deployment, 4: pick a section, tap the units put there; clear and no banner unless changed."""
    game = mustered(server)
    ana = phones.new("ana", bypass_csp=True)   # axe is injected into this page
    join(ana, game["join_code"], "p1")
    (ben,) = seated(phones, game, "p2")
    a = Counted(ana)
    panel = ana.locator("#deploy-panel")
    expect(panel.locator("[data-field='section'][aria-checked='true']")).to_have_text("Left")
    a.tap(panel.get_by_role("button", name="Guards 1: place in the left section"))
    expect(panel.locator("[data-place='p1.guards-1']")).to_have_count(0)
    a.tap(panel.locator("[data-field='section'][data-value='center']"))
    a.tap(panel.get_by_role("button", name="Guards 2: place in the center section"))
    # the third goes into a forest with a banner: changed for that unit only
    a.tap(panel.locator("summary"))
    a.tap(panel.locator("[data-field='terrain'][data-value='forest']"))
    a.tap(panel.locator("[data-field='banner'][data-value='2']"))
    phones.shot(ana, "01-deploy-by-section")
    assert violations(ana, "deployment panel") == []
    expect(panel.locator("[data-placed]")).to_contain_text("Placed: Guards 1 (left), Guards 2 (center)")
    a.tap(panel.get_by_role("button", name="Knights: place in the center section"))
    # the last unit put down ends Ana's placing: no "Deployment done" to tap
    expect(ana.locator("#deploy-panel")).to_have_count(0)
    expect(ana.locator("section.actions")).not_to_contain_text("Deployment done")
    assert a.taps == 7   # 3 units, 1 section change, forest and a banner (3 taps)
    expect(ana.locator("[data-unit='p1.guards-1']")).to_contain_text("Left · clear")
    expect(ana.locator("[data-unit='p1.knights-1']")).to_contain_text("Center · forest · ⚑2")
    # the other phone reads each placement as a sentence
    expect(ben.locator("#happened")).to_contain_text("Ana: Placed Knights in the center section, forest, 2 VP banner")


def test_an_attack_is_attacker_then_target_then_a_key_per_die_and_the_other_phone_reads_what_the_rules_did(phones, server):
    """Combat: the ordered unit, its target, one tap per die, Commit; the plain hits apply themselves (no tap on the
    defender's phone), and Ben's phone is told first that the raiders are eliminated."""
    battlelore_attack(phones, server)


def test_the_wizard_keeps_every_field_when_a_choice_redraws_it(phones, server):
    """Both names, both factions, one phone for the table and the seat ticked survive each redraw; the game made
    has them."""
    page = phones.new("host")
    page.goto("/new")
    page.locator("[data-ruleset='battlelore/second-edition']").click()
    page.locator("#wizard-next").click()
    page.locator("#name-0").fill("Ana")
    page.locator("#name-1").fill("Ben")
    page.locator("#faction-0").select_option("daqan")          # each choice redraws the seats
    expect(page.locator("#name-1")).to_have_value("Ben")
    page.locator("#faction-1").select_option("uthuk")
    page.locator("#name-1").fill("Benedikt")                    # typed after a redraw, then another redraw
    page.locator("#faction-0").select_option("uthuk")
    page.locator("#faction-0").select_option("daqan")
    for field_id, value in (("#name-0", "Ana"), ("#name-1", "Benedikt"), ("#faction-0", "daqan"), ("#faction-1", "uthuk")):
        expect(page.locator(field_id)).to_have_value(value)
    page.locator("#wizard-next").click()
    page.locator("#wizard-next").click()
    code = join_code(page)
    ben = phones.new("ben")
    join(ben, code, "p2")
    expect(ben.locator("[data-seat='p2'] .seat-head .name")).to_contain_text("Benedikt")
    expect(ben.locator("[data-seat='p2']")).to_contain_text("Uthuk")


def _cases(function: str, source: str) -> set[str]:
    body = source.split(f"function {function}(", 1)[1].split("\n}\n", 1)[0]
    return set(re.findall(r'case "([a-z_]+)"', body))


def test_every_entry_and_every_consequence_has_a_sentence():
    """The renderer words every BattleLore event type and every consequence the engine or the core logs."""
    source = (ROOT / "static/js/games/battlelore/wording.js").read_text()
    rs = registry.get("battlelore/second-edition")
    events = {e["type"] for e in rs.event_types()}
    assert events <= _cases("actionText", source), events - _cases("actionText", source)
    engine = "".join(p.read_text() for p in (ROOT / "app/engine/battlelore").glob("*.py"))
    consequences = set(re.findall(r'Consequence\("([a-z_]+)"', engine)) | {"passes_inferred"}
    assert consequences <= _cases("describeConsequence", source), consequences - _cases("describeConsequence", source)
