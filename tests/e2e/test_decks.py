"""Decks in the setup wizard: picked from the content, checked against the deck-building
rules before the game is created, each failure shown with its rule."""
from __future__ import annotations

import json

import pytest
import requests
from playwright.sync_api import expect

from .flows import content_seat, finish_wizard, scroll_to

pytestmark = pytest.mark.e2e


def host_record(page) -> dict:
    """The game this phone created (id and token), from its local storage."""
    games = json.loads(page.evaluate("localStorage.getItem('tw.games')"))
    return next(iter(games.values()))


def export(server, rec) -> dict:
    r = requests.get(f"{server.url}/api/games/{rec['id']}/export", headers={"Authorization": f"Bearer {rec['token']}"})
    assert r.status_code == 200, r.text
    return r.json()


def test_deck_from_content_checked_with_its_rule_then_played_anyway(phones, server):
    """Championship with an organiser's dated card list: a whole Rivals deck holding a forbidden card is refused
    with the rule and the list's date, shown before the game exists; the table accepts it with a reason."""
    saved = requests.post(f"{server.url}/api/content/custom/card-list", json={
        "name": "Club Championship list", "format": "championship", "as_of": "2026-11-01",
        "forbidden": ["Crashing Crescendo"], "restricted": [], "max_restricted": 3})
    assert saved.status_code == 201, saved.text
    host = phones.new("host")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.get_by_role("radio", name="Championship").click()
    host.locator("#card-list").fill(saved.json()["id"])
    host.locator("#wizard-next").click()
    host.locator("#name-0").fill("Ana")
    host.locator("#warband-0").select_option("cyrenis-razors")
    host.locator("#printing-0").select_option("second-edition")   # the cards Ana holds: no numbers to type
    host.locator("#name-1").fill("Ben")
    host.locator("#warband-1").select_option("garreks-reavers")
    # Only this warband's own deck and the universal decks of the current rules are offered.
    # the wizard's deck part and the decks load on demand: until then only "No deck data" is offered
    expect(host.locator("#deck-0 option", has_text="Cyreni's Razors Rivals Deck").first).to_be_attached()
    offered = host.locator("#deck-0 option").all_inner_texts()
    assert "Cyreni's Razors Rivals Deck" in offered and "Force of Frost Rivals Deck" in offered
    assert not any("Thricefold" in o or "Shadespire" in o or "Garrek" in o for o in offered), offered
    assert offered[0].startswith("No deck data")
    host.locator("#deck-0").select_option("cyrenis-razors-rivals")
    expect(host.locator("[data-deck-seat='0']")).to_contain_text("checked against that format's rules")
    phones.shot(host, "01-deck-picked")
    host.locator("#wizard-next").click()
    problems = host.locator("[data-deck-problems]")
    expect(problems).to_contain_text("Crashing Crescendo cannot be used in the Championship format")
    expect(problems).to_contain_text("Rule: Deathgorge rulebook, Ways to play: Championship (pg 41); "
                                     "Club Championship list of 2026-11-01")
    expect(host.locator("#toast")).to_contain_text("Ana's deck")
    expect(host.get_by_role("heading", name="Players")).to_be_visible()  # still on the players step
    scroll_to(problems)
    phones.shot(host, "02-deck-refused-with-rule")

    host.get_by_role("button", name="Play this deck anyway").click()
    host.locator("dialog textarea").fill("friendly game, decks as they come")
    host.locator("dialog [data-action='confirm-reason']").click()
    expect(problems).to_contain_text("Played anyway")
    finish_wizard(host)
    setup = export(server, host_record(host))["setup"]
    assert setup["seats"][0]["deck"]["id"] == "cyrenis-razors-rivals"
    assert setup["seats"][0]["printing"] == "second-edition"
    assert setup["seats"][0]["deck_problems"][0]["code"] == "forbidden_card"
    assert "decks as they come" in setup["options"]["deck_override"]["reason"]
    assert setup["seats"][1].get("deck") is None   # Ben plays without deck data


def test_rivals_deck_passes_and_the_edition_filters_the_decks(phones, server):
    """Rivals: the warband's own Rivals deck is legal as it comes; Shadespire offers its own era's cards."""
    host = phones.new("host")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("[data-ruleset='underworlds/shadespire']").click()
    host.locator("#wizard-next").click()
    host.locator("#name-0").fill("Ana")
    host.locator("#warband-0").select_option("steelhearts-champions")
    # the wizard's deck part and the decks load on demand: until then only "No deck data" is offered
    expect(host.locator("#deck-0 option", has_text="Steelheart").first).to_be_attached()
    offered = host.locator("#deck-0 option").all_inner_texts()
    assert any("Steelheart" in o for o in offered) and any("universal" in o for o in offered), offered
    assert not any("Rivals Deck" in o or "Garrek's Reavers cards" in o for o in offered), offered
    host.get_by_role("button", name="Back").click()
    host.locator("[data-ruleset='underworlds/deathgorge']").click()
    host.get_by_role("radio", name="Rivals").click()
    host.locator("#wizard-next").click()
    content_seat(host, 0, "Ana", "cyrenis-razors", printing="second-edition", deck="cyrenis-razors-rivals")
    content_seat(host, 1, "Ben", "garreks-reavers", deck="force-of-frost")
    phones.shot(host, "01-rivals-decks")
    finish_wizard(host)
    # The referee's export shows every seat's deck (a player's export keeps the other decks secret).
    rec = host_record(host)
    setup = export(server, {**rec, "token": rec["referee_token"]})["setup"]
    assert [s["deck"]["id"] for s in setup["seats"]] == ["cyrenis-razors-rivals", "force-of-frost"]
    assert all(not s.get("deck_problems") for s in setup["seats"])


