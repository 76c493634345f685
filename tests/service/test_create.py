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
