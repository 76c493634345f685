"""Shared steps of the tournament browser tests: the tournament API over HTTP, and the new-tournament form opened."""
from __future__ import annotations

import requests
from playwright.sync_api import expect


def api(server, token, method, path, **kw):
    """Call /api/tournaments/<path> with a role's token; it must succeed. Returns the JSON reply."""
    r = requests.request(method, f"{server.url}/api/tournaments/{path}", headers={"Authorization": f"Bearer {token}"},
                         timeout=15, **kw)
    assert r.status_code < 300, r.text
    return r.json()


def open_tournament_form(page, name: str) -> None:
    """From the start screen to the new-tournament form, named."""
    page.goto("/")
    page.get_by_role("link", name="Run an event").click()
    expect(page.locator("#tournament-form[data-ready='true']")).to_be_attached()
    page.locator("#tournament-name").fill(name)
