"""HTTP fuzzer: hostile bodies and path parts against every endpoint find no 5xx and no traceback.

Bounded (max_examples) and derandomized, so CI runs the same requests every time.
"""
from __future__ import annotations

import functools
from urllib.parse import quote

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.api.helpers import new_game
from tests.support.hostile import body_text, fresh_client

FUZZ = settings(max_examples=250, derandomize=True, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@functools.lru_cache(maxsize=1)
def _world():
    client = fresh_client("tw-fuzz-")
    return client, new_game(client)


def _paths(game):
    gid = game["id"]
    return [("POST", "/api/games"), ("POST", "/api/games/import"), ("POST", f"/api/games/{gid}/join"),
            ("POST", f"/api/games/{gid}/events"), ("POST", f"/api/games/{gid}/preview"),
            ("POST", f"/api/games/{gid}/handovers/x"), ("POST", f"/api/games/{gid}/handover-code"),
            ("POST", "/api/content/custom/warband"), ("POST", "/api/content/custom/deck"),
            ("POST", "/api/content/underworlds/deck-check"), ("POST", "/api/content/conquest/deck-check")]


def _check(resp):
    assert resp.status_code < 500, (resp.status_code, resp.data[:300])
    assert b"Traceback" not in resp.data and b'File "' not in resp.data


@FUZZ
@given(which=st.integers(min_value=0, max_value=10), body=body_text,
       seat=st.sampled_from(["p1", "p2", "referee", "spectator", None]),
       ctype=st.sampled_from(["application/json", "application/json", "text/plain", None]))
def test_hostile_bodies_never_get_a_5xx_or_a_traceback(which, body, seat, ctype):
    client, game = _world()
    method, path = _paths(game)[which]
    token = game["tokens"].get(seat) if seat else None
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if ctype:
        headers["Content-Type"] = ctype
    _check(client.open(path, method=method, data=body.encode("utf-8", "surrogatepass"), headers=headers))


@FUZZ
@given(part=st.text(max_size=40), query=st.text(max_size=40))
def test_hostile_path_parts_and_queries_never_get_a_5xx(part, query):
    client, game = _world()
    p, q = quote(part.encode("utf-8", "surrogatepass"), safe=""), quote(query.encode("utf-8", "surrogatepass"), safe="")
    auth = {"Authorization": f"Bearer {game['tokens']['p1']}"}
    for url in (f"/api/join/{p}", f"/api/join/{p}/qr.svg", f"/api/games/{p}", f"/api/games/{game['id']}/events?since={q}",
                f"/api/games/{game['id']}/state?seq={q}", f"/api/games/{game['id']}/suggestions?seat={q}",
                f"/api/games/{game['id']}/handovers/{p}", f"/api/rulesets/{p}", f"/api/content/underworlds/{p}"):
        _check(client.get(url, headers=auth))