def test_nemesis_deck_built_from_the_card_lists_is_checked_with_its_rule(phones, server):
    """Nemesis decks are built card by card: the wizard's builder searches the cards the warband may use (its own
    and universal ones of these rules), and the check on the real list cites the Nemesis rule."""
    host = phones.new("host")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.get_by_role("radio", name="Nemesis").click()
    host.locator("#wizard-next").click()
    content_seat(host, 0, "Ana", "steelhearts-champions")
    content_seat(host, 1, "Ben", "garreks-reavers")
    expect(host.locator("#deck-0 option[value='build']")).to_be_attached()
    host.locator("#deck-0").select_option("build")
    sheet = host.locator("dialog[aria-label='Build a deck']")
    search = sheet.get_by_role("searchbox", name="Search cards to add")
    for part, name in (("bitter", "Bitter Storm"), ("time free", "Time Freeze"), ("frostwyrm", "Frostwyrm Cloak")):
        search.fill(part)
        sheet.locator(f"button[data-card=\"{name}\"]").first.click()
    expect(sheet.locator("[data-tally]")).to_contain_text("Objectives 1/12 (surge 1/6) · power 2/20 (gambits 1)")
    phones.shot(host, "01-deck-builder")
    sheet.locator("[data-action='use-deck']").click()
    expect(host.locator("[data-deck-seat='0']")).to_contain_text("Objectives 1/12")
    host.locator("#wizard-next").click()
    problems = host.locator("[data-deck-problems]")
    expect(problems).to_contain_text("The objective deck needs at least 12 cards (1 chosen)")
    expect(problems).to_contain_text("Rule: Deathgorge rulebook, Ways to play: Nemesis, Deck-building (pg 40)")
    scroll_to(problems)
    phones.shot(host, "02-built-deck-refused")
    host.get_by_role("button", name="Play this deck anyway").click()
    host.locator("dialog textarea").fill("learning game")
    host.locator("dialog [data-action='confirm-reason']").click()
    finish_wizard(host)
    rec = host_record(host)
    deck = export(server, {**rec, "token": rec["referee_token"]})["setup"]["seats"][0]["deck"]
    assert [c["name"] for c in deck["objectives"]] == ["Bitter Storm"]
    assert sorted(c["name"] for c in deck["power"]) == ["Frostwyrm Cloak", "Time Freeze"]
    assert [r["id"] for r in deck["rivals"]] == ["force-of-frost"]


def test_rivals_game_offers_rivals_decks_not_loose_cards(phones, server):
    """Rivals (Deathgorge rulebook, The decks, pg 7; Ways to play: Rivals, pg 40): a warband without a Rivals deck
    (Steelheart's Champions) is offered the universal Rivals decks only, never a product's loose cards; a
    Nemesis game lets it build from cards instead."""
    host = phones.new("host")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("[data-ruleset='underworlds/deathgorge']").click()
    host.get_by_role("radio", name="Rivals").click()
    host.locator("#wizard-next").click()
    content_seat(host, 0, "Ana", "steelhearts-champions")
    # the wizard's deck part and the decks load on demand: until then only "No deck data" is offered
    expect(host.locator("#deck-0 option", has_text="Force of Frost Rivals Deck").first).to_be_attached()
    offered = host.locator("#deck-0 option").all_inner_texts()[1:]
    assert offered and all(o.endswith("Rivals Deck") for o in offered), offered
    assert "Force of Frost Rivals Deck" in offered and not any("Build" in o for o in offered), offered
    # The same rule on any list the server sends: a collection is dropped in Rivals and kept where decks are built.
    picks = host.evaluate("""async () => {
      const m = await import("/static/js/games/underworlds/decks.js");
      const decks = [{id: "force-of-frost", kind: "rivals", symbol: "universal"},
                     {id: "shadespire-universal", kind: "collection", symbol: "universal"},
                     {id: "steelhearts-champions-shadespire", kind: "collection", symbol: "steelhearts-champions",
                      warband: "steelhearts-champions"}];
      const seat = {warband: "steelhearts-champions"};
      const ids = (format, ruleset = "underworlds/deathgorge") => m.decksFor(decks, ruleset, seat, format).map((d) => d.id);
      return {rivals: ids("rivals"), nemesis: ids("nemesis"), shadespire: ids(null, "underworlds/shadespire")};
    }""")
    assert picks["rivals"] == ["force-of-frost"]
    assert len(picks["nemesis"]) == 3 and len(picks["shadespire"]) == 3
    host.locator("#deck-0").select_option("force-of-frost")
    content_seat(host, 1, "Ben", "cyrenis-razors", printing="second-edition", deck="cyrenis-razors-rivals")
    finish_wizard(host)
    rec = host_record(host)
    setup = export(server, {**rec, "token": rec["referee_token"]})["setup"]
    assert setup["seats"][0]["deck"]["id"] == "force-of-frost"
    assert not setup["seats"][0].get("deck_problems")
