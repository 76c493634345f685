"""Every page of every game loads clean: no response of 400 or more (a stylesheet or module at a wrong address, an
API call refused) and no console error, on the start, join, cards and offline pages, the set-up wizard of each
ruleset, the table of each ruleset in each phase reached over REST, its log, game over, and the tournament pages."""
from __future__ import annotations

from pathlib import Path

import pytest
import requests
import yaml
from playwright.sync_api import expect

from .flows import api_game, join
from .tournament_rest import api
from .uw_rest import hazard_phase, post, quiet_game

pytestmark = pytest.mark.e2e

RULESETS = ["underworlds/deathgorge", "underworlds/dreadfane", "underworlds/shadespire", "conquest/core",
            "battlelore/second-edition"]
CONQUEST_OPENING = [("p1", "initiative", {"seat": "p1"}),
                    *[("p1", "reveal_planet", {"planet": p}) for p in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith")],
                    ("p1", "mulligan", {"take": False}), ("p2", "mulligan", {"take": False})]


class Watched:
    """A phone whose every response >= 400 and console error is written down, with the page it was on."""

    def __init__(self, phones, label: str):
        self.page = phones.new(label)
        self.problems: list[str] = []
        self.where = "?"
        self.page.on("response", lambda r: r.status >= 400 and self.problems.append(
            f"{self.where}: {r.status} {r.request.method} {r.url}"))
        self.page.on("console", lambda m: m.type == "error" and self.problems.append(f"{self.where}: console: {m.text}"))
        self.page.on("pageerror", lambda exc: self.problems.append(f"{self.where}: page error: {exc}"))

    def go(self, path: str) -> None:
        """Open a page (what it asks for is written down under its path)."""
        self.where = path
        self.page.goto(path)
        self.at(path)

    def at(self, where: str) -> "Watched":
        """Name what the phone shows now (for the report) and let it settle (every request answered)."""
        self.where = where
        self.page.wait_for_load_state("networkidle")
        return self

    def table(self, where: str) -> None:
        """Reload the table (a fresh load of every module and stylesheet) and look at its log too."""
        self.page.reload()
        expect(self.page.locator("#banner")).to_be_visible()
        self.at(f"{where}: table")
        self.page.locator("[data-tab='log']").click()
        expect(self.page.locator("ol.log")).to_be_visible()
        self.at(f"{where}: log")
        self.page.locator("[data-tab='table']").click()

    def assert_clean(self) -> None:
        assert not self.problems, "\n".join(self.problems)


def rest_game(server, body: dict) -> dict:
    """A game created over REST, with its seat tokens by seat."""
    reply = requests.post(f"{server.url}/api/games", json=body, timeout=10)
    assert reply.status_code == 201, reply.text
    game = reply.json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    return game


def enter(server, game: dict, steps) -> None:
    for by, etype, data in steps:
        post(server, game["id"], game["tokens"][by], by, etype, **data)


def view(server, game: dict, seat: str) -> dict:
    r = requests.get(f"{server.url}/api/games/{game['id']}", headers={"Authorization": f"Bearer {game['tokens'][seat]}"},
                     timeout=10)
    return r.json()["view"]


def test_start_join_cards_and_offline_pages(phones):
    w = Watched(phones, "phone")
    for path in ("/", "/join", "/cards", "/offline"):
        w.go(path)
    w.assert_clean()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_wizard(phones, ruleset):
    w = Watched(phones, "host")
    w.go("/new")
    expect(w.page.locator("#wizard[data-ready='true']")).to_be_attached()
    w.page.locator(f"[data-ruleset='{ruleset}']").click()
    w.at(f"{ruleset} wizard: game")
    w.page.locator("#wizard-next").click()
    w.at(f"{ruleset} wizard: players")
    w.assert_clean()


@pytest.mark.parametrize("ruleset", RULESETS[:3])
def test_underworlds_table_in_each_phase_and_game_over(phones, server, ruleset):
    game = api_game(server, ruleset=ruleset, roll_off=False)
    w = Watched(phones, "ana")
    join(w.page, game["join_code"], "p1")
    if ruleset.endswith("dreadfane"):
        w.table(f"{ruleset} hazard phase")
        hazard_phase(server, game["id"], game["tokens"])
    w.table(f"{ruleset} first-turn roll-off")
    post(server, game["id"], game["tokens"]["p1"], "p1", "roll_off", purpose="first_turn", first="p1")
    w.table(f"{ruleset} action phase")
    quiet_game(server, game["id"], game["tokens"], glory={"p1": 1})
    w.table(f"{ruleset} game over")
    expect(w.page.locator("#game-over")).to_be_visible()
    w.assert_clean()


def test_conquest_table_in_each_phase_and_game_over(phones, server):
    game = rest_game(server, {"ruleset": "conquest/core", "options": {},
                              "seats": [{"name": "Ana", "warlord": "nazdreg"}, {"name": "Ben", "warlord": "captain-cato-sicarius"}]})
    w = Watched(phones, "ana")
    join(w.page, game["join_code"], "p1")
    w.table("conquest setup")
    boyz = {"card": {"name": "Goff Boyz", "type": "army", "cost": 1, "attack": 2, "hp": 3, "command": 1}, "planet": 1}
    scouts = {"card": {"name": "Scout Squad", "type": "army", "cost": 1, "attack": 1, "hp": 2, "command": 1}, "planet": 1}
    enter(server, game, [*CONQUEST_OPENING, ("p1", "deploy", boyz), ("p2", "deploy", scouts)])
    w.table("conquest deploy phase")
    enter(server, game, [("p1", "pass", {}), ("p2", "pass", {})])
    w.table("conquest command phase")
    enter(server, game, [("p1", "commit", {"planet": 1}), ("p2", "commit", {"planet": 2})])
    while view(server, game, "p1")["state"]["step"]["name"] == "bonuses":
        seat = view(server, game, "p1")["state"]["step"]["queue"][0]["seat"]
        enter(server, game, [(seat, "take_bonus", {"resources": True, "cards": True})])
    assert view(server, game, "p1")["state"]["phase"] == "combat"
    w.table("conquest combat phase")
    enter(server, game, [("p1", "attack", {"attacker": "p1.goff-boyz", "defender": "p2.scout-squad"})])
    w.table("conquest shield window")
    enter(server, game, [("p2", "no_shield", {})])     # the Scout Squad falls: Tarrus is Ana's, Osus IV Ben's
    assert view(server, game, "p1")["state"]["battle"]["stage"] == "won"
    w.table("conquest Battle ability")
    enter(server, game, [("p2", "battle_ability", {"use": False})])
    assert view(server, game, "p1")["state"]["phase"] == "headquarters"
    w.table("conquest headquarters phase")
    w.assert_clean()

    over = _conquest_game_over(server)
    done = Watched(phones, "ben")
    join(done.page, over["join_code"], "p2")
    expect(done.page.locator("#game-over")).to_be_visible()
    done.table("conquest game over")
    done.assert_clean()


def _conquest_game_over(server) -> dict:
    """The scripted three-tech-planets game, played to its end over REST."""
    spec = yaml.safe_load((Path(__file__).parents[1] / "scenarios" / "conquest" / "three_tech_planets.yaml").read_text())
    game = rest_game(server, {k: spec["setup"][k] for k in ("ruleset", "options", "seats")})
    *before, last = [(s["event"]["by"], s["event"]["type"], s["event"].get("data", {})) for s in spec["steps"] if "event" in s]
    enter(server, game, before)
    # The last Battle ability deals 1 damage at Tarrus, where Ben's warlord stands; he uses no shield.
    tarrus = next(p["slot"] for p in view(server, game, "p1")["state"]["line"] if p["name"] == "Tarrus")
    enter(server, game, [(last[0], last[1], {**last[2], "planet": tarrus}), ("p2", "no_shield", {})])
    assert view(server, game, "p1")["outcome"]
    return game


def test_battlelore_table_in_each_phase_and_game_over(phones, server):
    def unit(slug, health):
        return {"slug": slug, "name": slug.title(), "health": health, "movement": 2, "combat": 3, "attack": "melee", "muster": 5}
    game = rest_game(server, {"ruleset": "battlelore/second-edition", "options": {"prebuilt": True},
                              "seats": [{"name": "Ana", "faction": "daqan", "units": [unit("knights", 3)]},
                                        {"name": "Ben", "faction": "uthuk", "units": [unit("raiders", 1)]}]})
    w = Watched(phones, "ana")
    join(w.page, game["join_code"], "p1")
    w.table("battlelore scenario choice")
    pos = {"section": "center", "terrain": "clear"}
    enter(server, game, [("p1", "choose_scenario", {"scenario": "A1"}), ("p2", "choose_scenario", {"scenario": "A1"}),
                         ("p1", "first_player", {"seat": "p1"}), ("p1", "muster", {"army": {"knights": 1}}),
                         ("p2", "muster", {"army": {"raiders": 1}})])
    w.table("battlelore deployment")
    enter(server, game, [("p1", "place", {"unit": "p1.knights-1", "to": pos}),
                         ("p2", "place", {"unit": "p2.raiders-1", "to": pos})])   # the last unit placed ends deploying
    w.table("battlelore main phase")
    enter(server, game, [("p1", "play_command", {"section": "any", "units": 1}), ("p1", "order", {"unit": "p1.knights-1"}),
                         ("p1", "attack", {"attacker": "p1.knights-1", "target": "p2.raiders-1", "kind": "melee",
                                           "distance": 1, "roll": ["strike", "lore", "lore"]})])   # the hit applies itself
    w.table("battlelore game over")
    w.assert_clean()


def test_tournament_pages(phones, server):
    w = Watched(phones, "organiser")
    w.go("/tournaments/new")
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Clean Cup", "date": "2026-12-01"}, timeout=10).json()
    org = made["organiser_token"]
    players = [api(server, org, "POST", f"{made['id']}/players", json={"name": n, "warband": wb})
               for n, wb in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"))]
    for p in players:
        api(server, org, "POST", f"{made['id']}/players/{p['player']}/check-in")
    api(server, org, "POST", f"{made['id']}/rounds/1/pair")
    api(server, org, "POST", f"{made['id']}/rounds/1/publish")
    w.page.goto(made["links"]["organiser"])
    expect(w.page.locator("#tournament-title")).to_have_text("Clean Cup")
    for tab in ("Round", "Tables", "Players", "Standings", "Judge", "Links"):
        w.page.get_by_role("tab", name=tab).click()
        w.at(f"tournament: {tab}")
    w.assert_clean()
    player = Watched(phones, "player")
    player.go(players[0]["link"])
    expect(player.page.locator(".my-table")).to_be_visible()
    player.at("tournament: a player's table")
    player.assert_clean()
    public = Watched(phones, "venue")
    public.go(f"/tournament/{made['id']}/public")
    expect(public.page.locator("table.standings")).to_be_visible()
    public.assert_clean()
    signup = Watched(phones, "signup")
    signup.go(api(server, org, "POST", f"{made['id']}/registration", json={"open": True})["link"])
    expect(signup.page.locator("#signup-form")).to_be_visible()
    signup.at("tournament: the registration page")
    signup.assert_clean()
    wall = Watched(phones, "wall")
    for path, ready in ((f"/tournament/{made['id']}/print", "#print-body[data-ready='yes']"),
                        (f"/tournament/{made['id']}/venue", "#venue-body[data-panel]"),
                        (f"/tournament/{made['id']}/table/1/overlay", ".ov-panel"),
                        (f"/tournament/{made['id']}/table/9/overlay", "#overlay-note")):
        wall.go(path)
        expect(wall.page.locator(ready).first).to_be_visible()
        wall.at(path)
    wall.assert_clean()


def test_a_missing_stylesheet_is_caught(phones, server):
    """The watch itself: the stylesheet's old wrong address answers 404 and is reported (so clean means clean)."""
    w = Watched(phones, "phone")
    w.go("/")
    version = w.page.evaluate("() => document.querySelector('link[rel=stylesheet]').href.split('/static/v/')[1].split('/')[0]")
    w.go(f"/static/v/{version}/js/css/conquest.css")
    assert any(" 404 GET " in p and p.endswith("/js/css/conquest.css") for p in w.problems), w.problems
