"""BattleLore unit cards saved on the server (custom kind battlelore_unit): save, list, open by link."""
from __future__ import annotations

from .test_content import client  # noqa: F401 - the same app fixture

UNIT = {"name": "Citadel Guard", "slug": "citadel-guard", "faction": "daqan", "health": 4, "movement": 1,
        "combat": 3, "attack": "melee", "range": None, "muster": 4, "abilities": ["defensive"]}


def test_a_unit_card_is_saved_and_found_again(client):  # noqa: F811
    """Saved once, listed for every phone of the server, opened by its link with every number."""
    reply = client.post("/api/content/custom/battlelore_unit", json=UNIT)
    assert reply.status_code == 201
    saved = reply.get_json()
    listed = client.get("/api/content/custom/battlelore_unit").get_json()["items"]
    assert [(x["id"], x["name"]) for x in listed] == [(saved["id"], "Citadel Guard")]
    body = client.get(saved["link"]).get_json()["payload"]
    assert {k: body[k] for k in ("health", "movement", "combat", "muster")} == {"health": 4, "movement": 1,
                                                                              "combat": 3, "muster": 4}


def test_a_bad_unit_card_is_refused(client):  # noqa: F811
    """Missing numbers, a ranged unit without range, unknown fields: 422 naming the field; nothing saved."""
    for bad, field in (({**UNIT, "health": None}, "health"), ({**UNIT, "attack": "ranged"}, "range"),
                       ({**UNIT, "colour": "blue"}, "colour"), ({**UNIT, "slug": "Bad Slug"}, "slug")):
        reply = client.post("/api/content/custom/battlelore_unit", json=bad)
        assert reply.status_code == 422 and field in str(reply.get_json()["error"]["fields"]), (field, reply.get_json())
    assert client.get("/api/content/custom/battlelore_unit").get_json()["items"] == []
