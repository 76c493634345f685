"""Links handed out before the tournament pages moved (/event/<id>#t=<token>, /event/<id>/public, /events/new) still
open the right page in the browser: a permanent redirect to the new address, the token in the fragment kept, the
holder's role shown, and no failed request or console error on the way."""
from __future__ import annotations

import pytest
import requests
from playwright.sync_api import expect

from .tournament_rest import api

pytestmark = pytest.mark.e2e


def _watched(phones, label):
    page = phones.new(label)
    page.problems = []
    page.on("response", lambda r: r.status >= 400 and page.problems.append(f"{r.status} {r.request.method} {r.url}"))
    page.on("console", lambda m: m.type == "error" and page.problems.append(f"console: {m.text}"))
    return page


def test_old_links_open_the_tournament_pages_with_their_roles(phones, server):
    made = requests.post(f"{server.url}/api/tournaments", json={"name": "Old Cup", "date": "2026-12-05"}, timeout=15).json()
    tid, org_token = made["id"], made["organiser_token"]
    ana = api(server, org_token, "POST", f"{tid}/players", json={"name": "Ana", "warband": "cyrenis-razors"})
    ana_token = ana["link"].split("#t=")[1]

    org = _watched(phones, "organiser")
    org.goto(f"/event/{tid}#t={org_token}")
    expect(org.locator("#tournament-sub")).to_contain_text("Organiser")
    assert org.url == f"{server.url}/tournament/{tid}"  # moved, and the token no longer in the address bar

    player = _watched(phones, "ana")
    player.goto(f"/event/{tid}#t={ana_token}")
    expect(player.locator("#tournament-sub")).to_contain_text("Player")
    expect(player.locator("#tournament-title")).to_have_text("Old Cup")

    venue = _watched(phones, "venue")
    venue.goto(f"/event/{tid}/public")
    expect(venue.locator("#tournament-title")).to_have_text("Old Cup")
    assert venue.url == f"{server.url}/tournament/{tid}/public"
    venue.goto("/events/new")
    expect(venue.locator("#tournament-form[data-ready='true']")).to_be_attached()
    assert venue.url == f"{server.url}/tournaments/new"

    for page in (org, player, venue):
        page.wait_for_load_state("networkidle")
        assert not page.problems, "\n".join(page.problems)
