"""Shadespire matched play as a best-of-three match through the phones (Shadespire rulebook,
Matched Play pg 26). The quiet turns of each game are entered over REST to keep the test fast; the wizard,
the game-over match panel, the next-game button and the final match result are all used in the browser."""
from __future__ import annotations

import json
import re

import pytest
import requests
from playwright.sync_api import expect

from .flows import fighter, join, join_code, scroll_to
from .uw_rest import post, quiet_game, set_up, state

pytestmark = pytest.mark.e2e


def game_of(page) -> tuple[str, str]:
    """The game this page shows and this phone's token for it."""
    gid = re.search(r"game=([^&]+)", page.url).group(1)
    rec = json.loads(page.evaluate("localStorage.getItem('tw.games')"))[gid]
    return gid, rec["token"]


def next_game(server, gid: str, token: str) -> dict:
    """What a phone's "Next game of the match" does, over REST: the next game of the match `gid` belongs to."""
    made = requests.post(f"{server.url}/api/games", headers={"Authorization": f"Bearer {token}"},
                         json={"follows": gid}, timeout=10)
    assert made.status_code == 201, made.text
    return made.json()


def tokens(ana, ben) -> tuple[str, dict]:
    gid, t1 = game_of(ana)
    gid2, t2 = game_of(ben)
    assert gid == gid2, "both phones show the same game"
    return gid, {"p1": t1, "p2": t2}


def test_best_of_three_match_decided_on_the_glory_tiebreaker(phones, server):
    """Game 1 to Ana, game 2 to Ben, game 3 drawn: level on games, Ana wins the match on glory over the games."""
    ana = phones.new("ana")
    ana.goto("/new")
    expect(ana.locator("#wizard[data-ready='true']")).to_be_attached()
    ana.locator("[data-ruleset='underworlds/shadespire']").click()
    ana.get_by_role("radio", name="4 players").click()
    ana.get_by_role("radio", name="Matched play (best of three)").click()
    # A match is between two players, and the tiebreakers are agreed before it.
    expect(ana.get_by_role("radiogroup", name="Number of players").get_by_role("radio")).to_have_count(1)
    expect(ana.locator("#tiebreakers input")).to_be_checked()
    phones.shot(ana, "01-wizard-matched-play")
    ana.locator("#wizard-next").click()
    for i, (name, fighter_name) in enumerate((("Ana", "Vex"), ("Ben", "Rok"))):
        ana.locator(f"#name-{i}").fill(name)
        ana.locator(f"#warband-{i}").select_option("custom")
        ana.locator(f"#fighter-{i}-0").fill(fighter_name)
    ana.locator("#wizard-next").click()
    ana.locator("#wizard-next").click()
    code = join_code(ana)
    ana.get_by_role("link", name="Go to the table").click()
    ben = phones.new("ben")
    join(ben, code, "p2")
    expect(ben.locator("#match")).to_contain_text("game 1 of 3")
    phones.shot(ben, "02-game-1-table")

    # Game 1: Ana scores 4 glory, Ben none.
    gid, toks = tokens(ana, ben)
    quiet_game(server, gid, toks, glory={"p1": 4})
    for p in (ana, ben):
        expect(p.locator("#match-score")).to_have_text("Games won: Ana 1 · Ben 0")
        expect(p.locator("#read-only-note")).to_contain_text("The game is over")
    phones.shot(ben, "03-game-1-over", full_page=True)
    scroll_to(ana.locator("#match"))
    phones.shot(ana, "03b-game-1-match-panel")

    # Ana starts game 2 from her phone (one tap); Ben's same button opens his own seat of it (one tap).
    ana.locator("[data-action='next-game']").click()
    expect(ana.locator("#match")).to_contain_text("game 2 of 3")
    phones.shot(ana, "04-next-game-ready")
    ben.locator("[data-action='next-game']").click()
    expect(ben.locator("#match")).to_contain_text("game 2 of 3")
    assert game_of(ben)[0] == game_of(ana)[0]
    summaries = [requests.get(f"{server.url}/api/games/{game_of(p)[0]}", timeout=10,
                              headers={"Authorization": f"Bearer {game_of(p)[1]}"}).json() for p in (ana, ben)]
    assert [s["you"]["seat"] for s in summaries] == ["p1", "p2"]
    # Game 1's log carries no join code of game 2 (nothing a spectator of game 1 could read and use).
    log = requests.get(f"{server.url}/api/games/{gid}/events?since=0", headers={"Authorization": f"Bearer {toks['p1']}"},
                       timeout=10).json()["events"]
    assert summaries[0]["join_code"] not in json.dumps(log)
    expect(ben.locator("#match")).to_contain_text("Game 1: Ana won (glory Ana 4, Ben 0)")
    expect(ben.locator("[data-seat='p2']")).to_contain_text("Rok")   # same warbands as game 1
    phones.shot(ben, "05-game-2-table")

    # Game 2: Ben scores 3. Level at one game each: Ben starts game 3.
    gid, toks = tokens(ana, ben)
    set_up(server, gid, toks)
    quiet_game(server, gid, toks, glory={"p2": 3})
    expect(ben.locator("#match-score")).to_have_text("Games won: Ana 1 · Ben 1")
    # Both players tap "Next game" at once: the game is made once (here by a request that was a moment quicker
    # than either phone), and each phone opens its own seat of that game instead of making a second one.
    made = next_game(server, gid, toks["p2"])
    ben.locator("[data-action='next-game']").dblclick()
    expect(ben.locator("#match")).to_contain_text("game 3 of 3")
    ana.locator("[data-action='next-game']").click()
    expect(ana.locator("#match")).to_contain_text("game 3 of 3")
    assert game_of(ana)[0] == game_of(ben)[0] == made["id"]

    # Game 3: one glory each, a drawn game. The match is level on games: Ana has more glory over the match.
    gid, toks = tokens(ana, ben)
    set_up(server, gid, toks)
    quiet_game(server, gid, toks, glory={"p1": 1, "p2": 1})
    for p in (ana, ben):
        expect(p.locator("#match-result .who")).to_have_text("Ana")
        expect(p.locator("#match-decided-by")).to_have_text("Tiebreaker: most glory over the match's games")
        expect(p.locator("#match-result")).to_contain_text("Matched Play, Tiebreaker")
        expect(p.locator("[data-action='next-game']")).to_have_count(0)
    expect(ana.locator("#match-score")).to_have_text("Games won: Ana 1 · Ben 1")
    expect(ana.locator("#match")).to_contain_text("Glory over the match: Ana 5 · Ben 4")
    scroll_to(ana.locator("#match"))
    phones.shot(ana, "06-match-winner")
    phones.shot(ben, "07-match-over-full", full_page=True)


