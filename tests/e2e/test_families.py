"""A game's own module (static/js/games/families.js, its wizard part, the tournament staff's desk) that fails to load
is said on the page and in the console: the table falls back to the plain one and the wizard to its common fields,
and the player knows to reload."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .flows import join, new_conquest

pytestmark = pytest.mark.e2e

TOLD = "This game's own screen could not be loaded"


def blocked_phone(phones, label, module="index.js"):
    page = phones.new(label, service_workers="block")   # the route below is what the page asks for
    page.route(f"**/games/conquest/{module}*", lambda route: route.abort())
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return page, errors


def test_a_table_whose_game_module_fails_to_load_says_so(phones, server):
    game, _ = new_conquest(server.url)
    ana, errors = blocked_phone(phones, "ana")
    join(ana, game["join_code"], "p1")
    expect(ana.locator("#toast")).to_contain_text(TOLD)
    assert any("conquest module could not be loaded" in e for e in errors), errors
    expect(ana.locator("section.actions")).to_be_visible()   # the plain table still lets the game go on
    expect(ana.locator(".cq-hq")).to_have_count(0)


def test_the_wizard_says_so_too(phones):
    """The wizard loads each game's own set-up part (static/js/games/<family>/wizard.js) the same way."""
    host, errors = blocked_phone(phones, "host", "wizard.js")
    host.goto("/new")
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    host.locator("[data-ruleset='conquest/core']").click()
    host.locator("#wizard-next").click()
    expect(host.locator("#toast")).to_contain_text("This game's own set-up fields could not be loaded")
    assert any("conquest set-up module could not be loaded" in e for e in errors), errors
    expect(host.locator("#name-0")).to_be_visible()      # the common fields still let the host go on


def test_a_module_that_loads_is_told_nothing(phones, server):
    game, _ = new_conquest(server.url)
    ana = phones.new("ana")
    join(ana, game["join_code"], "p1")
    expect(ana.locator(".cq-hq").first).to_be_visible()   # Conquest's own board: its headquarters
    expect(ana.locator("#toast")).not_to_contain_text(TOLD)


def test_a_staff_link_whose_desk_fails_to_load_says_so(phones, server):
    """The tournament staff's desk loads on a staff link only (static/js/tournaments/staff.js): when it cannot be
    loaded the page says so, and a player's page never asks for it."""
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Desk Cup", "date": "2026-12-05", "rounds": 1},
                         timeout=15).json()
    organiser = phones.new("organiser", service_workers="block")
    asked = []
    organiser.route("**/tournaments/staff.js*", lambda route: (asked.append(route.request.url), route.abort()))
    organiser.goto(f"/tournament/{made['id']}#t={made['organiser_token']}")
    expect(organiser.get_by_role("alert")).to_contain_text("The organiser's desk could not be loaded")
    assert asked
    public = phones.new("public", service_workers="block")
    seen = []
    public.on("request", lambda req: seen.append(req.url) if "staff.js" in req.url else None)
    public.goto(f"/tournament/{made['id']}")
    expect(public.locator("#tournament-body")).not_to_be_empty()
    assert seen == []


def test_a_double_tap_on_next_moves_one_step_while_the_games_part_is_still_loading(phones):
    """Next waits for the game's wizard part before it checks the step; a second tap meanwhile is the same tap, not a
    second Next checking the step the first one reached (its empty names told as a mistake)."""
    host = phones.new("host", service_workers="block")
    held = []
    host.route("**/games/underworlds/wizard.js*", lambda route: held.append(route))   # answered once both taps are in
    host.goto("/new")
    expect(host.get_by_role("heading", name="New game")).to_be_visible()
    host.locator("#wizard-next").dblclick()
    assert held, "the wizard part was asked for"
    for route in held:
        route.continue_()
    expect(host.get_by_role("heading", name="Players")).to_be_visible()
    expect(host.get_by_role("group", name="Step 2 of 3")).to_be_attached()
    expect(host.locator("#wizard[data-ready='true']")).to_be_attached()
    expect(host.locator("#toast")).not_to_contain_text("needs a name")
