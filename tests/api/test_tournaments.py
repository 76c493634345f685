"""Tournament API: registration with deck checks, pairing and publishing games, results confirmed from tracked
games, disputes settled by a judge, corrections with a reason, roles, exports, and bad input (never a 500)."""
from __future__ import annotations

import csv
import io

import pytest

from app.engine.underworlds import victory as engine_victory
from app.service.tokens import hash_token
from app.tournaments import model, progress

from . import tournament_scenarios as scenarios
from .tournament_helpers import RIVALS, auth, link, quiet_game, round_one_on_two_tables, tournament_with_players


@pytest.fixture
def tournament(client):
    r = client.post("/api/tournaments", json={"name": "Winter Cup", "date": "2026-12-05", "format": "rivals", "rounds": 2,
                                              "tiebreakers": ["glory_difference", "total_glory"]})
    assert r.status_code == 201, r.get_json()
    body = r.get_json()
    assert body["links"]["organiser"].endswith(f"/tournament/{body['id']}#t={body['organiser_token']}")
    return body["id"], body["organiser_token"]


def register_all(client, tid, org):
    players = {}
    for name, warband, deck in RIVALS:
        r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": name, "warband": warband, "deck": deck})
        assert r.status_code == 201, r.get_json()
        players[name] = r.get_json()
        assert client.post(f"/api/tournaments/{tid}/players/{players[name]['player']}/check-in", headers=auth(org)).status_code == 201
    return players


def test_a_deck_the_format_refuses_is_shown_with_its_rule_and_a_repeat_registration_adds_nobody(client, app, tmp_path):
    r = client.post("/api/tournaments", json={"name": "Nemesis night", "date": "2026-12-05", "format": "nemesis"})
    tid, org = r.get_json()["id"], r.get_json()["organiser_token"]
    r = client.post(f"/api/tournaments/{tid}/players", headers=auth(org),
                    json={"name": "Ana", "warband": "cyrenis-razors", "deck": "thricefold-discord-rivals"})
    assert r.status_code == 422
    err = r.get_json()["error"]
    assert err["code"] == "deck_refused" and "Nemesis" in err["rule"]
    assert any("another warband" in m for m in err["fields"]["deck"])
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["players"] == [], "nothing was registered"
    ok = client.post(f"/api/tournaments/{tid}/players", headers=auth(org),
                     json={"name": "Ana", "warband": "cyrenis-razors", "deck": "thricefold-discord-rivals",
                           "override": "organiser accepts the borrowed deck"})
    assert ok.status_code == 201 and ok.get_json()["deck_problems"]
    again = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "  ANA ", "warband": "spiteclaws-swarm"})
    assert again.status_code == 200 and again.get_json()["existing"] and again.get_json()["player"] == "p1"
    bad = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Bo", "warband": "no-such-band"})
    assert bad.status_code == 422 and "no-such-band" in bad.get_json()["error"]["message"]
    # The player's token is stored as its hash only.
    store = app.extensions["tablewarden"]["store"]
    assert store.tournament_for_token(hash_token(ok.get_json()["token"]))[1:] == ("player", "p1")
    assert store.tournament_for_token(ok.get_json()["token"]) is None


