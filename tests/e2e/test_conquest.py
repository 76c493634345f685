"""Warhammer 40,000: Conquest on two phones: setup in the wizard and at the table, a secret
command commitment (neither phone sees the other's dial before both commit), a battle with a shield,
and the headquarters phase. Phone-size screenshots go to artifacts/screens/."""
from __future__ import annotations

import re
import uuid
from pathlib import Path

import pytest
import requests
import yaml
from playwright.sync_api import expect

from .flows import enter, join, join_code, log_texts, pick, tap
from .scripted_games import conquest_round

pytestmark = pytest.mark.e2e


def test_two_phones_play_a_round_of_conquest(phones):
    """Setup, secret dials, a battle with a shield and the headquarters phase, on two 360x640 phones."""
    conquest_round(phones)


def test_game_over_by_three_tech_planets(phones):
    """Winning & losing: the scripted three_tech_planets game, entered over REST up to its last tap,
    which Ana makes on her phone; both phones show the winner, why, and the victory displays."""


    spec = yaml.safe_load((Path(__file__).parents[1] / "scenarios" / "conquest" / "three_tech_planets.yaml").read_text())
    url = phones.server.url
    body = {k: spec["setup"][k] for k in ("ruleset", "options", "seats")}  # the planets come from content
    game = requests.post(f"{url}/api/games", json=body, timeout=10).json()
    assert "seats" in game, game
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    events = [s["event"] for s in spec["steps"] if "event" in s]
    *before, last = events
    for ev in before:
        reply = requests.post(f"{url}/api/games/{game['id']}/events", timeout=10,
                              headers={"Authorization": f"Bearer {tokens[ev['by']]}"},
                              json={"id": str(uuid.uuid4()), "type": ev["type"], "by": ev["by"], "data": ev.get("data", {})})
        assert reply.status_code == 201, reply.json()
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    expect(ana.locator("#banner")).to_contain_text("You won the battle at Atrox Prime")
    expect(ana.locator("[data-seat='p1'] .cq-victory")).to_contain_text("Plannum")
    phones.shot(ana, "01-before-the-last-tap")
    assert last == {"type": "battle_ability", "by": "p1", "data": {"use": True}}
    # Atrox Prime: 1 damage to each enemy unit at a target HQ or adjacent planet (the engine resolves it).
    tap(ana, "Use the Battle ability", exact=False)
    pick(ana, "Tarrus (dial 2)")      # the adjacent planet where Ben's warlord stands
    phones.shot(ana, "01b-battle-ability-target")
    enter(ana)
    expect(ben.locator("#reaction-step")).to_contain_text("No shield")   # Ben's warlord is dealt 1 damage
    tap(ben, "No shield")
    for page in (ana, ben):
        expect(page.locator("#game-over")).to_contain_text("Ana")
        expect(page.locator("#decided-by")).to_contain_text("Three planets sharing the tech type")
        expect(page.locator("#score-line")).to_contain_text("Elouith, Plannum, Atrox Prime")
    phones.shot(ana, "02-game-over-ana")
    phones.shot(ben, "03-game-over-ben")


