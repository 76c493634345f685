"""A held player seat changes hands only with consent: the holder approves, shows a code, or the referee joins it in."""
from __future__ import annotations

import pytest

from tests.api.helpers import auth, event, new_game, submit
from tests.support.sockets import frames


def _join(client, game, seat, token=None, **extra):
    return client.post(f"/api/games/{game['id']}/join", json={"code": game["join_code"], "seat": seat, **extra},
                       headers=auth(token) if token else {})


def _held(sio, game, seat="p1"):
    """The seat's phone opens the table (connects to /live with the seat's token)."""
    phone = sio(game["tokens"][seat])
    assert phone.is_connected("/live")
    return phone


def test_a_script_using_the_rest_api_does_not_hold_a_seat(client):
    game = new_game(client)
    assert submit(client, game, "p1", event("p1")).status_code == 201
    assert _join(client, game, "p1").status_code == 201


def test_the_join_code_alone_no_longer_takes_a_held_seat(client, sio):
    game = new_game(client)
    _held(sio, game)
    submit(client, game, "p1", event("p1", "secret", value=4242))
    for token in (None, "garbage", game["tokens"]["p2"]):
        resp = _join(client, game, "p1", token)
        assert resp.status_code == 202, resp.get_json()
        body = resp.get_json()
        assert "token" not in body and body["handover"]["seat"] == "p1" and body["handover"]["secret"]


def test_a_free_seat_goes_to_the_first_phone_and_then_is_held(client):
    game = new_game(client)
    first = _join(client, game, "p2")
    assert first.status_code == 201 and first.get_json()["token"]
    assert _join(client, game, "p2").status_code == 202


def test_spectators_and_scorekeepers_stay_open_to_the_code(client, sio):
    game = new_game(client)
    _held(sio, game)
    for role in ("spectator", "scorekeeper", "spectator"):
        assert _join(client, game, role).status_code == 201


def test_the_holder_approves_and_the_asking_phone_collects_its_token_once(client, sio):
    game = new_game(client)
    holder = _held(sio, game)
    asked = _join(client, game, "p1").get_json()["handover"]
    told = frames(holder, "handover", until=len)
    assert told == [{"id": asked["id"], "seat": "p1", "status": "asked"}]
    look = client.get(f"/api/games/{game['id']}/handovers/{asked['id']}", headers=auth(asked["secret"]))
    assert look.get_json()["status"] == "waiting"
    pending = client.get(f"/api/games/{game['id']}/handovers", headers=auth(game["tokens"]["p1"])).get_json()
    assert pending["handovers"] == [{"id": asked["id"], "seat": "p1", "status": "asked"}]
    other = client.post(f"/api/games/{game['id']}/handovers/{asked['id']}", json={"approve": True},
                        headers=auth(game["tokens"]["p2"]))
    assert other.status_code == 403
    yes = client.post(f"/api/games/{game['id']}/handovers/{asked['id']}", json={"approve": True},
                      headers=auth(game["tokens"]["p1"]))
    assert yes.get_json()["status"] == "approved"
    wrong_secret = client.get(f"/api/games/{game['id']}/handovers/{asked['id']}", headers=auth("guess"))
    assert wrong_secret.status_code == 404
    got = client.get(f"/api/games/{game['id']}/handovers/{asked['id']}", headers=auth(asked["secret"])).get_json()
    assert got["status"] == "approved" and got["token"]
    me = client.get(f"/api/games/{game['id']}", headers=auth(got["token"])).get_json()
    assert me["you"]["seat"] == "p1"
    again = client.get(f"/api/games/{game['id']}/handovers/{asked['id']}", headers=auth(asked["secret"])).get_json()
    assert again["status"] == "collected" and "token" not in again
    statuses = [f["status"] for f in frames(holder, "handover", until=lambda got: len(got) >= 3)]
    assert statuses == ["asked", "approved", "handed_over"]  # the first phone is told