def test_a_round_from_pairing_to_confirmed_results_and_standings(client, app, tournament):
    tid, org = tournament
    players = register_all(client, tid, org)
    judge = link(client, tid, org, "judge", name="Kim")
    keeper = link(client, tid, org, "scorekeeper", name="Sam")
    device = link(client, tid, org, "table", table=2)
    draft = client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(keeper)).get_json()["data"]
    assert len(draft["tables"]) == 2 and draft["bye"] is None
    a, b = draft["tables"][0]["players"]
    c, d = draft["tables"][1]["players"]
    swapped = client.post(f"/api/tournaments/{tid}/rounds/1/swap", headers=auth(keeper), json={"a": b, "b": c})
    assert swapped.status_code == 201
    t1, t2 = [a, c], [b, d]
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/2/mode", headers=auth(keeper), json={"mode": "device"}).status_code == 201
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"] == [], "the public does not see a draft"
    pub = client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(keeper))
    assert pub.status_code == 201, pub.get_json()
    games = pub.get_json()["data"]["games"]
    tokens = {p["player"]: p["token"] for p in players.values()}
    # Table 1 on the players' phones: each gets a token for their own seat of the created game.
    seat_a = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[a])).get_json()
    seat_c = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[c])).get_json()
    assert (seat_a["seat"], seat_c["seat"]) == ("p1", "p2") and seat_a["game"] == games["1"]["game"]
    setup = client.get(f"/api/games/{seat_a['game']}/export", headers=auth(seat_a["token"])).get_json()["setup"]
    names = {p["player"]: n for n, p in players.items()}
    assert [s["name"] for s in setup["seats"]] == [names[a], names[c]]
    assert all(s.get("deck") for s in setup["seats"]), "decks from registration"
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[b])).status_code == 403
    early = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[a]))
    assert early.status_code == 409 and early.get_json()["error"]["code"] == "game_not_over"
    quiet_game(client, seat_a["game"], {"p1": seat_a["token"], "p2": seat_c["token"]}, glory={"p1": 2})
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[a])).status_code == 201
    view = client.get(f"/api/tournaments/{tid}", headers=auth(tokens[a])).get_json()
    assert view["rounds"][0]["tables"][0]["status"] == "waiting"
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[c])).status_code == 201
    table1 = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]
    assert table1["status"] == "confirmed" and table1["result"] == {"winner": a, "glory": {a: 2, c: 0}}
    # Table 2 on one table device: a shared token enters for both seats; the device confirms alone.
    dev = client.post(f"/api/tournaments/{tid}/rounds/1/tables/2/seat", headers=auth(device)).get_json()
    assert dev["shared_device"] is True
    quiet_game(client, dev["game"], {"p1": dev["token"], "p2": dev["token"]})
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(device)).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/2/confirm", headers=auth(device)).status_code == 201
    view = client.get(f"/api/tournaments/{tid}").get_json()
    assert view["rounds"][0]["complete"]
    top = view["standings"][0]
    assert top["player"] == a and top["points"] == 3 and top["tiebreakers"]["glory_difference"] == 2
    # A correction needs a reason; it is logged with who made it.
    fix = {"winner": None, "glory": {b: 0, d: 0}}
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/2/result", headers=auth(keeper), json=fix).status_code == 422
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/2/result", headers=auth(keeper),
                       json={**fix, "reason": "table reported a draw"}).status_code == 201
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(judge)).get_json()["entries"]
    assert entries[-1]["actor"] == "scorekeeper:Sam" and entries[-1]["data"]["reason"] == "table reported a draw"
    assert {e["actor"] for e in entries if e["type"] == "confirm"} == {f"player:{a}", f"player:{c}", "table:2"}
    assert client.get(f"/api/tournaments/{tid}/log", headers=auth(tokens[a])).status_code == 403
    # Round 2: no rematch, and the judge settles a disputed table with a ruling.
    draft = client.post(f"/api/tournaments/{tid}/rounds/2/pair", headers=auth(org)).get_json()["data"]
    met = {frozenset(t1), frozenset(t2)}
    assert all(frozenset(t["players"]) not in met for t in draft["tables"])
    for t in (1, 2):
        client.post(f"/api/tournaments/{tid}/rounds/2/tables/{t}/mode", headers=auth(org), json={"mode": "untracked"})
    assert client.post(f"/api/tournaments/{tid}/rounds/2/publish", headers=auth(org)).get_json()["data"]["games"] == {}
    p, q = draft["tables"][0]["players"]
    for blank in ({}, {"reason": "   "}):          # a dispute says what is wrong, as the page asks
        refused = client.post(f"/api/tournaments/{tid}/rounds/2/tables/1/dispute", headers=auth(tokens[p]), json=blank)
        assert refused.status_code == 422 and refused.get_json()["error"]["code"] == "reason_needed"
    assert client.post(f"/api/tournaments/{tid}/rounds/2/tables/1/dispute", headers=auth(tokens[p]),
                       json={"reason": "we disagree on the last objective"}).status_code == 201
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][1]["tables"][0]["status"] == "disputed"
    assert client.post(f"/api/tournaments/{tid}/rulings", headers=auth(judge),
                       json={"round": 2, "table": 1, "question": "Does the objective score after the last activation?",
                             "answer": "Yes, in the end phase.", "rule": "Deathgorge rulebook, End phase"}).status_code == 201
    settle = client.post(f"/api/tournaments/{tid}/rounds/2/tables/1/result", headers=auth(judge),
                         json={"winner": q, "glory": {p: 3, q: 5}, "reason": "ruling 1"})
    assert settle.status_code == 201
    rulings = client.get(f"/api/tournaments/{tid}", headers=auth(keeper)).get_json()["rulings"]
    assert rulings[0]["actor"] == "judge:Kim" and rulings[0]["table"] == 1
    assert "rulings" not in client.get(f"/api/tournaments/{tid}").get_json()


