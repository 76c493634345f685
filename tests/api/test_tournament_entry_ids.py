"""An entry id names one entry: resent with the same body it is answered with the original and nothing more (no
second link for a registration), resent with another body it is refused; only the organiser replaces a link."""
from __future__ import annotations

import json

from .tournament_helpers import auth


def scorekeeper_event(client):
    """A new event and a scorekeeper's link: (tournament id, organiser token, scorekeeper token)."""
    made = client.post("/api/tournaments", json={"name": "Ids Cup", "date": "2026-12-05"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org),
                         json={"role": "scorekeeper", "name": "Sam"}).get_json()["token"]
    return tid, org, keeper


def test_a_registrations_id_resent_under_another_name_mints_no_link(client):
    tid, org, keeper = scorekeeper_event(client)
    first = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper),
                        json={"id": "reg-1", "name": "Ana", "warband": "cyrenis-razors"})
    assert first.status_code == 201, first.get_json()
    pid, ana_first = first.get_json()["player"], first.get_json()["token"]
    replaced = client.post(f"/api/tournaments/{tid}/links/new", headers=auth(org), json={"role": "player", "player": pid})
    assert replaced.status_code == 201, replaced.get_json()
    ana = replaced.get_json()["token"]
    head = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"]
    for name in ("Zed", "Ana "):
        body = {"id": "reg-1", "name": name, "warband": "garreks-reavers" if name == "Zed" else "cyrenis-razors"}
        again = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper), json=body)
        assert again.status_code in (200, 409), again.get_json()
        assert "token" not in again.get_json() and "link" not in again.get_json(), again.get_json()
    reused = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper),
                         json={"id": "reg-1", "name": "Zed", "warband": "garreks-reavers"})
    assert reused.status_code == 409 and reused.get_json()["error"]["code"] == "id_in_use"
    assert "Ana" not in json.dumps(reused.get_json())
    # Nothing was stored, the organiser's replacement is the one working link, and the log says who replaced it.
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"] == head
    assert client.get(f"/api/tournaments/{tid}", headers=auth(ana_first)).status_code == 401
    assert client.get(f"/api/tournaments/{tid}", headers=auth(ana)).get_json()["you"]["subject"] == pid
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert [(e["type"], e["actor"]) for e in entries] == [("register", "scorekeeper:Sam"), ("new_link", "organiser")]


def test_a_resent_registration_while_its_name_is_free_is_the_same_entry_without_a_link(client):
    """The original merged away (its name free again): the same id and body is the stored entry, answered 200."""
    tid, org, keeper = scorekeeper_event(client)
    body = {"id": "reg-b", "name": "Ben", "warband": "garreks-reavers"}
    ben = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper), json=body).get_json()["player"]
    ana = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper),
                      json={"name": "Ana", "warband": "cyrenis-razors"}).get_json()["player"]
    assert client.post(f"/api/tournaments/{tid}/merge", headers=auth(org),
                       json={"keep": ana, "remove": ben}).status_code == 201
    head = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"]
    again = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper), json=body)
    assert again.status_code == 200 and again.get_json()["player"] == ben and "token" not in again.get_json()
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"] == head


def test_an_entry_id_resent_with_another_body_is_refused_and_stores_nothing(client):
    tid, org, keeper = scorekeeper_event(client)
    pid = client.post(f"/api/tournaments/{tid}/players", headers=auth(keeper),
                      json={"name": "Ana", "warband": "cyrenis-razors"}).get_json()["player"]
    first = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(keeper),
                        json={"id": "d-1", "reason": "ill"})
    assert first.status_code == 201
    same = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(keeper), json={"id": "d-1", "reason": "ill"})
    assert same.status_code in (200, 201) and same.get_json()["seq"] == first.get_json()["seq"]
    other = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(keeper),
                        json={"id": "d-1", "reason": "left early"})
    assert other.status_code == 409 and other.get_json()["error"]["code"] == "id_in_use"
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert [e["data"].get("reason") for e in entries if e["type"] == "drop"] == ["ill"]
