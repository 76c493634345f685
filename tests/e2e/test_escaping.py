"""A script-laden player name renders as text everywhere."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .flows import api_game, join

pytestmark = pytest.mark.e2e

# Names are at most 40 characters; an image's onerror is what would run if a name were parsed as HTML.
EVIL = "<img src=x onerror=__pwned=1>&amp;<b>"


def test_script_laden_name_is_text(phones, server):
    """The name shows literally on the join screen, the table, the banner and the log; nothing runs."""
    game = api_game(server, names=(EVIL, "Ben"))
    ben = phones.new("ben")
    ben.goto("/join")
    ben.locator("#join-code").fill(game["join_code"])
    ben.get_by_role("button", name="Find the game").click()
    expect(ben.locator("[data-seat='p1']")).to_contain_text(EVIL)
    phones.shot(ben, "01-join")
    ben.locator("[data-seat='p2']").click()
    expect(ben.locator("[data-seat='p1'] .seat-head .name")).to_contain_text(EVIL)
    expect(ben.locator("#banner")).to_contain_text(EVIL)  # "Waiting for <name>" / "<name>'s turn"
    ben.locator("[data-tab='log']").click()
    expect(ben.locator("ol.log")).to_contain_text(EVIL)
    phones.shot(ben, "02-log")
    assert ben.evaluate("window.__pwned") is None
    assert ben.locator("img[src='x']").count() == 0

    host = phones.new("host")
    join(host, game["join_code"], "p1")
    host.locator("[data-tab='game']").click()
    expect(host.locator("#main")).to_contain_text(EVIL)
    phones.shot(host, "03-game-tab")
    assert host.evaluate("window.__pwned") is None