def test_exports_list_players_pairings_results_and_standings(client, tournament):
    tid, org = tournament
    register_all(client, tid, org)
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    for t in (1, 2):
        client.post(f"/api/tournaments/{tid}/rounds/1/tables/{t}/mode", headers=auth(org), json={"mode": "untracked"})
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    view = client.get(f"/api/tournaments/{tid}").get_json()
    x, y = view["rounds"][0]["tables"][0]["players"]
    client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/result", headers=auth(org), json={"winner": x, "glory": {x: 4, y: 1}})
    standings = list(csv.reader(io.StringIO(client.get(f"/api/tournaments/{tid}/export/standings.csv").get_data(as_text=True))))
    assert standings[0] == ["rank", "name", "warband", "status", "match_points", "wins", "draws", "losses",
                            "glory_difference", "total_glory", "separated_by"]
    assert standings[1][4] == "3" and standings[1][8] == "3"
    results = client.get(f"/api/tournaments/{tid}/export/results.csv").get_data(as_text=True)
    assert "confirmed" in results and "playing" in results
    assert client.get(f"/api/tournaments/{tid}/export/players.csv").get_data(as_text=True).count("\r\n") == 5
    doc = client.get(f"/api/tournaments/{tid}/export.json").get_json()
    assert doc["format"] == "tablewarden-event" and len(doc["players"]) == 4 and "token" not in str(doc)
    assert client.get(f"/api/tournaments/{tid}/export/secrets.csv").status_code == 404
    assert client.get(f"/api/tournaments/{tid}/qr.svg").mimetype == "image/svg+xml"


def test_bad_input_gets_clear_errors_and_changes_nothing(client, tournament):
    tid, org = tournament
    assert client.post("/api/tournaments", data="{not json", content_type="application/json").status_code == 400
    r = client.post("/api/tournaments", json={"name": "", "date": "tomorrow", "tiebreakers": ["coin"], "rounds": 0})
    assert r.status_code == 400 and {"name", "date", "tiebreakers.0", "rounds"} <= set(r.get_json()["error"]["fields"])
    assert client.post("/api/tournaments", json={"name": "x", "date": "2026-01-01", "best_of": 3}).status_code == 400
    assert client.get("/api/tournaments/nope").status_code == 404
    assert client.post(f"/api/tournaments/{tid}/players", headers=auth("forged"), json={"name": "A", "warband": "x"}).status_code == 401
    assert client.post(f"/api/tournaments/{tid}/players", json={"name": "A", "warband": "cyrenis-razors"}).status_code == 403
    other = client.post("/api/tournaments", json={"name": "Other", "date": "2026-01-01"}).get_json()["organiser_token"]
    assert client.get(f"/api/tournaments/{tid}/log", headers=auth(other)).status_code == 403
    players = register_all(client, tid, org)
    pid = players["Ana"]["player"]
    assert client.post(f"/api/tournaments/{tid}/players/zz/check-in", headers=auth(org)).status_code == 404
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 404
    assert client.post(f"/api/tournaments/{tid}/rounds/x/pair", headers=auth(org)).status_code == 404
    assert client.post(f"/api/tournaments/{tid}/rounds/2/pair", headers=auth(org)).status_code == 409
    assert client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(players["Ana"]["token"])).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/links", headers=auth(players["Ana"]["token"]), json={"role": "judge"}).status_code == 403
    assert client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "table"}).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org)).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/rounds/1/swap", headers=auth(org), json={"a": pid, "b": "p99"}).status_code == 422
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/9/mode", headers=auth(org), json={"mode": "device"}).status_code == 404
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/mode", headers=auth(org), json={"mode": "carrier pigeon"}).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 409
    r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/result", headers=auth(org), json={"winner": "p99", "glory": {}})
    assert r.status_code == 422 and r.get_json()["error"]["code"] == "bad_result"
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/result", headers=auth(org), json=[1]).status_code == 400
    assert client.post(f"/api/tournaments/{tid}/rulings", headers=auth(org), json={"question": "q"}).status_code == 400
    head = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"]
    repeat = {"id": "drop-1", "reason": "ill"}
    first = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(org), json=repeat).get_json()
    second = client.post(f"/api/tournaments/{tid}/players/{pid}/drop", headers=auth(org), json=repeat).get_json()
    assert first["seq"] == second["seq"] == head + 1, "a resent entry is stored once"
    # The same id for another kind of entry is refused, and shows nothing of the entry that holds it.
    reused = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"id": "drop-1", "name": "Zed",
                                                                                     "warband": "garreks-reavers"})
    assert reused.status_code == 409 and reused.get_json()["error"]["code"] == "id_in_use"
    assert "ill" not in reused.get_data(as_text=True)
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"] == head + 1


