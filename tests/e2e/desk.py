"""The referee's desk in the browser tests: a four-player round with a disputed attack made over REST, the
referee's phone that axe can run in, and an entry of its Log tab."""
from __future__ import annotations

from playwright.sync_api import expect

from .flows import api_game, fighter
from .uw_rest import post

NAMES = (("Ana", "vex", "Vex"), ("Ben", "rok", "Rok"), ("Cat", "ula", "Ula"), ("Dan", "zed", "Zed"))


def disputed_round(server) -> dict:
    """Four players: Ana's Vex attacks Rok (the table meant Ula), then Ben, Cat and Dan each take an activation."""
    seats = [{"name": n, "warband": "custom", "fighters": [fighter(slug, fname, True, 3)]} for n, slug, fname in NAMES]
    game = api_game(server, seats=seats)
    t = game["tokens"]
    post(server, game["id"], t["p1"], "p1", "activate", action="attack", fighter="p1.vex")
    post(server, game["id"], t["p1"], "p1", "attack", attacker="p1.vex", target="p2.rok", profile={"name": "Blade"},
         attack_roll={"single": 1}, defence_roll={"block": 1})
    post(server, game["id"], t["p2"], "p2", "activate", action="guard", fighter="p2.rok")
    post(server, game["id"], t["p3"], "p3", "activate", action="guard", fighter="p3.ula")
    post(server, game["id"], t["p4"], "p4", "activate", action="move", fighter="p4.zed")
    return game


def referee_phone(phones, game, label: str = "referee"):
    """The referee's phone by the private link (axe can run in it: its context lets the test inject the checker)."""
    ref = phones.new(label, bypass_csp=True)
    ref.goto(f"/join/{game['join_code']}#referee={game['referee_token']}")
    expect(ref.locator("#banner")).to_be_visible()
    return ref


def entry(page, type_: str, text: str):
    """The first entry of the Log tab of this type whose text has `text`."""
    return page.locator(f"ol.log > li[data-type='{type_}']", has_text=text).first
