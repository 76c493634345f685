"""Conquest cards by name on two phones: a registered deck that breaks a deck rule is shown with its
rule in the wizard; both players deploy army units, Ana an attachment and Ben an event, each picked
by name with no number typed; the other phone's log names the cards. Screens go to artifacts/screens/."""
from __future__ import annotations

import re
import uuid

import pytest
import requests
from playwright.sync_api import expect

from app.content import conquest as cc

from .flows import enter, join, join_code, log_texts, pick, scroll_to, tap

pytestmark = pytest.mark.e2e


def by_name(page, query: str, card_id: str, shot=None, matches_shot=None):
    """In the open sheet: type part of the name and tap the matching card."""
    sheet = page.locator("dialog.sheet")
    sheet.locator("[data-field='card-search']").fill(query)
    expect(sheet.locator(f"[data-card='{card_id}']")).to_be_visible()
    if matches_shot:
        matches_shot()
    sheet.locator(f"[data-card='{card_id}']").click()
    expect(sheet.locator(f"[data-picked='{card_id}']")).to_be_visible()
    if shot:
        shot()


def test_cards_picked_by_name_and_a_deck_checked(phones):
    """Deck rule shown with its rule; deploy, attach and play cards by name; names in both logs."""
    ana = phones.new("ana")
    ana.goto("/new")
    ana.locator("[data-ruleset='conquest/core']").click()
    ana.locator("#wizard-next").click()
    ana.locator("#name-0").fill("Ana")
    ana.locator("#name-1").fill("Ben")
    expect(ana.locator("#warlord-0 option[value='nazdreg']")).to_have_count(1)
    expect(ana.locator("#warlord-0 option", has_text="community")).to_have_count(0)   # not ticked
    ana.locator("#community-cards input").check()
    expect(ana.locator("#warlord-0 option", has_text="· community").first).to_be_attached()   # labelled
    ana.locator("#community-cards input").uncheck()
    expect(ana.locator("#warlord-0 option", has_text="community")).to_have_count(0)
    ana.locator("#warlord-0").select_option("nazdreg")
    ana.locator("#warlord-1").select_option("captain-cato-sicarius")

    # A registered deck: the signature squad is filled in; four Goff Boyz break the copy limit.
    deck = ana.locator("[data-deck-seat='0']")
    deck.locator("summary").click()
    area = deck.locator("textarea")
    expect(area).to_have_value(re.compile(r"4 Nazdreg's Flash Gitz"))
    area.fill(area.input_value() + "\n4 Goff Boyz\n3 Shoota Mob")
    deck.locator("[data-action='check-deck']").click()
    problems = ana.locator("[data-deck-problems]")
    expect(problems).to_contain_text("4 copies of Goff Boyz")
    expect(problems).to_contain_text("Rule: Deck customisation")
    expect(problems).to_contain_text("at least 50 cards")
    scroll_to(problems)
    phones.shot(ana, "01-deck-breaks-a-rule")
    ana.locator("#wizard-next").click()
    expect(ana.locator("#toast")).to_contain_text("Ana's deck")          # not created with a broken deck
    deck.locator("textarea").fill("")                                  # play without registering it
    ana.locator("#wizard-next").click()
    ana.locator("#wizard-next").click()
    text = join_code(ana)
    ana.get_by_role("link", name="Go to the table").click()
    ben = phones.new("ben")
    join(ben, text, "p2")

    tap(ana, "Ana takes the initiative")
    for planet in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"):
        tap(ana, "Reveal planet", exact=False)
        pick(ana, planet)
        enter(ana)
    tap(ana, "Keep this hand")
    tap(ben, "Keep this hand")

    # Army units by name: cost, ATK, HP, command icons come from the data.
    tap(ana, "Deploy an army unit")
    by_name(ana, "rokkit", "rokkitboy", matches_shot=lambda: phones.shot(ana, "02a-search-matches"))
    expect(ana.locator("dialog.sheet [data-stepper]")).to_have_count(0)
    phones.shot(ana, "02-army-unit-picked")
    pick(ana, "Tarrus")                          # nothing else to ask: the planet's tap enters it
    expect(ana.locator("dialog.sheet")).to_have_count(0)
    chip = ben.locator("[data-unit='p1.rokkitboy']")
    expect(chip).to_contain_text("⚔ 2")
    expect(chip).to_contain_text("♥ 2/2")
    expect(ben.locator("[data-seat='p1'] .stat").first).to_contain_text("5")   # 7 - cost 2
    tap(ben, "Deploy an army unit")
    by_name(ben, "10th comp", "10th-company-scout")
    pick(ben, "Tarrus")
    expect(ana.locator("[data-unit='p2.10th-company-scout']")).to_contain_text("♥ 1/1")

    # An attachment by name onto Ana's unit, an event played by name from Ben's hand.
    tap(ana, "Deploy an attachment")
    by_name(ana, "launcha", "rokkit-launcha", shot=lambda: phones.shot(ana, "03-attachment-picked"))
    expect(ana.locator("dialog.sheet [data-stepper]")).to_have_count(0)   # nothing to type: all from the data
    hosts = ana.locator("dialog.sheet [data-field='attach_to']")
    expect(hosts).to_have_count(2)                                      # army units only: no warlords
    expect(hosts.filter(has_text="Nazdreg")).to_have_count(0)
    hosts.filter(has_text="Rokkitboy").click()
    expect(ana.locator("dialog.sheet")).to_have_count(0)
    expect(ben.locator("[data-unit='p1.rokkitboy']")).to_contain_text("Rokkit Launcha")
    tap(ben, "Use an action")
    by_name(ben, "indomit", "indomitable", shot=lambda: phones.shot(ben, "04-event-picked"))
    enter(ben)
    expect(ben.locator("[data-seat='p2'] .stat").first).to_contain_text("5")   # 7 - 1 - 1

    ben_log = log_texts(ben)
    assert any("Deploys Rokkitboy" in t for t in ben_log), ben_log
    assert any("Deploys Rokkit Launcha (cost 1) on Rokkitboy" in t for t in ben_log), ben_log
    ana_log = log_texts(ana)
    assert any("Plays Indomitable (cost 1)" in t for t in ana_log), ana_log
    assert any("Deploys 10th Company Scout" in t for t in ana_log), ana_log
    ana.locator("[data-tab='log']").click()
    phones.shot(ana, "05-log-names-the-cards")


