"""Creating games: a join code (or id) already taken is drawn again; a match's next game is made once."""
from __future__ import annotations

from app.service import create as creating
from app.service.tokens import new_game_id, next_game_id
from tests.api.helpers import new_game


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


def test_options_and_seats_hold_a_bounded_number_of_entries(client):
    """A game's options and a seat's set-up are a handful of named choices: 64 entries at most, whatever they are."""
    seats = [{"name": "A"}, {"name": "B"}]
    many = {f"k{i}": 0 for i in range(65)}
    resp = client.post("/api/games", json={"ruleset": "test/tally", "seats": seats, "options": many})
    assert resp.status_code == 400 and "options" in resp.get_json()["error"]["fields"]
    resp = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "A", **many}, {"name": "B"}]})
    assert resp.status_code == 400 and any(f.startswith("seats") for f in resp.get_json()["error"]["fields"])
