"""Imports are bounded (events, replay time), replayed off the event loop, and limited per address."""
from __future__ import annotations

import json

from app.live.runtime import offloader
from app.schemas import sanity
from app.server import create_app
from app.service import transfer
from tests.api.helpers import auth, event, new_game, submit


def _app(tmp_path, **cfg):
    return create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'i.db'}",
                       "INSTANCE_PATH": str(tmp_path), "RATE_LIMIT_PER_SECOND": 1000.0, "RATE_LIMIT_BURST": 1000,
                       **cfg})


def _export_of_notes(client, n: int) -> dict:
    game = new_game(client)
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["referee_token"])).get_json()
    exported["events"] = [{"seq": i + 1, "id": f"n{i}", "type": "note", "by": "referee", "data": {"text": "x"}}
                          for i in range(n)]
    return exported


def test_an_import_over_the_event_limit_is_413_before_replaying(tmp_path):
    client = _app(tmp_path, IMPORT_MAX_EVENTS=50).test_client()
    resp = client.post("/api/games/import", json=_export_of_notes(client, 51))
    assert resp.status_code == 413 and resp.get_json()["error"]["code"] == "import_too_large"
    assert client.post("/api/games/import", json=_export_of_notes(client, 50)).status_code == 201


def test_an_import_that_replays_too_long_is_refused(tmp_path):
    client = _app(tmp_path, IMPORT_MAX_SECONDS=0.1).test_client()
    exported = _export_of_notes(client, 1)
    # Each undo replays the whole log before it: 4,000 events with every other one an undo would take minutes.
    events = []
    for i in range(2000):
        events.append({"seq": 2 * i + 1, "id": f"n{i}", "type": "note", "by": "referee", "data": {"text": "x"}})
        events.append({"seq": 2 * i + 2, "id": f"r{i}", "type": "revert", "by": "referee",
                       "data": {"seq": 2 * i + 1, "reason": "typo"}})
    exported["events"] = events
    resp = client.post("/api/games/import", json=exported)
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "import_too_long"


def test_the_export_and_the_replay_run_through_the_offloader(tmp_path):
    app = _app(tmp_path)
    client = app.test_client()
    service = app.extensions["tablewarden"]["service"]
    ran = []
    service.logs.offload = lambda fn, *args: ran.append(fn.__name__) or fn(*args)
    game = new_game(client)
    submit(client, game, "p1", event("p1"))
    exported = client.get(f"/api/games/{game['id']}/export", headers=auth(game["referee_token"])).get_json()
    assert client.post("/api/games/import", json=exported).status_code == 201
    assert ran == ["encoded_export", "_checked_import"]  # the export's text is made off the event loop too


def test_imports_are_limited_per_address(tmp_path):
    client = _app(tmp_path, IMPORTS_PER_HOUR=2).test_client()
    exported = _export_of_notes(client, 1)
    assert [client.post("/api/games/import", json=exported).status_code for _ in range(3)] == [201, 201, 429]
    other = client.post("/api/games/import", json=exported, environ_base={"REMOTE_ADDR": "10.1.1.1"})
    assert other.status_code == 201


def test_the_server_replays_imports_in_a_real_thread_under_eventlet():
    from eventlet import tpool  # noqa: PLC0415 - importing eventlet warns that it is deprecated; only this test needs it
    assert offloader("eventlet") is tpool.execute


def test_a_setup_padded_by_shape_is_refused_and_nothing_is_stored(tmp_path):
    app = _app(tmp_path)
    client = app.test_client()
    exported = _export_of_notes(client, 1)
    exported["setup"]["padding"] = [7] * 60_000
    before = len(app.extensions["tablewarden"]["store"].list_games())
    resp = client.post("/api/games/import", json=exported)
    err = resp.get_json()["error"]
    assert resp.status_code == 413 and err["code"] == "import_too_large" and "setup" in err["fields"]
    assert len(app.extensions["tablewarden"]["store"].list_games()) == before


def test_a_file_of_too_many_values_is_refused_before_it_is_parsed(tmp_path, monkeypatch):
    client = _app(tmp_path).test_client()
    exported = _export_of_notes(client, 1)
    raw = json.dumps(exported).encode()[:-1] + b',"pad":[' + b"1," * 600_000 + b"1]}"
    parsed = []
    monkeypatch.setattr(sanity, "loads", lambda text: parsed.append(1))
    resp = client.post("/api/games/import", data=raw, content_type="application/json")
    assert resp.status_code == 413 and json.loads(resp.data)["error"]["code"] == "import_too_large" and not parsed


def test_keys_the_export_format_does_not_know_are_refused(tmp_path):
    client = _app(tmp_path).test_client()
    exported = _export_of_notes(client, 1)
    for where, body in (("top", {**exported, "extra": 1}),
                        ("rules", {**exported, "rules": {"ruleset": "test/tally", "junk": "x"}}),
                        ("setup", {**exported, "setup": {**exported["setup"], "k0": 1}}),
                        ("event", {**exported, "events": [{**exported["events"][0], "junk": 1}]})):
        resp = client.post("/api/games/import", json=body)
        assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "invalid", where


def test_a_file_of_many_unknown_keys_is_refused_naming_a_few(tmp_path):
    client = _app(tmp_path).test_client()
    exported = _export_of_notes(client, 1)
    resp = client.post("/api/games/import", json={**exported, **{f"k{i}": 1 for i in range(3000)}})
    err = resp.get_json()["error"]
    assert resp.status_code == 400 and err["code"] == "invalid" and len(err["fields"]) == 20
    assert err["message"].endswith("The first 20 are named.")


def test_an_import_whose_undos_would_replay_too_much_is_refused_before_replaying(tmp_path, monkeypatch):
    """Each undo replays the log before it: a log of many undos is refused from its length, without a replay."""
    client = _app(tmp_path).test_client()
    exported = _export_of_notes(client, 1000)
    exported["events"] += [{"seq": 1001 + i, "id": f"u{i}", "type": "revert", "by": "referee",
                            "data": {"seq": 1, "reason": "again"}} for i in range(400)]
    assert transfer.replayed_by_undos(exported["events"]) > transfer.IMPORT_MAX_REPLAYED
    replays = []
    monkeypatch.setattr(transfer, "replay", lambda *a, **k: replays.append(a))
    resp = client.post("/api/games/import", json=exported)
    err = resp.get_json()["error"]
    assert resp.status_code == 422 and err["code"] == "import_too_long" and "events" in err["fields"], err
    assert replays == []
    # A long log with a few undos is far below the bound.
    few = _export_of_notes(client, 20_000)["events"] + [{"type": "revert"}] * 5
    assert transfer.replayed_by_undos(few) < transfer.IMPORT_MAX_REPLAYED
