"""Open seats set by their own phones (app/service/seatsetup.py): a seat set while another phone sets its own."""
from __future__ import annotations

import copy

from tests.api.helpers import auth, created

ANA = {"name": "Ana", "warband": "garreks-reavers"}


def test_two_phones_setting_their_seats_at_once_both_keep_theirs(app, client):
    """Ben's write is made from a setup Cy's phone has just changed: it is refused by the store, read again and
    made on top of Cy's, so neither seat is lost (and the game starts with both)."""
    game = created(client, {"ruleset": "underworlds/deathgorge", "options": {"format": "rivals", "players": 3},
                            "seats": [ANA, {"open": True}, {"open": True}]})
    tokens = {s: client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": s}).get_json()["token"]
              for s in ("p2", "p3")}
    store = app.extensions["tablewarden"]["service"].logs.store
    real = store.replace_setup
    calls = []

    def cy_first(game_id, before, after):
        if not calls:   # Cy's phone's write lands between Ben's read and Ben's write
            cy = copy.deepcopy(before)
            cy["seats"][2] = {"name": "Cy", "warband": "steelhearts-champions"}
            assert real(game_id, before, cy)
        calls.append(after)
        return real(game_id, before, after)

    store.replace_setup = cy_first
    try:
        ben = client.put(f"/api/games/{game['id']}/seats/p2", json={"name": "Ben", "warband": "garreks-reavers"},
                         headers=auth(tokens["p2"]))
    finally:
        store.replace_setup = real
    assert ben.status_code == 200 and len(calls) == 2
    assert ben.get_json()["started"] is True
    names = client.get(f"/api/games/{game['id']}", headers=auth(tokens["p3"])).get_json()["seats"]
    assert [s["name"] for s in names] == ["Ana", "Ben", "Cy"]
