"""Self-registration through the API, as each role would try it: the organiser opening and closing the link with a
cap, players asking from their phones (deck checked for the format), the desk accepting or declining, the asking
phone collecting its link once, the waitlist promoted in order, and hostile callers refused without a change."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from threading import Barrier

import pytest

from app.server import create_app
from app.service.tokens import hash_token
from tests.api.tournament_helpers import auth


def new_event(client, **settings):
    made = client.post("/api/tournaments", json={"name": "Open night", "date": "2026-12-05", **settings}).get_json()
    return made["id"], made["organiser_token"]


def open_registration(client, tid, org, **body):
    r = client.post(f"/api/tournaments/{tid}/registration", headers=auth(org), json={"open": True, **body})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def key_of(link: str) -> str:
    return link.split("#k=", 1)[1]


def ask(client, tid, key, name, warband="cyrenis-razors", **extra):
    return client.post(f"/api/tournaments/{tid}/requests", headers=auth(key), json={"name": name, "warband": warband, **extra})


def claim(client, tid, secret):
    return client.post(f"/api/tournaments/{tid}/requests/claim", json={"claim": secret})


def view(client, tid, token=None):
    return client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()


def head(client, tid, org):
    return view(client, tid, org)["head"]


@pytest.fixture
def event(client):
    """An event with its registration link open: (id, organiser token, registration key)."""
    tid, org = new_event(client, format="rivals")
    opened = open_registration(client, tid, org)
    assert opened["link"].endswith(f"/tournament/{tid}/register#k={key_of(opened['link'])}")
    assert opened["open"] is True and opened["cap"] is None
    return tid, org, key_of(opened["link"])


def test_a_player_asks_from_their_phone_the_organiser_accepts_and_only_that_phone_gets_the_link_once(client, app, event):
    tid, org, key = event
    r = ask(client, tid, key, "Ana", deck="cyrenis-razors-rivals")
    assert r.status_code == 201, r.get_json()
    asked = r.get_json()
    assert asked["status"] == "pending" and asked["request"] == "r1" and len(asked["claim"]) >= 40
    # Before the organiser answers, the phone is told it waits; it has no link yet.
    waiting = claim(client, tid, asked["claim"])
    assert waiting.status_code == 200 and waiting.get_json()["status"] == "pending" and "token" not in waiting.get_json()
    desk = view(client, tid, org)["signup"]
    assert [(q["name"], q["status"], q["deck"]) for q in desk["requests"]] == [("Ana", "pending", "cyrenis-razors-rivals")]
    assert view(client, tid, org)["players"] == [], "asking registers nobody"

    accepted = client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(org))
    assert accepted.status_code == 201 and accepted.get_json()["player"] == "p1"
    ana = view(client, tid, org)["players"][0]
    assert (ana["name"], ana["warband"], ana["deck"], ana["status"]) == ("Ana", "cyrenis-razors", "cyrenis-razors-rivals", "registered")

    got = claim(client, tid, asked["claim"])
    assert got.status_code == 201, got.get_json()
    body = got.get_json()
    assert body["status"] == "accepted" and body["link"].endswith(f"/tournament/{tid}#t={body['token']}")
    me = view(client, tid, body["token"])
    assert me["you"] == {"role": "player", "subject": "p1"} and me["me"]["deck"] == "cyrenis-razors-rivals"
    store = app.extensions["tablewarden"]["store"]
    assert store.tournament_for_token(hash_token(body["token"]))[1:] == ("player", "p1")

    # Reused: the link was handed over once; nobody gets it again with the same secret.
    before = head(client, tid, org)
    again = claim(client, tid, asked["claim"])
    assert again.status_code == 410 and again.get_json()["error"]["code"] == "claim_used"
    assert "token" not in again.get_json() and head(client, tid, org) == before
    # The claim secret is never shown back, not even as its hash in the organiser's log.
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_data(as_text=True)
    assert asked["claim"] not in entries and hash_token(asked["claim"]) not in entries


def test_a_deck_the_format_refuses_is_refused_at_the_request_as_the_organisers_registration_refuses_it(client):
    tid, org = new_event(client, format="nemesis")
    key = key_of(open_registration(client, tid, org)["link"])
    borrowed = {"name": "Ana", "warband": "cyrenis-razors", "deck": "thricefold-discord-rivals"}
    by_desk = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json=borrowed).get_json()["error"]
    r = ask(client, tid, key, "Ana", deck="thricefold-discord-rivals")
    assert r.status_code == 422
    err = r.get_json()["error"]
    assert err["code"] == "deck_refused" == by_desk["code"] and err["rule"] == by_desk["rule"]
    assert err["fields"] == by_desk["fields"]
    assert view(client, tid, org)["signup"]["requests"] == []
    # An override is the organiser's, at the desk: the public link has no such field.
    r = ask(client, tid, key, "Ana", deck="thricefold-discord-rivals", override="please")
    assert r.status_code == 400 and "override" in r.get_json()["error"]["fields"]
    unknown = ask(client, tid, key, "Ben", warband="no-such-band")
    assert unknown.status_code == 422 and unknown.get_json()["error"]["code"] == "bad_registration"


def test_a_warband_of_another_printing_asks_with_the_printing_held_and_is_registered_with_it(client, event):
    tid, org, key = event
    r = ask(client, tid, key, "Ana", warband="brethren-of-the-bolt", printing="second-edition")
    assert r.status_code == 201, r.get_json()
    desk = view(client, tid, org)["signup"]["requests"]
    assert [(q["name"], q["warband"], q["printing"]) for q in desk] == [("Ana", "brethren-of-the-bolt", "second-edition")]
    assert client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(org)).status_code == 201
    (ana,) = view(client, tid, org)["players"]
    assert (ana["name"], ana["warband"], ana["printing"]) == ("Ana", "brethren-of-the-bolt", "second-edition")
    # A request without a printing keeps the rules' own: nothing is named for the player.
    assert ask(client, tid, key, "Ben").status_code == 201
    assert view(client, tid, org)["signup"]["requests"][1]["printing"] is None


def test_a_printing_the_warband_lacks_or_none_named_is_refused_as_the_organisers_registration_refuses_it(client, event):
    tid, org, key = event
    before = head(client, tid, org)
    for extra in ({"printing": "no-such-printing"}, {}):
        body = {"name": "Ana", "warband": "brethren-of-the-bolt", **extra}
        by_desk = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json=body).get_json()["error"]
        r = ask(client, tid, key, **body)
        assert r.status_code == 422, r.get_json()
        err = r.get_json()["error"]
        assert err["code"] == "bad_registration" == by_desk["code"] and err["message"] == by_desk["message"]
    assert head(client, tid, org) == before and view(client, tid, org)["signup"]["requests"] == []


@pytest.mark.parametrize("body, field", [
    ({"name": "x" * 41, "warband": "cyrenis-razors"}, "name"),
    ({"name": "   ", "warband": "cyrenis-razors"}, "name"),
    ({"name": "Ana", "warband": "w" * 81}, "warband"),
    ({"name": "Ana", "warband": "cyrenis-razors", "deck": "d" * 81}, "deck"),
    ({"name": "Ana", "warband": "cyrenis-razors", "printing": "p" * 81}, "printing"),
    ({"name": "Ana", "warband": "cyrenis-razors", "printing": ""}, "printing"),
    ({"name": "Ana", "warband": "cyrenis-razors", "deck": {"objectives": ["x"] * 5000}}, "deck"),
    ({"name": ["Ana"], "warband": "cyrenis-razors"}, "name"),
    ({"warband": "cyrenis-razors"}, "name"),
])
def test_every_field_of_a_request_has_a_bound(client, event, body, field):
    tid, org, key = event
    r = client.post(f"/api/tournaments/{tid}/requests", headers=auth(key), json=body)
    assert r.status_code == 400 and field in r.get_json()["error"]["fields"]
    assert view(client, tid, org)["signup"]["requests"] == []


def test_a_closed_link_refuses_with_a_sentence_and_reopening_lets_it_in_again(client, event):
    tid, org, key = event
    closed = client.post(f"/api/tournaments/{tid}/registration", headers=auth(org), json={"open": False})
    assert closed.status_code == 201 and closed.get_json()["open"] is False and "link" not in closed.get_json()
    before = head(client, tid, org)
    r = ask(client, tid, key, "Ana")
    assert r.status_code == 409
    err = r.get_json()["error"]
    assert err["code"] == "registration_closed" and err["message"].startswith("Registration for this event is closed")
    assert head(client, tid, org) == before
    assert view(client, tid, key)["signup"] == {"open": False, "cap": None, "full": False, "waitlist": 0}
    reopened = open_registration(client, tid, org)
    assert "link" not in reopened, "the link already handed out stays the event's link"
    assert ask(client, tid, key, "Ana").status_code == 201
    # A new link replaces it: the old one stops working.
    fresh = key_of(open_registration(client, tid, org, new_link=True)["link"])
    assert ask(client, tid, key, "Ben").status_code == 401
    assert ask(client, tid, fresh, "Ben").status_code == 201


def test_over_the_cap_requests_wait_in_order_and_a_freed_place_promotes_the_first(client, event):
    tid, org, key = event
    assert open_registration(client, tid, org, cap=2)["cap"] == 2
    claims = {}
    for name in ("Ana", "Ben", "Cai", "Dee"):
        r = ask(client, tid, key, name)
        assert r.status_code == 201
        claims[name] = r.get_json()
    assert [claims[n]["status"] for n in claims] == ["pending", "pending", "waitlisted", "waitlisted"]
    assert (claims["Cai"]["position"], claims["Dee"]["position"]) == (1, 2)
    assert view(client, tid, key)["signup"]["full"] is True
    # A waitlisted request cannot be accepted over the cap.
    r = client.post(f"/api/tournaments/{tid}/requests/r3/accept", headers=auth(org))
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "waitlisted"
    assert "number 1 on the waitlist" in r.get_json()["error"]["message"]
    # Declining Ben frees his place: Cai, the first on the waitlist, now waits for the organiser.
    assert client.post(f"/api/tournaments/{tid}/requests/r2/decline", headers=auth(org), json={"reason": "not a member"}).status_code == 201
    assert claim(client, tid, claims["Cai"]["claim"]).get_json()["status"] == "pending"
    dee = claim(client, tid, claims["Dee"]["claim"]).get_json()
    assert dee["status"] == "waitlisted" and dee["position"] == 1
    declined = claim(client, tid, claims["Ben"]["claim"]).get_json()
    assert declined["status"] == "declined" and declined["reason"] == "not a member"
    # Accepting Ana and Cai fills the event; Ana withdrawing (a dropped player) lets Dee in.
    for rid in ("r1", "r3"):
        assert client.post(f"/api/tournaments/{tid}/requests/{rid}/accept", headers=auth(org)).status_code == 201
    assert claim(client, tid, claims["Dee"]["claim"]).get_json()["status"] == "waitlisted"
    assert client.post(f"/api/tournaments/{tid}/players/p1/drop", headers=auth(org), json={"reason": "ill"}).status_code == 201
    assert claim(client, tid, claims["Dee"]["claim"]).get_json()["status"] == "pending"
    # Raising the cap promotes too, and a phone can withdraw its own request.
    eve = ask(client, tid, key, "Eve").get_json()
    assert eve["status"] == "waitlisted"
    w = client.post(f"/api/tournaments/{tid}/requests/withdraw", json={"claim": eve["claim"]})
    assert w.status_code == 201 and w.get_json()["status"] == "withdrawn"
    fay = ask(client, tid, key, "Fay").get_json()
    assert fay["status"] == "waitlisted"
    open_registration(client, tid, org, cap=3)
    assert claim(client, tid, fay["claim"]).get_json()["status"] == "pending"


def test_hostile_callers_are_refused_and_change_nothing(client, event):
    tid, org, key = event
    ana = ask(client, tid, key, "Ana").get_json()
    other_tid, other_org = new_event(client)
    other_key = key_of(open_registration(client, other_tid, other_org)["link"])
    before = head(client, tid, org)

    # Another event's registration link, and a guessed one.
    r = ask(client, tid, other_key, "Mallory")
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "wrong_event"
    assert ask(client, tid, "k" * 43, "Mallory").status_code == 401
    # A spectator (no link) cannot ask, decide, open registration or publish decks.
    assert ask(client, tid, None, "Mallory").status_code == 403
    for path in ("requests/r1/accept", "requests/r1/decline", "registration", "decklists"):
        r = client.post(f"/api/tournaments/{tid}/{path}", json={"open": True} if path == "registration" else None)
        assert r.status_code == 403, path
    # The registration link itself only asks: it cannot accept its own request or register anyone.
    r = client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(key))
    assert r.status_code == 403
    assert client.post(f"/api/tournaments/{tid}/players", headers=auth(key), json={"name": "M", "warband": "cyrenis-razors"}).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/registration", headers=auth(key), json={"open": True, "cap": 500}).status_code == 403
    # A claim secret guessed, or one from another event, names no request here.
    for secret in ("x" * 43, ana["claim"] + "x"):
        r = claim(client, tid, secret)
        assert r.status_code == 404 and r.get_json()["error"]["code"] == "no_such_request"
    assert claim(client, other_tid, ana["claim"]).status_code == 404
    assert client.post(f"/api/tournaments/{tid}/requests/claim", json={"claim": "x" * 101}).status_code == 400
    # A player accepting themselves: a player's link (and the organiser's of another event) is refused.
    bob = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Bob", "warband": "garreks-reavers"}).get_json()
    before = head(client, tid, org)
    r = client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(bob["token"]))
    assert r.status_code == 403
    # Ana's own phone holds only its claim secret: it is no token, so it accepts nothing either.
    r = client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(ana["claim"]))
    assert r.status_code == 401
    assert client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(other_org)).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/requests/r9/accept", headers=auth(org)).status_code == 404
    assert client.post(f"/api/tournaments/{tid}/requests/..%2Fx/accept", headers=auth(org)).status_code == 404
    assert head(client, tid, org) == before
    # The spectator's view shows whether registration is open, never who asked.
    public = view(client, tid)
    assert public["signup"] == {"open": True, "cap": None, "full": False, "waitlist": 0}
    assert "Ana" not in str(public)
    # The same name cannot ask twice, nor a registered player's.
    for name in (" ana ", "BOB"):
        r = ask(client, tid, key, name)
        assert r.status_code == 409 and r.get_json()["error"]["code"] == "name_taken"


def test_a_scorekeeper_answers_requests_but_never_sees_their_decks(client, event):
    tid, org, key = event
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "scorekeeper", "name": "Sam"}).get_json()["token"]
    ask(client, tid, key, "Ana", deck="cyrenis-razors-rivals")
    desk = view(client, tid, keeper)["signup"]["requests"][0]
    assert desk["name"] == "Ana" and "deck" not in desk
    assert client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(keeper)).status_code == 201
    again = client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(org))
    assert again.status_code == 409 and again.get_json()["error"]["code"] == "not_pending"


def test_requests_from_one_address_are_limited_per_hour(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}", "TESTING": True,
                      "RATE_LIMIT_PER_SECOND": 1000.0, "RATE_LIMIT_BURST": 1000, "REGISTRATION_REQUESTS_PER_HOUR": 3,
                      "INSTANCE_PATH": str(tmp_path / "instance")})
    client = app.test_client()
    tid, org = new_event(client)
    key = key_of(open_registration(client, tid, org)["link"])
    assert [ask(client, tid, key, f"P{i}").status_code for i in range(3)] == [201, 201, 201]
    r = ask(client, tid, key, "P3")
    assert r.status_code == 429 and r.get_json()["error"]["code"] == "rate_limited"
    assert len(view(client, tid, org)["signup"]["requests"]) == 3


def test_guessing_claim_secrets_is_limited_per_address(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}", "TESTING": True,
                      "RATE_LIMIT_PER_SECOND": 1000.0, "RATE_LIMIT_BURST": 1000, "JOIN_CODE_MISSES_PER_HOUR": 2,
                      "INSTANCE_PATH": str(tmp_path / "instance")})
    client = app.test_client()
    tid, org = new_event(client)
    key = key_of(open_registration(client, tid, org)["link"])
    real = ask(client, tid, key, "Ana").get_json()["claim"]
    assert [claim(client, tid, f"guess-{i}").status_code for i in range(2)] == [404, 404]
    r = claim(client, tid, real)
    assert r.status_code == 429 and r.get_json()["error"]["code"] == "rate_limited", "even a right secret waits"


def test_two_claims_at_once_hand_the_link_over_once(client, event):
    """The same secret sent twice at once (a double tap, or a copy of the phone's storage): one link, one 410."""
    tid, org, key = event
    secret = ask(client, tid, key, "Ana").get_json()["claim"]
    client.post(f"/api/tournaments/{tid}/requests/r1/accept", headers=auth(org))
    app = client.application
    with ThreadPoolExecutor(4) as pool:
        answers = list(pool.map(lambda _: app.test_client().post(f"/api/tournaments/{tid}/requests/claim", json={"claim": secret}),
                                range(4)))
    assert sorted(a.status_code for a in answers) == [201, 410, 410, 410]
    assert sum("token" in (a.get_json() or {}) for a in answers) == 1


def test_requests_arriving_at_once_each_get_their_own_place(client, event):
    """Twelve phones ask at the same moment: each request takes its number when it is stored, so none is turned away
    as busy and no two share a number."""
    tid, org, key = event
    app = client.application
    at_once = Barrier(12)

    def ask_together(i):
        at_once.wait()
        return ask(app.test_client(), tid, key, f"Player {i}")
    with ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(ask_together, range(12)))
    assert [a.status_code for a in answers] == [201] * 12, [a.get_json() for a in answers if a.status_code != 201]
    made = [a.get_json()["request"] for a in answers]
    desk = view(client, tid, org)["signup"]["requests"]
    assert sorted(r["id"] for r in desk) == sorted(made) and len(set(made)) == len(made)
