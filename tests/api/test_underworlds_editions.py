"""The earlier editions through the real server: created from content, played from the server's suggestions."""
import itertools

import pytest

from tests.api.helpers import auth, filled

_ids = itertools.count(1)


def create(client, ruleset, seats, **options):
    resp = client.post("/api/games", json={"ruleset": ruleset, "options": options,
                                           "seats": [{"name": f"P{i}", "warband": w} for i, w in enumerate(seats, 1)]})
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    return game


def play(client, game, steps):
    for _ in range(steps):
        for seat in game["tokens"]:
            advice = client.get(f"/api/games/{game['id']}/suggestions", headers=auth(game["tokens"][seat])).get_json()
            sugg = [s for s in advice["advice"]["suggestions"] if s.get("group") not in ("Table", "Inspire")]
            if sugg:
                break
        else:
            return
        ev = {**filled(sugg[0]), "id": f"ed-{next(_ids)}"}
        resp = client.post(f"/api/games/{game['id']}/events", json=ev, headers=auth(game["tokens"][ev["by"]]))
        assert resp.status_code == 201, (ev, resp.get_json())


@pytest.mark.parametrize("ruleset,seats,options", [
    ("underworlds/shadespire", ["steelhearts-champions", "garreks-reavers", "sepulchral-guard", "spiteclaws-swarm"],
     {"artefact": True}),
    ("underworlds/shadespire", ["steelhearts-champions", "garreks-reavers"], {"format": "rivals"}),
    ("underworlds/dreadfane", ["ironsouls-condemnors", "lady-harrows-mournflight"], {}),
])
def test_create_and_play_from_the_servers_suggestions(client, ruleset, seats, options):
    """Shadespire (2-4 players, Capture the Artefact) and Dreadfane games are created and played over the API."""
    game = create(client, ruleset, seats, **options)
    play(client, game, 60)
    state = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()
    assert state["view"]["state"]["edition"]["id"] == ruleset
    assert state["view"]["state"]["edition"]["has"]["hazard_phase"] == (ruleset == "underworlds/dreadfane")
