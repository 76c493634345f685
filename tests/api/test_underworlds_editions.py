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


@pytest.mark.parametrize("ruleset,seats", [
    ("underworlds/deathgorge", ["garreks-reavers", "cyrenis-razors"]),
    ("underworlds/dreadfane", ["ironsouls-condemnors", "lady-harrows-mournflight"]),
    ("underworlds/shadespire", ["steelhearts-champions", "garreks-reavers"]),
])
@pytest.mark.parametrize("slug", [7, ["a"], {"a": 1}, None, ""])
def test_an_import_whose_fighter_is_not_what_a_new_game_takes_is_refused_as_creating_it_is(client, ruleset, seats, slug):
    """A fighter's slug that is no string: the import is refused 422 bad_setup naming the field, as creating the
    same game is (one schema for both)."""
    game = create(client, ruleset, seats)
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["referee_token"])).get_json()
    fighter = {**exported["setup"]["seats"][0]["fighters"][0], "slug": slug}
    exported["setup"]["seats"][0]["fighters"][0] = fighter
    imported = client.post("/api/games/import", json=exported)
    created = client.post("/api/games", json={"ruleset": ruleset, "seats": [
        {"name": "A", "fighters": [fighter]}, {"name": "B", "warband": seats[1]}]})
    for resp in (imported, created):
        err = resp.get_json()["error"]
        assert resp.status_code == 422 and err["code"] == "bad_setup", err
        assert any(key.startswith("seats[0].fighters") for key in err["fields"]), err