def test_the_dashboard_marks_a_tracked_table_slow_after_the_tournaments_minutes(client, monkeypatch):
    tid, org, _ = tournament_with_players(client, slow_minutes=10)
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    dash = client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(org)).get_json()
    assert dash["slow_minutes"] == 10 and dash["tables"][0]["slow"] is False
    monkeypatch.setattr(progress, "_minutes_since", lambda stamp: 11.0)
    dash = client.get(f"/api/tournaments/{tid}/dashboard", headers=auth(org)).get_json()
    assert dash["tables"][0]["slow"] is True and dash["tables"][0]["progress"]["minutes_since_entry"] == 11.0
    assert client.get(f"/api/tournaments/{tid}/dashboard").status_code == 403, "the public has no dashboard"


def test_a_late_player_joins_the_next_round_and_a_duplicate_is_merged(client, tournament):
    tid, org = tournament
    register_all(client, tid, org)
    dup = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Ana-Maria", "warband": "cyrenis-razors"})
    assert dup.status_code == 201
    dup_id = dup.get_json()["player"]
    assert client.post(f"/api/tournaments/{tid}/merge", headers=auth(org), json={"keep": "p1", "remove": dup_id}).status_code == 201
    assert client.post(f"/api/tournaments/{tid}/merge", headers=auth(org), json={"keep": "p1", "remove": dup_id}).status_code == 409
    public = client.get(f"/api/tournaments/{tid}").get_json()
    assert dup_id not in [p["id"] for p in public["players"]], "the public never sees the merged duplicate"
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    late = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Lou", "warband": "spiteclaws-swarm"}).get_json()
    assert late["from_round"] == 2
    client.post(f"/api/tournaments/{tid}/players/{late['player']}/check-in", headers=auth(org))
    view = client.get(f"/api/tournaments/{tid}", headers=auth(late["token"])).get_json()
    assert view["mine"]["round"] == 1 and view["mine"]["bye"] is False and "table" not in view["mine"]
    for t in client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"]:
        a, b = t["players"]
        r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/{t['table']}/result", headers=auth(org),
                        json={"winner": a, "glory": {a: 3, b: 1}})
        assert r.status_code == 201
    draft = client.post(f"/api/tournaments/{tid}/rounds/2/pair", headers=auth(org)).get_json()["data"]
    paired = [p for t in draft["tables"] for p in t["players"]] + [draft["bye"]]
    assert late["player"] in paired and dup_id not in paired and len(paired) == 5


def _next_game(client, game, token):
    """What the phone's 'Next game of the match' button does: the next game of the match that `game` belongs to."""
    return client.post("/api/games", headers=auth(token), json={"follows": game})


def _seat_tokens(client, tid, tokens, players):
    got = {}
    for seat, p in zip(("p1", "p2"), players):
        got[seat] = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()["token"]
    return got


