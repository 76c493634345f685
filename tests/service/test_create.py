"""Creating games: a join code (or id) already taken is drawn again; a match's next game is made once."""
from __future__ import annotations

import uuid

from app.api import openapi
from app.service import create as creating
from app.service.tokens import new_game_id, next_game_id
from tests.api.helpers import auth, created, new_game, submit


def test_a_taken_join_code_is_drawn_again_rather_than_answered_as_a_store_failure(app, client, monkeypatch):
    first = new_game(client)
    codes = iter([first["join_code"], "ZZZZ2345"])
    monkeypatch.setattr(creating, "new_join_code", lambda: next(codes))
    second = new_game(client)
    assert second["join_code"] == "ZZZZ2345" and second["id"] != first["id"]


def test_a_match_game_has_one_id_that_looks_like_any_other():
    assert next_game_id("abc", 2) == next_game_id("abc", 2)
    assert len({next_game_id("abc", 2), next_game_id("abc", 3), next_game_id("abd", 2)}) == 3
    assert len(next_game_id("abc", 2)) == len(new_game_id())


def _battlelore_scenario_won(client) -> dict:
    """A first campaign scenario played to an elimination win for Ana (unit cards typed in)."""
    def unit(slug, health):
        return {"slug": slug, "name": slug.title(), "health": health, "movement": 2, "combat": 3,
                "attack": "melee", "muster": 5}
    game = created(client, {"ruleset": "battlelore/second-edition",
                            "options": {"campaign": {"game": 1, "history": []}, "prebuilt": True},
                            "seats": [{"name": "Ana", "faction": "daqan", "units": [unit("knights", 3)]},
                                      {"name": "Ben", "faction": "uthuk", "units": [unit("raiders", 1)]}]})
    pos = {"section": "center", "terrain": "clear"}
    steps = [("p1", "choose_scenario", {"scenario": "A1"}), ("p2", "choose_scenario", {"scenario": "A1"}),
             ("p1", "first_player", {"seat": "p1"}), ("p1", "muster", {"army": {"knights": 1}}),
             ("p2", "muster", {"army": {"raiders": 1}}), ("p1", "place", {"unit": "p1.knights-1", "to": pos}),
             ("p2", "place", {"unit": "p2.raiders-1", "to": pos}),
             ("p1", "play_command", {"section": "any", "units": 1}), ("p1", "order", {"unit": "p1.knights-1"}),
             ("p1", "attack", {"attacker": "p1.knights-1", "target": "p2.raiders-1", "kind": "melee", "distance": 1,
                               "roll": ["strike", "lore", "lore"]})]   # the hit applies itself: the game is won
    for by, etype, data in steps:
        assert submit(client, game, by, {"id": str(uuid.uuid4()), "type": etype, "by": by, "data": data}).status_code == 201
    return game


def test_a_later_game_of_a_match_or_campaign_is_never_made_from_a_clients_history(app, client):
    """Options that carry earlier games (options.match.previous, a campaign's history) are the server's to write:
    a new game with them is refused with a sentence and nothing is stored."""
    games = len(app.extensions["tablewarden"]["service"].logs.store.list_games())
    match = {"game": 2, "seats": ["p1", "p2"], "previous": [{"winners": ["p1"], "draw": False,
                                                            "glory": {"p1": 3, "p2": 0}, "wiped_out": []}]}
    for body in ({"ruleset": "underworlds/shadespire", "options": {"match": match}, "seats": [{"name": "A"}, {"name": "B"}]},
                 {"ruleset": "battlelore/second-edition", "seats": [{"name": "A"}, {"name": "B"}],
                  "options": {"campaign": {"game": 2, "history": [{"winner": "p1", "vp": {"p1": 6, "p2": 2}}]}}}):
        resp = client.post("/api/games", json=body)
        assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "follows_needed", resp.get_json()
        assert "follows" in resp.get_json()["error"]["message"]
    assert len(app.extensions["tablewarden"]["service"].logs.store.list_games()) == games


