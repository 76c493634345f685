"""A late play (the other phone was quicker): a reaction or power card entered after its step was closed by
an inferred pass is refused with the entry that closed it, by whom, and how the table puts it right; after that
entry is taken back the same play is accepted. Nothing is dropped silently."""
from __future__ import annotations

import itertools

from tests.api.helpers import auth
from tests.support.play import underworlds_setup

_ids = itertools.count(1)


def create(client, players=2) -> dict:
    setup = underworlds_setup(players)
    for seat, name in zip(setup["seats"], ("Ana", "Ben", "Cai")):
        seat["name"] = name
    resp = client.post("/api/games", json={"ruleset": setup["ruleset"], "options": setup["options"],
                                           "seats": setup["seats"]})
    assert resp.status_code == 201, resp.get_json()
    game = resp.get_json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    game["tokens"]["referee"] = game["referee_token"]
    return game


def send(client, game, seat, type_, by=None, **data):
    body = {"id": f"late-{next(_ids)}", "type": type_, "by": by or seat, "data": data}
    return client.post(f"/api/games/{game['id']}/events", json=body, headers=auth(game["tokens"][seat]))


def ok(resp):
    assert resp.status_code == 201, resp.get_json()
    return resp.get_json()


def to_first_turn(client, game):
    ok(send(client, game, "p1", "roll_off", purpose="boards", first="p1"))
    for seat in game["tokens"]:
        if seat.startswith("p"):
            ok(send(client, game, seat, "do_over", choice="none"))
    ok(send(client, game, "p1", "roll_off", purpose="deployment", first="p1"))
    ok(send(client, game, "p1", "deployed", finished_first="p1"))
    ok(send(client, game, "p1", "roll_off", purpose="first_turn", first="p1"))


def test_a_late_reaction_names_the_entry_that_closed_the_step_and_is_accepted_after_the_take_back(client):
    game = create(client)
    to_first_turn(client, game)
    ok(send(client, game, "p1", "activate", action="move", fighter="p1.leader"))
    quick = ok(send(client, game, "p1", "power", play="ploy"))          # Ana's phone was quicker
    assert [c["type"] for c in quick["consequences"]][:1] == ["passes_inferred"]
    late = send(client, game, "p2", "reaction", step="after_activation", name="Sidestep")
    assert late.status_code == 422
    err = late.get_json()["error"]
    assert err["code"] == "step_closed"
    assert err["closed_by"] == {"seq": quick["seq"], "type": "power", "by": "p1", "name": "Ana",
                                "steps": ["reaction"], "passed": ["p1", "p2"], "last": True, "actor": "p1"}
    assert f"Ana's entry #{quick['seq']}" in err["message"] and "Ana (or the referee) can take it back" in err["message"]
    # The table's way: Ana takes back her entry, Ben reacts, Ana plays her ploy again.
    ok(send(client, game, "p1", "revert", seq=quick["seq"], reason="Ben reacts first"))
    ok(send(client, game, "p2", "reaction", step="after_activation", name="Sidestep"))
    ok(send(client, game, "p1", "power", play="ploy"))


def test_a_late_play_after_the_referees_entry_asks_the_referee_to_take_it_back(client):
    game = create(client)
    to_first_turn(client, game)
    ok(send(client, game, "p1", "activate", action="move", fighter="p1.leader"))
    ruling = ok(send(client, game, "referee", "power", by="p1", play="ploy"))   # the referee entered it for Ana
    err = send(client, game, "p2", "reaction", step="after_activation", name="Sidestep").get_json()["error"]
    assert err["code"] == "step_closed" and err["closed_by"]["actor"] == "referee"
    assert "the referee can take it back" in err["message"] and "Ana (or the referee)" not in err["message"]
    refused = send(client, game, "p1", "revert", seq=ruling["seq"], reason="Ben reacts first")
    assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "referee_entry"


def test_a_late_power_card_after_the_next_activation(client):
    """Three players: only the player whose turn it is and the next take part in a power step (Multiplayer games,
    Power step). Ben's activation closed Ana's power step; in Ben's power step Ana has no go, so her ploy is late."""
    game = create(client, players=3)
    to_first_turn(client, game)
    ok(send(client, game, "p1", "activate", action="move", fighter="p1.leader"))
    quick = ok(send(client, game, "p2", "activate", action="guard", fighter="p2.leader"))
    late = send(client, game, "p1", "power", play="ploy")
    err = late.get_json()["error"]
    assert late.status_code == 422 and err["code"] == "step_closed"
    assert err["closed_by"]["by"] == "p2" and err["closed_by"]["steps"] == ["reaction", "power"]
    assert err["closed_by"]["seq"] == quick["seq"] and "Ben (or the referee)" in err["message"]
    # Ana cannot take back Ben's entry; the referee can.
    assert send(client, game, "p1", "revert", seq=quick["seq"], reason="late ploy").status_code == 422
    ok(send(client, game, "referee", "revert", by="referee", seq=quick["seq"], reason="Ana's ploy first"))
    ok(send(client, game, "p1", "power", play="ploy"))


def test_a_plain_refusal_is_not_called_late(client):
    game = create(client)
    to_first_turn(client, game)
    resp = send(client, game, "p2", "reaction", step="after_activation", name="Sidestep")
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "no_reaction_step"
    assert "closed_by" not in resp.get_json()["error"]


