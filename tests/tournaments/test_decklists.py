"""Published deck lists: before the organiser publishes them, no payload carries a registered deck to anyone but the
organiser and the deck's own player (views, the log, the dashboard, exports, errors, live frames); afterwards the
public page lists every deck."""
from __future__ import annotations

import time

import pytest

from app.server import socketio
from tests.api.tournament_helpers import auth

from .decks import DECKS, deck_marks, leaks


@pytest.fixture
def event(client, app):
    """Ana and Ben registered at the desk, Cai through the registration link; round 1 published; a listening
    spectator and a listening judge. Returns (id, {role: token}, [frames of both sockets])."""
    made = client.post("/api/tournaments", json={"name": "Deck night", "date": "2026-12-05", "format": "rivals"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    tokens = {"organiser": org}
    for role, extra in (("scorekeeper", {"name": "Sam"}), ("judge", {"name": "Kim"}), ("table", {"table": 1})):
        tokens[role] = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": role, **extra}).get_json()["token"]
    listeners = [socketio.test_client(app, namespace="/tournament", auth={"tournament": tid}),
                 socketio.test_client(app, namespace="/tournament", auth={"tournament": tid, "token": tokens["judge"]})]
    for name in ("Ana", "Ben"):
        warband, deck, _ = DECKS[name]
        r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name, "warband": warband, "deck": deck})
        assert r.status_code == 201, r.get_json()
        tokens[name] = r.get_json()["token"]
    link = client.post(f"/api/tournaments/{tid}/registration", headers=auth(org), json={"open": True}).get_json()["link"]
    tokens["registration"] = link.split("#k=")[1]
    warband, deck, _ = DECKS["Cai"]
    asked = client.post(f"/api/tournaments/{tid}/requests", headers=auth(tokens["registration"]),
                        json={"name": "Cai", "warband": warband, "deck": deck}).get_json()
    assert client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(tokens["scorekeeper"])).status_code == 201
    tokens["Cai"] = client.post(f"/api/tournaments/{tid}/requests/claim", json={"claim": asked["claim"]}).get_json()["token"]
    for pid in ("p1", "p2", "p3"):
        client.post(f"/api/tournaments/{tid}/players/{pid}/check-in", headers=auth(org))
    assert client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    time.sleep(0.2)
    frames = []
    for listener in listeners:
        frames += listener.get_received("/tournament")
        listener.disconnect(namespace="/tournament")
    return tid, tokens, frames


def payloads(client, tid, token) -> dict[str, str]:
    """Everything a link can read of the event, each as text."""
    out = {"view": client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_data(as_text=True),
           "log": client.get(f"/api/tournaments/{tid}/log", headers=auth(token)).get_data(as_text=True),
           "dashboard": client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(token)).get_data(as_text=True),
           "export.json": client.get(f"/api/tournaments/{tid}/export.json", headers=auth(token)).get_data(as_text=True),
           "players' links": client.get(f"/api/tournaments/{tid}/players/links", headers=auth(token)).get_data(as_text=True),
           # an edit that changes no deck answers without one (and a role that may not edit is refused)
           "edit": client.post(f"/api/tournaments/{tid}/players/p1/edit", headers=auth(token),
                               json={"name": "Ana"}).get_data(as_text=True)}
    for kind in ("players", "pairings", "results", "standings", "penalties"):
        out[f"{kind}.csv"] = client.get(f"/api/tournaments/{tid}/export/{kind}.csv", headers=auth(token)).get_data(as_text=True)
    return out


def test_no_payload_carries_a_deck_before_publishing_but_to_the_organiser_judges_and_its_own_player(client, event):
    tid, tokens, frames = event
    assert not leaks(frames), "live frames carry no deck"
    for who in ("public", "scorekeeper", "table", "registration", "Ana", "Ben", "Cai"):
        own = (who,) if who in DECKS else ()
        for what, text in payloads(client, tid, tokens.get(who)).items():
            assert not leaks(text, own), f"{who}'s {what} carries another's deck: {leaks(text, own)}"
    # Each player sees their own deck; the organiser sees every deck, in the view and the log.
    for name in DECKS:
        me = client.get(f"/api/tournaments/{tid}", headers=auth(tokens[name])).get_json()["me"]
        assert me["deck"] == DECKS[name][1]
    # The organiser and the judges (who check decks before they are published) see every deck, in the view and the log.
    for staff in ("organiser", "judge"):
        seen = payloads(client, tid, tokens[staff])
        assert all(m in seen["view"] and m in seen["log"] for m in deck_marks() if "-" in m), staff
    # Errors: a request whose deck the format refuses tells the asking phone its own deck, nobody else's.
    r = client.post(f"/api/tournaments/{tid}/requests", headers=auth(tokens["registration"]),
                    json={"name": "Dee", "warband": "spiteclaws-swarm", "deck": "force-of-frost"})
    assert r.status_code in (201, 422) and not leaks(r.get_data(as_text=True), ("Ben",))
    for who in ("scorekeeper", "judge", "Ana"):
        refused = client.post(f"/api/tournaments/{tid}/decklists", headers=auth(tokens[who]))
        assert refused.status_code == 403 and not leaks(refused.get_data(as_text=True))
    view = client.get(f"/api/tournaments/{tid}").get_json()
    assert view["decklists"] is None


def test_published_deck_lists_reach_the_public_page_and_every_role(client, event, app):
    tid, tokens, _ = event
    spectator = socketio.test_client(app, namespace="/tournament", auth={"tournament": tid})
    r = client.post(f"/api/tournaments/{tid}/decklists", headers=auth(tokens["organiser"]))
    assert r.status_code == 201
    assert [(d["name"], d["deck"], d["deck_name"]) for d in r.get_json()["decks"]] == [(n, d, dn) for n, (_, d, dn) in DECKS.items()]
    assert [f["args"][0]["type"] for f in spectator.get_received("/tournament")] == ["publish_decks"]
    public = client.get(f"/api/tournaments/{tid}").get_json()
    assert [(d["name"], d["deck_name"]) for d in public["decklists"]] == [(n, dn) for n, (_, _, dn) in DECKS.items()]
    assert [p["deck"] for p in public["players"]] == [d for _, d, _ in DECKS.values()]
    judge_log = client.get(f"/api/tournaments/{tid}/log", headers=auth(tokens["judge"])).get_data(as_text=True)
    assert "force-of-frost" in judge_log and "claim_hash" not in judge_log
    again = client.post(f"/api/tournaments/{tid}/decklists", headers=auth(tokens["organiser"]))
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "already_published"
    spectator.disconnect(namespace="/tournament")
