"""An entry id names one entry: resent with the same body it is answered with the original and nothing more (no
second link for a registration), resent with another body it is refused; only the organiser replaces a link."""
from __future__ import annotations

from . import tournament_scenarios as scenarios
from .tournament_helpers import auth
from .tournament_scenarios import scorekeeper_event


def test_a_registrations_id_resent_under_another_name_mints_no_link(client):
    scenarios.a_registrations_id_resent_under_another_name_mints_no_link(client)


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
    scenarios.an_entry_id_resent_with_another_body_is_refused_and_stores_nothing(client)
