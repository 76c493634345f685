"""Tournament API fuzzer: hostile bodies and JSON values against every write of a tournament find no 5xx."""
from __future__ import annotations

import functools
import json
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.hostile import body_text, fresh_client

FUZZ = settings(max_examples=200, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

json_values = st.recursive(st.none() | st.booleans() | st.integers(-2**40, 2**40) | st.text(max_size=20),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
                           max_leaves=12)
FIELDS = ["name", "date", "warband", "deck", "override", "winner", "glory", "games_won", "reason", "mode", "a", "b",
          "keep", "remove", "minutes", "question", "answer", "rule", "round", "table", "role", "id", "rounds",
          "tiebreakers", "points", "bye", "format", "ruleset", "best_of", "printing"]


@functools.lru_cache(maxsize=1)
def _world():
    """A tournament with two players and a published round (one tracked table), and the organiser's token."""
    client = fresh_client("tw-fuzz-tournaments-")
    made = client.post("/api/tournaments", json={"name": "Fuzz", "date": "2026-12-01"}).get_json()
    org = {"Authorization": f"Bearer {made['organiser_token']}"}
    for name, warband in (("Ana", "cyrenis-razors"), ("Ben", "garreks-reavers")):
        p = client.post(f"/api/tournaments/{made['id']}/players", headers=org, json={"name": name, "warband": warband}).get_json()
        client.post(f"/api/tournaments/{made['id']}/players/{p['player']}/check-in", headers=org)
    client.post(f"/api/tournaments/{made['id']}/rounds/1/pair", headers=org)
    client.post(f"/api/tournaments/{made['id']}/rounds/1/publish", headers=org)
    return client, made["id"], org


def _paths(tid):
    base = f"/api/tournaments/{tid}"
    return ["/api/tournaments", f"{base}/links", f"{base}/players", f"{base}/players/p1/check-in", f"{base}/players/p1/drop",
            f"{base}/merge", f"{base}/rounds/1/pair", f"{base}/rounds/2/pair", f"{base}/rounds/1/swap",
            f"{base}/rounds/1/publish", f"{base}/rounds/1/timer", f"{base}/rounds/1/time-called",
            f"{base}/rounds/1/tables/1/mode", f"{base}/rounds/1/tables/1/confirm", f"{base}/rounds/1/tables/1/dispute",
            f"{base}/rounds/1/tables/1/judge", f"{base}/rounds/1/tables/1/result", f"{base}/rounds/1/tables/1/seat",
            f"{base}/rulings", f"{base}/rounds/9/tables/7/result", f"{base}/players/p1/edit",
            f"{base}/rounds/1/tables/1/judge/close"]


def _check(resp):
    assert resp.status_code < 500, (resp.status_code, resp.data[:300])
    assert b"Traceback" not in resp.data


@FUZZ
@given(which=st.integers(min_value=0, max_value=21), body=body_text)
def test_hostile_bodies_never_get_a_5xx(which, body):
    client, tid, org = _world()
    path = _paths(tid)[which]
    _check(client.post(path, data=body, headers={**org, "Content-Type": "application/json"}))


@FUZZ
@given(which=st.integers(min_value=0, max_value=21),
       body=st.dictionaries(st.sampled_from(FIELDS), json_values, max_size=6))
def test_wrong_types_in_every_field_never_get_a_5xx(which, body):
    client, tid, org = _world()
    _check(client.post(_paths(tid)[which], data=json.dumps(body), headers={**org, "Content-Type": "application/json"}))


@FUZZ
@given(part=st.text(max_size=30), token=st.text(max_size=30))
def test_hostile_path_parts_and_tokens_never_get_a_5xx(part, token):
    client, tid, _ = _world()
    headers = {"Authorization": f"Bearer {token}"} if token.isprintable() and token.isascii() else {}
    p = quote(part, safe="")
    for path in (f"/api/tournaments/{p}", f"/api/tournaments/{tid}/rounds/{p}/pair", f"/api/tournaments/{tid}/export/{p}.csv",
                 f"/api/tournaments/{tid}/players/{p}/drop"):
        _check(client.post(path, headers=headers) if "pair" in path or "drop" in path else client.get(path, headers=headers))
