"""Conquest content REST: cards by name for a faction (community cards only when asked), deck checks."""
from __future__ import annotations

from .test_content import client  # noqa: F401 - the same app fixture


def test_cards_own_faction_then_allies_then_neutral(client):  # noqa: F811
    """An Ork player's list starts with Ork cards, then Astra Militarum and Chaos, then Neutral."""
    body = client.get("/api/content/conquest/cards?faction=Orks").get_json()
    assert body["factions"][:4] == ["Orks", "Astra Militarum", "Chaos", "Neutral"]
    factions = [c["faction"] for c in body["items"]]
    assert factions[0] == "Orks" and factions.index("Astra Militarum") > factions.index("Orks")
    assert len(body["items"]) == 710 and all(c["official"] for c in body["items"])
    kans = next(c for c in body["items"] if c["name"] == "Rugged Killa Kans")
    assert (kans["cost"], kans["attack"], kans["hp"], kans["command_icons"], kans["keywords"]) == (4, 2, 5, 2, ["brutal", "no attachments wargear"])
    assert "text" not in kans


def test_community_cards_only_when_the_table_uses_them(client):  # noqa: F811
    """?community=1 adds the 414 community-made cards, each marked official: false."""
    body = client.get("/api/content/conquest/cards?faction=Orks&community=1").get_json()
    assert len(body["items"]) == 1124
    assert sum(not c["official"] for c in body["items"]) == 414


def test_deck_check_names_rules(client):  # noqa: F811
    """A deck of 3 cards breaks the size and squad rules, each problem with its rule; bad input is 4xx."""
    reply = client.post("/api/content/conquest/deck-check",
                        json={"warlord": "nazdreg", "deck": {"cards": [{"name": "Goff Nob", "count": 3}]}})
    assert reply.status_code == 200
    problems = reply.get_json()["problems"]
    assert {p["code"] for p in problems} >= {"too_few", "squad", "deck_too_small"}
    assert all(p["rule"] for p in problems)
    assert client.post("/api/content/conquest/deck-check", json={"deck": {}}).status_code == 400
    assert client.post("/api/content/conquest/deck-check", json={"warlord": "nobody", "deck": {"cards": []}}).status_code == 404
    assert client.post("/api/content/conquest/deck-check", json={"warlord": "nazdreg", "deck": {"cards": 3}}).status_code == 422
    assert client.post("/api/content/conquest/deck-check", data="nope").status_code == 400
