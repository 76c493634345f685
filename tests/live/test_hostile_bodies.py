"""Hostile bodies against the real server process while another client asks /healthz: each is refused with a
sentence and a stable code, nothing is stored, and /healthz keeps answering (its timing is benchmarks/hostile.py's
to measure; here only a generous sanity bound)."""
from __future__ import annotations

import json
import time

import requests

from tests.api.helpers import FIGHTER
from tests.support.healthz import HealthzProbe
from tests.support.live import ServerProcess

SANITY_SECONDS = 5.0  # far above the benchmark's target: only a stall of the whole server trips it


def _post(server, path: str, data: bytes):
    return requests.post(server.url + path, data=data, headers={"Content-Type": "application/json"}, timeout=60)


def _answered(probe: HealthzProbe) -> None:
    assert probe.latencies and not probe.failures, probe.failures
    assert probe.worst() < SANITY_SECONDS, probe.worst()


def _export(server) -> dict:
    game = server.create_game()
    return server.get(f"/api/games/{game['id']}/export", game["tokens"]["referee"])


def test_an_import_padded_by_shape_is_refused_while_healthz_answers(server):
    exported = _export(server)
    text = json.dumps({**exported, "setup": {**exported["setup"], "options": {"pad": "PAD"}}}).encode()
    numbers = text.replace(b'"PAD"', b"[" + b"7," * 1_500_000 + b"7]")
    keys = json.dumps({**exported, "setup": {**exported["setup"], "options": {f"k{i}": i for i in range(120_000)}}})
    keys = keys.encode()
    with HealthzProbe(server.url) as probe:
        for body, field in ((numbers, "_schema"), (keys, "setup")):
            resp = _post(server, "/api/games/import", body)
            err = resp.json()["error"]
            assert resp.status_code == 413 and err["code"] == "import_too_large" and field in err["fields"], err
            assert err["message"].endswith(".")
        ok = _post(server, "/api/games/import", json.dumps(exported).encode())
        assert ok.status_code == 201, ok.text
    _answered(probe)


def test_saved_content_floods_are_refused_while_healthz_answers(tmp_path):
    server = ServerProcess(f"sqlite:///{tmp_path / 'c.sqlite3'}", tmp_path, CUSTOM_SAVES_PER_DAY=8)
    try:
        db = tmp_path / "c.sqlite3"
        size_before = db.stat().st_size
        padded = json.dumps({"name": "Padded", "fighters": [{**FIGHTER, "name": "x" * 220_000}]}).encode()
        unit = {"name": "Guard", "slug": "guard", "health": 4, "movement": 1, "combat": 3, "attack": "melee",
                "muster": 4}
        with HealthzProbe(server.url) as probe:
            for _ in range(20):
                resp = _post(server, "/api/content/custom/warband", padded)
                assert resp.status_code == 413 and resp.json()["error"]["code"] == "content_too_large"
            codes = [_post(server, "/api/content/custom/battlelore_unit", json.dumps(unit).encode()).status_code
                     for _ in range(12)]
            listing = requests.get(server.url + "/api/content/custom/battlelore_unit?per_page=5", timeout=10).json()
        _answered(probe)
        assert codes == [201] * 8 + [429] * 4
        assert listing["total"] == 8 and len(listing["items"]) == 5 and listing["next"] == 2
        assert db.stat().st_size - size_before < 200_000  # the refused 4 MB never reached the database
    finally:
        server.stop()


def _battlelore(server) -> dict:
    foot = lambda tag: [{"slug": f"{tag}-foot", "name": "Foot", "health": 4, "movement": 1, "combat": 3,  # noqa: E731
                         "attack": "melee", "muster": 0}]
    resp = requests.post(server.url + "/api/games", timeout=10, json={
        "ruleset": "battlelore/second-edition",
        "seats": [{"name": "Ana", "faction": "daqan", "units": foot("d")},
                  {"name": "Ben", "faction": "uthuk", "units": foot("u")}]})
    assert resp.status_code == 201, resp.text
    game = resp.json()
    game["tokens"] = {s["seat"]: s["token"] for s in game["seats"]}
    return game


def _submit(server, game, seat, type_, data, override=None):
    body = {"id": f"{type_}-{seat}-{time.monotonic_ns()}", "type": type_, "by": seat, "data": data,
            **({"override": override} if override else {})}
    return requests.post(f"{server.url}/api/games/{game['id']}/events", json=body, timeout=60,
                         headers={"Authorization": f"Bearer {game['tokens'][seat]}"})


def test_battlelore_numbers_past_the_game_s_shape_are_refused_while_healthz_answers(server):
    game = _battlelore(server)
    for seat, card in (("p1", "A1"), ("p2", "B1")):
        assert _submit(server, game, seat, "choose_scenario", {"scenario": card}).status_code == 201
    giant = {"slug": "giant", "name": "Giant", "health": 4, "movement": 3_000_000, "combat": 3, "attack": "melee",
             "muster": 1}
    override = {"reason": "the table agrees"}
    with HealthzProbe(server.url) as probe:
        muster = _submit(server, game, "p1", "muster", {"army": {"d-foot": 300_000}}, override)
        card = _submit(server, game, "p1", "unit_card", {"unit": giant}, override)
        saved = requests.post(server.url + "/api/content/custom/battlelore_unit", json=giant, timeout=10)
        created = requests.post(server.url + "/api/games", timeout=10, json={
            "ruleset": "battlelore/second-edition", "seats": [{"name": "A", "faction": "daqan", "units": [giant]},
                                                              {"name": "B", "faction": "uthuk"}]})
    _answered(probe)
    err = muster.json()["error"]
    assert muster.status_code == 422 and err["violations"][0]["code"] == "army_too_large", err
    assert "18 deployment hexes" in err["message"] or "18" in err["message"]
    assert card.status_code == 422 and card.json()["error"]["violations"][0]["code"] == "bad_unit"
    assert saved.status_code == 422 and "movement" in saved.json()["error"]["fields"]
    assert created.status_code == 422 and created.json()["error"]["code"] == "bad_setup"
    summary = server.get(f"/api/games/{game['id']}", game["tokens"]["p1"])
    assert summary["head"] == 2 and len(json.dumps(summary)) < 200_000  # nothing stored, the view stays small


def test_an_import_with_a_fighter_slug_that_is_no_string_is_refused_in_every_edition(server):
    seats = {"underworlds/deathgorge": ("garreks-reavers", "cyrenis-razors"),
             "underworlds/dreadfane": ("ironsouls-condemnors", "lady-harrows-mournflight"),
             "underworlds/shadespire": ("steelhearts-champions", "garreks-reavers")}
    for ruleset, warbands in seats.items():
        made = requests.post(server.url + "/api/games", timeout=10, json={
            "ruleset": ruleset, "seats": [{"name": n, "warband": w} for n, w in zip(("Ana", "Ben"), warbands)]}).json()
        exported = server.get(f"/api/games/{made['id']}/export", made["referee_token"])
        for slug in (7, [1], {"a": 1}):
            exported["setup"]["seats"][0]["fighters"][0]["slug"] = slug
            resp = _post(server, "/api/games/import", json.dumps(exported).encode())
            err = resp.json()["error"]
            assert resp.status_code == 422 and err["code"] == "bad_setup", (ruleset, slug, err)
    assert "Traceback" not in server.log()
