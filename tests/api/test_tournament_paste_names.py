"""A pasted list names warbands and decks as people write them: a phone's curly apostrophe, a possessive left out,
"The" left out, "Rivals Deck" or not, any case; a near miss is refused with the closest names offered (never taken
silently); a warband whose fighter cards come in several printings is flagged for the desk to check."""
from __future__ import annotations

import pytest

from app.tournaments import names
from app.tournaments.registration import roster_names

from .tournament_helpers import auth


@pytest.fixture
def event(client):
    made = client.post("/api/tournaments", json={"name": "Paste Cup", "date": "2026-12-05", "format": "rivals"}).get_json()
    return made["id"], made["organiser_token"]


def paste(client, tid, token, text):
    r = client.post(f"/api/tournaments/{tid}/players/import", headers=auth(token), json={"text": text})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


PROBES = """Ana, Garrek\u2019s Reavers
Ben, Spiteclaws Swarm
Cai, Sepulchral Guard, Force of Frost
Dee, the farstriders, force of frost rivals deck
Eli, CYRENI'S RAZORS, Cyreni\u2019s Razors Rivals
Fay, garreks-reavers, Breakneck Slaughter deck
Gus, Garek Reavers
Hal, Steelhearts Champions, Force of Frosts
Ivy, Stormsire, Force of Frost"""


def test_names_written_as_people_write_them_are_matched_and_near_misses_offer_the_closest(client, event):
    tid, org = event
    body = paste(client, tid, org, PROBES)
    got = {a["name"]: a for a in body["added"]}
    assert list(got) == ["Ana", "Ben", "Cai", "Dee", "Eli", "Fay"]
    listed = {p["name"]: p for p in client.get(f"/api/tournaments/{tid}", headers=auth(org)).get_json()["players"]}
    assert [(listed[n]["warband"], listed[n]["deck"]) for n in got] == [
        ("garreks-reavers", None), ("spiteclaws-swarm", None), ("sepulchral-guard", "force-of-frost"),
        ("the-farstriders", "force-of-frost"), ("cyrenis-razors", "cyrenis-razors-rivals"),
        ("garreks-reavers", "breakneck-slaughter")]
    refused = {x["line"]: x for x in body["refused"]}
    assert refused[7]["code"] == "not_sure" and refused[7]["closest"] == ["Garrek's Reavers"]
    assert "did you mean Garrek's Reavers" in refused[7]["message"]
    assert refused[8]["code"] == "not_sure" and refused[8]["closest"] == ["Force of Frost Rivals Deck"]
    assert refused[9]["code"] == "bad_registration" and "closest" not in refused[9]
    # Never a silent guess: the refused lines registered nobody.
    assert set(listed) == set(got)


def test_warbands_with_a_printing_to_choose_are_flagged_in_the_report(client, event):
    tid, org = event
    body = paste(client, tid, org, "Ana, Spiteclaw's Swarm\nBen, Garrek's Reavers\nCai, Cyreni's Razors")
    flagged = {a["name"]: a.get("check_printing") for a in body["added"]}
    assert flagged == {"Ana": "Spiteclaw's Swarm", "Ben": None, "Cai": "Cyreni's Razors"}


def test_a_name_fitting_two_records_is_refused_as_ambiguous():
    keys = names.index([{"id": "a-team", "name": "The A Team"}, {"id": "a-team-2", "name": "A-Team"}])
    found, offered = names.find("a team", keys, {"a-team": "The A Team", "a-team-2": "A-Team"})
    assert found is None and offered == ["The A Team", "A-Team"]


@pytest.mark.parametrize("text", ["", "   ", "'", "\u2019\u2019", "the", "x" * 80, "\u00e9\u00e8", "\u65e5\u672c"])
def test_odd_names_match_nothing_and_never_fail(text):
    n = roster_names()
    found, offered = names.find(text, n["warbands"], n["warband_names"])
    assert found is None and len(offered) <= names.CLOSEST
