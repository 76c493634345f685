"""Hostile bodies against the real server process while another client asks /healthz: each is refused with a
sentence and a stable code, nothing is stored, and /healthz keeps answering (its timing is benchmarks/hostile.py's
to measure; here only a generous sanity bound)."""
from __future__ import annotations

import json

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
    numbers = json.dumps(exported).encode()[:-1] + b',"setup_pad":[' + b"7," * 1_500_000 + b"7]}"
    keys = json.dumps({**exported, "setup": {**exported["setup"], **{f"k{i}": i for i in range(120_000)}}}).encode()
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
