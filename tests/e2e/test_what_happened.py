"""Every phone is told what just happened: another phone's entry summarised with its consequences, what it
changed highlighted for a moment; overrides and undos stand out."""
from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
import requests
from playwright.sync_api import expect

from app.engine import registry

from .flows import api_game, attack_sheet, join, roll, seated, tap

pytestmark = pytest.mark.e2e


def test_the_other_phone_is_told_of_an_attack_an_override_and_an_undo(phones, server):
    game = api_game(server, wounds=(3, 1))
    ana, ben = seated(phones, game)

    # Ana's attack takes Rok out of action: Ben's phone says so, and Rok and Ana's glory light up.
    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")
    roll(sheet, "attack", "smash", "crit")
    roll(sheet, "defence", "dodge")
    expect(sheet.locator("[data-preview]")).to_have_attribute("data-preview", "critical_hit")
    sheet.get_by_role("button", name="Commit attack").click()
    told = ben.locator("#happened .happened-item[data-type='attack']")
    # The activation and its attack since Ben last looked: the attack, the weightier, is told first.
    expect(told.locator(".entry").first.locator(".headline")).to_contain_text("Ana: Attack: Vex → Rok")
    expect(told).to_contain_text("Rok is out of action")
    expect(told).to_contain_text("Ana gains 1 glory")
    expect(ben.locator("[data-fighter='p2.rok']")).to_have_class("fighter ooa flash")
    expect(ben.locator("[data-seat='p1'] .stat.glory")).to_have_class("stat glory flash")
    phones.shot(ben, "01-told-of-the-attack")
    expect(ana.locator("#happened .happened-item")).to_have_count(0)   # the phone that entered it knows
    expect(told).to_have_count(0, timeout=9000)                         # it goes by itself
    expect(ben.locator("[data-fighter='p2.rok']")).not_to_have_class("fighter ooa flash")

    # An override (a rule broken with a reason), entered on Ana's other device, stands out on Ben's phone.
    r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {game['tokens']['p1']}"},
                      json={"id": str(uuid.uuid4()), "type": "damage", "by": "p1", "override": {"reason": "card: Blood Price"},
                            "data": {"fighter": "p1.vex", "amount": 1, "source": "card"}})
    assert r.status_code == 201, r.text
    loud = ben.locator("#happened .happened-item.loud[data-type='damage']")
    expect(loud).to_contain_text("Rules overridden by the table: card: Blood Price")
    expect(loud.locator(".entry[data-entry]").last.locator(".headline")).to_contain_text("Ana: 1 damage to Vex")
    phones.shot(ben, "02-told-of-an-override")

    # Ana's one-tap undo: Ben's phone says what was taken back.
    ana.locator("[data-action='undo-last']").click()
    undone = ben.locator("#happened .happened-item.loud[data-type='revert']")
    expect(undone.locator(".headline")).to_contain_text("Ana took back:")
    expect(undone).not_to_contain_text("Why: Undone by")              # the headline already says who
    undone.get_by_role("button", name="Dismiss").click()
    expect(undone).to_have_count(0)


def test_a_drive_back_right_after_an_attack_does_not_hide_the_damage(phones, server):
    """Ana's hit drives Rok back: two entries land on Ben's phone at once. The card leads with what the rules did
    (the damage to Rok), not only with the drive back, and says nothing twice."""
    game = api_game(server, wounds=(3, 4))
    ana, ben = seated(phones, game)
    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")
    roll(sheet, "attack", "smash", "fury")
    roll(sheet, "defence", "dodge")
    expect(sheet.locator("[data-preview]")).to_have_attribute("data-preview", "hit")
    sheet.get_by_role("button", name="Drive Rok back 1 hex and commit").click()
    told = ben.locator("#happened .happened-item[data-type='drive_back']")
    lines = told.locator(".entry")
    expect(lines).to_have_count(2)
    # One line per entry, the weightiest first: the attack and its damage (who dealt it: Deathgorge, Who dealt
    # damage, pg 23), then the drive back; neither entry's consequences are told as the other's.
    expect(lines.nth(0).locator(".detail")).to_contain_text("1 damage to Rok by Vex")
    expect(lines.nth(1).locator(".headline")).to_contain_text("Rok driven back 1 hex")
    assert "driven back" not in lines.nth(0).locator(".detail").inner_text()
    phones.shot(ben, "03-told-of-attack-and-drive-back")