def test_the_other_phone_reads_each_entry_as_a_sentence_with_what_the_rules_did(phones):
    """The 'what just happened' card and the log in words: an attack, and the defender's next attack that says he
    used no shield (inferred, with its rule); what the rules did comes first, never the raw fields."""
    url = phones.server.url
    game = requests.post(f"{url}/api/games", timeout=10, json={"ruleset": "conquest/core", "options": {}, "seats": [
        {"name": "Ana", "warlord": "nazdreg"}, {"name": "Ben", "warlord": "captain-cato-sicarius"}]}).json()
    tokens = {s["seat"]: s["token"] for s in game["seats"]}

    def rest(by, etype, **data):
        reply = requests.post(f"{url}/api/games/{game['id']}/events", headers={"Authorization": f"Bearer {tokens[by]}"},
                              json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}, timeout=10)
        assert reply.status_code == 201, reply.json()

    def card(name, attack, hp):
        return {"name": name, "type": "army", "cost": 1, "attack": attack, "hp": hp, "command": 1}
    rest("p1", "initiative", seat="p1")
    for planet in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"):
        rest("p1", "reveal_planet", planet=planet)
    rest("p1", "mulligan", take=False)
    rest("p2", "mulligan", take=False)
    rest("p1", "deploy", card=card("Goff Brawlers", 2, 3), planet=1)
    rest("p2", "deploy", card=card("Veteran Squad", 2, 3), planet=1)
    rest("p1", "deploy", card=card("Shoota Mob", 2, 1), planet=1)
    rest("p2", "deploy", card=card("Scout Squad", 1, 2), planet=1)
    rest("p1", "pass")
    rest("p2", "commit", planet=3)                     # Ben's dial says he deploys no more
    rest("p1", "commit", planet=2)

    def step():
        return requests.get(f"{url}/api/games/{game['id']}", headers={"Authorization": f"Bearer {tokens['p1']}"},
                            timeout=10).json()["view"]["state"]["step"]
    while step().get("name") == "bonuses":
        seat = step()["queue"][0]["seat"]
        rest(seat, "take_bonus", resources=True, cards=True)
    ana, ben = phones.new("ana"), phones.new("ben")
    join(ana, game["join_code"], "p1")
    join(ben, game["join_code"], "p2")
    expect(ana.locator("#banner")).to_contain_text("Battle at Tarrus")

    tap(ana, "Attack with Goff Brawlers")
    pick(ana, "Veteran Squad")
    enter(ana)
    told = ben.locator("#happened .happened-item[data-type='attack']")
    expect(told.locator(".headline")).to_have_text("Ana: Attacks Veteran Squad with Goff Brawlers")
    expect(told).to_contain_text("Goff Brawlers deals 2 damage to Veteran Squad")
    expect(ben.locator("section.actions [data-pass='true']", has_text="No shield")).to_be_visible()   # secondary
    phones.shot(ben, "13-told-of-the-attack")

    tap(ben, "Attack with Scout Squad")
    pick(ben, "Shoota Mob")
    enter(ben)
    told = ana.locator("#happened .happened-item[data-type='attack']")
    expect(told.locator(".headline")).to_have_text("Ben: Attacks Shoota Mob with Scout Squad")
    details = told.locator(".detail")
    expect(details).to_contain_text("Ben used no shield")
    expect(details).to_contain_text("2 damage on Veteran Squad")
    # Ana's window: Shoota Mob (1 HP) is dealt 1 and she has no ready unit left, so she says it; Ben's card puts
    # the unit destroyed first.
    expect(ana.locator("section.actions [data-pass='true']")).to_have_count(0)   # the one thing to tap now
    tap(ana, "No shield")
    told = ben.locator("#happened .happened-item[data-type='no_shield']")
    expect(told.locator(".headline")).to_have_text("Ana: Uses no shield")
    expect(told.locator(".detail")).to_contain_text(re.compile(r"^Shoota Mob destroyed"))
    phones.shot(ben, "14-destroyed-first")
    log = log_texts(ana)
    assert any("Ben used no shield" in t and "3. Combat, Shields" in t for t in log), log
    # The destroyed unit keeps its printed name in the log (not its id's words, "Shoota mob").
    assert any("Attacks Shoota Mob with Scout Squad" in t for t in log), log
    assert any("Keeps the starting hand" in t for t in log), log
    assert not any("take: " in t or "use: " in t for t in log), log


def test_the_wizard_offers_each_core_warlords_starter_deck_in_one_tap(phones):
    """Rules summary, Setup: a core set starter deck is the faction's core set cards plus one of each neutral card;
    the wizard offers it by name beside the warlord (ATK and HP labelled), one tap a seat, nothing typed."""
    host = phones.new("host")
    host.goto("/new")
    host.locator("[data-ruleset='conquest/core']").click()
    host.locator("#wizard-next").click()
    expect(host.locator("#warlord-0 option[value='nazdreg']")).to_have_text("Nazdreg (ATK 2, HP 7)")
    host.locator("#name-0").fill("Ana")
    host.locator("#name-1").fill("Ben")
    host.locator("#warlord-0").select_option("nazdreg")
    host.locator("#warlord-1").select_option("captain-cato-sicarius")
    starter = host.locator("[data-starter-seat='0']")
    expect(starter).to_contain_text("Nazdreg's core set starter deck (35 cards")
    starter.locator("input").click()
    host.locator("[data-starter-seat='1'] input").click()
    expect(host.locator("[data-deck-seat='0']")).to_have_count(0)   # nothing left to type for that seat
    phones.shot(host, "15-wizard-starter-decks")
    host.locator("#wizard-next").click()
    host.locator("#wizard-next").click()
    join_code(host)
    host.get_by_role("link", name="Go to the table").click()
    # The deck is the starter deck's 35 cards: 7 in the starting hand, 28 left to draw.
    expect(host.locator("[data-seat='p1'] .stat[aria-label='28 deck']")).to_be_visible()
    expect(host.locator("[data-seat='p2'] .stat[aria-label='28 deck']")).to_be_visible()