def match_game(server, before: str | None = None, tokens_before: dict | None = None):
    """A game of the match over REST (one fighter each, tiebreakers agreed), set up to its first round: game 1 made
    new, a later one with `follows` by each player's phone (each gets its own seat's token)."""
    if before is None:
        seats = [{"name": n, "warband": "custom", "fighters": [fighter(slug, fname, True, 1)]}
                 for n, (slug, fname) in zip(("Ana", "Ben"), (("vex", "Vex"), ("rok", "Rok")))]
        match = {"game": 1, "seats": ["p1", "p2"], "tiebreakers": True, "warbands": {"p1": "custom", "p2": "custom"},
                 "previous": []}
        r = requests.post(f"{server.url}/api/games", json={"ruleset": "underworlds/shadespire",
                                                           "options": {"format": "matched", "match": match}, "seats": seats})
        assert r.status_code == 201, r.text
        game = r.json()
        tokens = {s["seat"]: s["token"] for s in game["seats"]}
    else:
        tokens = {}
        for seat, token in tokens_before.items():
            r = requests.post(f"{server.url}/api/games", headers={"Authorization": f"Bearer {token}"},
                              json={"follows": before}, timeout=10)
            assert r.status_code in (200, 201), r.text
            game = r.json()
            tokens[seat] = next(s["token"] for s in game["seats"] if s["seat"] == seat)
    set_up(server, game["id"], tokens)
    return game, tokens


def open_seat(page, game: dict, seat: str, token: str) -> None:
    """A phone that holds `seat`'s token of `game` (as its next-game button leaves it) opens the table."""
    page.goto("/")
    page.evaluate("([id, rec]) => localStorage.setItem('tw.games', JSON.stringify({[id]: rec}))",
                  [game["id"], {"id": game["id"], "token": token, "seat": seat, "ruleset": game["ruleset"]}])
    page.goto(f"/play?game={game['id']}")
    expect(page.locator("#banner")).to_be_visible()


def test_level_match_with_no_fighters_left_is_settled_by_a_roll_off_on_the_phone(phones, server):
    """Tiebreaker: level on games and on glory with both warbands out of action at the end of game 3 - the
    players roll off; the phone offers the match roll-off after the game is over and shows its result."""
    game, tokens = match_game(server)
    for glory in ({"p1": 4}, {"p2": 4}):
        quiet_game(server, game["id"], tokens, glory=glory)
        game, tokens = match_game(server, game["id"], tokens)
    post(server, game["id"], tokens["p1"], "p1", "roll_off", purpose="first_turn", first="p1")
    # Each warband's only fighter is taken out: one glory to each player (5-5 over the match).
    post(server, game["id"], tokens["p1"], "p1", "damage", fighter="p2.rok", amount=1, source="card")
    post(server, game["id"], tokens["p2"], "p2", "damage", fighter="p1.vex", amount=1, source="card")
    view = quiet_game(server, game["id"], tokens)
    assert view["outcome"]["match"]["roll_off"], view["outcome"]["match"]
    assert state(server, game["id"], tokens["p1"])["state"]["phase"] == "over"

    ben = phones.new("ben")
    open_seat(ben, game, "p2", tokens["p2"])
    expect(ben.locator("#match")).to_contain_text("roll off")
    expect(ben.locator("#read-only-note")).to_have_count(0)
    phones.shot(ben, "01-match-roll-off", full_page=True)
    ben.locator("section.actions").get_by_role("button", name="Match roll-off", exact=False).click()
    phones.shot(ben, "02-roll-off-sheet")
    ben.locator("dialog").get_by_role("button", name="Ben").click()
    expect(ben.locator("#match-result .who")).to_have_text("Ben")
    expect(ben.locator("#match-decided-by")).to_have_text("Tiebreaker: the roll-off (no fighters left, equal glory)")
    expect(ben.locator("section.actions")).to_have_count(0)
    scroll_to(ben.locator("#match"))
    phones.shot(ben, "03-match-won-on-the-roll-off")
