"""After game over a player's phone says the game is over (not that they are watching); the log stays readable
and exportable. A spectator's phone still says it is watching."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, join
from .uw_rest import quiet_game

pytestmark = pytest.mark.e2e


def test_a_finished_game_says_it_is_over_to_its_players(phones, server):
    """Game over on a player's phone: 'the game is over', the export and the log; never 'You are watching'."""
    game = api_game(server, ruleset="underworlds/shadespire", roll_off=False)
    quiet_game(server, game["id"], game["tokens"], glory={"p1": 2})
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    spec = phones.new("spectator")
    join(spec, game["join_code"], "spectator")
    expect(ana.locator("#game-over .who")).to_have_text("Ana")
    note = ana.locator("#read-only-note")
    expect(note).to_contain_text("The game is over")
    expect(ana.get_by_text("You are watching this game")).to_have_count(0)
    expect(ana.locator("#game-over").get_by_role("button", name="Export the whole log")).to_be_visible()
    expect(ana.locator("section.actions")).to_have_count(0)
    phones.shot(ana, "01-game-over-player", full_page=True)
    with ana.expect_download() as download:
        ana.locator("#game-over").get_by_role("button", name="Export the whole log").click()
    assert download.value.suggested_filename.endswith(".json")
    ana.locator("[data-tab='log']").click()
    expect(ana.locator("ol.log li[data-type='end_phase_done']").first).to_be_visible()
    phones.shot(ana, "02-game-over-log")
    expect(spec.locator("#read-only-note")).to_contain_text("The game is over")
    phones.shot(spec, "03-game-over-spectator")


def test_the_winner_comes_into_view_when_the_game_ends(phones, server):
    """Ana's phone is scrolled down the table when the last entry lands: the game-over card scrolls into view."""
    game = api_game(server, ruleset="underworlds/shadespire", roll_off=False)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    expect(ana.locator("[data-fighter='p1.vex']")).to_be_visible()
    ana.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    quiet_game(server, game["id"], game["tokens"], glory={"p1": 2})
    expect(ana.locator("#game-over .who")).to_have_text("Ana")
    expect(ana.locator("#game-over .winner")).to_be_in_viewport()
