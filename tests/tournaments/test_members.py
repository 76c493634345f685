"""Who a link is (members.py): the organiser, a scorekeeper, a judge, a table device, a player or the public without
a link; a league player's link carried to the league's next event; and every token that opens nothing (unknown, too
long, a recovery code, replaced, another event's), each answered as the API answers it."""
from __future__ import annotations

import pytest

from app.service import ApiError
from app.tournaments.links import normalise_recovery_code
from app.tournaments.log import Member
from tests.api.tournament_helpers import auth, link


@pytest.fixture
def members(app):
    """The tournament service's part that says who a link is."""
    return app.extensions["tablewarden"]["tournaments"].members


def new_event(client, path="/api/tournaments", token=None, name="Cup"):
    """A new event (in a league when `path` is the league's events): its creation's answer."""
    r = client.post(path, headers=auth(token), json={"name": name, "date": "2026-12-05"})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def register(client, tid, org, name, warband="cyrenis-razors"):
    """A player registered at the desk: (player id, their link's token)."""
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name, "warband": warband})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["player"], r.get_json()["token"]


@pytest.fixture
def event(client):
    """An event with a player and a scorekeeper's, a judge's and table 1's device's links: its creation's answer and
    {who: (token, role, subject)}."""
    made = new_event(client)
    tid, org = made["id"], made["organiser_token"]
    pid, token = register(client, tid, org, "Ana")
    links = {"organiser": (org, "organiser", ""), "player": (token, "player", pid),
             "scorekeeper": (link(client, tid, org, "scorekeeper", name="Sam"), "scorekeeper", "Sam"),
             "judge": (link(client, tid, org, "judge", name="Kim"), "judge", "Kim"),
             "table": (link(client, tid, org, "table", table=1), "table", "1")}
    return made, links


def refusal(members, tid, token):
    """The (status, code) a token is refused with at this event."""
    with pytest.raises(ApiError) as err:
        members.member(tid, token)
    return err.value.status, err.value.code


def test_each_link_is_its_role_and_subject_and_no_link_is_the_public(client, members, event):
    made, links = event
    tid = made["id"]
    for who, (token, role, subject) in links.items():
        assert members.member(tid, token) == Member(tid, role, subject), who
        you = client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()["you"]
        assert you == {"role": role, "subject": subject}, who
    for nothing in (None, ""):
        assert members.member(tid, nothing) == Member(tid, "public")
    assert client.get(f"/api/tournaments/{tid}").get_json()["you"] == {"role": "public", "subject": ""}


def test_a_token_that_is_no_link_here_opens_nothing(client, members, event):
    made, links = event
    tid = made["id"]
    other = new_event(client, name="Elsewhere")
    refused = {"not-a-link": (401, "bad_token"), "x" * 201: (401, "bad_token"),
               # A recovery code only replaces the organiser's link: sent as a link, it opens nothing.
               normalise_recovery_code(made["recovery_code"]): (401, "bad_token"),
               other["organiser_token"]: (403, "wrong_event")}
    for token, expected in refused.items():
        assert refusal(members, tid, token) == expected, token[:20]
        r = client.get(f"/api/tournaments/{tid}", headers=auth(token))
        assert (r.status_code, r.get_json()["error"]["code"]) == expected, token[:20]
    # Another event's links are that event's members there.
    assert members.member(other["id"], other["organiser_token"]) == Member(other["id"], "organiser")


def test_a_wrong_address_is_not_found_whoever_asks(members, event):
    made, links = event
    for token in (None, "not-a-link", links["organiser"][0]):
        assert refusal(members, "no-such-event", token) == (404, "no_such_event")


def test_a_replaced_link_opens_nothing_and_its_successor_is_the_same_member(client, members, event):
    made, links = event
    tid, org = made["id"], made["organiser_token"]
    for who, body in (("player", {"role": "player", "player": links["player"][2]}),
                      ("judge", {"role": "judge", "name": "Kim"}), ("table", {"role": "table", "table": 1})):
        old, role, subject = links[who]
        r = client.post(f"/api/tournaments/{tid}/links/new", headers=auth(org), json=body)
        assert r.status_code == 201, r.get_json()
        assert refusal(members, tid, old) == (401, "bad_token"), who
        assert members.member(tid, r.get_json()["token"]) == Member(tid, role, subject), who
    # The links not replaced keep working.
    assert members.member(tid, links["scorekeeper"][0]) == Member(tid, "scorekeeper", "Sam")


def test_a_league_players_link_opens_the_leagues_next_event_as_the_player_registered_there(client, members):
    league = client.post("/api/leagues", json={"name": "Store nights"}).get_json()
    events = f"/api/leagues/{league['id']}/events"
    one = new_event(client, events, league["organiser_token"], "Night 1")
    two = new_event(client, events, league["organiser_token"], "Night 2")
    _, ana = register(client, one["id"], one["organiser_token"], "Ana")
    _, ben = register(client, one["id"], one["organiser_token"], "Ben", "garreks-reavers")
    register(client, two["id"], two["organiser_token"], "Eve", "garreks-reavers")
    here, _ = register(client, two["id"], two["organiser_token"], "ANA ")  # the same name, case and spacing aside
    assert members.member(two["id"], ana) == Member(two["id"], "player", here)
    # Ben is not registered at night 2; staff links and the organiser's never carry over.
    judge = link(client, one["id"], one["organiser_token"], "judge", name="Kim")
    for token in (ben, judge, one["organiser_token"]):
        assert refusal(members, two["id"], token) == (403, "wrong_event")
    # An event outside the league with an Ana registered does not take the league's links.
    outside = new_event(client, name="Elsewhere")
    register(client, outside["id"], outside["organiser_token"], "Ana")
    assert refusal(members, outside["id"], ana) == (403, "wrong_event")
