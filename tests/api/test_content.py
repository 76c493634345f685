"""Content REST (app/api/content.py): generic listings, records, fighters, custom content round trip."""
from __future__ import annotations

import pytest
from flask import Flask

from app.api.content import bp

FIGHTER = {"slug": "vexmor", "name": "Vexmor", "leader": True, "move": 3,
           "defence": {"dice": 1, "symbol": "dodge"}, "wounds": 5,
           "profiles": [{"name": "Claws", "range": 1, "dice": 2, "symbol": "fury", "damage": 2}]}


class MemoryStore:
    """The custom-content part of the server's store interface (save_custom/get_custom/list_custom)."""

    def __init__(self):
        self.rows: dict[tuple[str, str], dict] = {}

    def save_custom(self, kind, payload, id=None):  # noqa: A002 - same signature as the store
        cid = id or f"c{len(self.rows) + 1}"
        self.rows[(kind, cid)] = payload
        return cid

    def get_custom(self, kind, cid):
        return self.rows.get((kind, cid))

    def list_custom(self, kind):
        return [{"id": cid, "payload": p, "created_at": "2026-11-26T00:00:00Z"}
                for (k, cid), p in self.rows.items() if k == kind]


@pytest.fixture
def client():
    app = Flask(__name__)
    app.extensions["tablewarden"] = {"store": MemoryStore()}
    app.register_blueprint(bp)
    return app.test_client()


def test_index_lists_games_and_kinds(client):
    """GET /api/content names each game's content kinds with counts."""
    body = client.get("/api/content").get_json()
    assert body["games"]["underworlds"]["warbands"] >= 9
    assert set(body["custom_kinds"]) == {"warband", "deck"}


def test_listing_and_record(client):
    """Listings are generic by game and kind; one record is served whole."""
    items = client.get("/api/content/underworlds/warbands").get_json()["items"]
    ids = {i["id"] for i in items}
    assert {"cyrenis-razors", "thricefold-discord", "garreks-reavers"} <= ids
    discord = next(i for i in items if i["id"] == "thricefold-discord")
    assert discord["printings"][0]["incomplete"] is True
    rec = client.get("/api/content/underworlds/warbands/garreks-reavers").get_json()
    assert rec["printings"][0]["fighters"][0]["name"] == "Garrek Gorebeard"
    decks = client.get("/api/content/underworlds/decks").get_json()["items"]
    assert any(d["id"] == "shadespire-universal" and d["symbol"] == "universal" for d in decks)


def test_not_found_errors(client):
    """Unknown games, kinds and ids answer 404 with the error envelope."""
    for url in ("/api/content/chess/pieces", "/api/content/underworlds/warbands/nobody",
                "/api/content/underworlds/warbands/nobody/fighters", "/api/content/custom/boards"):
        resp = client.get(url)
        assert resp.status_code == 404 and resp.get_json()["error"]["code"] in ("unknown_kind", "not_found")


def test_fighters_with_missing_fields(client):
    """The fighters a seat gets, per ruleset printing, and what the players must enter."""
    body = client.get("/api/content/underworlds/warbands/thricefold-discord/fighters").get_json()
    assert body["missing"]["vexmor"][:3] == ["move", "defence", "wounds"]
    old = client.get("/api/content/underworlds/warbands/ironsouls-condemnors/fighters"
                     "?ruleset=underworlds/dreadfane").get_json()
    assert old["printing"]["id"] == "dreadfane-2019" and old["fighters"][0]["wounds"] == 4


def test_custom_warband_round_trip(client):
    """A player's warband is validated, saved, listed and fetched again by its link."""
    resp = client.post("/api/content/custom/warband", json={"name": "My band", "fighters": [FIGHTER]})
    assert resp.status_code == 201
    link = resp.get_json()["link"]
    assert resp.headers["Location"] == link
    got = client.get(link).get_json()
    assert got["payload"]["fighters"][0]["wounds"] == 5 and got["payload"]["fighters"][0]["traits"] == []
    listed = client.get("/api/content/custom/warband").get_json()["items"]
    assert [i["name"] for i in listed] == ["My band"]


def test_invalid_custom_content_names_the_field(client):
    """A broken custom warband is refused (422) with the broken field named."""
    bad = {"name": "My band", "fighters": [{**FIGHTER, "defence": {"dice": "two", "symbol": "dodge"}}]}
    resp = client.post("/api/content/custom/warband", json=bad)
    assert resp.status_code == 422
    err = resp.get_json()["error"]
    assert "fighters[0].defence.dice" in err["fields"] and "fighter 'vexmor'" in err["message"]
    assert client.post("/api/content/custom/warband", data="nope").status_code == 422


def test_custom_content_needs_a_store():
    """Without the server's store, custom content answers 503 rather than failing."""
    app = Flask(__name__)
    app.register_blueprint(bp)
    resp = app.test_client().post("/api/content/custom/deck", json={"name": "D"})
    assert resp.status_code == 503


def test_deck_check_lists_problems_with_rules(client):
    """POST deck-check answers the format's deck-building problems, each with its rule."""
    body = {"format": "nemesis", "warband": "garreks-reavers",
            "deck": {"rivals": ["garreks-reavers-shadespire"], "objectives": ["Khorne Cares Not"],
                     "power": ["Blood Rain", "Frenzy"]}}
    problems = client.post("/api/content/underworlds/deck-check", json=body).get_json()["problems"]
    assert {p["code"] for p in problems} == {"objective_deck_too_small", "power_deck_too_small"}
    assert all(p["rule"].startswith("Deathgorge rulebook, Ways to play: Nemesis") for p in problems)
    bad = client.post("/api/content/underworlds/deck-check", json={**body, "deck": "nope"})
    assert bad.status_code == 422 and bad.get_json()["error"]["code"] == "invalid_deck"
    assert client.post("/api/content/underworlds/deck-check", json={}).status_code == 400
