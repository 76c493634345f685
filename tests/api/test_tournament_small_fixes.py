"""Small things organisers hit: another table's player confirming a live game is refused as not at the table (403),
not told the game is not over; a role's link is named with its article ("an organiser link"); the requests list
names a deck as the content names it; results.csv has the bye's row."""
from __future__ import annotations

import csv
import io

from .tournament_helpers import auth, round_one_on_two_tables, tournament_with_players


def test_another_tables_player_confirming_a_live_game_is_refused_as_not_at_the_table(client):
    tid, org, tokens, staff, tables = round_one_on_two_tables(client)
    (a, _), (c, _) = tables
    r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[c]))
    assert r.status_code == 403 and r.get_json()["error"]["code"] == "not_at_table"
    r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(staff["device2"]))
    assert r.status_code == 403
    # The table's own player still hears that the game is not over.
    r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(tokens[a]))
    assert r.status_code == 409 and r.get_json()["error"]["code"] == "game_not_over"


def test_the_organisers_link_is_named_with_its_article(client):
    tid, org, tokens, staff, _ = round_one_on_two_tables(client)
    r = client.post(f"/api/tournaments/{tid}/rounds/1/tables/1/confirm", headers=auth(org))
    assert r.status_code == 403
    message = r.get_json()["error"]["message"]
    assert "an organiser link cannot" in message and "a organiser" not in message


def test_a_requests_deck_is_named_for_the_organiser(client):
    made = client.post("/api/tournaments", json={"name": "Asks", "date": "2026-12-05", "format": "rivals"}).get_json()
    tid, org = made["id"], made["organiser_token"]
    key = client.post(f"/api/tournaments/{tid}/registration", headers=auth(org), json={"open": True}).get_json()["link"].split("#k=")[1]
    r = client.post(f"/api/tournaments/{tid}/requests", headers=auth(key),
                    json={"name": "Cai", "warband": "steelhearts-champions", "deck": "breakneck-slaughter"})
    assert r.status_code == 201, r.get_json()
    (req,) = client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["signup"]["requests"]
    assert req["deck_name"] == "Breakneck Slaughter Rivals Deck"
    keeper = client.post(f"/api/tournaments/{tid}/links", headers=auth(org), json={"role": "scorekeeper", "name": "S"}).get_json()
    seen = client.get(f"/api/tournaments/{tid}", headers=auth(keeper["token"])).get_data(as_text=True)
    assert "Breakneck" not in seen and "breakneck" not in seen  # the deck lists are the organiser's until published


def test_results_csv_has_the_byes_row(client):
    tid, org, _ = tournament_with_players(client, players=(("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers"),
                                                           ("Cai", "garreks-reavers")), bye={"glory_for": 4})
    for step in ("pair", "publish"):
        assert client.post(f"/api/tournaments/{tid}/rounds/1/{step}", headers=auth(org)).status_code == 201
    view = client.get(f"/api/tournaments/{tid}").get_json()
    bye = view["rounds"][0]["bye_name"]
    rows = list(csv.reader(io.StringIO(client.get(f"/api/tournaments/{tid}/export/results.csv").get_data(as_text=True))))
    assert ["1", "bye", bye, "", "bye", bye, "4", ""] in rows
    assert len(rows) == 3  # the header, the one table, the bye
