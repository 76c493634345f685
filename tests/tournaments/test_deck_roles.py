"""A tournament table's game before the deck lists are published, per role: each player's phone carries its own
deck only; a judge who opens the game is its referee and sees every seat's, as any referee does; the table
device is the table's one phone and shows the first seat's side, as any shared device does; the scorekeeper and
a spectator see none (docs/operating.md, Who sees what)."""
from __future__ import annotations

import pytest

from tests.api.tournament_helpers import auth

from .decks import leaks


@pytest.fixture
def device_table(client):
    """Ana and Ben with their decks at table 1, played on the table's device; round 1 published, decks not."""
    made = client.post("/api/tournaments", json={"name": "Deck night", "date": "2026-12-05", "format": "rivals"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    tokens = {"organiser": org}
    for role, extra in (("scorekeeper", {"name": "Sam"}), ("judge", {"name": "Kim"}), ("table", {"table": 1})):
        tokens[role] = client.post(f"/api/tournaments/{tid}/links", headers=auth(org),
                                   json={"role": role, **extra}).get_json()["token"]
    for name, warband, deck in (("Ana", "cyrenis-razors", "cyrenis-razors-rivals"), ("Ben", "garreks-reavers", "force-of-frost")):
        r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name, "warband": warband, "deck": deck})
        tokens[name] = r.get_json()["token"]
        client.post(f"/api/tournaments/{tid}/players/{r.get_json()['player']}/check-in", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/mode", headers=auth(org), json={"mode": "device"}).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    return tid, tokens


def test_each_role_reads_the_decks_the_docs_say_through_the_tables_game(client, device_table):
    tid, tokens = device_table
    table = client.get(f"/api/tournaments/{tid}", headers=auth(tokens["organiser"])).get_json()["rounds"][0]["tables"][0]
    seat_player = dict(zip(("p1", "p2"), table["names"]))
    expected = {"Ana": {"Ana"}, "Ben": {"Ben"}, "judge": {"Ana", "Ben"}, "table": {seat_player["p1"]},
                "scorekeeper": set()}
    for role, allowed in expected.items():
        opened = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[role]))
        assert opened.status_code == 200 or opened.status_code == 201, (role, opened.get_json())
        seat = opened.get_json()
        for path in (f"/api/games/{seat['game']}", f"/api/games/{seat['game']}/export",
                     f"/api/games/{seat['game']}/events?since=0"):
            got = client.get(path, headers=auth(seat["token"]))
            assert got.status_code == 200, (role, path, got.get_json())
            seen = {n for n in ("Ana", "Ben") if leaks(got.get_json(), allowed=[m for m in ("Ana", "Ben", "Cai") if m != n])}
            assert seen <= allowed, (role, path, seen)
            if path.endswith("/export"):
                assert seen == allowed, (role, path, seen)  # the export carries the setup, decks included
