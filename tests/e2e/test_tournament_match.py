"""A best-of-three tournament table in the browser (Shadespire matched play, pg 26): the players' phones play the
match's games, the next game is started from the game-over screen, the tournament's table follows it, and the
match result (games won, glory over the games, each game) is confirmed by both players with one tap each.
The quiet turns of each game are entered over REST to keep the test fast."""
from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from .tournament_rest import api, open_tournament_form
from .uw_rest import quiet_game, set_up

pytestmark = pytest.mark.e2e


def game_tokens(page) -> tuple[str, dict]:
    """The game this phone shows and every seat token it holds for it (the creator of a game holds them all)."""
    gid = re.search(r"game=([^&]+)", page.url).group(1)
    rec = json.loads(page.evaluate("localStorage.getItem('tw.games')"))[gid]
    return gid, rec


def test_a_best_of_three_table_takes_its_result_from_the_matchs_games(phones, server):
    # The organiser agrees the match tiebreakers for every table (Shadespire pg 26: agreed before the match).
    form = phones.new("organiser")
    open_tournament_form(form, "Shadespire Cup")
    expect(form.locator("#tournament-match-tiebreakers")).to_be_hidden()
    form.locator("#tournament-format").select_option("underworlds/shadespire|matched")
    form.locator("#tournament-rounds").fill("1")
    form.locator("#tournament-match-tiebreakers").check()
    phones.shot(form, "00-new-best-of-three-tournament")
    form.get_by_role("button", name="Create the event").click()
    expect(form.locator("#tournament-title")).to_have_text("Shadespire Cup")
    tid = re.search(r"/tournament/([^/#?]+)", form.url).group(1)
    org = json.loads(form.evaluate("localStorage.getItem('tw.events')"))[tid]["token"]
    assert api(server, org, "GET", tid)["setup"]["match_tiebreakers"] is True
    links = {}
    for name, warband in (("Ana", "garreks-reavers"), ("Ben", "steelhearts-champions")):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
        links[name] = p["link"]
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    table = api(server, org, "GET", tid)["rounds"][0]["tables"][0]
    names = {p["id"]: p["name"] for p in api(server, org, "GET", tid)["players"]}
    first, second = (names[p] for p in table["players"])

    phone = {}
    for name in (first, second):
        page = phones.new(name)
        page.goto(links[name])
        expect(page.get_by_text("When the match's last game ends")).to_be_visible()
        page.get_by_role("button", name="Open my game").click()
        expect(page.locator("#match")).to_contain_text("game 1 of 3")
        phone[name] = page
    a, b = phone[first], phone[second]

    # Game 1 to the first player; the tournament waits for the match.
    gid, a_rec = game_tokens(a)
    _, b_rec = game_tokens(b)
    toks = {a_rec["seat"]: a_rec["token"], b_rec["seat"]: b_rec["token"]}
    set_up(server, gid, toks)
    quiet_game(server, gid, toks, glory={"p1": 4})
    expect(a.locator("#match-score")).to_contain_text("Games won")

    # The first player starts game 2 from the game-over screen; the second opens it from the tournament page.
    a.locator("[data-action='next-game']").click()
    expect(a.locator("#match")).to_contain_text("game 2 of 3")
    b.goto(links[second])
    b.get_by_role("button", name="Open my game").click()
    expect(b.locator("#match")).to_contain_text("game 2 of 3")
    game2, a_rec = game_tokens(a)
    assert game2 != gid and re.search(r"game=([^&]+)", b.url).group(1) == game2
    toks = {"p1": a_rec["token"], "p2": game_tokens(b)[1]["token"]}
    set_up(server, game2, toks)
    quiet_game(server, game2, toks, glory={"p1": 5, "p2": 3})
    expect(a.locator("#match-result .who")).to_have_text(first)

    # Back on the tournament page: the match result, each game, one tap each.
    for name, page in ((first, a), (second, b)):
        page.goto(links[name])
        card = page.locator(".confirm-card")
        expect(page.get_by_role("button", name="Open my game")).to_have_count(0)
        expect(card).to_contain_text("The match's result")
        expect(card).to_contain_text(f"{first} won the match, 2 – 0 in games, glory 9 – 3")
        expect(card.locator(".match-game")).to_have_text([f"Game 1: {first} won, glory 4 – 0",
                                                          f"Game 2: {first} won, glory 5 – 3"])
        if name == first:
            phones.shot(page, "01-match-result-to-confirm")
        page.get_by_role("button", name="Confirm this result").click()
    b.reload()
    expect(b.locator(".ok-card")).to_contain_text(f"Result confirmed{first} won the match")
    phones.shot(b, "02-match-result-confirmed")
    done = api(server, org, "GET", tid)["rounds"][0]["tables"][0]
    assert done["status"] == "confirmed" and done["result"]["games_won"] == {table["players"][0]: 2, table["players"][1]: 0}
    assert [g["id"] for g in done["result"]["games"]] == [gid, game2]
