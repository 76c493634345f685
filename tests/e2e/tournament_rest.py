"""Shared steps of the tournament browser tests: the tournament API over HTTP, a table's game played out over it, and
the new-tournament form opened."""
from __future__ import annotations

import requests
from playwright.sync_api import expect

from .uw_rest import quiet_game, set_up


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


def play_table(server, tournament_id, tokens, round_no, table, glory):
    """Open seats through the tournament links (player tokens, or one table-device token) and play the game out."""
    seats = [api(server, t, "POST", f"{tournament_id}/rounds/{round_no}/tables/{table}/seat") for t in tokens]
    toks = {"p1": seats[0]["token"], "p2": seats[-1]["token"]}
    if len(seats) == 2:
        assert [s["seat"] for s in seats] == ["p1", "p2"]
    set_up(server, seats[0]["game"], toks)
    quiet_game(server, seats[0]["game"], toks, glory=glory)