def test_search_finds_word_starts_and_plurals_affordable_cards_first(phones):
    """Search: typed words start words of the name, a plural finds the singular, the cards the pool can pay for
    come first (the player's faction first among them); deploying by name takes 4 taps."""
    burna = {"card": {"name": "Burna Boyz", "type": "army", "cost": 4, "attack": 2, "hp": 3, "command": 1}, "planet": 2}
    game = rest_game(phones.server, [{"name": "Ana", "warlord": "nazdreg"}, {"name": "Ben", "warlord": "captain-cato-sicarius"}],
                     [*SETUP, ("p1", "deploy", burna)])
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    tap(ben, "Deploy an army unit")
    search = ben.locator("dialog.sheet [data-field='card-search']")
    search.fill("uard")                                     # inside a word: not a match
    expect(ben.locator("dialog.sheet [data-card]")).to_have_count(0)
    search.fill("guards")                                   # a plural finds "Guard"
    expect(ben.locator("dialog.sheet [data-card='raven-guard-speeder']")).to_be_visible()
    assert "Space Marines" in ben.locator("dialog.sheet [data-card]").first.inner_text()   # his faction first
    ben.locator("dialog.sheet").get_by_role("button", name="Cancel").click()
    tap(ben, "Pass (no more deployment turns this phase)")

    # Ana has 3 resources left: Goff Boyz (cost 1) before the Boyz she cannot pay for, which say so.
    taps = 0
    tap(ana, "Deploy an army unit")
    taps += 1
    ana.locator("dialog.sheet [data-field='card-search']").fill("boy")
    taps += 1
    matches = ana.locator("dialog.sheet [data-card]")
    expect(matches.first).to_have_attribute("data-card", "goff-boyz")
    expect(ana.locator("dialog.sheet [data-card='front-line-ard-boyz']")).to_contain_text("more than your resources")
    phones.shot(ana, "01-affordable-first")
    matches.first.click()
    taps += 1
    pick(ana, "Tarrus")
    taps += 1
    expect(ana.locator("dialog.sheet")).to_have_count(0)
    expect(ben.locator("[data-unit='p1.goff-boyz']")).to_be_visible()
    assert taps <= 4


def rest_game(server, seats, events):
    """A Conquest game created and played up to a point over REST; returns the created game."""
    game = requests.post(f"{server.url}/api/games", timeout=10, json={"ruleset": "conquest/core", "options": {},
                                                                       "seats": seats}).json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    for by, type_, data in events:
        reply = requests.post(f"{server.url}/api/games/{game['id']}/events", timeout=10,
                              headers={"Authorization": f"Bearer {tokens[by]}"},
                              json={"id": str(uuid.uuid4()), "type": type_, "by": by, "data": data})
        assert reply.status_code == 201, (type_, reply.json())
    return game


