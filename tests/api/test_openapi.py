"""GET /api/openapi.json (app/api/openapi.py): every /api route documented, replies as documented."""
from __future__ import annotations

from app.api import openapi
from tests.api.helpers import event, new_game, submit

HOW = ("add an entry for it to OPERATIONS in app/api/openapi.py: Op(summary, body schema or sentence, "
       "success status, reply schema or sentence, error statuses, auth=True if it needs a token)")


def test_every_api_route_is_documented(app):
    missing = openapi.undocumented(app.url_map)
    assert not missing, "undocumented routes: " + ", ".join(f"{m} {r}" for m, r in missing) + f". To document one, {HOW}."


def test_nothing_is_documented_that_the_server_does_not_serve(app):
    served = {(m, r.rule) for r in app.url_map.iter_rules() for m in (r.methods or ())}
    stale = [key for key in openapi.OPERATIONS if key not in served]
    assert not stale, f"documented but not served (remove from OPERATIONS in app/api/openapi.py): {stale}"


def test_the_document_is_openapi_3_with_schemas_errors_and_the_live_events(client):
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.") and doc["info"]["title"] == "Tablewarden"
    submit_op = doc["paths"]["/api/games/{game_id}/events"]["post"]
    assert submit_op["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/EventEnvelope")
    assert submit_op["responses"]["201"]["content"]["application/json"]["schema"]["$ref"].endswith("/SubmitReply")
    assert submit_op["responses"]["422"]["content"]["application/json"]["schema"]["$ref"].endswith("/Error")
    assert submit_op["security"] == [{"seatToken": []}]
    assert {p["name"] for p in submit_op["parameters"]} == {"game_id"}
    envelope = doc["components"]["schemas"]["EventEnvelope"]
    assert {"id", "type", "by", "data"} <= set(envelope["properties"])
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            assert op["summary"] and "500" in op["responses"], f"{method} {path}"
    live = doc["x-socketio"]
    assert live["namespace"] == "/live" and {"submit", "sync", "suggestions"} <= set(live["client_to_server"])
    assert {"sync", "applied", "view"} <= set(live["server_to_client"])
    tournament = doc["x-socketio-tournament"]
    assert tournament["namespace"] == "/tournament" and {"changed", "table", "game_over"} == set(tournament["server_to_client"])
    for name in ("View", "Applied", "SyncReply", "LiveAck"):
        assert name in doc["components"]["schemas"]


def test_real_replies_have_the_documented_shapes(client):
    created = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}]})
    openapi.GameCreatedSchema().load(created.get_json())
    shared = client.post("/api/games", json={"ruleset": "test/tally", "seats": [{"name": "Ana"}, {"name": "Ben"}],
                                             "shared_device": True})
    assert openapi.GameCreatedSchema().load(shared.get_json())["device_token"]
    game = new_game(client)
    stored = submit(client, game, "p1", event("p1"))
    openapi.SubmitReplySchema().load(stored.get_json())
    for refused in (submit(client, game, "p1", event("p1")), submit(client, game, "p2", {"type": "add"}),
                    client.get("/api/games/nope", headers={"Authorization": "Bearer x"})):
        assert refused.status_code >= 400
        openapi.ErrorSchema().load(refused.get_json())  # raises on a field the document does not know


def test_the_document_is_built_once_per_process(client):
    openapi._document.cache_clear()
    first, again = client.get("/api/openapi.json"), client.get("/api/openapi.json")
    assert first.status_code == again.status_code == 200 and first.data == again.data
    assert first.mimetype == "application/json" and first.get_json()["openapi"].startswith("3.")
    assert openapi._document.cache_info().misses == 1  # apispec ran once: the second request was served as built
