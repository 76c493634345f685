"""Never locked out: the recovery code given once at creation replaces a lost organiser link (the old one stops
working, the code is spent and a new one given); only its hash is stored; every other role, token or guess
is refused and changes nothing, and wrong guesses from one address are limited."""
from __future__ import annotations

import json
import threading
from concurrent.futures import ThreadPoolExecutor

from app.server import create_app
from app.service.tokens import hash_token
from app.tournaments import links
from app.tournaments.links import normalise_recovery_code

from .tournament_helpers import auth, tournament_with_players


def create(client):
    r = client.post("/api/tournaments", json={"name": "Lost Cup", "date": "2026-12-05"})
    assert r.status_code == 201
    return r.get_json()


def recover(client, code, token=None):
    return client.post("/api/tournaments/recover", headers=auth(token), json={"code": code})


def test_the_recovery_code_gives_a_new_organiser_link_and_the_old_one_stops_working(client):
    made = create(client)
    tid, old = made["id"], made["organiser_token"]
    code = made["recovery_code"]
    assert len(normalise_recovery_code(code)) == 20
    # Typed back by hand: lower case, spaces for dashes.
    r = recover(client, code.lower().replace("-", " "))
    assert r.status_code == 201, r.get_json()
    got = r.get_json()
    assert got["id"] == tid and got["name"] == "Lost Cup"
    assert got["link"].endswith(f"/tournament/{tid}#t={got['organiser_token']}")
    assert got["recovery_code"] != code
    assert client.get(f"/api/tournaments/{tid}", headers=auth(old)).status_code == 401
    assert client.get(f"/api/tournaments/{tid}", headers=auth(got["organiser_token"])).get_json()["you"]["role"] == "organiser"
    # The code used is spent; the new one works.
    assert recover(client, code).status_code == 403
    assert recover(client, got["recovery_code"]).status_code == 201
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(old), json={"name": "Ana", "warband": "cyrenis-razors"})
    assert r.status_code == 401


def test_the_log_says_the_organisers_link_was_replaced_by_the_recovery_code(client):
    made = create(client)
    new = recover(client, made["recovery_code"]).get_json()
    entries = client.get(f"/api/tournaments/{made['id']}/log", headers=auth(new["organiser_token"])).get_json()["entries"]
    assert [(e["type"], e["actor"], e["data"]) for e in entries] == [("new_link", "recovery", {"role": "organiser", "subject": ""})]


def test_only_the_codes_hash_is_stored_and_the_code_is_in_no_view(client, app):
    made = create(client)
    code = made["recovery_code"]
    store = app.extensions["tablewarden"]["store"]
    assert store.tournament_for_token(hash_token(normalise_recovery_code(code)))[1] == "recovery"
    for token in (made["organiser_token"], None):
        seen = json.dumps(client.get(f"/api/tournaments/{made['id']}", headers=auth(token)).get_json())
        assert code not in seen and normalise_recovery_code(code) not in seen
    seen = client.get(f"/api/tournaments/{made['id']}/export.json", headers=auth(made["organiser_token"])).get_data(as_text=True)
    assert normalise_recovery_code(code) not in seen


def test_a_recovery_code_is_not_a_link_and_no_link_is_a_recovery_code(client):
    tid, org, tokens = tournament_with_players(client)
    made = create(client)
    code = normalise_recovery_code(made["recovery_code"])
    # Sent as a bearer token, the code opens nothing (neither its own tournament nor another).
    for where in (made["id"], tid):
        r = client.get(f"/api/tournaments/{where}", headers=auth(code))
        assert r.status_code == 401 and r.get_json()["error"]["code"] == "bad_token"
    judge = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "judge", "name": "Kim"}).get_json()["token"]
    # Every role's own token, a guess and malformed bodies: refused, and every link keeps working.
    for guess in (org, judge, *tokens.values(), "AAAA-BBBB-CCCC-DDDD-EEEE", made["organiser_token"]):
        r = recover(client, guess, token=org)
        assert r.status_code in (400, 403), r.get_json()
        assert r.get_json()["error"]["code"] in ("wrong_recovery_code", "invalid")
    for bad in ({}, {"code": ""}, {"code": 5}, {"code": "x" * 65}, {"code": code, "id": tid}, []):
        r = client.post("/api/tournaments/recover", json=bad)
        assert r.status_code == 400, (bad, r.get_json())
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["you"]["role"] == "organiser"
    assert client.get(f"/api/tournaments/{made['id']}", headers=auth(made["organiser_token"])).status_code == 200
    # A player's link cannot replace the organiser's either (the organiser's own route to new links).
    pid, ptoken = next(iter(tokens.items()))
    r = client.post(f"/api/tournaments/{tid}/links/new", headers=auth(ptoken), json={"role": "player", "player": pid})
    assert r.status_code == 403


def test_wrong_recovery_codes_from_one_address_are_limited(tmp_path):
    app = create_app({"ASYNC_MODE": "threading", "DATABASE_URL": f"sqlite:///{tmp_path / 'tw.sqlite3'}", "TESTING": True,
                      "RATE_LIMIT_PER_SECOND": 1000.0, "RATE_LIMIT_BURST": 1000, "JOIN_CODE_MISSES_PER_HOUR": 3,
                      "INSTANCE_PATH": str(tmp_path / "instance")})
    client = app.test_client()
    made = create(client)
    for _ in range(3):
        assert recover(client, "AAAA-BBBB-CCCC-DDDD-EEEE").status_code == 403
    r = recover(client, "AAAA-BBBB-CCCC-DDDD-EEEE")
    assert r.status_code == 429 and r.get_json()["retry_after"] > 0 and r.headers["Retry-After"]
    # Even the right code waits: a guesser cannot tell a right code from a wrong one while limited.
    assert recover(client, made["recovery_code"]).status_code == 429
    assert client.get(f"/api/tournaments/{made['id']}", headers=auth(made["organiser_token"])).status_code == 200


def test_a_recovery_code_sent_four_times_at_once_is_spent_once(client, monkeypatch):
    """Four requests with the same code at the same moment: one link and one new code; the others are refused."""
    made = create(client)
    tid = made["id"]
    together = threading.Barrier(4, timeout=10)

    def hashed_together(token):  # the four requests reach the store together, as they may on a busy server
        together.wait()
        return hash_token(token)
    monkeypatch.setattr(links, "hash_token", hashed_together)
    with ThreadPoolExecutor(4) as pool:
        replies = list(pool.map(lambda _: recover(client, made["recovery_code"]), range(4)))
    monkeypatch.setattr(links, "hash_token", hash_token)
    assert sorted(r.status_code for r in replies) == [201, 403, 403, 403], [r.get_json() for r in replies]
    won = next(r.get_json() for r in replies if r.status_code == 201)
    assert client.get(f"/api/tournaments/{tid}", headers=auth(won["organiser_token"])).status_code == 200
    assert client.get(f"/api/tournaments/{tid}", headers=auth(made["organiser_token"])).status_code == 401
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(won["organiser_token"])).get_json()["entries"]
    assert [e["type"] for e in entries] == ["new_link"]
    assert recover(client, won["recovery_code"]).status_code == 201
