"""A feature table's overlay for a stream: a transparent page that shows both warbands, their glory, the
fighters' wounds, the game round and activation and the last entry, and moves with the game without a reload;
before the round it waits, and it never asks the server for anything it is refused."""
from __future__ import annotations

import uuid

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e

TRANSPARENT = "rgba(0, 0, 0, 0)"


def _event(server, token, game, by, etype, **data):
    r = requests.post(f"{server.url}/api/games/{game}/events", headers={"Authorization": f"Bearer {token}"},
                      json={"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}, timeout=15)
    assert r.status_code == 201, r.text


def test_the_overlay_follows_a_feature_table_live_on_a_transparent_page(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Stream Cup", "date": "2026-12-05"},
                         timeout=15).json()
    tid, org = made["id"], made["organiser_token"]
    tokens = []
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = api(server, org, "POST", f"{tid}/players", json={"name": name, "warband": warband})
        api(server, org, "POST", f"{tid}/players/{p['player']}/check-in")
        tokens.append(p["token"])

    stream = phones.new("stream")
    stream.set_viewport_size({"width": 1920, "height": 1080})  # a streaming program's browser source
    problems = []
    stream.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    stream.on("console", lambda m: m.type == "error" and problems.append(m.text))
    # The organiser finds the overlay's address on the Links tab.
    organiser = phones.new("organiser")
    organiser.goto(f"/tournament/{tid}#t={org}")
    organiser.get_by_role("tab", name="Links").click()
    link = organiser.locator("#wall-links input").nth(1).input_value()
    assert link == f"{server.url}/tournament/{tid}/table/1/overlay"
    assert organiser.locator("#wall-links input").nth(0).input_value() == f"{server.url}/tournament/{tid}/venue"
    stream.goto(link)
    expect(stream.locator("#overlay-note")).to_have_text("Stream Cup: table 1 after the pairings")
    for el in ("html", "body", "main"):
        assert stream.locator(el).evaluate("el => getComputedStyle(el).backgroundColor") == TRANSPARENT, el

    # The round is published while the overlay is open: the table appears without a reload.
    api(server, org, "POST", f"{tid}/rounds/1/pair")
    api(server, org, "POST", f"{tid}/rounds/1/publish")
    seats = {}
    for token in tokens:
        got = api(server, token, "POST", f"{tid}/rounds/1/tables/1/seat")
        seats[got["seat"]] = got["token"]
        game = got["game"]
    names = api(server, org, "GET", tid)["rounds"][0]["tables"][0]["names"]
    expect(stream.locator(".ov-panel.left .ov-name")).to_have_text(names[0])
    expect(stream.locator(".ov-panel.right .ov-name")).to_have_text(names[1])
    expect(stream.locator("#ov-where")).to_have_text("Setting up")
    for by, etype, data in [("p1", "roll_off", {"purpose": "boards", "first": "p1"}), ("p1", "do_over", {"choice": "none"}),
                            ("p2", "do_over", {"choice": "none"}), ("p2", "roll_off", {"purpose": "deployment", "first": "p2"}),
                            ("p1", "deployed", {"finished_first": "p1"}),
                            ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"})]:
        _event(server, seats[by], game, by, etype, **data)
    expect(stream.locator("#ov-where")).to_have_text("Round 1 · activation 1")
    # A fighter whose wounds the content knows (a warband whose characteristics are not in the content shows damage).
    victim = stream.locator(".ov-fighters li").filter(has_text="/").first
    fid = victim.get_attribute("data-fighter")
    whole = victim.locator("b").inner_text()
    wounds = int(whole.split("/")[1])
    _event(server, seats["p1"], game, "p1", "damage", fighter=fid, amount=1, source="card")
    expect(victim.locator("b")).to_have_text(f"{wounds - 1}/{wounds}")
    expect(stream.locator("#ov-last")).to_contain_text("Damage")
    _event(server, seats["p1"], game, "p1", "hand", objectives=["Overlay Secret Goal"], power=[])
    expect(stream.locator("#ov-last")).to_contain_text("My cards")
    expect(stream.locator("body")).not_to_contain_text("Overlay Secret Goal")
    _event(server, seats["p1"], game, "p1", "player_action", action="pass")
    expect(stream.locator("#ov-last")).to_contain_text("Player action")
    expect(stream.locator(".ov-score").first).to_contain_text("0")
    phones.shot(stream, "01-overlay-1080p")
    assert not problems, problems
    assert not phones.errors