def test_a_late_conquest_retreat_names_the_attack_that_closed_the_retreat_opportunities(client):
    """Conquest: Ana's first attack of the next combat round closed both retreat opportunities (Stay and fight);
    Ben's retreat sent after it is refused with that entry, in the game's words."""
    resp = client.post("/api/games", json={"ruleset": "conquest/core", "options": {},
                                           "seats": [{"name": "Ana", "warlord": "nazdreg"},
                                                     {"name": "Ben", "warlord": "captain-cato-sicarius"}]})
    game = ok(resp)
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    ok(client.post(f"/api/games/{game['id']}/events", headers=auth(game["tokens"]["p1"]),
                   json={"id": f"late-{next(_ids)}", "type": "initiative", "by": "p1", "data": {"seat": "p1"}}))
    for planet in ("Tarrus", "Osus IV", "Ferrin", "Barlus", "Elouith"):
        ok(send(client, game, "p1", "reveal_planet", planet=planet))
    ok(send(client, game, "p1", "mulligan", take=False))
    ok(send(client, game, "p2", "mulligan", take=False))
    for seat, name in (("p1", "Boyz"), ("p2", "Scouts")):
        ok(send(client, game, seat, "deploy", card={"name": name, "type": "army", "cost": 1, "attack": 1, "hp": 9},
                planet=1))
    ok(send(client, game, "p1", "pass"))
    ok(send(client, game, "p2", "commit", planet=3))
    ok(send(client, game, "p1", "commit", planet=2))
    for _ in range(4):  # the command bonuses of the lone warlords' planets
        step = client.get(f"/api/games/{game['id']}", headers=auth(game["tokens"]["p1"])).get_json()["view"]["state"]["step"]
        if step.get("name") != "bonuses":
            break
        seat = step["queue"][0]["seat"]
        ok(send(client, game, seat, "take_bonus", resources=True, cards=False))
    ok(send(client, game, "p1", "attack", attacker="p1.boyz", defender="p2.scouts"))
    ok(send(client, game, "p2", "attack", attacker="p2.scouts", defender="p1.boyz"))   # Ben used no shield
    ok(send(client, game, "p1", "no_shield"))                                           # the round ends
    quick = ok(send(client, game, "p1", "attack", attacker="p1.boyz", defender="p2.scouts"))
    inferred = next(c for c in quick["consequences"] if c["type"] == "passes_inferred")
    assert inferred["data"]["step"] == "retreat" and inferred["data"]["seats"] == ["p1", "p2"]
    late = send(client, game, "p2", "retreat", unit="p2.scouts")
    assert late.status_code == 422
    err = late.get_json()["error"]
    assert err["code"] == "step_closed"
    assert err["closed_by"]["seq"] == quick["seq"] and err["closed_by"]["steps"] == ["retreat"]
    assert "closed the retreat opportunities as passed" in err["message"]


def test_the_real_server_answers_late_and_plain_refusals_past_notes_and_take_backs_without_a_traceback(tmp_path):
    """`python -m app`: a log with notes, a take-back and an entry the take-back left refused; a late reaction is
    still named `step_closed`, plain refusals (a fighter that is not in the game) stay plain, and the server logs
    no traceback for any of them."""
    import requests  # noqa: PLC0415

    from tests.support.live import ServerProcess  # noqa: PLC0415

    server = ServerProcess(f"sqlite:///{tmp_path / 'late.sqlite3'}", tmp_path)
    try:
        setup = underworlds_setup(2)
        resp = requests.post(server.url + "/api/games", json={"ruleset": setup["ruleset"], "options": setup["options"],
                                                              "seats": setup["seats"]}, timeout=10)
        game = resp.json()
        tokens = {s["seat"]: s["token"] for s in game["seats"]}
        tokens["referee"] = game["referee_token"]

        def post(seat, type_, by=None, override=None, **data):
            body = {"id": f"late-{next(_ids)}", "type": type_, "by": by or seat, "data": data}
            if override:
                body["override"] = override
            return requests.post(f"{server.url}/api/games/{game['id']}/events", json=body,
                                 headers={"Authorization": f"Bearer {tokens[seat]}"}, timeout=10)

        for seat, type_, data in (("p1", "roll_off", {"purpose": "boards", "first": "p1"}),
                                  ("p1", "do_over", {"choice": "none"}), ("p2", "do_over", {"choice": "none"}),
                                  ("p1", "roll_off", {"purpose": "deployment", "first": "p1"}),
                                  ("p1", "deployed", {"finished_first": "p1"}),
                                  ("p1", "roll_off", {"purpose": "first_turn", "first": "p1"}),
                                  ("p2", "note", {"text": "tea first"})):
            assert post(seat, type_, **data).status_code == 201
        moved = post("p1", "activate", action="move", fighter="p1.leader").json()
        assert post("p2", "reaction", step="after_activation", name="Sidestep").status_code == 201
        # The referee takes back the move: Ben's reaction to it is refused now (kept in the log, without effect).
        assert post("referee", "revert", by="referee", seq=moved["seq"], reason="wrong fighter").status_code == 201
        assert post("p1", "note", text="again").status_code == 201
        assert post("p1", "activate", action="move", fighter="p1.brute").status_code == 201
        quick = post("p1", "power", play="ploy").json()
        assert post("p2", "note", text="wait").status_code == 201
        late = post("p2", "reaction", step="after_activation", name="Sidestep")
        assert late.status_code == 422 and late.json()["error"]["code"] == "step_closed"
        assert late.json()["error"]["closed_by"]["seq"] == quick["seq"] and not late.json()["error"]["closed_by"]["last"]
        unknown = post("p2", "activate", action="move", fighter="p2.nobody")
        assert unknown.status_code == 422 and unknown.json()["error"]["code"] == "unknown_fighter"
        overridden = post("p1", "abandon", override={"reason": "the table agreed"})  # no Attack action pending
        assert overridden.status_code == 422 and overridden.json()["error"]["code"] == "nothing_pending"
    finally:
        server.stop()
    log = server.log()
    assert "Traceback" not in log and "late-play search failed" not in log, log
