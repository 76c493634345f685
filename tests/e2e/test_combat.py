"""Combat entry previews the whole outcome, out of action and bounty included, before it is committed."""
from __future__ import annotations

import uuid

import requests
from playwright.sync_api import expect

from .flows import api_game, attack_sheet, fighter, seated, tap


def test_lethal_attack_previews_out_of_action_and_bounty(phones, server):
    """A one-wound target: the preview says hit, out of action and the bounty; after Commit every phone agrees."""
    game = api_game(server, wounds=(3, 1))
    ana, ben = seated(phones, game)

    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")   # one weapon: the dice sheet opens by itself
    sheet.get_by_role("button", name="Target's supporting fighters: one more").click()   # support changes nothing here
    sheet.locator("[data-kind='attack'][data-face='crit']").click()
    sheet.locator("[data-kind='attack'][data-face='smash']").click()
    sheet.locator("[data-kind='defence'][data-face='double']").click()   # double support: no success for the target
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
    """Three players: Ana's attack lists Ben's and Cat's fighters under their player's name, not one mixed list."""
    seats = [{"name": n, "warband": "custom", "fighters": [fighter(slug, fname, True, 3)]}
             for n, (slug, fname) in zip(("Ana", "Ben", "Cat"), (("vex", "Vex"), ("rok", "Rok"), ("ula", "Ula")))]
    game = api_game(server, seats=seats)
    (ana,) = seated(phones, game, "p1")
    tap(ana, "Attack")
    sheet = attack_sheet(ana, "Vex: Blade")
    for seat, name, target in (("p2", "Ben", "Rok"), ("p3", "Cat", "Ula")):
        group = sheet.locator(f"[data-target-seat='{seat}']")
        expect(group).to_contain_text(f"{name}'s fighters")
        expect(group.get_by_role("radio", name=target)).to_be_visible()
    phones.shot(ana, "03-targets-by-player")
    sheet.get_by_role("radiogroup", name="Target: Cat's fighters").get_by_role("radio", name="Ula").click()
    expect(sheet.locator("[data-target-seat='p3'] [data-field='target']")).to_have_attribute("aria-checked", "true")


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
