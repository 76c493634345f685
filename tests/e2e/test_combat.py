"""Combat entry previews the whole outcome, out of action and bounty included, before it is committed."""
from __future__ import annotations

import re
import uuid

import pytest
import requests
from playwright.sync_api import expect

from .flows import api_game, attack_sheet, by_faces, counts, fighter, join, seated, tap

pytestmark = pytest.mark.e2e


def test_lethal_attack_previews_out_of_action_and_bounty(phones, server):
    """A one-wound target: the preview says hit, out of action and the bounty; after Commit every phone agrees."""
    game = api_game(server, wounds=(3, 1))
    ana, ben = seated(phones, game)

    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")   # one weapon: the dice sheet opens by itself
    sheet.locator("[data-more='attack'] > summary").click()
    sheet.get_by_role("button", name="Target's supporting fighters: one more").click()   # support changes nothing here
    counts(sheet, "attack", 2, 1)   # a critical and a smash; the target's double support is no save: 0 saves
    preview = sheet.locator("#attack-preview")
    expect(preview.locator("[data-preview]")).to_have_attribute("data-preview", "critical_hit")
    expect(preview).to_contain_text("Rok is out of action")
    expect(preview).to_contain_text("Ana gains 1 glory (bounty for Rok)")
    phones.shot(ana, "01-lethal-preview")
    sheet.get_by_role("button", name="Commit attack").click()

    expect(ben.locator("[data-fighter='p2.rok'] .badge.ooa")).to_have_text("Out of action")
    expect(ana.locator("[data-seat='p1'] .stat.glory b")).to_have_text("1")
    phones.shot(ben, "02-out-of-action")


def test_with_two_opponents_the_targets_come_grouped_by_player(phones, server):
    """Three players: Ana's attack lists Ben's and Cat's fighters, each with its defence roll's keys, under their
    player's name, not one mixed list; a key of Ula's row picks Ula (and entering each die's face, a picker does)."""
    seats = [{"name": n, "warband": "custom", "fighters": [fighter(slug, fname, True, 3)]}
             for n, (slug, fname) in zip(("Ana", "Ben", "Cat"), (("vex", "Vex"), ("rok", "Rok"), ("ula", "Ula")))]
    game = api_game(server, seats=seats)
    (ana,) = seated(phones, game, "p1")
    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")
    for seat, name, target in (("p2", "Ben", "Rok"), ("p3", "Cat", "Ula")):
        group = sheet.locator(f"[data-target-seat='{seat}']")
        expect(group).to_contain_text(f"{name}'s fighters")
        expect(group.locator(f"[data-target-row='{seat}.{target.lower()}']")).to_contain_text(target)
    phones.shot(ana, "03-targets-by-player")
    sheet.locator("[data-target-row='p3.ula']").get_by_role("radio", name="No saves").click()
    expect(sheet.locator("[data-target-row='p3.ula']")).to_have_class("target-roll on")
    expect(sheet.locator("[data-target-row='p2.rok']")).to_have_class("target-roll")
    sheet.locator("[data-action='by-faces']").click()
    expect(sheet.locator("[data-target-seat='p3'] [data-field='target']")).to_have_attribute("aria-checked", "true")
    sheet.get_by_role("radiogroup", name="Target: Ben's fighters").get_by_role("radio", name="Rok").click()
    expect(sheet.locator("[data-target-seat='p2'] [data-field='target']")).to_have_attribute("aria-checked", "true")


def test_at_a_table_of_three_the_warbands_not_in_play_fold_to_their_heads(phones, server):
    """Ana's turn: on Ben's phone, Ana's and his own fighters show; Cat's fold to her name and glory, one tap
    shows them, and they stay shown through the next entry."""
    seats = [{"name": n, "warband": "custom", "fighters": [fighter(slug, fname, True, 3)]}
             for n, (slug, fname) in zip(("Ana", "Ben", "Cat"), (("vex", "Vex"), ("rok", "Rok"), ("ula", "Ula")))]
    game = api_game(server, seats=seats)
    ana, ben = seated(phones, game, "p1", "p2")
    expect(ben.locator("[data-fighter='p1.vex']")).to_be_visible()
    expect(ben.locator("[data-fighter='p2.rok']")).to_be_visible()
    expect(ben.locator("[data-fighter='p3.ula']")).to_be_hidden()
    expect(ben.locator("[data-seat='p3'] .stat.glory")).to_be_visible()
    phones.shot(ben, "04-cat-folded")
    ben.locator("[data-fold='p3'] > summary").click()
    expect(ben.locator("[data-fighter='p3.ula']")).to_be_visible()
    ana.locator("[data-fighter='p1.vex']").get_by_role("button", name="+1 damage to Vex").click()
    expect(ben.locator("[data-fighter='p1.vex'] .wounds .count b")).to_have_text("2")
    expect(ben.locator("[data-fighter='p3.ula']")).to_be_visible()


def test_the_score_line_leads_with_all_glory_and_shows_what_is_left_to_spend(phones, server):
    """Victory counts spent and unspent glory: 3 to spend and 2 spent read "5 glory", "3 to spend"."""
    game = api_game(server)
    (ben,) = seated(phones, game, "p2")
    r = requests.post(f"{server.url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {game['referee_token']}"},
                      json={"id": str(uuid.uuid4()), "type": "glory_adjust", "by": "p1",
                            "data": {"seat": "p1", "unspent": 3, "spent": 2, "reason": "entered on paper"}})
    assert r.status_code == 201, r.text
    expect(ben.locator("[data-seat='p1'] .stat.glory b")).to_have_text("5")
    expect(ben.locator("[data-seat='p1'] .stat.unspent b")).to_have_text("3")
    expect(ben.locator("[data-seat='p1'] .stat.unspent")).to_contain_text("to spend")