def test_a_best_of_three_result_comes_from_the_matchs_linked_games(client):
    """Shadespire matched play (pg 26): the table follows each next game of the match, and its result is the
    match's final status (winner, games won, glory over the games, each game listed), confirmed by both players."""
    tid, org, tokens = tournament_with_players(client, (("Ana", "garreks-reavers"), ("Ben", "steelhearts-champions")),
                                               ruleset="underworlds/shadespire", format="matched", best_of=3)
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    table = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]
    a, b = table["players"]
    first = table["game"]
    seat = _seat_tokens(client, tid, tokens, (a, b))
    assert client.get(f"/api/games/{first}", headers=auth(seat["p1"])).get_json()["view"]["state"]["classic"]["match"]["game"] == 1

    quiet_game(client, first, seat, glory={"p1": 4})
    early = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[a]))
    assert early.status_code == 409 and early.get_json()["error"]["code"] == "match_not_over"
    # Game 1 over, the match not: still playing for everyone.
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["status"] == "playing"
    assert client.get(f"/api/tournaments/{tid}", headers=auth(tokens[a])).get_json()["mine"]["status"] == "playing"

    # A next game that does not follow the match's standing, or is made with another game's token, is refused.
    stranger = client.post("/api/games", json={"ruleset": "underworlds/shadespire", "seats": [{"name": "X", "warband": "garreks-reavers"}, {"name": "Y", "warband": "garreks-reavers"}]}).get_json()
    bad = client.post("/api/games", headers=auth(stranger["referee_token"]),
                      json={"follows": first})
    assert bad.status_code == 403 and bad.get_json()["error"]["code"] == "wrong_game"
    second = _next_game(client, first, seat["p1"])
    assert second.status_code == 201, second.get_json()
    game2 = second.get_json()
    staff_view = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()
    t = staff_view["rounds"][0]["tables"][0]
    assert t["game"] == game2["id"] and t["join_code"] == game2["join_code"]
    # The player's seat link now opens the match's current game.
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[b])).get_json()["game"] == game2["id"]
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    followed = [e for e in entries if e["type"] == "match_game"]
    assert len(followed) == 1 and followed[0]["actor"] == f"game:{a}" and followed[0]["data"]["follows"] == first
    # The same next game made again (the other phone, a second tap) is that game: nothing new, nothing linked again.
    again = _next_game(client, first, seat["p2"])
    assert again.status_code == 200 and again.get_json()["id"] == game2["id"]
    assert [s.get("token") is not None for s in again.get_json()["seats"]] == [False, True]
    assert len([e for e in client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
                if e["type"] == "match_game"]) == 1

    seat2 = {s["seat"]: s["token"] for reply in (game2, again.get_json()) for s in reply["seats"] if s.get("token")}
    quiet_game(client, game2["id"], seat2, glory={"p1": 5, "p2": 3})
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["status"] == "waiting"
    for p in (a, b):
        r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[p]))
        assert r.status_code == 201, r.get_json()
    t = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]
    assert t["status"] == "confirmed"
    result = t["result"]
    assert result["winner"] == a and result["games_won"] == {a: 2, b: 0} and result["glory"] == {a: 9, b: 3}
    assert result["decided_by"] == "games"
    assert [(g["game"], g["id"], g["winner"], g["glory"]) for g in result["games"]] == [
        (1, first, a, {a: 4, b: 0}), (2, game2["id"], a, {a: 5, b: 3})]
    row = {r["player"]: r for r in client.get(f"/api/tournaments/{tid}").get_json()["standings"]}
    assert row[a]["points"] == 3 and row[b]["tiebreakers"]["glory_difference"] == -6


def _join_codes(body, path=""):
    """Every join_code in a reply, by where it sits."""
    if isinstance(body, dict):
        for key, value in body.items():
            if key == "join_code":
                yield f"{path}.{key}", value
            yield from _join_codes(value, f"{path}.{key}")
    elif isinstance(body, list):
        for i, value in enumerate(body):
            yield from _join_codes(value, f"{path}[{i}]")


def test_every_reading_of_a_matchs_next_game_gives_its_own_join_code(client):
    """The next game of a best-of-three is read with its own code wherever a code is shown (staff round view, each
    player's table, the seat link, the game itself), never null nor the first game's; the public sees no code."""
    tid, org, tokens = tournament_with_players(client, (("Ana", "garreks-reavers"), ("Ben", "steelhearts-champions")),
                                               ruleset="underworlds/shadespire", format="matched", best_of=3)
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    a, b = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["players"]
    first = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["rounds"][0]["tables"][0]["game"]
    seat = _seat_tokens(client, tid, tokens, (a, b))
    quiet_game(client, first, seat, glory={"p1": 4})
    second = _next_game(client, first, seat["p1"]).get_json()
    code = second["join_code"]
    assert code and code != client.get(f"/api/games/{first}", headers=auth(seat["p1"])).get_json()["join_code"]
    judge, scorekeeper = link(client, tid, org, "judge"), link(client, tid, org, "scorekeeper")
    for token in (org, judge, scorekeeper, tokens[a], tokens[b]):
        view = client.get(f"/api/tournaments/{tid}", headers=auth(token)).get_json()
        found = list(_join_codes(view))
        assert found and all(value == code for _, value in found), found
    for p in (a, b):
        reply = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
        assert reply["game"] == second["id"] and reply["join_code"] == code
        game = client.get(f"/api/games/{second['id']}", headers=auth(reply["token"])).get_json()
        assert game["join_code"] == code
    assert list(_join_codes(client.get(f"/api/tournaments/{tid}").get_json())) == []