def test_a_next_game_body_names_only_the_game_it_follows(client):
    game = _battlelore_scenario_won(client)
    for extra in ({"seats": [{"name": "A"}, {"name": "B"}]}, {"options": {"campaign": {"game": 2, "history": []}}},
                  {"shared_device": True}):
        resp = client.post("/api/games", headers=auth(game["tokens"]["p1"]), json={"follows": game["id"], **extra})
        assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "follows_only"
    other = client.post("/api/games", headers=auth(game["tokens"]["p1"]),
                        json={"follows": game["id"], "ruleset": "underworlds/shadespire"})
    assert other.status_code == 409 and other.get_json()["error"]["code"] == "no_next_game"
    missing = client.post("/api/games", headers=auth(game["tokens"]["p1"]), json={"follows": "no-such-game"})
    assert missing.status_code == 404


def test_a_campaigns_next_scenario_is_made_once_from_the_stored_scenario(client):
    """BattleLore campaign: the next scenario carries the server's result of the one before and each player's unit
    cards; both phones reach the same game, each with its own seat only; a plain game has no next game."""
    game = _battlelore_scenario_won(client)
    ben = client.post("/api/games", headers=auth(game["tokens"]["p2"]), json={"follows": game["id"]})
    assert ben.status_code == 201, ben.get_json()
    nxt = ben.get_json()
    assert [s["seat"] for s in nxt["seats"] if "token" in s] == ["p2"] and "referee_token" not in nxt
    ana = client.post("/api/games", headers=auth(game["tokens"]["p1"]), json={"follows": game["id"]}).get_json()
    for reply in (nxt, ana):
        openapi.GameCreatedSchema().load(reply)   # the documented shape
    assert ana["id"] == nxt["id"] and [s["seat"] for s in ana["seats"] if "token" in s] == ["p1"]
    ref = client.post("/api/games", headers=auth(game["referee_token"]), json={"follows": game["id"]}).get_json()
    setup = client.get(f"/api/games/{nxt['id']}/export", headers=auth(ref["referee_token"])).get_json()["setup"]
    assert setup["options"]["campaign"] == {"game": 2, "history": [{"winner": "p1", "vp": {"p1": 0, "p2": 0}}]}
    assert [[u["slug"] for u in s["units"] if u["slug"] in ("knights", "raiders")] for s in setup["seats"]] == [["knights"], ["raiders"]]
    plain = new_game(client)
    resp = client.post("/api/games", headers=auth(plain["tokens"]["p1"]), json={"follows": plain["id"]})
    assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "no_next_game"


def test_two_phones_that_make_the_next_game_at_the_same_moment_reach_one_game(app, client, monkeypatch):
    """The store refuses the second insert of the same next game: that caller gets the game made first, its own seat."""
    game = _battlelore_scenario_won(client)
    first = client.post("/api/games", headers=auth(game["tokens"]["p1"]), json={"follows": game["id"]}).get_json()
    store = app.extensions["tablewarden"]["service"].logs.store
    real = store.get_game
    looked = []

    def first_look_misses(gid):
        """The second caller looks before the first one's row is there; then the store has it."""
        if gid == first["id"] and not looked:
            looked.append(gid)
            return None
        return real(gid)

    monkeypatch.setattr(store, "get_game", first_look_misses)
    second = client.post("/api/games", headers=auth(game["tokens"]["p2"]), json={"follows": game["id"]})
    assert second.status_code == 200, second.get_json()
    assert looked, "the second caller's look missed the game, so its insert met the first one's"
    assert second.get_json()["id"] == first["id"] and [s["seat"] for s in second.get_json()["seats"] if "token" in s] == ["p2"]


def test_options_and_seats_hold_a_bounded_number_of_entries(client):
    """A game's options and a seat's set-up are a handful of named choices: 64 entries at most, whatever they are."""
    seats = [{"name": "A"}, {"name": "B"}]
    many = {f"k{i}": 0 for i in range(65)}
    resp = client.post("/api/games", json={"ruleset": "test/tally", "seats": seats, "options": many})
    assert resp.status_code == 400 and "options" in resp.get_json()["error"]["fields"]
    resp = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "A", **many}, {"name": "B"}]})
    assert resp.status_code == 400 and any(f.startswith("seats") for f in resp.get_json()["error"]["fields"])
