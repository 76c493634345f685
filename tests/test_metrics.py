"""/metrics (app/metrics.py): what an operator scrapes, counted from real submits over REST and /live."""
from __future__ import annotations

import re

from prometheus_client.parser import text_string_to_metric_families

from app.server import create_app, socketio
from app.store import StoreError
from tests.api.helpers import event, new_game, submit


def scrape(client, **headers) -> dict[tuple, float]:
    resp = client.get("/metrics", headers=headers)
    assert resp.status_code == 200 and resp.mimetype == "text/plain"
    out = {}
    for family in text_string_to_metric_families(resp.get_data(as_text=True)):
        for sample in family.samples:
            out[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return out


def value(samples, name, **labels) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def test_submits_are_counted_by_outcome_and_refusals_by_code(client):
    game = new_game(client)
    first = event("p1")
    assert submit(client, game, "p1", first).status_code == 201
    assert submit(client, game, "p1", first).status_code == 200          # the same id again: a duplicate
    assert submit(client, game, "p1", event("p1")).status_code == 422    # not p1's turn in Tally
    assert submit(client, game, "p2", {"type": "add"}).status_code == 400
    got = scrape(client)
    assert value(got, "tw_events_submitted_total", transport="rest", outcome="stored") == 1
    assert value(got, "tw_events_submitted_total", transport="rest", outcome="duplicate") == 1
    assert value(got, "tw_events_submitted_total", transport="rest", outcome="refused") == 2
    codes = {dict(labels)["code"]: v for (name, labels), v in got.items() if name == "tw_events_refused_total"}
    assert codes.get("invalid") == 1 and sum(codes.values()) == 2 and len(codes) == 2
    assert value(got, "tw_submit_ack_seconds_count", transport="rest") == 4
    assert value(got, "tw_submit_ack_seconds_bucket", transport="rest", le="+Inf") == 4


def test_sockets_games_and_live_submits_are_seen(app, client):
    game, other = new_game(client), new_game(client)
    phones = [socketio.test_client(app, namespace="/live", auth={"token": game["tokens"][s]}) for s in ("p1", "p2")]
    phones.append(socketio.test_client(app, namespace="/live", auth={"token": other["tokens"]["p1"]}))
    try:
        reply = phones[0].emit("submit", event("p1"), namespace="/live", callback=True)
        assert reply["status"] == 201
        got = scrape(client)
        assert value(got, "tw_open_sockets") == 3 and value(got, "tw_games_active") == 2
        assert value(got, "tw_events_submitted_total", transport="live", outcome="stored") == 1
        assert value(got, "tw_submit_ack_seconds_count", transport="live") == 1
    finally:
        for phone in phones:
            phone.disconnect(namespace="/live")
    got = scrape(client)
    assert value(got, "tw_open_sockets") == 0 and value(got, "tw_games_active") == 0


def test_store_errors_are_counted(app, client, monkeypatch):
    game = new_game(client)
    store = app.extensions["tablewarden"]["store"]

    def down(*args, **kwargs):
        raise StoreError("disk I/O error")
    monkeypatch.setattr(store, "append", down)
    assert submit(client, game, "p1", event("p1")).status_code == 503
    assert value(scrape(client), "tw_store_errors_total") == 1


def test_a_metrics_token_keeps_the_page_private(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}",
                      "TESTING": True, "METRICS_TOKEN": "s3cret", "INSTANCE_PATH": str(tmp_path)})
    client = app.test_client()
    assert client.get("/metrics").status_code == 401
    assert client.get("/metrics", headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert re.search(r"^tw_open_sockets 0", client.get("/metrics", headers={"Authorization": "Bearer s3cret"})
                     .get_data(as_text=True), re.M)


def test_the_metrics_scheme_is_read_in_any_case_and_a_bare_token_is_refused(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}",
                      "TESTING": True, "METRICS_TOKEN": "s3cret", "INSTANCE_PATH": str(tmp_path)})
    client = app.test_client()
    for header in ("bearer s3cret", "BEARER s3cret", "Bearer   s3cret  "):
        assert client.get("/metrics", headers={"Authorization": header}).status_code == 200, header
    for header in ("s3cret", "Basic s3cret", "Bearers3cret", "Bearer", "Bearer s3cret extra", "Token s3cret"):
        resp = client.get("/metrics", headers={"Authorization": header})
        assert resp.status_code == 401, header
        assert "tw_open_sockets" not in resp.get_data(as_text=True)