SETUP = [("p1", "initiative", {"seat": "p1"}),
         *[("p1", "reveal_planet", {"planet": p}) for p in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith")],
         ("p1", "mulligan", {"take": False}), ("p2", "mulligan", {"take": False})]


def test_shield_card_picked_by_name(phones):
    """Shields: the card discarded is picked by name; its shield icons come from the data (an event), and
    are asked for only for a card whose shields the data lacks (a unit). The other phone's log names it."""
    ana, ben = _rokkitboy_attacks_the_squad(phones, {"name": "Ben", "warlord": "captain-cato-sicarius"})
    sheet = ben.locator("dialog.sheet")
    sheet.locator("[data-field='card-search']").fill("tactical squad card")      # a unit: no shields in the data
    sheet.locator("[data-card='tactical-squad-cardinis']").click()
    expect(sheet.locator("[data-stepper='shields']")).to_contain_text("Shield icons on Tactical Squad Cardinis")
    sheet.locator("[data-action='clear-card']").click()
    by_name(ben, "indomit", "indomitable", shot=lambda: phones.shot(ben, "01-shield-card-picked"))
    expect(sheet.locator("[data-stepper='shields']")).to_have_count(0)            # 1 shield, from the data
    enter(ben)
    expect(ana.locator("[data-unit='p2.veteran-squad'] .cq-dmg")).to_have_text("1 dmg")  # the shield reached Ana's phone
    assert any("Shields Veteran Squad with Indomitable (1 shield)" in t for t in log_texts(ana)), log_texts(ana)


def test_area_effect_x_is_asked_when_the_card_is_deployed(phones):
    """Doomsday Ark's Area Effect is X: picked by name, only X is asked; the unit carries the number."""
    game = rest_game(phones.server, [{"name": "Ana", "warlord": "nahumekh"}, {"name": "Ben", "warlord": "nazdreg"}], SETUP)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    tap(ana, "Deploy an army unit")
    by_name(ana, "doomsday", "doomsday-ark")
    steppers = ana.locator("dialog.sheet [data-stepper]")
    expect(steppers).to_have_count(1)
    expect(steppers).to_contain_text("Area Effect X")
    ana.locator("dialog.sheet").get_by_role("button", name="Area Effect: one more").click()
    pick(ana, "Tarrus")
    phones.shot(ana, "01-area-effect-x")
    enter(ana)
    expect(ana.locator("[data-unit='p1.doomsday-ark'] .cq-kw")).to_contain_text("area effect 2")


def test_the_core_set_starter_deck_registers_with_no_problem(phones):
    """Conquest rules summary, Setup: the core set starter deck (every Ork card of the box, the signature squad
    whole, one of each neutral card) is a legal deck: the wizard's check finds no problem and the game starts."""
    pool = cc.pool().values()
    lines = [f"{c['signature_copies'] if c.get('signature_of') else c['copies_in_set']} {c['name']}" for c in pool
             if c["set"] == "Core Set" and c["faction"] == "Orks" and c["type"] not in ("warlord", "token")]
    lines += [f"1 {c['name']}" for c in pool if c["set"] == "Core Set" and c["faction"] == "Neutral"]
    assert "4 Nazdreg's Flash Gitz" in lines and "2 Bigga Is Betta" in lines
    ana = phones.new("ana")
    ana.goto("/new")
    ana.locator("[data-ruleset='conquest/core']").click()
    ana.locator("#wizard-next").click()
    ana.locator("#name-0").fill("Ana")
    ana.locator("#name-1").fill("Ben")
    ana.locator("#warlord-0").select_option("nazdreg")
    ana.locator("#warlord-1").select_option("captain-cato-sicarius")
    deck = ana.locator("[data-deck-seat='0']")
    deck.locator("summary").click()
    deck.locator("textarea").fill("\n".join(lines))
    deck.locator("[data-action='check-deck']").click()
    expect(deck.locator("[data-deck-ok]")).to_contain_text("no problems")
    expect(ana.locator("[data-deck-problems]")).to_have_count(0)
    ana.locator("#wizard-next").click()
    ana.locator("#wizard-next").click()
    assert join_code(ana)


def test_a_starter_decks_cards_are_listed_without_typing(phones):
    """A seat playing its core set starter deck (rules summary, Setup: the faction's core set cards and one of each
    neutral card) is offered that deck's army units when it deploys, those it can pay for first: the card and its
    planet, nothing typed. A seat with another deck still searches the whole pool by name."""
    url = phones.server.url
    game = requests.post(f"{url}/api/games", timeout=10, json={"ruleset": "conquest/core", "options": {}, "seats": [
        {"name": "Ana", "warlord": "nazdreg", "deck": "starter"}, {"name": "Ben", "warlord": "captain-cato-sicarius"}]}).json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    for by, etype, data in [("p1", "initiative", {"seat": "p1"})] + \
            [("p1", "reveal_planet", {"planet": p}) for p in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith")] + \
            [("p1", "mulligan", {"take": False}), ("p2", "mulligan", {"take": False})]:
        reply = requests.post(f"{url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                              json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}, timeout=10)
        assert reply.status_code == 201, reply.json()
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    tap(ana, "Deploy an army unit")
    sheet = ana.locator("dialog.sheet")
    listed = sheet.locator("[data-card]")
    expect(sheet.locator("[data-card='shoota-mob']")).to_be_visible()
    assert "goff-nob" in listed.evaluate_all("(els) => els.map((e) => e.dataset.card)")     # the deck's, every one
    assert not sheet.locator("[data-card='snakebite-thug']").count()                          # not in the core set
    expect(listed.first).to_have_attribute("data-card", "sniveling-grot")                     # the cheapest first
    phones.shot(ana, "20-starter-deck-listed")
    sheet.locator("[data-card='rokkitboy']").click()
    pick(ana, "Tarrus")
    expect(ben.locator("li.cq-planet[data-slot='1'] [data-unit='p1.rokkitboy']")).to_be_visible()
    tap(ben, "Deploy an army unit")
    expect(ben.locator("dialog.sheet [data-card]")).to_have_count(0)   # Ben's deck is not known: he types a name


def test_a_starter_decks_shield_cards_are_listed_most_icons_first(phones):
    """Shields from a starter deck: the deck's cards the data says carry shield icons are listed before anything
    is typed, the most icons first (Tallassarian Tempest Blade, 3); a tap picks the card and its icons."""
    ana, ben = _rokkitboy_attacks_the_squad(phones, {"name": "Ben", "warlord": "captain-cato-sicarius",
                                                      "deck": "starter"})
    listed = ben.locator("dialog.sheet [data-card]")
    expect(listed.first).to_have_attribute("data-card", "tallassarian-tempest-blade")
    assert not ben.locator("dialog.sheet [data-card='sicariuss-chosen']").count()   # a unit: no icons in the data
    listed.first.click()
    expect(ben.locator("dialog.sheet [data-stepper='shields']")).to_have_count(0)   # 3 icons, from the data
    enter(ben)
    expect(ana.locator("[data-unit='p2.veteran-squad'] .cq-dmg")).to_have_count(0)   # all 2 damage prevented
    assert any("Shields Veteran Squad with Tallassarian Tempest Blade (3 shields)" in t for t in log_texts(ana))


def _rokkitboy_attacks_the_squad(phones, ben: dict):
    """Both phones at the combat of a game set up over REST: Ana's Rokkitboy attacks Ben's Veteran Squad, and Ben
    opens his shield window for it."""
    rokkitboy = {"name": "Rokkitboy", "type": "army", "cost": 2, "attack": 2, "hp": 2, "command": 1}
    scout = {"name": "Veteran Squad", "type": "army", "cost": 2, "attack": 2, "hp": 4, "command": 1}
    game = rest_game(phones.server, [{"name": "Ana", "warlord": "nazdreg"}, ben], [
        *SETUP, ("p1", "deploy", {"card": rokkitboy, "planet": 1}), ("p2", "deploy", {"card": scout, "planet": 1}),
        ("p1", "pass", {}), ("p2", "pass", {}), ("p1", "commit", {"planet": 2}), ("p2", "commit", {"planet": 3}),
        ("p1", "take_bonus", {"resources": True, "cards": True}), ("p2", "take_bonus", {"resources": True, "cards": True})])
    ana, ben_phone = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben_phone, game["join_code"], "p2")
    tap(ana, "Attack with Rokkitboy")
    pick(ana, "Veteran Squad")
    enter(ana)
    tap(ben_phone, "Shield Veteran Squad")
    return ana, ben_phone