def test_a_best_of_three_match_can_still_be_entered_by_the_scorekeeper(client):
    tid, org, tokens = tournament_with_players(client, (("Ana", "garreks-reavers"), ("Ben", "steelhearts-champions")),
                                               ruleset="underworlds/shadespire", format="matched", best_of=3)
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    assert client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org)).status_code == 201
    a, b = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["players"]
    refused = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[a]))
    assert refused.status_code == 409 and refused.get_json()["error"]["code"] == "game_not_over"
    no_games = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/result", headers=auth(org),
                           json={"winner": a, "glory": {a: 14, b: 12}})
    assert no_games.status_code == 422
    ok = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/result", headers=auth(org),
                     json={"winner": a, "glory": {a: 14, b: 12}, "games_won": {a: 2, b: 1}})
    assert ok.status_code == 201
    row = {r["player"]: r for r in client.get(f"/api/tournaments/{tid}").get_json()["standings"]}
    assert row[a]["points"] == 3 and row[b]["tiebreakers"]["glory_difference"] == -2


def test_a_judge_flags_a_tracked_game_and_the_table_waits_for_a_judge(client):
    """A referee's flag makes the result disputed: it waits for a judge, and so do the players' confirmations."""
    tid, org, tokens = tournament_with_players(client)
    judge = link(client, tid, org, "judge", name="Kim")
    keeper = link(client, tid, org, "scorekeeper", name="Sam")
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    a, b = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["players"]
    seat = {s: client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()["token"]
            for s, p in (("p1", a), ("p2", b))}
    flag = f"/api/tournaments/{tid}/rounds/1/tables/1/flag"
    # Only a judge (or the organiser) flags, and always with a reason; a refusal changes nothing.
    for who in (tokens[a], keeper):
        assert client.post(flag, headers=auth(who), json={"reason": "x"}).status_code == 403
    no_reason = client.post(flag, headers=auth(judge), json={"reason": "  "})
    assert no_reason.status_code == 422 and no_reason.get_json()["error"]["code"] == "reason_needed"
    assert client.post(flag, headers=auth(judge), data="{", content_type="application/json").status_code == 400
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["status"] == "playing"

    quiet_game(client, client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["game"], seat,
               glory={"p1": 2})
    assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[a])).status_code == 201
    flagged = client.post(flag, headers=auth(judge), json={"reason": "a charge was made by an inspired fighter twice"})
    assert flagged.status_code == 201
    table = client.get(f"/api/tournaments/{tid}", headers=auth(keeper)).get_json()["rounds"][0]["tables"][0]
    assert table["status"] == "disputed"
    assert [(d["actor"], d["reason"], d["flag"]) for d in table["disputes"]] == [
        ("judge:Kim", "a charge was made by an inspired fighter twice", True)]
    # The players' confirmations wait for the judge.
    late = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[b]))
    assert late.status_code == 409 and late.get_json()["error"]["code"] == "disputed"
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert entries[-1]["type"] == "flag" and entries[-1]["actor"] == "judge:Kim"
    settle = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/result", headers=auth(judge),
                         json={"winner": a, "glory": {a: 1, b: 0}, "reason": "the second charge's glory removed"})
    assert settle.status_code == 201
    assert client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]["status"] == "confirmed"
    after = client.post(flag, headers=auth(judge), json={"reason": "again"})
    assert after.status_code == 409 and after.get_json()["error"]["code"] == "already_confirmed"


def test_an_untracked_table_has_no_game_to_flag(client):
    tid, org, tokens = tournament_with_players(client)
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/mode", headers=auth(org), json={"mode": "untracked"})
    client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/flag", headers=auth(org), json={"reason": "x"})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "not_tracked"


