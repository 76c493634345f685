"""app/service/preview.py: an undo's preview lists what it would void as the asking seat may see it."""
from __future__ import annotations

from app.engine.core import Event
from app.service.gamelogs import LONG_REPLAY, Folded
from app.service.preview import preview_revert
from tests.api.helpers import auth, conquest_game, event, submit, to_command
from tests.support.long_games import Counting, long_game


def test_a_voided_secret_dial_is_listed_without_its_planet_for_the_other_seat(app, client):
    """Ana's command dial is secret until Ben commits (Conquest, Rules summary, 2. Command, Step 1). Taking back her
    kept hand voids the entries after it, her dial among them: the referee's preview names the planet; the same preview made for Ben's seat lists the entry and
    its status, never the planet nor the reasons that quote it."""
    game = conquest_game(client)
    to_command(client, game)
    assert submit(client, game, "p1", event("p1", "commit", planet=4)).status_code == 201
    head = client.get(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["p1"])).get_json()["head"]
    service = app.extensions["tablewarden"]["service"]
    folded = service.logs.folded(game["id"])
    kept = next(r["seq"] for r in folded.records if r["type"] == "mulligan")   # Ana's kept hand
    undo = Event(type="revert", by="referee", data={"seq": kept})
    whole = preview_revert(folded, undo, "referee", True)
    hidden = preview_revert(folded, undo, "p2", True)
    assert head in [v["seq"] for v in whole["voids"]] and [v["seq"] for v in whole["voids"]] == [v["seq"] for v in hidden["voids"]]
    dial = next(v for v in whole["voids"] if v["seq"] == head)
    secret = next(v for v in hidden["voids"] if v["seq"] == head)
    assert dial["data"] == {"planet": 4} and dial["violations"]
    assert secret["data"] == {}
    assert "violations" not in secret and "refused_again" not in secret
    assert "4" not in str({k: v for k, v in secret.items() if k != "seq"})


def test_an_undo_preview_in_a_long_game_folds_from_a_point_and_answers_as_a_whole_fold_does(app, client, monkeypatch):
    game = long_game(client, 2000)
    service = app.extensions["tablewarden"]["service"]
    folded = service.logs.folded(game["id"])
    undo = Event(type="revert", by="referee", data={"seq": 1990})
    correction = Event(type="add", by="p1", data={"points": 2})
    # the same log without points: folded from the start, as before points existed
    pointless = Folded(folded.game, folded.rs, list(folded.records), folded.state, folded.inert)
    expected = preview_revert(pointless, undo, "p2", True, correction)
    counting = Counting(monkeypatch, folded.rs)
    answer = preview_revert(folded, undo, "p2", True, correction, service.logs.refold)
    assert answer == expected and counting.applied <= 2 * LONG_REPLAY + 10, counting.applied
    assert [v["seq"] for v in answer["voids"]] == [1991] and answer["voids"][0]["status"] == "refused_now"
    assert answer["then"]["allowed"] is True
