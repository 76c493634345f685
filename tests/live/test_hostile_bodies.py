"""Hostile bodies against the real server process while another client asks /healthz: each is refused with a
sentence and a stable code, nothing is stored, and /healthz keeps answering (its timing is benchmarks/hostile.py's
to measure; here only a generous sanity bound)."""
from __future__ import annotations

import json

import requests

from tests.support.healthz import HealthzProbe

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