def test_registration_checks_decks_against_the_organisers_dated_card_list(client):
    """A tournament carries an organiser's saved card list; each refused deck cites its rule with the list's name and date."""
    saved = client.post("/api/content/custom/card-list", json={
        "name": "Club list", "format": "championship", "as_of": "2026-11-01", "forbidden": ["Bitter Storm"]})
    lid = saved.get_json()["id"]
    base = {"name": "Club night", "date": "2026-12-05", "format": "championship"}
    for bad, status in (({"card_list": "nope"}, 422), ({"format": "nemesis", "card_list": lid}, 422),
                        ({"ruleset": "underworlds/shadespire", "format": "standard", "card_list": lid}, 400)):
        r = client.post("/api/tournaments", json={**base, **bad})
        assert r.status_code == status and "card_list" in r.get_json()["error"]["fields"], r.get_json()
    made = client.post("/api/tournaments", json={**base, "card_list": lid}).get_json()
    tid, org = made["id"], made["organiser_token"]
    setup = client.get(f"/api/tournaments/{tid}").get_json()["setup"]
    assert (setup["card_list"], setup["card_list_name"], setup["card_list_as_of"]) == (lid, "Club list", "2026-11-01")
    ben = {"name": "Ben", "warband": "garreks-reavers", "deck": "force-of-frost"}
    refused = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json=ben)
    assert refused.status_code == 422, refused.get_json()
    err = refused.get_json()["error"]
    assert err["code"] == "deck_refused" and "Bitter Storm" in err["message"]
    assert [v["code"] for v in err["violations"]] == ["forbidden_card"]
    assert all(v["rule"].endswith("; Club list of 2026-11-01") for v in err["violations"])
    assert err["rule"].endswith("; Club list of 2026-11-01")
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["players"] == []
    # Without the list the same deck meets the app's own Championship list: the tournament's list made the difference.
    plain = client.post("/api/tournaments", json=base).get_json()
    assert client.post(f"/api/tournaments/{plain['id']}/players", headers=auth(plain["organiser_token"]), json=ben).status_code == 201
    # Accepted with a reason, the tables' games are checked against the same list.
    ok = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={**ben, "override": "judge allowed it"})
    assert ok.status_code == 201 and ok.get_json()["deck_problems"][0]["rule"].endswith("Club list of 2026-11-01")
    client.post(f"/api/tournaments/{tid}/players/{ok.get_json()['player']}/check-in", headers=auth(org))
    ana = client.post(f"/api/tournaments/{tid}/players", headers=auth(org), json={"name": "Ana", "warband": "cyrenis-razors"}).get_json()
    client.post(f"/api/tournaments/{tid}/players/{ana['player']}/check-in", headers=auth(org))
    client.post(f"/api/tournaments/{tid}/rounds/1/pair", headers=auth(org))
    pub = client.post(f"/api/tournaments/{tid}/rounds/1/publish", headers=auth(org))
    assert pub.status_code == 201, pub.get_json()
    game = pub.get_json()["data"]["games"]["1"]["game"]
    seat = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(org)).get_json()
    exported = client.get(f"/api/games/{game}/export", headers=auth(seat["token"])).get_json()["setup"]
    assert exported["options"]["card_list"] == lid


def test_the_organiser_replaces_a_lost_link_and_the_old_one_stops_working(client):
    tid, org, tokens = tournament_with_players(client)
    a = next(iter(tokens))
    judge = link(client, tid, org, "judge", name="Kim")
    device = link(client, tid, org, "table", table=2)
    new = f"/api/tournaments/{tid}/links/new"
    # Only the organiser replaces a link; bad bodies and unknown subjects change nothing.
    assert client.post(new, headers=auth(judge), json={"role": "player", "player": a}).status_code == 403
    assert client.post(new, headers=auth(org), json={"role": "player"}).status_code == 400
    assert client.post(new, headers=auth(org), json={"role": "organiser"}).status_code == 400
    assert client.post(new, headers=auth(org), json={"role": "player", "player": "p99"}).status_code == 404
    nobody = client.post(new, headers=auth(org), json={"role": "judge", "name": "Lee"})
    assert nobody.status_code == 404 and nobody.get_json()["error"]["code"] == "no_such_link"
    assert client.get(f"/api/tournaments/{tid}", headers=auth(tokens[a])).status_code == 200
    assert not [e for e in client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
                if e["type"] == "new_link"]

    for body, old in (({"role": "player", "player": a}, tokens[a]), ({"role": "judge", "name": "Kim"}, judge),
                      ({"role": "table", "table": 2}, device)):
        r = client.post(new, headers=auth(org), json=body)
        assert r.status_code == 201, r.get_json()
        fresh = r.get_json()
        assert fresh["link"].endswith(f"/tournament/{tid}#t={fresh['token']}") and fresh["replaced"] == 1
        gone = client.get(f"/api/tournaments/{tid}", headers=auth(old))
        assert gone.status_code == 401 and gone.get_json()["error"]["code"] == "bad_token"
        you = client.get(f"/api/tournaments/{tid}", headers=auth(fresh["token"])).get_json()["you"]
        assert (you["role"], you["subject"]) == (body["role"], fresh["subject"])
    entries = client.get(f"/api/tournaments/{tid}/log", headers=auth(org)).get_json()["entries"]
    assert [(e["actor"], e["data"]) for e in entries if e["type"] == "new_link"] == [
        ("organiser", {"role": "player", "subject": a}), ("organiser", {"role": "judge", "subject": "Kim"}),
        ("organiser", {"role": "table", "subject": "2"})]


