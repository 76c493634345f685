"""The wire refuses what a game must never store: NaN/Infinity, lone surrogates, deep nesting (400, field named)."""
from __future__ import annotations

import pytest

from tests.api.helpers import auth, event, head, new_game, submit


def _post(client, path, raw, token=None):
    headers = {"Content-Type": "application/json", **(auth(token) if token else {})}
    return client.post(path, data=raw, headers=headers)


def test_nan_in_event_data_is_400_naming_the_field_and_the_game_stays_readable(client):
    game = new_game(client)
    raw = '{"id": "e-nan", "type": "add", "by": "p1", "data": {"points": 1, "unit_card": {"hp": NaN}}}'
    resp = _post(client, f"/api/games/{game['id']}/events", raw, game["tokens"]["p1"])
    assert resp.status_code == 400
    assert resp.get_json()["error"]["fields"] == {"data.unit_card.hp": "Numbers must be finite (no NaN or Infinity)."}
    assert head(client, game) == 0
    page = client.get(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["p2"]))
    assert b"NaN" not in page.data


@pytest.mark.parametrize("literal", ["Infinity", "-Infinity", "1e999"])
def test_infinite_numbers_are_refused_in_game_creation(client, literal):
    raw = '{"ruleset": "test/tally", "options": {"x": %s}, "seats": [{"name": "A"}, {"name": "B"}]}' % literal
    resp = _post(client, "/api/games", raw)
    assert resp.status_code == 400 and "options.x" in resp.get_json()["error"]["fields"]


def test_a_lone_surrogate_in_an_event_id_is_400_not_500(client):
    game = new_game(client)
    raw = '{"id": "\\ud800x", "type": "add", "by": "p1", "data": {"points": 1}}'
    resp = _post(client, f"/api/games/{game['id']}/events", raw, game["tokens"]["p1"])
    assert resp.status_code == 400 and resp.get_json()["error"]["fields"] == {
        "id": "Text with a lone surrogate (not valid Unicode)."}
    assert submit(client, game, "p1", event("p1")).status_code == 201


def test_deep_nesting_is_400_on_every_json_endpoint(client):
    game = new_game(client)
    token = game["tokens"]["p1"]
    deep = "[" * 30_000  # far past any nesting limit, under the smallest body limit (a saved record, 32 KB)
    paths = ["/api/games", "/api/games/import", f"/api/games/{game['id']}/join",
             f"/api/games/{game['id']}/events", f"/api/games/{game['id']}/preview",
             "/api/content/custom/warband", "/api/content/underworlds/deck-check"]
    for path in paths:
        resp = _post(client, path, deep, token)
        if path.endswith("/preview"):  # a preview is one event: 100 KB is refused for its size first
            assert resp.status_code == 413 and resp.get_json()["error"]["code"] == "too_large"
            continue
        assert resp.status_code == 400, (path, resp.status_code, resp.data[:200])
        assert resp.get_json()["error"]["code"] in ("invalid", "bad_request"), path