def test_every_underworlds_consequence_reads_as_a_sentence():
    """The renderer words every consequence the Underworlds engine logs (no "glory spent (seat: Ana, ...)")."""
    root = Path(__file__).resolve().parents[2]
    source = (root / "static/js/games/underworlds/wording.js").read_text()
    body = source.split("function describeConsequence(", 1)[1].split("\n}\n", 1)[0]
    worded = set(re.findall(r'case "([a-z_]+)"', body))
    engine = "".join(p.read_text() for p in (root / "app/engine/underworlds").rglob("*.py"))
    logged = set(re.findall(r'Consequence\(\s*"([a-z_]+)"', engine))
    assert logged and logged <= worded, sorted(logged - worded)


def test_every_underworlds_entry_reads_as_a_sentence():
    """Every event type of every Underworlds edition has its words ("Feature token B1 placed", not its data)."""
    root = Path(__file__).resolve().parents[2]
    source = (root / "static/js/games/underworlds/wording.js").read_text()
    body = source.split("function describeEvent(", 1)[1].split("\n}\n", 1)[0]
    worded = set(re.findall(r'case "([a-z_]+)"', body))
    types = {e["type"] for rid in ("underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire")
             for e in registry.get(rid).catalogue()} - {"revert"}          # an undo is worded by the log itself
    assert types <= worded, sorted(types - worded)


def test_a_page_just_opened_tells_an_entry_that_landed_before_its_socket_as_it_landed(phones, server):
    """Ben opens the game; Ana's entry lands after his page read the game and before his live connection is up. He
    was not away: the entry is told on the usual card (with "That's not right"), not as a "While you were away"
    summary."""
    game = api_game(server)
    ben = phones.new("ben", service_workers="block")   # (the route holds the socket: no worker may pass it by)
    held = {"socket": True}

    def socket(ws):
        # The live socket is held (its WebSocket closed at once, its polling fallback refused) until released.
        if held["socket"]:
            ws.close()
        else:
            ws.connect_to_server()
    ben.route_web_socket("**/socket.io/**", socket)
    ben.route("**/socket.io/**", lambda route: route.abort() if held["socket"] else route.continue_())
    join(ben, game["join_code"], "p2")
    expect(ben.locator("#conn")).not_to_have_attribute("data-state", "online")
    r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {game['tokens']['p1']}"},
                      json={"id": str(uuid.uuid4()), "type": "activate", "by": "p1",
                            "data": {"action": "attack", "fighter": "p1.vex"}}, timeout=10)
    assert r.status_code == 201, r.text
    held["socket"] = False
    expect(ben.locator("#conn")).to_have_attribute("data-state", "online", timeout=8000)
    card = ben.locator(f"#happened .happened-item[data-seq='{r.json()['seq']}']")
    expect(card.locator(".headline")).to_contain_text("Ana: ")
    expect(card.get_by_role("button", name="That's not right")).to_be_visible()
    expect(ben.locator("#caught-up")).to_have_count(0)


def test_the_card_tells_only_what_came_since_this_phone_last_looked(phones, server):
    """Ana's attack takes Rok out of action (entered on her other device); Ben dismisses the card (he has looked).
    Ana's next entry is told on its own: the fighter out of action two entries ago is not pinned to it."""
    game = api_game(server, wounds=(3, 1))
    _ana, ben = seated(phones, game)

    def enter(etype, data):
        r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {game['tokens']['p1']}"},
                          json={"id": str(uuid.uuid4()), "type": etype, "by": "p1", "data": data}, timeout=10)
        assert r.status_code == 201, r.text

    enter("activate", {"action": "attack", "fighter": "p1.vex"})
    enter("attack", {"attacker": "p1.vex", "target": "p2.rok", "profile": {"name": "Blade"},
                     "attack_roll": {"smash": 1, "crit": 1}, "defence_roll": {"dodge": 1}})
    card = ben.locator("#happened .happened-item")
    expect(card.locator(".entry")).to_have_count(2)
    expect(card.locator(".entry").first).to_contain_text("Rok is out of action")   # the weightiest first
    card.get_by_role("button", name="Dismiss").click()
    expect(card).to_have_count(0)
    enter("note", {"text": "good game so far"})
    expect(card.locator(".entry")).to_have_count(1)
    expect(card).not_to_contain_text("out of action")