def test_only_a_tables_players_and_its_device_dispute_or_call_a_judge_to_it(client):
    scenarios.only_a_tables_players_and_its_device_dispute_or_call_a_judge_to_it(client)


def test_a_second_confirmation_of_the_same_result_is_answered_and_stored_once(client):
    scenarios.a_second_confirmation_of_the_same_result_is_answered_and_stored_once(client)


def test_only_the_organiser_accepts_a_refused_deck(client):
    scenarios.only_the_organiser_accepts_a_refused_deck(client)


def test_a_disputed_result_is_settled_with_a_reason(client):
    scenarios.a_disputed_result_is_settled_with_a_reason(client)


def test_a_result_must_agree_with_itself_and_the_books_rule_of_victory(client):
    scenarios.a_result_must_agree_with_itself_and_the_books_rule_of_victory(client)


def test_a_tracked_games_tiebreak_win_is_confirmed_with_the_tiebreak_it_was_decided_by(client, monkeypatch):
    """Deathgorge pg 39: level on glory, the only player with surviving fighters wins; the outcome says so."""
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    seat = {s: client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/seat", headers=auth(tokens[p])).get_json()
            for s, p in (("p1", a), ("p2", b))}
    quiet_game(client, seat["p1"]["game"], {s: v["token"] for s, v in seat.items()}, glory={"p1": 2, "p2": 2})
    # The game ended level on glory; with only p2's warband left standing, the engine gives it to p2.
    real = engine_victory.surviving
    monkeypatch.setattr(engine_victory, "surviving", lambda state, s: s == "p2" and real(state, s))
    view = client.get(f"/api/tournaments/{tid}", headers=auth(tokens[a])).get_json()
    assert view["mine"]["proposed"] == {"winner": b, "glory": {a: 2, b: 2}, "decided_by": "surviving_fighters"}
    for p in (a, b):
        assert client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[p])).status_code == 201
    table = client.get(f"/api/tournaments/{tid}").get_json()["rounds"][0]["tables"][0]
    assert table["status"] == "confirmed" and table["result"]["winner"] == b


def test_a_judge_call_is_not_repeated_while_open_and_a_tables_calls_are_bounded(client):
    """A player calling again before a judge answered gets the open call back (200, nothing stored); once a ruling at
    the table answers it, a new call is stored; a table's calls and disputes a round stop at their bound."""
    tid, org, tokens, _staff, tables = round_one_on_two_tables(client)
    (a, b), _ = tables
    judge = f"/api/tournaments/{tid}/rounds/1/tables/1/judge"
    first = client.post(judge, headers=auth(tokens[a]), json={"note": "line of sight?"})
    assert first.status_code == 201
    again = client.post(judge, headers=auth(tokens[a]), json={"note": "still waiting"})
    assert again.status_code == 200 and again.get_json()["seq"] == first.get_json()["seq"]
    other = client.post(judge, headers=auth(tokens[b]), json={"note": "me too"})
    assert other.status_code == 201, "the opponent's own call"
    head = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"]
    for _ in range(5):
        assert client.post(judge, headers=auth(tokens[a])).status_code == 200
    assert client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["head"] == head
    ruled = client.post(f"/api/tournaments/{tid}/rulings", headers=auth(org),
                        json={"round": 1, "table": 1, "question": "line of sight?", "answer": "Yes."})
    assert ruled.status_code == 201, ruled.get_json()
    calls = 2
    for _ in range(model.MAX_TABLE_CALLS):
        r = client.post(judge, headers=auth(tokens[a]))
        if r.status_code == 201:
            calls += 1
            client.post(f"/api/tournaments/{tid}/rulings", headers=auth(org),
                        json={"round": 1, "table": 1, "question": "q", "answer": "a"})
        else:
            assert r.status_code == 409 and r.get_json()["error"]["code"] == "too_many_judge_calls", r.get_json()
            break
    assert calls == model.MAX_TABLE_CALLS
    table = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["rounds"][0]["tables"][0]
    assert len(table["calls"]) == model.MAX_TABLE_CALLS
    for _ in range(model.MAX_TABLE_DISPUTES):
        client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/dispute", headers=auth(tokens[a]), json={"reason": "no"})
    r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/dispute", headers=auth(tokens[a]), json={"reason": "no"})
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "too_many_disputes"