class HeldAcks:
    """Routes a phone's live socket and holds back the server's acks (Socket.IO "43" frames) until released, so the
    entry's view reaches the phone before its ack, as it often does on a busy server."""

    def __init__(self, page):
        self.holding = True
        self.held: list = []
        self.frames = 0
        page.route_web_socket(re.compile(r"/socket\.io/"), self._route)

    def _route(self, ws):
        server = ws.connect_to_server()
        self.ws = ws
        ws.on_message(lambda m: server.send(m))
        server.on_message(lambda m: self._from_server(ws, m))

    def _from_server(self, ws, message):
        self.frames += 1
        if self.holding and isinstance(message, str) and message.startswith("43"):
            self.held.append(message)
        else:
            ws.send(message)

    def release(self) -> None:
        """Send the acks held back, in order, and pass the next ones through."""
        self.holding = False
        for message in self.held:
            self.ws.send(message)


def test_the_attack_sheet_opens_with_the_view_that_shows_the_attack_not_over_it_later(phones, server):
    """The view after Ana's Attack activation comes before its ack: the dice sheet opens with the very redraw that
    shows the attack step (never a moment later over the weapon button a player may be tapping), and the late ack
    opens no second sheet."""
    game = api_game(server)
    ana = phones.new("ana")
    held = HeldAcks(ana)
    join(ana, game["join_code"], "p1")
    expect(ana.locator("section.actions").get_by_role("button", name="Attack", exact=True)).to_be_visible()
    for _ in range(50):   # the live link moves from polling to its WebSocket, the route's, a moment after connecting
        if held.frames:
            break
        ana.wait_for_timeout(100)
    assert held.frames, "the phone's live socket goes through the route"
    tap(ana, "Attack")
    sheet = ana.locator("dialog[aria-label='Attack entry']")
    expect(sheet).to_be_visible(timeout=5_000)
    assert held.held, "the activation's ack is still held back: the sheet opened from the view"
    phones.shot(ana, "05-sheet-before-ack")
    held.release()
    ana.wait_for_timeout(500)
    expect(ana.locator("dialog[open]")).to_have_count(1)


def test_the_engines_answer_marks_the_dice_without_redrawing_the_keys_being_tapped(phones, server):
    """The preview's answer (which faces succeed) comes while the player taps dice: the keys and target buttons stay
    the same elements (a tap in flight lands), only their marks and the 'Succeeds on' line change."""
    seats = [{"name": "Ana", "warband": "custom", "fighters": [fighter("vex", "Vex", True)]},
             {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok", True), fighter("tor", "Tor")]}]
    game = api_game(server, seats=seats)
    # Without the service worker: a request passed through it may miss the page's route, and the answer would come
    # undelayed (the route is how the test holds it back).
    ana = phones.new("ana", service_workers="block")
    join(ana, game["join_code"], "p1")
    answers = []
    ana.route("**/preview", lambda route: (ana.wait_for_timeout(800), answers.append(1), route.continue_()))
    tap(ana, "Attack → Rok")   # two enemy fighters: the target is picked with the action
    sheet = attack_sheet(ana, "Vex: Blade")
    by_faces(sheet)
    smash = sheet.locator("[data-kind='attack'][data-face='smash']").element_handle()
    cancel = sheet.get_by_role("button", name="Cancel").element_handle()
    expect(sheet.locator("[data-symbols='attack']")).to_have_text("Succeeds on Critical or Smash")
    assert answers, "the marks come from the engine's answer"
    assert smash.evaluate("(el) => el.isConnected && el.classList.contains('hits')")
    assert cancel.evaluate("(el) => el.isConnected")
    expect(sheet.locator("[data-symbols='defence']")).to_contain_text("Saves on Critical or Block")
    ana.unroute_all(behavior="ignoreErrors")   # a preview still held back must not outlive the page


def test_a_fighter_with_two_weapons_picks_the_weapon_with_the_attack(phones, server):
    """Vex has a Blade and a Spear: 'Attack: Spear' is one tap, and the Spear's dice sheet opens by itself."""
    vex = fighter("vex", "Vex", True)
    vex["profiles"].append({"name": "Spear", "range": 2, "dice": 3, "symbol": "fury", "damage": 1, "keywords": [], "spell": False})
    seats = [{"name": "Ana", "warband": "custom", "fighters": [vex]},
             {"name": "Ben", "warband": "custom", "fighters": [fighter("rok", "Rok", True)]}]
    game = api_game(server, seats=seats)
    (ana,) = seated(phones, game, "p1")
    actions = ana.locator("section.actions")
    expect(actions.get_by_role("button", name="Attack: Blade", exact=True)).to_be_visible()
    expect(actions.get_by_role("button", name="Attack", exact=True)).to_have_count(0)
    phones.shot(ana, "06-attack-per-weapon")
    tap(ana, "Attack: Spear")
    sheet = ana.locator("dialog[aria-label='Attack entry']")
    expect(sheet.locator("[data-weapon]")).to_have_attribute("data-weapon", "Spear")
    expect(sheet.locator("[data-counts='attack'] [data-count-key]")).to_have_count(10)   # every count of three dice
    expect(actions.locator("[data-suggestion='attack']")).to_have_count(2)   # the weapons stay offered behind it
