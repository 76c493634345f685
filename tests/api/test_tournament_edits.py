"""Editing a registration: name, warband, printing and deck changed at any time, checked as a registration is, logged
with who and when; after round 1 the staff's view of the player's table lists the change; nobody else may edit."""
from __future__ import annotations

import pytest

from .tournament_helpers import auth, tournament_with_players


def view(client, tid, token=None):
    return client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()


def edit(client, tid, token, pid, **body):
    return client.post(f"/api/tournaments/{tid}/players/{pid}/edit", headers=auth(token), json=body)


def log(client, tid, token):
    return client.get(f"/api/tournaments/{tid}/log", headers=auth(token)).get_json()["entries"]


@pytest.fixture
def event(client):
    tid, org, tokens = tournament_with_players(client, format="rivals")
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "scorekeeper", "name": "Sam"})
    judge = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "judge", "name": "Kim"})
    return tid, org, tokens, keeper.get_json()["token"], judge.get_json()["token"]


def test_the_desk_fixes_a_pasted_players_printing_and_name_in_place_logged_with_who(client, event):
    tid, org, tokens, keeper, _ = event
    r = edit(client, tid, org, "p1", printing="second-edition")
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["changed"] == ["printing"]
    (ana, _) = view(client, tid, org)["players"]
    assert (ana["warband"], ana["printing"], ana["status"]) == ("cyrenis-razors", "second-edition", "checked_in")
    r = edit(client, tid, keeper, "p1", name="Ana Lopes")
    assert r.status_code == 201 and r.get_json()["changed"] == ["name"]
    entries = [e for e in log(client, tid, org) if e["type"] == "edit"]
    assert [e["actor"] for e in entries] == ["organiser", "scorekeeper:Sam"]
    assert entries[1]["data"]["before"] == {"name": "Ana"} and entries[1]["created_at"]
    (ana, _) = view(client, tid, org)["players"]
    assert ana["name"] == "Ana Lopes" and [e["fields"] for e in ana["edits"]] == [["printing"], ["name"]]
    assert [e["actor"] for e in ana["edits"]] == ["organiser", "scorekeeper:Sam"]
    # The player's own page and the public read the new name; the token still works.
    assert view(client, tid, tokens["p1"])["me"]["name"] == "Ana Lopes"
    assert [p["name"] for p in view(client, tid)["players"]] == ["Ana Lopes", "Ben"]


def test_a_new_warband_takes_its_own_printing_and_a_deck_is_checked_again(client):
    tid, org, _ = tournament_with_players(client, format="nemesis")
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org),
                         json={"role": "scorekeeper", "name": "Sam"}).get_json()["token"]
    assert edit(client, tid, org, "p2", printing="second-edition").status_code == 422  # Garrek's has one printing
    r = edit(client, tid, org, "p1", printing="second-edition")
    assert r.status_code == 201, r.get_json()
    r = edit(client, tid, org, "p1", warband="garreks-reavers")
    assert r.status_code == 201, r.get_json()
    ana = view(client, tid, org)["players"][0]
    assert (ana["warband"], ana["printing"]) == ("garreks-reavers", None)
    before = len(log(client, tid, org))
    # Another warband's deck is refused as at registration; only the organiser accepts it, with a reason.
    refused = edit(client, tid, keeper, "p1", deck="thricefold-discord-rivals")
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "deck_refused"
    assert refused.get_json()["error"]["rule"]
    assert edit(client, tid, keeper, "p1", deck="thricefold-discord-rivals", override="ok").status_code == 403
    assert len(log(client, tid, org)) == before
    ok = edit(client, tid, org, "p1", deck="thricefold-discord-rivals", override="Judge allowed it")
    assert ok.status_code == 201 and view(client, tid, org)["players"][0]["deck_override"] == "Judge allowed it"
    # The scorekeeper's log and reply carry no deck (deck lists are the organiser's until published).
    assert all("deck" not in e["data"] for e in log(client, tid, keeper) if e["type"] == "edit")
    assert edit(client, tid, keeper, "p1", name="Anna").get_json()["deck_problems"] is None


