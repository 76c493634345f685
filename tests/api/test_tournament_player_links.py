"""Players' links survive a reload: the organiser's page (on this device or another) reads every player's current
link again without replacing any; a replaced link lists the new one; nobody but the organiser ever reads them, and no
other payload of any role carries a player's token."""
from __future__ import annotations

import pytest

from .tournament_helpers import auth, tournament_with_players


def links(client, tid, token):
    return client.get(f"/api/tournaments/{tid}/players/links", headers=auth(token))


@pytest.fixture
def event(client):
    tid, org, tokens = tournament_with_players(client, players=(("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"),
                                                                ("Ana B", "garreks-reavers")))
    staff = {role: client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": role, **extra}).get_json()["token"]
             for role, extra in (("scorekeeper", {"name": "Sam"}), ("judge", {"name": "Kim"}), ("table", {"table": 1}))}
    return tid, org, tokens, staff


def test_the_organiser_reads_every_players_link_again_and_each_still_opens_its_player(client, event):
    tid, org, tokens, _ = event
    r = links(client, tid, org)
    assert r.status_code == 200 and r.headers["Cache-Control"] == "no-store"
    got = r.get_json()["links"]
    assert [(x["player"], x["name"]) for x in got] == [("p1", "Ana"), ("p2", "Ben"), ("p3", "Ana B")]
    assert [x["link"].split("#t=")[1] for x in got] == [tokens["p1"], tokens["p2"], tokens["p3"]]
    # Reading them again voids nothing: each player's own link still opens their page.
    assert links(client, tid, org).get_json()["links"] == got
    for pid, token in tokens.items():
        assert client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()["you"]["subject"] == pid


def test_a_replaced_link_is_listed_new_and_a_merged_registration_is_left_out(client, event):
    tid, org, tokens, _ = event
    new = client.post(f"/api/tournaments/{tid}/links/new", headers=auth(org), json={"role": "player", "player": "p2"}).get_json()
    assert client.get(f"/api/tournaments/{tid}", headers=auth(tokens["p2"])).status_code == 401
    again = client.post(f"/api/tournaments/{tid}/links/new", headers=auth(org), json={"role": "player", "player": "p2"}).get_json()
    assert again["token"] != new["token"]
    assert client.post(f"/api/tournaments/{tid}/merge", headers=auth(org), json={"keep": "p1", "remove": "p3"}).status_code == 201
    got = {x["player"]: x["link"] for x in links(client, tid, org).get_json()["links"]}
    assert got == {"p1": f"http://localhost/tournament/{tid}#t={tokens['p1']}", "p2": again["link"]}


def test_nobody_but_the_organiser_reads_the_links(client, event):
    tid, org, tokens, staff = event
    other, other_org, _ = tournament_with_players(client, players=(("Zed", "cyrenis-razors"),))
    for token, status in ((tokens["p1"], 403), (staff["scorekeeper"], 403), (staff["judge"], 403),
                          (staff["table"], 403), (None, 403), ("forged", 401), (other_org, 403)):
        r = links(client, tid, token)
        assert r.status_code == status, (token, r.get_json())
        assert not any(t in r.get_data(as_text=True) for t in tokens.values())
    assert client.get("/api/tournaments/nope/players/links", headers=auth(org)).status_code == 404
    assert [x["name"] for x in links(client, other, other_org).get_json()["links"]] == ["Zed"]


def test_no_other_payload_of_any_role_carries_a_players_token_or_the_link_key(client, event):
    tid, org, tokens, staff = event
    for step in ("pair", "publish"):
        client.post(f"/api/tournaments/{tid}/rounds/1/{step}", headers=auth(org))
    readers = [org, *staff.values(), *tokens.values(), None]
    paths = ["", "/log", "/dashboard", "/export.json", *(f"/export/{k}.csv" for k in ("players", "pairings", "results",
                                                                                       "standings"))]
    for reader in readers:
        for path in paths:
            text = client.get(f"/api/tournaments/{tid}{path}", headers=auth(reader)).get_data(as_text=True)
            own = {reader}
            assert not [t for t in tokens.values() if t not in own and t in text], (reader, path)
            assert "link_key" not in text, (reader, path)