def test_the_holder_refuses(client, sio):
    game = new_game(client)
    _held(sio, game)
    asked = _join(client, game, "p1").get_json()["handover"]
    no = client.post(f"/api/games/{game['id']}/handovers/{asked['id']}", json={"approve": False},
                     headers=auth(game["tokens"]["p1"]))
    assert no.get_json()["status"] == "refused"
    twice = client.post(f"/api/games/{game['id']}/handovers/{asked['id']}", json={"approve": True},
                        headers=auth(game["tokens"]["p1"]))
    assert twice.status_code == 409
    got = client.get(f"/api/games/{game['id']}/handovers/{asked['id']}", headers=auth(asked["secret"])).get_json()
    assert got["status"] == "refused" and "token" not in got


def test_a_handover_code_from_the_holders_phone_works_once(client, sio):
    game = new_game(client)
    holder = _held(sio, game)
    made = client.post(f"/api/games/{game['id']}/handover-code", headers=auth(game["tokens"]["p1"]))
    assert made.status_code == 201
    code = made.get_json()["code"]
    assert len(code) == 6 and code.isdigit()
    resp = _join(client, game, "p1", handover_code=code)
    assert resp.status_code == 201 and resp.get_json()["seat"] == "p1"
    assert frames(holder, "handover", until=len) == [{"seat": "p1", "status": "handed_over"}]
    assert _join(client, game, "p1", handover_code=code).status_code == 403  # spent
    # a spectator cannot make codes
    spectator = _join(client, game, "spectator").get_json()["token"]
    assert client.post(f"/api/games/{game['id']}/handover-code", headers=auth(spectator)).status_code == 403


def test_wrong_handover_codes_spend_the_code(client, sio):
    game = new_game(client)
    _held(sio, game)
    code = client.post(f"/api/games/{game['id']}/handover-code", headers=auth(game["tokens"]["p1"])).get_json()["code"]
    wrong = "000000" if code != "000000" else "111111"
    for _ in range(5):
        resp = _join(client, game, "p1", handover_code=wrong)
        assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "wrong_handover_code"
    assert _join(client, game, "p1", handover_code=code).status_code == 403


def test_the_referee_joins_a_phone_into_a_held_seat_and_the_holder_is_told(client, sio):
    game = new_game(client)
    holder = _held(sio, game)
    resp = _join(client, game, "p1", game["referee_token"])
    assert resp.status_code == 201 and resp.get_json()["token"]
    assert frames(holder, "handover", until=len) == [{"seat": "p1", "status": "handed_over"}]


@pytest.mark.parametrize("approve", [True, False])
def test_the_referee_may_answer_a_request(client, approve, sio):
    game = new_game(client)
    _held(sio, game)
    asked = _join(client, game, "p1").get_json()["handover"]
    pending = client.get(f"/api/games/{game['id']}/handovers", headers=auth(game["referee_token"])).get_json()
    assert [h["id"] for h in pending["handovers"]] == [asked["id"]]
    resp = client.post(f"/api/games/{game['id']}/handovers/{asked['id']}", json={"approve": approve},
                       headers=auth(game["referee_token"]))
    assert resp.get_json()["status"] == ("approved" if approve else "refused")


def test_the_asking_phone_withdraws_and_the_holder_is_told(client, sio):
    game = new_game(client)
    holder = _held(sio, game)
    asked = _join(client, game, "p1").get_json()["handover"]
    assert client.delete(f"/api/games/{game['id']}/handovers/{asked['id']}", headers=auth("guess")).status_code == 404
    gone = client.delete(f"/api/games/{game['id']}/handovers/{asked['id']}", headers=auth(asked["secret"]))
    assert gone.get_json()["status"] == "withdrawn"
    told = frames(holder, "handover", until=lambda got: len(got) >= 2)
    assert [f["status"] for f in told] == ["asked", "withdrawn"]
    late = client.post(f"/api/games/{game['id']}/handovers/{asked['id']}", json={"approve": True},
                       headers=auth(game["tokens"]["p1"]))
    assert late.status_code == 409
