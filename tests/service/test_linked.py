"""A linked game's next game, derived from the stored game before (its setup, final state and outcome)."""
from __future__ import annotations

import pytest

from app.engine.underworlds.editions import matched_play
from app.service import ApiError, linked
from tests.api.helpers import created, new_game
from tests.api.tournament_helpers import quiet_game


def _service(app):
    return app.extensions["tablewarden"]["service"]


def _match_game(client) -> dict:
    context = matched_play.game_context(matched_play.new_match(["p1", "p2"], tiebreakers=True))
    return created(client, {"ruleset": "underworlds/shadespire", "options": {"match": context},
                            "seats": [{"name": "Ana", "warband": "steelhearts-champions"},
                                      {"name": "Ben", "warband": "garreks-reavers"}]})


def test_a_matchs_next_game_appends_the_stored_record_and_keeps_the_seats(app, client):
    game = _match_game(client)
    quiet_game(client, game["id"], game["tokens"], glory={"p2": 3})
    before = _service(app).logs.folded(game["id"])
    nxt = linked.next_game(before)
    record = before.rs.outcome(before.state)["record"]
    assert nxt.number == 2 and not nxt.expand
    assert nxt.setup["options"]["match"]["previous"] == [record] and nxt.setup["options"]["match"]["game"] == 2
    assert nxt.setup["seats"] == before.game["setup"]["seats"]
    assert before.game["setup"]["options"]["match"]["game"] == 1, "the stored game is unchanged"


def test_there_is_no_next_game_before_the_end_or_outside_a_match(app, client):
    game = _match_game(client)
    with pytest.raises(ApiError) as playing:
        linked.next_game(_service(app).logs.folded(game["id"]))
    assert (playing.value.status, playing.value.code) == (409, "no_next_game")
    plain = new_game(client)
    folded = _service(app).logs.folded(plain["id"])
    folded.state["winner"] = "p1"  # a finished plain game: still no match to go on with
    with pytest.raises(ApiError) as alone:
        linked.next_game(folded)
    assert alone.value.code == "no_next_game"