@pytest.mark.parametrize("body, status, code", [
    ({"name": "ana"}, 409, "name_taken"),
    ({"name": "  "}, 400, "invalid"),
    ({}, 422, "nothing_changed"),
    ({"name": "x" * 41}, 400, "invalid"),
    ({"warband": "no-such-band"}, 422, "bad_registration"),
    ({"printing": "no-such-printing"}, 422, "bad_registration"),
    ({"name": "Ben"}, 422, "nothing_changed"),
    ({"colour": "red"}, 400, "invalid"),
])
def test_a_bad_edit_is_refused_with_a_sentence_and_changes_nothing(client, event, body, status, code):
    tid, org, *_ = event
    before = view(client, tid, org)["players"]
    r = edit(client, tid, org, "p2", **body)
    assert r.status_code == status, r.get_json()
    err = r.get_json()["error"]
    assert err["code"] == code and err["message"]
    assert view(client, tid, org)["players"] == before


def test_only_the_desk_edits_and_nobody_edits_another_events_players(client, event):
    tid, org, tokens, keeper, judge = event
    other, other_org, _ = tournament_with_players(client, players=(("Zed", "garreks-reavers"),))
    for token, status in ((tokens["p1"], 403), (tokens["p2"], 403), (judge, 403), (None, 403), ("forged", 401),
                          (other_org, 403)):
        r = edit(client, tid, token, "p1", name="Mallory")
        assert r.status_code == status, (token, r.get_json())
    assert edit(client, tid, org, "p9", name="Ghost").status_code == 404
    assert edit(client, other, org, "p1", name="Ghost").status_code == 403
    assert view(client, tid, org)["players"][0]["name"] == "Ana"
    assert edit(client, tid, keeper, "p1", name="Anna").status_code == 201


def test_after_round_1_the_staff_see_the_change_on_the_players_table(client, event):
    tid, org, tokens, _, judge = event
    before_round = edit(client, tid, org, "p1", name="Ana L")
    assert before_round.status_code == 201
    for step in ("pair", "publish"):
        assert client.post(f"/api/tournaments/{tid}/rounds/1/{step}", headers=auth(org)).status_code == 201
    assert edit(client, tid, org, "p2", warband="steelhearts-champions").status_code == 201
    (table,) = view(client, tid, judge)["rounds"][0]["tables"]
    (change,) = table["changes"]  # the edit before round 1 is not a change at the table
    assert change["player"] == "p2" and change["fields"] == ["warband"] and change["actor"] == "organiser"
    assert change["before"]["warband"] == "Garrek's Reavers" and change["now"]["warband"] == "Steelheart's Champions"
    # Nobody outside the staff reads the log of edits.
    for token in (tokens["p1"], None):
        seen = view(client, tid, token)
        assert "changes" not in seen["rounds"][0]["tables"][0]
        assert all("edits" not in p for p in seen["players"])


def test_a_change_to_the_player_with_the_bye_is_shown_to_the_staff_beside_the_bye(client):
    tid, org, tokens = tournament_with_players(client, format="rivals", players=(
        ("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"), ("Gus", "garreks-reavers")))
    judge = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "judge", "name": "Kim"})
    for step in ("pair", "publish"):
        assert client.post(f"/api/tournaments/{tid}/rounds/1/{step}", headers=auth(org)).status_code == 201
    rnd = view(client, tid, org)["rounds"][0]
    bye = rnd["bye"]
    assert edit(client, tid, org, bye, warband="steelhearts-champions").status_code == 201
    seen = view(client, tid, judge.get_json()["token"])["rounds"][0]
    (change,) = seen["bye_changes"]
    assert change["player"] == bye and change["now"]["warband"] == "Steelheart's Champions"
    assert all(not t["changes"] for t in seen["tables"])  # nobody at a table changed
    # The judge's Tables tab reads the dashboard: the change is there too.
    dash = client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(judge.get_json()["token"])).get_json()
    assert [c["player"] for c in dash["bye_changes"]] == [bye]
    for token in (tokens[bye], None):
        assert "bye_changes" not in view(client, tid, token)["rounds"][0]
